import FoundationEssentials
import Model
import PlanKit
import Planner
import Rendering
import Store

extension Context {
    /// Who travels on a new trip: `--adults` and `--children`, else what `plan config` holds, else one adult.
    public func party(_ details: TripDetails, command: String) async throws -> TripParty {
        try await app.party(adults: details.adults, children: details.children)
    }

    /// The traveller from the environment and the database's stored settings, with a trip's own laundry
    /// interval and a `--laundry` flag over them.
    public func traveller(store: Store, tripID: Int? = nil, laundry: Int? = nil) async throws -> Traveller {
        try await app.traveller(store: store, tripID: tripID, laundry: laundry)
    }
}
