import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// The rules for a trip whose stops do different things, and for a party of several (issue 35): tables of
/// trips, each read as the traveller would pack from it.
@Suite struct StopAndPartyRulesTests {
    typealias Rules = PackingRulesTests
    static let start = Rules.start

    /// Eight days: four warm and sunny at the first stop ("Miami"), then four of snow at the second ("Aspen").
    static let days: [ForecastDay] = (0..<4).map { Rules.day($0, high: 86, low: 72, chance: 10, summary: "Sunny", uv: 9) }
        + (4..<8).map { Rules.day($0, high: 26, low: 8, chance: 70, summary: "Snow", snow: true) }

    static func context(_ first: [String], _ second: [String], party: TripParty = .single) -> PackingContext {
        var context = PackingContext(
            start: start, end: start.adding(days: 7), activities: TripLeg.union([
                TripLeg(position: 1, destination: "Miami", place: nil, start: start, end: start, activities: first),
                TripLeg(position: 2, destination: "Aspen", place: nil, start: start, end: start, activities: second),
            ]), days: days, missingDays: [], latitude: 33, country: "US"
        )
        context.party = party
        if first != second {
            context.stopPlans = [
                StopPlan(name: "Miami", start: start, end: start.adding(days: 4), isLast: false, activities: first, latitude: 26),
                StopPlan(name: "Aspen", start: start.adding(days: 4), end: start.adding(days: 7), isLast: true, activities: second, latitude: 39),
            ]
        }
        return context
    }

    static func item(_ list: PackingList, _ name: String) -> PackingItem? { list.items.first { $0.name == name } }

    struct StopCase: CustomTestStringConvertible, Sendable {
        let first: [String]
        let second: [String]
        /// Items and the end of their reason.
        let said: [(String, String)]
        /// Items that must not be on the list.
        let absent: [String]
        var testDescription: String { "\(first) then \(second)" }
    }

    static let stopCases: [StopCase] = [
        StopCase(first: ["business"], second: ["ski"],
                 said: [("Ski goggles", "for skiing in Aspen"), ("Business cards", "for work in Miami")], absent: []),
        StopCase(first: ["beach"], second: ["business"],
                 said: [("Laptop and charger", "for work in Aspen")], absent: []),
        StopCase(first: [], second: ["ski"], said: [("Ski goggles", "for skiing in Aspen")], absent: ["Business outfits"]),
        StopCase(first: ["scuba diving"], second: [], said: [("Dive mask", "for scuba diving in Miami")], absent: ["Ski goggles"]),
    ]

