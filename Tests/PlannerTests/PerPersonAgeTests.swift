import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 43: counted per person, by age. A wetsuit for those old enough to surf or dive in one (not the
/// 3-year-old), a toothbrush for all but the baby, sun hats for children in a sunny summer, and hiking socks for
/// the hiking days of a mostly-town trip (everyday socks the rest). Read as the traveller gets the list.
@Suite struct PerPersonAgeTests {
    typealias Trips = StopAndPersonClothingTests

    static let capeTown = Trips.place("Cape Town", "ZA", -33.92, 18.42)
    static let tokyo = Trips.place("Tokyo", "JP", 35.68, 139.69)
    static let seattle = Trips.place("Seattle", "US", 47.61, -122.33)

    static func item(_ list: PackingList, _ prefix: String) -> PackingItem? {
        list.items.first { $0.name.hasPrefix(prefix) }
    }

    @Test func aWetsuitForThoseOldEnoughToSurf() throws {
        let family = TripParty(adults: 2, children: [11, 3])
        let (list, _) = Trips.pack([Trips.Stop(place: Self.capeTown, nights: 6, high: 64, low: 54, activities: ["surfing"])],
                                   party: family, home: "GB")
        let wetsuit = try #require(list.items.first { $0.name.lowercased().contains("wetsuit") }, "\(list.items.map(\.name))")
        #expect(wetsuit.quantity == 3, "\(wetsuit.name) ×\(wetsuit.quantity ?? 1) — \(wetsuit.reason) \(list.items.map { "\($0.name) ×\($0.quantity ?? 1)" })")
    }

    @Test func noToothbrushCountedForTheBaby() throws {
        let (list, _) = Trips.pack([Trips.Stop(place: Self.seattle, nights: 4, high: 55, low: 42, activities: ["sightseeing"])],
                                   party: TripParty(adults: 2, children: [0]), home: "GB")
        let brush = try #require(Self.item(list, "Toothbrush"))
        #expect(brush.quantity == 2, "\(brush.name) ×\(brush.quantity ?? 1) — \(brush.reason)")
        #expect(brush.reason.contains("baby"))
    }

    @Test func childrenGetSunHatsWhereTheAdultsHaveNone() throws {
        let family = TripParty(adults: 2, children: [9, 6])
        let (list, _) = Trips.pack([Trips.Stop(place: Self.capeTown, nights: 7, high: 79, low: 60, activities: ["sightseeing"])],
                                   party: family, home: "GB")
        let hats = list.items.filter { $0.name.lowercased().contains("sun hat") }
        #expect(hats.contains { $0.name.contains("children") && $0.quantity == 2 } || hats.contains { $0.quantity == 4 },
                "\(hats.map { "\($0.name) ×\($0.quantity ?? 1)" }) in \(list.items.map(\.name))")
    }

    @Test func hikingSocksForTheHikingDaysOfATownTrip() throws {
        let family = TripParty(adults: 2, children: [12, 9])
        let (list, _) = Trips.pack([Trips.Stop(place: Self.tokyo, nights: 6, high: 50, low: 36, activities: ["sightseeing", "hiking"])],
                                   party: family, home: "US")
        let socks = list.items.filter { GarmentFamily.of($0.name) == .socks }
        #expect(socks.count == 1, "\(socks.map(\.name))")
        let line = try #require(socks.first)
        #expect(line.name != "Hiking socks", "every sock a hiking sock: \(line.name) ×\(line.quantity ?? 1)")
        #expect(line.name.contains("hiking socks for"), "\(line.name)")
        // A trip of hiking and camping keeps its hiking socks every day.
        let (trail, _) = Trips.pack([Trips.Stop(place: Self.tokyo, nights: 4, high: 60, low: 45, activities: ["hiking", "camping"])])
        #expect(Self.item(trail, "Hiking socks") != nil, "\(trail.items.map(\.name))")
    }
}
