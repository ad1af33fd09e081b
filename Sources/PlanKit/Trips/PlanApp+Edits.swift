import FoundationEssentials
import Model
import Store

extension PlanApp {
    /// Writes a change made from the trip as it is in the database now: reads it, makes the change from
    /// what it read (`change`, which may refuse: `TripEditError`), and writes it only over the revision it
    /// read. When another command changed the trip in between, reads it again and remakes the change (at most
    /// `attempts` times; then `TripChangedError`). No front end writes back a copy of the stops it read before
    /// a network wait. Returns the trip as stored and the change written; nil when there is no such trip.
    public func editTrip(
        _ tripID: Int, attempts: Int = 3, _ change: (Trip) throws -> TripChange
    ) async throws -> (trip: Trip, change: TripChange)? {
        let store = try openStore()
        var attempt = 1
        while true {
            guard let trip = try await store.trip(id: tripID) else { return nil }
            let made = try change(trip)
            do {
                guard let updated = try await store.updateTrip(id: tripID, made, expectedRevision: trip.revision)
                else { return nil }
                return (updated, made)
            } catch is TripChangedError where attempt < attempts {
                attempt += 1
            }
        }
    }
}