    @Test(arguments: stopCases)
    func eachStopsKitSaysWhereItIsFor(_ trip: StopCase) {
        let list = PackingRules.list(for: Self.context(trip.first, trip.second))
        for (name, ending) in trip.said {
            let item = Self.item(list, name)
            #expect(item?.reason.hasSuffix(ending) == true, "\(name): \(item?.reason ?? "missing")")
        }
        for name in trip.absent { #expect(Self.item(list, name) == nil, "\(name) should not be there") }
        #expect(list.items.allSatisfy { $0.reason.count <= 100 }, "every reason fits an answer: \(list.items.filter { $0.reason.count > 100 }.map(\.reason))")
    }

    @Test func aWorkStopsOutfitsCountItsOwnWorkingDaysAndItsRuleStaysThere() throws {
        let list = PackingRules.list(for: Self.context(["business"], ["beach"]))
        let outfits = try #require(Self.item(list, "Business outfits"))
        #expect((outfits.quantity ?? 99) <= 4, "Miami's four days, not eight: \(outfits)")
        // The beach stop keeps its swimsuit; the work stop's rule that drops sandals does not reach it.
        #expect(Self.item(list, "Swimsuit") != nil)
        let whole = PackingRules.list(for: Self.context(["business", "beach"], ["business", "beach"]))
        #expect((Self.item(whole, "Business outfits")?.quantity ?? 0) > (outfits.quantity ?? 0), "the same activities everywhere count every day")
    }

    /// A sightseeing stop in the cold, then skiing: one coat, the ski jacket, with the cold stop's reason; one
    /// pair of gloves, the ski ones; one neck gaiter.
    @Test func theSkiStopsJacketAndGlovesServeTheColdStopToo() throws {
        var context = Self.context(["sightseeing"], ["ski"])
        context.days = (0..<8).map { Rules.day($0, high: 26, low: 8, chance: 70, summary: "Snow", snow: true) }
        let list = PackingRules.list(for: context)
        let jacket = try #require(Self.item(list, "Ski jacket and trousers"))
        #expect(jacket.weather && jacket.reason.contains("in") == true, "\(jacket)")
        #expect(list.items.filter { GarmentFamily.of($0.name) == .outerLayers }.count == 1, "\(list.items.map(\.name))")
        #expect(list.items.filter { GarmentFamily.of($0.name) == .gloves }.map(\.name) == ["Waterproof ski gloves or mittens"])
        #expect(list.items.filter { PackingCheck.key($0.name).contains("gaiter") }.count == 1)
    }

    /// A follow-up question (`plan ask`) is answered from facts that say each stop's activities and the party.
    @Test func theFollowUpFactsSayEachStopsActivitiesAndTheParty() async throws {
        var trip = Trip(id: 1, name: "t", destination: "Hanoi", place: nil, start: Self.start, end: Self.start.adding(days: 8),
                        activities: ["business", "diving"], createdAt: Date(timeIntervalSince1970: 0),
                        party: TripParty(adults: 2, children: [7]))
        trip.legs = [
            TripLeg(position: 1, destination: "Hanoi", place: nil, start: Self.start, end: Self.start.adding(days: 4), activities: ["business"]),
            TripLeg(position: 2, destination: "Phuket", place: nil, start: Self.start.adding(days: 4), end: Self.start.adding(days: 8),
                    activities: ["diving"]),
        ]
        let text = await (try TripFacts(trip: trip, snapshot: nil, list: nil)).text(budget: 4_000, model: BuiltinPackingModel())
        #expect(text.contains("Activities by stop: Hanoi: business; Phuket: diving."), "\(text)")
        #expect(text.contains("Travelling: 2 adults, 1 child (7)."), "\(text)")
    }

    @Test func aFamilyTakesATowelEach() throws {
        let list = Self.partyList(TripParty(adults: 2, children: [6]), activities: ["beach"])
        #expect(Self.item(list, "Beach towel")?.quantity == 3)
    }

    @Test func theSameActivitiesAtEveryStopMakeNoStopPlans() throws {
        let denver = Place(name: "Denver", region: "CO", country: "US", latitude: 39.7, longitude: -105, timeZone: "America/Denver", source: "test")
        var trip = Trip(id: 1, name: "West", destination: "Denver", place: denver, start: Self.start, end: Self.start.adding(days: 6),
                        activities: ["ski"], createdAt: Date())
        trip.legs = [
            TripLeg(position: 1, destination: "Denver", place: denver, start: Self.start, end: Self.start.adding(days: 3), activities: ["ski"]),
            TripLeg(position: 2, destination: "Aspen", place: nil, start: Self.start.adding(days: 3), end: Self.start.adding(days: 6), activities: ["ski"]),
        ]
        #expect(StopPlan.plans(for: trip).isEmpty)
        #expect(TripBrief(trip).stops?.allSatisfy { $0.activities == nil } == true, "older prompts read the same")
        trip.legs[1].activities = ["hiking"]
        #expect(StopPlan.plans(for: trip).map(\.activities) == [["skiing"], ["hiking"]], "an alias under its kit's name")
        #expect(StopPlan.plans(for: trip).map(\.isLast) == [false, true])
    }

    // MARK: - The party

    struct PartyCase: CustomTestStringConvertible, Sendable {
        let adults: Int
        let children: [Int]
        let toothbrushes: Int?
        /// Underwear as a multiple of one adult's.
        let underwearTimes: Int
        let nappies: Int?
        var testDescription: String { "\(adults) adults, children \(children)" }
    }

    static let partyCases: [PartyCase] = [
        PartyCase(adults: 1, children: [], toothbrushes: nil, underwearTimes: 1, nappies: nil),
        PartyCase(adults: 2, children: [], toothbrushes: 2, underwearTimes: 2, nappies: nil),
        PartyCase(adults: 2, children: [5, 1], toothbrushes: 3, underwearTimes: 3, nappies: 6 * 5),
        PartyCase(adults: 1, children: [0, 0], toothbrushes: nil, underwearTimes: 1, nappies: 12 * 5),
        PartyCase(adults: 2, children: [17, 12, 9], toothbrushes: 5, underwearTimes: 5, nappies: nil),
    ]

    /// Five warm days at home.
    static func partyList(_ party: TripParty, activities: [String] = [], country: String = "US", days: [ForecastDay]? = nil) -> PackingList {
        let days = days ?? (0..<5).map { Rules.day($0, high: 84, low: 66, chance: 10, summary: "Sunny", uv: 8) }
        var context = PackingContext(start: start, end: start.adding(days: days.count - 1), activities: activities, days: days,
                                     missingDays: [], latitude: 30, country: country)
        context.party = party
        return PackingRules.list(for: context)
    }

    /// Issue 41: a model's one-person counts on a family's trip are counted for everyone by plan's check, and
    /// said; a count already the family's is kept; a count no party could use is cut to what the days allow.
    @Test func aModelsOnePersonCountsAreCountedForTheParty() throws {
        let days = (0..<5).map { Rules.day($0, high: 84, low: 66, chance: 10, summary: "Sunny", uv: 8) }
        var context = PackingContext(start: Self.start, end: Self.start.adding(days: 4), activities: [], days: days,
                                     missingDays: [], latitude: 30, country: "US")
        context.party = TripParty(adults: 4, children: [9])
        let answer = PackingList(items: [
            PackingItem(category: "Clothing", name: "Underwear", quantity: 3, reason: "One a day"),
            PackingItem(category: "Clothing", name: "Socks", quantity: 30, reason: "Six each"),
            PackingItem(category: "Toiletries", name: "Toothbrush and toothpaste", reason: "Daily"),
            PackingItem(category: "Documents & money", name: "ID or driving licence", reason: "Always"),
            PackingItem(category: "Electronics", name: "Phone and charger", quantity: 900, reason: "Every trip"),
            PackingItem(category: "Clothing", name: "Shorts", quantity: 2, reason: "Hot days"),
        ])
        let outcome = PackingCheck(context: context, destination: "Orlando", place: nil).review(answer, model: "test-model")
        let item = { (name: String) in outcome.list.items.first { $0.name == name } }
        #expect(item("Underwear")?.quantity == 15, "3 each for 4 adults and the 9-year-old")
        #expect(item("Socks")?.quantity == 30, "already the family's count")
        #expect(item("Toothbrush and toothpaste")?.quantity == 5)
        #expect(item("ID or driving licence")?.quantity == 4, "one for each adult")
        #expect(item("Shorts")?.quantity == 10)
        #expect(outcome.review.scaled.count == 4, "\(outcome.review.scaled)")
        #expect(outcome.review.summary.contains("counted for the whole party"), "\(outcome.review.summary)")
        #expect(item("Phone and charger")?.quantity == 5 * 7 * 6, "cut to six a day for 5 people for 5 days and 2 more")
        #expect(outcome.review.capped == ["Phone and charger"])
    }

    @Test(arguments: partyCases)
    func everyoneIsCountedAndSaysSo(_ party: PartyCase) throws {
        let list = Self.partyList(TripParty(adults: party.adults, children: party.children))
        let single = try #require(Self.item(Self.partyList(.single), "Underwear")?.quantity)
        let underwear = try #require(Self.item(list, "Underwear"))
        #expect(underwear.quantity == single * party.underwearTimes)
        #expect(underwear.reason.contains(" each for ") == (party.underwearTimes > 1), "\(underwear.reason)")
        #expect(Self.item(list, "Toothbrush and toothpaste")?.quantity == party.toothbrushes)
        #expect(Self.item(list, "Diapers")?.quantity == party.nappies)
        #expect((Self.item(list, "Baby wipes") != nil) == (party.nappies != nil))
        #expect((Self.item(list, "Snacks for the journey") != nil) == party.children.contains { $0 >= 2 })
        #expect(list.items.allSatisfy { $0.reason.count <= 100 && ($0.quantity ?? 1) <= PackingAnswer.maximumQuantity })
    }

    @Test func passportsAreOneEachAndWorkClothesAreTheAdults() throws {
        let party = TripParty(adults: 2, children: [10, 8])
        let list = Self.partyList(party, activities: ["business"], country: "FR")
        let passport = try #require(Self.item(list, "Passport"))
        #expect(passport.quantity == 4 && passport.reason.hasPrefix("One each, the children's too"))
        let outfits = try #require(Self.item(list, "Business outfits"))
        let alone = try #require(Self.item(Self.partyList(.single, activities: ["business"], country: "FR"), "Business outfits"))
        #expect(outfits.quantity == (alone.quantity ?? 0) * 2, "the adults' only: \(outfits)")
    }

    @Test(arguments: [(84, 66, "Sun hat for the baby", "Snowsuit or pramsuit for the baby"),
                      (20, 2, "Snowsuit or pramsuit for the baby", "Sun hat for the baby")])
    func aBabyIsDressedForTheWeather(high: Int, low: Int, present: String, absent: String) {
        let days = (0..<4).map { Rules.day($0, high: high, low: low, chance: 10, summary: "Sunny", uv: high > 60 ? 8 : 2) }
        let list = Self.partyList(TripParty(adults: 2, children: [1]), days: days)
        #expect(Self.item(list, present) != nil, "\(present) missing")
        #expect(Self.item(list, absent) == nil, "\(absent) should not be there")
    }

    @Test func aLongTripsNappiesStopAtAWeekAndSaySo() throws {
        let days = (0..<14).map { Rules.day($0, high: 70, low: 55, chance: 10, summary: "Sunny") }
        var context = PackingContext(start: Self.start, end: Self.start.adding(days: 13), activities: [], days: days,
                                     missingDays: [], latitude: 50, country: "GB")
        context.traveller = Traveller(home: "GB")
        context.party = TripParty(adults: 2, children: [0])
        let nappies = try #require(Self.item(PackingRules.list(for: context), "Nappies"), "a British traveller's word")
        #expect(nappies.quantity == 42 && nappies.reason.hasSuffix("buy more there"))
    }
}
