import Foundation
import Testing
@testable import Planner
import TestSupport
import Tools

/// A model's list and the built-in engine's go through the same check with the same knowledge: stacked
/// families merged, what a kit or the weather demands added, contradictions and placeholders dropped.
@Suite(.serialized) struct CheckKnowledgeTests {
    typealias Work = ModelWorkTests

    @Test func aScriptedModelsStackedSkiListIsMergedCompletedAndCleaned() async throws {
        let world = try Work.World()
        let trip = try await world.fixture.trip("Denver, CO", nights: 3, activities: ["skiing"])
        let items: [[String: Any]] = [
            Work.item("Clothing", "Tops", quantity: 4), Work.item("Clothing", "Long-sleeved tops", quantity: 6),
            Work.item("Clothing", "Socks", quantity: 8), Work.item("Clothing", "Wool socks", quantity: 4),
            Work.item("Clothing", "Ski socks", quantity: 4), Work.item("Clothing", "Underwear", quantity: 5),
            Work.item("Outerwear", "Warm hat and gloves"), Work.item("Outerwear", "Waterproof gloves"),
            Work.item("Outerwear", "Insulated coat"), Work.item("Outerwear", "Ski jacket"),
            Work.item("Outerwear", "Sunglasses", "Bright snow"),
            Work.item("Rain & weather", "Umbrella", "Snow and rain"),
            Work.item("Activity gear", "Gear for skiing"), Work.item("Activity gear", "<item>"),
            Work.item("Toiletries", "Toothbrush"), Work.item("Electronics", "Phone charger"),
        ]
        try await world.script([Work.forecastCall, ["json": ["items": items, "notices": [
            "Pack layers for the cold.", "Pack layers for the cold",
        ]]]])
        let result = try await PackPlanner(world.setup()).pack(trip)
        let list = result.list
        let review = try #require(list.review)
        #expect(review.fallback == nil)
        // One item per family, never more of a daily family than days plus a spare.
        for family in GarmentFamily.allCases {
            let members = list.items.filter { GarmentFamily.of($0.name) == family }
            #expect(members.count <= 1, "\(family): \(members.map(\.name))")
        }
        for item in list.items where GarmentFamily.of(item.name)?.isDaily == true {
            #expect((item.quantity ?? 1) <= trip.nights + 2, "\(item.name) ×\(item.quantity ?? 1)")
        }
        #expect(Set(review.merged).isSuperset(of: ["Long-sleeved tops"]))
        // The kit's gear, missing from the answer, is added by the rules.
        for gear in ["Ski goggles", "Helmet (or rent one)", "Lift pass and winter-sports insurance"] {
            #expect(review.added.contains(gear), "\(gear) not added: \(review.added)")
        }
        // Placeholders and the umbrella in Denver's 40 mph gusts are dropped, saying why.
        let dropped = Dictionary(review.dropped.map { ($0.name, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(dropped["Gear for skiing"]?.contains("placeholder") == true)
        #expect(dropped.keys.contains { $0.contains("item") })
        #expect(dropped["Umbrella"]?.contains("gusts to 40 mph") == true)
        #expect(!list.items.contains { $0.name.contains("<") || $0.name.hasPrefix("Gear for") })
        // Sunglasses go where a traveller looks for them.
        #expect(list.items.first { $0.name == "Sunglasses" }?.category == "Accessories")
        // Notices once each, the full stop kept.
        #expect(list.notices.filter { $0.hasPrefix("Pack layers for the cold") } == ["Pack layers for the cold."])
        let keys = list.notices.map(PackingCheck.key)
        #expect(Set(keys).count == keys.count, "\(list.notices)")
    }

    @Test(arguments: [("Denver, CO", ["skiing", "photography"]), ("Phoenix", ["hiking", "camping"]),
                      ("Phoenix", ["scuba diving", "wedding", "scubba"]), ("Seattle", ["business", "museums"])])
    func theBuiltinEnginesListPassesTheSameCheckUntouched(_ place: String, _ activities: [String]) async throws {
        let fixture = try PlanningTests.Fixture()
        let trip = try await fixture.trip(place, nights: 4, activities: activities)
        let result = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        let review = try #require(result.list.review)
        #expect(review.isUntouched, "\(place): \(review)")
        let keys = result.list.notices.map(PackingCheck.key)
        #expect(Set(keys).count == keys.count, "\(result.list.notices)")
    }
}
