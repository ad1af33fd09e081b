import Foundation
import Testing

/// Activities per stop and who is travelling (issue 35, points 1 and 2), run as the binary offline: places
/// from the offline data, lists from the built-in engine's general list for the season.
@Suite struct TripPartyTests {
    func items(_ sandbox: PlanSandbox, _ trip: String = "1") throws -> [[String: Any]] {
        let shown = try sandbox.run(["show", trip, "--json"])
        let object = try #require(try shown.json() as? [String: Any], "\(shown.stderr)")
        return try #require((object["packingList"] as? [String: Any])?["items"] as? [[String: Any]])
    }

    /// Runs a command that must succeed.
    func succeed(_ sandbox: PlanSandbox, _ arguments: [String], environment: [String: String] = [:]) throws {
        let result = try sandbox.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    func item(_ items: [[String: Any]], _ name: String) -> [String: Any]? {
        items.first { $0["name"] as? String == name }
    }

    // MARK: - Activities per stop

    @Test func activitiesAfterAThenBelongToThatStopAndItsKitSaysSo() throws {
        let sandbox = PlanSandbox()
        let added = try sandbox.run([
            "add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--activities", "sightseeing",
            "--then", "Aspen, CO", "--to", "2026-12-21", "--activities", "ski", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let trip = try #require(try added.json() as? [String: Any])
        #expect(trip["activities"] as? [String] == ["sightseeing", "skiing"], "the trip's are the stops' union, aliases under their kit's name")
        let legs = try #require(trip["legs"] as? [[String: Any]])
        #expect(legs.map { $0["activities"] as? [String] } == [["sightseeing"], ["skiing"]])
        #expect(try sandbox.sqlite("SELECT group_concat(activities, ' ') FROM trip_legs WHERE trip_id = 1") == #"["sightseeing"] ["skiing"]"#)

        try succeed(sandbox, ["pack", "1"])
        let items = try items(sandbox)
        let goggles = try #require(item(items, "Ski goggles"))
        #expect((goggles["reason"] as? String)?.hasSuffix("for skiing in Aspen") == true, "\(goggles)")
        #expect((item(items, "Day bag")?["reason"] as? String)?.hasSuffix("for sightseeing in Denver") == true)
        // No ski item is said to be for Denver, no sightseeing item for Aspen.
        let reasons = items.compactMap { $0["reason"] as? String }
        #expect(!reasons.contains { $0.contains("skiing in Denver") || $0.contains("sightseeing in Aspen") })
        let shown = try sandbox.run(["show", "1"])
        #expect(shown.stdout.contains("· sightseeing") && shown.stdout.contains("· ski"), "\(shown.stdout)")
    }

    @Test func aWorkStopsRuleStaysAtThatStop() throws {
        let sandbox = PlanSandbox()
        try succeed(sandbox, [
            "pack", "Hanoi", "--from", "2027-03-01", "--to", "2027-03-05", "--activities", "business",
            "--then", "Phuket", "--to", "2027-03-10", "--activities", "diving",
        ], environment: ["PLAN_HOME_COUNTRY": "SG"])
        let items = try items(sandbox)
        let outfits = try #require(item(items, "Business outfits"))
        #expect((outfits["quantity"] as? Int ?? 99) <= 4, "outfits for Hanoi's days only: \(outfits)")
        #expect(items.contains { ($0["name"] as? String)?.contains("Shorts") == true }, "the beach keeps its shorts")
        #expect((item(items, "Dive certification card and logbook")?["reason"] as? String)?.contains("in Phuket") ?? true)
    }

    @Test func legAddAndEditLegGiveOneStopItsActivities() throws {
        let sandbox = PlanSandbox()
        try succeed(sandbox, ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--activities", "hiking"])
        try succeed(sandbox, ["pack", "1"])
        let added = try sandbox.run(["leg", "add", "1", "Aspen, CO", "--to", "2026-12-21", "--activities", "ski", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let legs = try #require((try added.json() as? [String: Any])?["legs"] as? [[String: Any]])
        #expect(legs.map { $0["activities"] as? [String] } == [["hiking"], ["skiing"]])
        let edited = try sandbox.run(["edit", "1", "--leg", "2", "--activities", "snowshoeing", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let trip = try #require(try edited.json() as? [String: Any])
        #expect((trip["legs"] as? [[String: Any]])?.map { $0["activities"] as? [String] } == [["hiking"], ["snowshoeing"]])
        #expect(trip["activities"] as? [String] == ["hiking", "snowshoeing"])
        #expect((trip["outOfDateReason"] as? String)?.contains("stop 2 activities skiing became snowshoeing") == true, "\(trip)")
        // Without --leg, every stop's.
        let every = try sandbox.run(["edit", "1", "--activities", "sightseeing", "--json"])
        #expect((try every.json() as? [String: Any]).flatMap { $0["legs"] as? [[String: Any]] }?.map { $0["activities"] as? [String] }
                == [["sightseeing"], ["sightseeing"]])
    }

    // MARK: - The party

    @Test func aFamilyIsCountedAndTheBabyHasItsOwnLines() throws {
        let sandbox = PlanSandbox()
        let added = try sandbox.run([
            "add", "Orlando, FL", "--from", "2027-07-10", "--to", "2027-07-16", "--adults", "2", "--children", "5,1",
            "--activities", "theme parks,swimming", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let trip = try #require(try added.json() as? [String: Any])
        let party = try #require(trip["party"] as? [String: Any])
        #expect(party["adults"] as? Int == 2 && party["children"] as? [Int] == [5, 1])
        #expect(try sandbox.run(["show", "1"]).stdout.contains("2 adults, 2 children (5, 1)"))

        try succeed(sandbox, ["pack", "1"])
        let items = try items(sandbox)
        // The 1-year-old brushes with none of the adults' toothbrushes.
        #expect(item(items, "Toothbrush and toothpaste")?["quantity"] as? Int == 3)
        let underwear = try #require(item(items, "Underwear"))
        #expect(underwear["quantity"] as? Int == 24, "8 each for 2 adults and the 5-year-old: \(underwear)")
        #expect((underwear["reason"] as? String)?.hasPrefix("8 each for 2 adults, 1 child") == true)
        let diapers = try #require(item(items, "Diapers"), "a US traveller's word")
        #expect(diapers["quantity"] as? Int == 42, "6 a day for 7 days")
        for name in ["Baby wipes", "Baby carrier or stroller", "Swim nappies", "Children's sunscreen (SPF 50+)",
                     "Snacks for the journey", "Books, games or a tablet with headphones", "Sun hat for the baby"] {
            #expect(item(items, name) != nil, "\(name) missing")
        }
    }

    @Test func passportsAreOneEachAbroad() throws {
        let sandbox = PlanSandbox()
        try succeed(sandbox, ["pack", "Banff", "--from", "2027-01-10", "--to", "2027-01-15", "--adults", "2", "--children", "7,1",
                             "--activities", "ski"], environment: ["PLAN_HOME_COUNTRY": "US"])
        let items = try items(sandbox)
        let passport = try #require(item(items, "Passport"))
        #expect(passport["quantity"] as? Int == 4)
        #expect((passport["reason"] as? String)?.hasPrefix("One each, the children's too") == true)
        #expect(item(items, "Children's passports or ID") == nil, "the passport line counts them")
        #expect(item(items, "Snowsuit or pramsuit for the baby") != nil)
    }

    @Test func configGivesTheDefaultsAndFlagsWin() throws {
        let sandbox = PlanSandbox()
        try succeed(sandbox, ["config", "set", "adults", "2"])
        try succeed(sandbox, ["config", "set", "children", "8, 3"])
        let config = try #require(try sandbox.run(["config", "--json"]).json() as? [String: Any])
        #expect(config["adults"] as? Int == 2 && config["children"] as? [Int] == [8, 3])
        let defaulted = try sandbox.run(["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--json"])
        #expect(((try defaulted.json() as? [String: Any])?["party"] as? [String: Any])?["children"] as? [Int] == [8, 3])
        let own = try sandbox.run(["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--children", "", "--json"])
        let party = try #require((try own.json() as? [String: Any])?["party"] as? [String: Any])
        #expect(party["adults"] as? Int == 2 && party["children"] as? [Int] == [])
        let edited = try sandbox.run(["edit", "2", "--adults", "1", "--children", "0", "--json"])
        #expect(((try edited.json() as? [String: Any])?["party"] as? [String: Any])?["children"] as? [Int] == [0])
        try succeed(sandbox, ["config", "set", "children", "none"])
        #expect(try sandbox.run(["config"]).stdout.contains("children none"))
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refused: [Refused] = [
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--children", "18"], status: 64, mentions: "0 to 17"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--children", "5,x"], status: 64, mentions: "'x' is not one"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--children", "5,,1"], status: 64, mentions: "--children"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--adults", "0"], status: 64, mentions: "1 to 20"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--adults", "21"], status: 64, mentions: "1 to 20"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--activities", "ski", "--activities", "hiking"],
                status: 64, mentions: "given twice"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--then", "Aspen, CO", "--to", "2026-12-19",
                            "--activities", "ski", "--activities", "hiking"], status: 64, mentions: "two --activities"),
        Refused(arguments: ["add", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--then", "Aspen, CO", "--to", "2026-12-19",
                            "--activities", "sk!ing"], status: 64, mentions: "activity"),
        Refused(arguments: ["edit", "1", "--adults", "0"], status: 64, mentions: "1 to 20"),
        Refused(arguments: ["edit", "1", "--children", "17,40"], status: 64, mentions: "'40'"),
        Refused(arguments: ["edit", "1", "--leg", "3", "--activities", "ski"], status: 64, mentions: "--leg must be 1 to 2"),
        Refused(arguments: ["edit", "9", "--adults", "2"], status: 66, mentions: "no trip 9"),
        Refused(arguments: ["leg", "add", "1", "Moab, UT", "--to", "2026-12-22", "--activities", "sk!ing"], status: 64, mentions: "activity"),
        Refused(arguments: ["pack", "1", "--adults", "2"], status: 64, mentions: "plan edit 1 --adults"),
        Refused(arguments: ["pack", "1", "--children", "4"], status: 64, mentions: "plan edit 1 --children"),
        Refused(arguments: ["config", "set", "adults", "0"], status: 64, mentions: "1 to 20"),
        Refused(arguments: ["config", "set", "children", "3,19"], status: 64, mentions: "'19'"),
    ]

    @Test(arguments: refused)
    func badPartiesAndStopActivitiesLeaveTheDatabaseAsItWas(_ refused: Refused) throws {
        let sandbox = PlanSandbox()
        try succeed(sandbox, [
            "pack", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-17", "--activities", "sightseeing",
            "--then", "Aspen, CO", "--to", "2026-12-21", "--activities", "ski",
        ])
        let before = sandbox.databaseBytes()
        let result = try sandbox.run(refused.arguments)
        #expect(result.status == refused.status, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(refused.mentions), "stderr: \(result.stderr)")
        #expect((1...2).contains(result.stderr.split(separator: "\n").count), "stderr: \(result.stderr)")
        #expect(sandbox.databaseBytes() == before)
    }
}
