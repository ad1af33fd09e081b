import FoundationEssentials
import Model
import PlanKit
import Rendering

/// `--like <trip>` on `add` and `pack <destination>`: the old trip read once, applied to the new one.
enum LikeTrip {
    /// The trip to start from; exit 66 when there is none.
    static func load(_ id: Int, context: Context) async throws -> Trip {
        guard let trip = try await context.app.trip(id) else { throw CLIError.noSuchTrip(id) }
        return trip
    }

    /// The new trip with the old one's activities and name pattern, where the command line gave none.
    static func apply(_ old: Trip, to new: NewTrip, details: TripDetails) -> NewTrip {
        var new = TripTemplate.apply(
            old, to: new, hasOwnName: details.name != nil,
            hasOwnActivities: details.activities != nil || details.stops.contains { $0.activities != nil }
        )
        // The party too, unless the command line says who travels.
        if details.adults == nil, details.children == nil { new.party = old.party }
        return new
    }
}
