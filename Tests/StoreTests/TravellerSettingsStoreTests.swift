import Foundation
import Model
@testable import Store
import Testing

/// The traveller's settings and a trip's own laundry interval, in real SQLite: values checked per name by
/// the schema, replaced in place, a trip's settings gone with the trip.
@Suite struct TravellerSettingsStoreTests {
    @Test func settingsAreCheckedStoredAndReplaced() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        #expect(try await store.travellerSettings().isEmpty)
        try await store.setTravellerSetting("home", to: "GB")
        try await store.setTravellerSetting("units", to: "metric")
        try await store.setTravellerSetting("laundry", to: "4")
        try await store.setTravellerSetting("home", to: "DE")
        #expect(try await store.travellerSettings() == ["home": "DE", "units": "metric", "laundry": "4"])
        for (name, value) in [("home", "gb"), ("home", "GBR"), ("units", "kelvin"), ("laundry", "0"), ("laundry", "61"),
                              ("laundry", "x"), ("shoe", "9")] {
            await #expect(throws: (any Error).self, "\(name)=\(value)") { try await store.setTravellerSetting(name, to: value) }
        }
        #expect(try await store.travellerSettings()["home"] == "DE")
        #expect(try await store.removeTravellerSetting("units"))
        #expect(try await store.travellerSettings()["units"] == nil)
    }

    @Test func aTripsLaundryIntervalGoesWithTheTrip() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let trip = try await store.addTrip(try TripStoreTests.newTrip())
        #expect(try await store.tripLaundryDays(tripID: trip.id) == nil)
        try await store.setTripLaundryDays(3, tripID: trip.id)
        try await store.setTripLaundryDays(5, tripID: trip.id)
        #expect(try await store.tripLaundryDays(tripID: trip.id) == 5)
        await #expect(throws: (any Error).self) { try await store.setTripLaundryDays(0, tripID: trip.id) }
        try await store.deleteTrip(id: trip.id)
        #expect(try await store.tripLaundryDays(tripID: trip.id) == nil)
    }
}
