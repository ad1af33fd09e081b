import Foundation
import Interface
import Planner
import Store

/// `--like <trip>` on `add` and `pack <destination>`: the old trip read once, applied to the new one.
enum LikeTrip {
    /// The trip to start from; exit 66 when there is none.
    static func load(_ id: Int, context: Context) async throws -> Trip {
        guard let trip = try await context.openStore().trip(id: id) else { throw CLIError.noSuchTrip(id) }
        return trip
    }

    /// The new trip with the old one's activities and name pattern, where the command line gave none.
    static func apply(_ old: Trip, to new: NewTrip, details: TripDetails) -> NewTrip {
        TripTemplate.apply(old, to: new, hasOwnName: details.name != nil, hasOwnActivities: details.activities != nil)
    }

    /// What else the new trip takes from the old once it is stored. The hook for the traveller's own items
    /// (issue 27): copy the old trip's own items to the new trip here, not its ticks or forecast.
    static func carryOver(from old: Trip, to new: Trip, store: Store) async throws {}
}
