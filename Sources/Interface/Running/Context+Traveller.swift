import FoundationEssentials
import Model
import PlanKit
import Rendering

extension Context {
    /// Who travels on a new trip: `--adults` and `--children`, else what `plan config` holds, else one adult.
    public func party(_ details: TripDetails, command: String) async throws -> TripParty {
        try await app.party(adults: details.adults, children: details.children)
    }
}
