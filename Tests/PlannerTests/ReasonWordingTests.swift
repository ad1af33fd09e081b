import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Reasons worded by the figure they cite (issue 36, point 9): what a traveller reading the list would cross
/// out as wrong words, not wrong items.
@Suite struct ReasonWordingTests {
    typealias Quality = ListQualityTests

    static func reason(_ list: PackingList, _ name: String) -> String? { list.items.first { $0.name == name }?.reason }

    /// "Cool" is above freezing; a high of −6 °C (21 °F) is a cold day.
    @Test(arguments: [(21, "Cold days"), (32, "Cold days"), (45, "Cool days")])
    func coolOnlyAboveFreezing(high: Int, lead: String) throws {
        let list = Quality.list(Quality.days(4, high: high, low: high - 12))
        let tops = try #require(list.items.first { $0.name.hasPrefix("Long-sleeved tops") })
        #expect(tops.reason.hasPrefix(lead), "\(tops.reason)")
        let other = lead == "Cold days" ? "Cool days" : "Cold days"
        #expect(!list.items.contains { $0.reason.hasPrefix(other) }, "\(list.items.map(\.reason))")
    }

    /// Sandals that hot springs bring at −15 °C are for the pool and spa, not "hot evenings"; a beach keeps them.
    @Test func sandalsAreWordedForTheirUse() throws {
        let cold = Quality.list(Quality.days(4, high: 5, low: -10), activities: ["hot springs"])
        let coldReason = try #require(Self.reason(cold, "Sandals or flip-flops"))
        #expect(!coldReason.contains("hot evenings") && !coldReason.contains("Beach"), "\(coldReason)")
        let warm = Quality.list(Quality.days(4, high: 88, low: 74), activities: ["beach"])
        #expect(Self.reason(warm, "Sandals or flip-flops") == "Beach, pool and hot evenings")
    }

    /// Water shoes on an alpine lake: no coral, no boat decks it may not have.
    @Test func waterShoesNameNoCoral() throws {
        let list = Quality.list(Quality.days(3, high: 70, low: 48), activities: ["kayaking"])
        let reason = try #require(Self.reason(list, "Water shoes"))
        #expect(!reason.contains("coral"), "\(reason)")
    }

    /// Altitude thresholds in round numbers in the traveller's units: "about 2,500 m", "about 8,200 ft".
    @Test(arguments: [(MeasurementUnits.metric, "about 2,500 m"), (MeasurementUnits.us, "about 8,200 ft")])
    func altitudeInRoundNumbers(units: MeasurementUnits, phrase: String) {
        #expect(units.roundHeightText(metres: 2_500) == phrase.replacingOccurrences(of: "about ", with: ""))
        var context = PackingContext(start: Quality.start, end: Quality.start.adding(days: 2), activities: [],
                                     days: Quality.days(3, high: 50, low: 30), missingDays: [], latitude: 40, country: "US")
        context.elevation = 3_400
        context.traveller = Traveller(home: "US", units: units, laundryDays: 7)
        let notices = PackingRules.list(for: context).notices.joined(separator: " ")
        #expect(notices.contains("altitude sickness is possible above \(phrase)"), "\(notices)")
        #expect(!notices.contains("8,202"))
    }
}
