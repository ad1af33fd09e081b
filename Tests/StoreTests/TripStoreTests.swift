import Foundation
import Model
@testable import Store
import Testing

@Suite struct TripStoreTests {
    static let denver = Place(
        name: "Denver", region: "CO", country: "US", latitude: 39.7392, longitude: -104.9847,
        timeZone: "America/Denver", source: "gazetteer", sourceID: "5419384", population: 682_545
    )

    static func newTrip(place: Place? = denver) throws -> NewTrip {
        NewTrip(
            name: "Ski week", destination: "Denver, CO", place: place,
            start: try #require(CalendarDate("2026-12-03")), end: try #require(CalendarDate("2026-12-06")),
            activities: ["ski"]
        )
    }

    @Test func createReadListDelete() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let trip = try await store.addTrip(try Self.newTrip())
        #expect(trip.id == 1)
        #expect(trip.place?.id != nil)
        let read = try #require(try await store.trip(id: trip.id))
        #expect(read.name == "Ski week")
        #expect(read.place?.name == "Denver")
        #expect(read.place?.timeZone == "America/Denver")
        #expect(read.activities == ["ski"])
        #expect(read.nights == 3)
        let second = try await store.addTrip(try Self.newTrip(place: nil))
        let list = try await store.tripSummaries()
        #expect(list.map(\.trip.id) == [second.id, trip.id])
        #expect(list.allSatisfy { !$0.hasPackingList })
        #expect(try await store.deleteTrip(id: trip.id))
        #expect(try await store.trip(id: trip.id) == nil)
        #expect(try await store.deleteTrip(id: trip.id) == false)
    }

    @Test func theSamePlaceIsStoredOnce() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let first = try await store.addTrip(try Self.newTrip())
        let second = try await store.addTrip(try Self.newTrip())
        #expect(first.place?.id == second.place?.id)
        let count = try await store.rows("SELECT count(*) AS n FROM places").first?.int("n")
        #expect(count == 1)
    }

    @Test func aFailedWriteLeavesNothingBehind() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        var impossible = Self.denver
        impossible.latitude = 123  // violates the CHECK on places.latitude
        await #expect(throws: StoreError.self) {
            _ = try await store.addTrip(try Self.newTrip(place: impossible))
        }
        let places = try await store.rows("SELECT count(*) AS n FROM places").first?.int("n")
        let trips = try await store.rows("SELECT count(*) AS n FROM trips").first?.int("n")
        #expect(places == 0)
        #expect(trips == 0)
    }

    @Test func userTextIsBoundNotSpliced() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        var trip = try Self.newTrip()
        trip.name = "x'); DROP TABLE trips; --"
        let stored = try await store.addTrip(trip)
        #expect(try await store.trip(id: stored.id)?.name == trip.name)
    }

    @Test func checkConstraintsGuardDates() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        await #expect(throws: StoreError.self) {
            _ = try await store.rows(
                "INSERT INTO trips (name, destination, start_date, end_date, created_at) VALUES ('a', 'b', '2026-12-09', '2026-12-01', 0)"
            )
        }
    }
}
