import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 36, point 2: the sea's temperature decides the wetsuit (a surf shop's table), cited; a beach trip
/// hears of a cold sea once; an inland trip (no sea) and a trip with no water activity get nothing.
@Suite struct SeaGearTests {
    static let start = CalendarDate(year: 2027, month: 6, day: 10) ?? CalendarDate(dayNumber: 0)

    static func list(_ activities: [String], sea celsius: Double?, high: Int = 75, lastYear: Bool = false) -> PackingList {
        let days = (0..<7).map { ForecastDay(date: start.adding(days: $0), high: high, low: high - 15, precipitationChance: 10, summary: "Sunny") }
        var context = PackingContext(start: start, end: start.adding(days: 6), activities: activities, days: days, missingDays: [],
                                     latitude: 38.7, country: "PT")
        context.placeName = "Lisbon"
        context.traveller = Traveller(home: "DE")
        context.sea = celsius.map { SeaTemperature(celsius: $0, from: start, to: start.adding(days: 6), isLastYear: lastYear) }
        return PackingRules.list(for: context)
    }

    static func wetsuits(_ list: PackingList) -> [PackingItem] {
        list.items.filter { $0.name.lowercased().contains("wetsuit") || $0.name.lowercased().contains("drysuit") }
    }

    @Test(arguments: [
        (["surfing"], 15.2, "Full wetsuit, 3/2 mm (or rent one)"),
        (["surfing"], 11.0, "Wetsuit 4/3 mm and boots (or rent them)"),
        (["surfing"], 8.0, "Wetsuit 5/4 mm, boots, gloves and hood (or rent them)"),
        // Issue 43: a diver's own table (an hour at depth), not the surf shop's.
        (["scuba diving"], 20.0, "Full wetsuit, 5–7 mm, and a hood (or rent them)"),
        (["snorkelling"], 23.0, "Shorty wetsuit, 2 mm (or rent one)"),
        (["kayaking"], 12.0, "Wetsuit or drysuit (or rent one)"),
    ] as [([String], Double, String)])
    func theSeaChoosesTheWetsuit(_ activities: [String], _ celsius: Double, _ expected: String) throws {
        let list = Self.list(activities, sea: celsius, high: 80)
        let suits = Self.wetsuits(list)
        #expect(suits.map(\.name) == [expected], "\(suits.map(\.name))")
        let reason = try #require(suits.first?.reason)
        #expect(reason.hasPrefix("Sea about \(Int(celsius.rounded()))°C from "), "\(reason)")
        #expect(reason.count <= 100)
    }

    /// A warm sea: a rash guard said to be enough, and the kit's cool-day wetsuit gone.
    @Test func aWarmSeaNeedsNoWetsuit() {
        let list = Self.list(["surfing"], sea: 27, high: 70)
        #expect(Self.wetsuits(list).isEmpty, "\(list.items.map(\.name))")
        let guardItem = list.items.first { $0.name == "Rash guard" }
        #expect(guardItem?.reason == "Sea about 27°C from Thu Jun 10: warm enough without a wetsuit", "\(guardItem?.reason ?? "")")
        // Warm kayaking water: nothing said.
        #expect(Self.wetsuits(Self.list(["kayaking"], sea: 21)).isEmpty)
    }

    /// A beach week by a cold sea: a notice, no wetsuit to cross out; by a warm one, nothing.
    @Test func aBeachTripHearsOfAColdSeaOnce() {
        let cold = Self.list(["beach"], sea: 17.4, high: 82)
        #expect(Self.wetsuits(cold).isEmpty)
        let notices = cold.notices.filter { $0.hasPrefix("The sea off Lisbon is about 17°C") }
        #expect(notices.count == 1, "\(cold.notices)")
        let warm = Self.list(["beach"], sea: 24, high: 86)
        #expect(!warm.notices.contains { $0.contains("The sea") })
        let lastYear = Self.list(["swimming"], sea: 16, lastYear: true)
        #expect(lastYear.notices.contains { $0.contains("(these dates last year)") })
    }

    /// No sea (inland, or not asked): the kit's own wetsuit rule stands and no sea is cited.
    @Test func noSeaNoFigure() {
        let inland = Self.list(["surfing"], sea: nil, high: 70)
        #expect(Self.wetsuits(inland).map(\.name) == ["Wetsuit"])
        #expect(!inland.items.contains { $0.reason.contains("Sea about") })
        #expect(!PackingRules.asksTheSea(["hiking", "museums"]))
        #expect(PackingRules.asksTheSea(["surf"]) && PackingRules.asksTheSea(["beach"]) && PackingRules.asksTheSea(["snorkelling"]))
    }
}
