import Foundation
import Testing

/// `plan edit`, `plan leg add|rm`, `plan add --then` and `--like`, run as the binary (offline: places come
/// from the offline data, packs from the built-in engine's general list).
@Suite struct TripEditTests {
    /// A sandbox with trip 1, Denver Thu Dec 3 → Sun Dec 6 2026 for skiing, packed.
    func packedDenver() throws -> PlanSandbox {
        let sandbox = PlanSandbox()
        let packed = try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06", "--activities", "ski"])
        #expect(packed.status == 0, "\(packed.stderr)")
        return sandbox
    }

    func showJSON(_ sandbox: PlanSandbox, _ trip: String = "1") throws -> [String: Any] {
        // Offline with nothing cached, show warns that it has no forecast, prints the trip and exits 0.
        let shown = try sandbox.run(["show", trip, "--json"])
        return try #require(try shown.json() as? [String: Any], "\(shown.stderr)")
    }

    func packingList(_ sandbox: PlanSandbox) throws -> [String: Any] {
        try #require(try showJSON(sandbox)["packingList"] as? [String: Any])
    }

    @Test func anEditedTripSaysItsListIsOutOfDateUntilTheNextPack() throws {
        let sandbox = try packedDenver()
        #expect(try packingList(sandbox)["outOfDate"] as? Bool == false)

        let edited = try sandbox.run(["edit", "1", "--to", "2026-12-07"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("Thu Dec 3 → Mon Dec 7 2026, 4 nights"))
        #expect(edited.stdout.contains("out of date"))
        let list = try packingList(sandbox)
        #expect(list["outOfDate"] as? Bool == true)
        #expect((list["outOfDateReason"] as? String)?.contains("dates Thu Dec 3 → Sun Dec 6 became Thu Dec 3 → Mon Dec 7") == true)
        let shown = try sandbox.run(["show", "1"])
        #expect(shown.stdout.contains("This list is out of date: dates"))

        // A second change adds to the reason while the list is still the old one.
        try sandbox.succeed(["edit", "1", "--activities", "ski,hiking"])
        let reason = try #require(try packingList(sandbox)["outOfDateReason"] as? String)
        #expect(reason.contains("dates") && reason.contains("activities skiing became skiing, hiking"))

        let repacked = try sandbox.run(["pack", "1"])
        #expect(repacked.status == 0)
        #expect(try packingList(sandbox)["outOfDate"] as? Bool == false)
        #expect(!(try sandbox.run(["show", "1"])).stdout.contains("out of date"))
        // The new list is counted for the new length: 5 days, underwear one a day plus a spare.
        let items = try #require(try packingList(sandbox)["items"] as? [[String: Any]])
        #expect(items.first { $0["name"] as? String == "Underwear" }?["quantity"] as? Int == 6)
    }

    @Test func aNewNameLeavesTheListCurrent() throws {
        let sandbox = try packedDenver()
        let edited = try sandbox.run(["edit", "1", "--name", "Ski week", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let trip = try #require(try edited.json() as? [String: Any])
        #expect(trip["name"] as? String == "Ski week")
        #expect(trip["packingListOutOfDate"] as? Bool == false)
        #expect(try packingList(sandbox)["outOfDate"] as? Bool == false)
    }

    @Test func aNewDestinationIsResolvedAndTheDefaultNameFollowsIt() throws {
        let sandbox = try packedDenver()
        let edited = try sandbox.run(["edit", "1", "--destination", "Boulder, CO", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let trip = try #require(try edited.json() as? [String: Any])
        #expect((trip["place"] as? [String: Any])?["name"] as? String == "Boulder")
        #expect(trip["name"] as? String == "Boulder, CO")
        #expect((try packingList(sandbox)["outOfDateReason"] as? String)?.contains("place Denver, CO became Boulder, CO") == true)
    }

    struct BadEdit: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badEdits: [BadEdit] = [
        BadEdit(arguments: ["edit", "1"], status: 64, mentions: "nothing to change"),
        BadEdit(arguments: ["edit", "1", "--to", "2026-12-01"], status: 64, mentions: "--to 2026-12-01 is before 2026-12-03, the day trip 1 starts"),
        BadEdit(arguments: ["edit", "1", "--from", "2026-12-09"], status: 64, mentions: "--from 2026-12-09 is after 2026-12-06, the day trip 1 ends"),
        BadEdit(arguments: ["edit", "1", "--from", "2026-12-09", "--to", "2026-12-08"], status: 64, mentions: "--to 2026-12-08 is before --from 2026-12-09"),
        BadEdit(arguments: ["edit", "1", "--to", "2026-13-01"], status: 64, mentions: "is not a date"),
        BadEdit(arguments: ["edit", "1", "--destination", "Qwxzzy Nowhere"], status: 65, mentions: "Qwxzzy Nowhere"),
        BadEdit(arguments: ["edit", "1", "--destination", ""], status: 64, mentions: "empty"),
        BadEdit(arguments: ["edit", "1", "--name", ""], status: 64, mentions: "--name"),
        BadEdit(arguments: ["edit", "1", "--activities", "sk!ing"], status: 64, mentions: "activity"),
        BadEdit(arguments: ["edit", "1", "--leg", "2", "--to", "2026-12-08"], status: 64, mentions: "one stop"),
        BadEdit(arguments: ["edit", "9", "--to", "2026-12-08"], status: 66, mentions: "no trip 9"),
        BadEdit(arguments: ["edit", "1", "--to", "2028-12-08"], status: 64, mentions: "366 nights"),
        BadEdit(arguments: ["pack", "1", "--activities", "hiking"], status: 64, mentions: "plan edit 1 --activities"),
        BadEdit(arguments: ["pack", "1", "--name", "Away"], status: 64, mentions: "plan edit 1 --name"),
        BadEdit(arguments: ["pack", "1", "--then", "Moab, UT", "--to", "2026-12-09"], status: 64, mentions: "plan leg add 1"),
        BadEdit(arguments: ["leg", "rm", "1", "1"], status: 64, mentions: "plan rm 1"),
        BadEdit(arguments: ["leg", "add", "1", "Moab, UT", "--to", "2026-12-06"], status: 64, mentions: "must be after 2026-12-06"),
        BadEdit(arguments: ["leg", "add", "1", "Moab, UT"], status: 64, mentions: "--to"),
        BadEdit(arguments: ["leg", "frob"], status: 64, mentions: "unknown leg command"),
    ]

    @Test(arguments: badEdits)
    func aRefusedEditLeavesTheDatabaseAsItWas(_ edit: BadEdit) throws {
        let sandbox = try packedDenver()
        let before = sandbox.databaseBytes()
        let result = try sandbox.run(edit.arguments)
        #expect(result.status == edit.status, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(edit.mentions), "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect((1...2).contains(lines.count), "stderr: \(result.stderr)")
        #expect(sandbox.databaseBytes() == before)
    }

    // MARK: - Stops

    @Test func aTripOfTwoStopsIsAddedChainedAndListed() throws {
        let sandbox = PlanSandbox()
        let added = try sandbox.run([
            "add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05", "--then", "Moab, UT", "--to", "2026-12-08", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let trip = try #require(try added.json() as? [String: Any])
        #expect(trip["start"] as? String == "2026-12-03")
        #expect(trip["end"] as? String == "2026-12-08")
        #expect(trip["name"] as? String == "Denver, CO → Moab, UT")
        let legs = try #require(trip["legs"] as? [[String: Any]])
        #expect(legs.map { $0["start"] as? String } == ["2026-12-03", "2026-12-05"])
        #expect(legs.map { $0["end"] as? String } == ["2026-12-05", "2026-12-08"])
        #expect(legs.map { ($0["place"] as? [String: Any])?["name"] as? String } == ["Denver", "Moab"])
        #expect(try sandbox.sqlite("SELECT group_concat(position || ':' || start_date || '>' || end_date, ' ') FROM trip_legs WHERE trip_id = 1")
                == "1:2026-12-03>2026-12-05 2:2026-12-05>2026-12-08")
        let listed = try sandbox.run(["list"])
        #expect(listed.stdout.contains("Denver, CO → Moab, UT"))
    }

    static let badStops: [BadEdit] = [
        // A stop must end after the one before it ends (it begins then).
        BadEdit(arguments: ["--then", "Moab, UT", "--to", "2026-12-05"], status: 64, mentions: "must be after 2026-12-05"),
        BadEdit(arguments: ["--then", "Moab, UT", "--to", "2026-12-04"], status: 64, mentions: "must be after 2026-12-05"),
        BadEdit(arguments: ["--then", "Moab, UT"], status: 64, mentions: "needs its own --to"),
        BadEdit(arguments: ["--then", "Moab, UT", "--then", "Phoenix, AZ", "--to", "2026-12-09"], status: 64, mentions: "needs its own --to"),
        BadEdit(arguments: ["--then", "Moab, UT", "--to", "2026-12-08", "--to", "2026-12-09"], status: 64, mentions: "two --to"),
        BadEdit(arguments: ["--then", "Qwxzzy Nowhere", "--to", "2026-12-08"], status: 65, mentions: "Qwxzzy Nowhere"),
        BadEdit(arguments: ["--then", "", "--to", "2026-12-08"], status: 64, mentions: "empty"),
        BadEdit(arguments: ["--then", "Moab, UT", "--to", "2027-12-08"], status: 64, mentions: "366 nights"),
    ]

    @Test(arguments: badStops)
    func aBadStopStoresNothing(_ stop: BadEdit) throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Seattle", "--from", "2026-12-03", "--to", "2026-12-04"])
        let before = sandbox.databaseBytes()
        let result = try sandbox.run(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05"] + stop.arguments)
        #expect(result.status == stop.status, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(stop.mentions), "stderr: \(result.stderr)")
        #expect(sandbox.databaseBytes() == before)
    }

    /// A first stop of no nights with stops after it is refused like a later one (exit 64, one line, nothing
    /// stored), by `add`, `pack`, `edit --leg 1` and `leg add` alike; a one-stop day trip is still fine.
    @Test func aFirstStopOfNoNightsIsRefusedWhenStopsFollow() throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05", "--then", "Moab, UT", "--to", "2026-12-08"])
        try sandbox.succeed(["add", "Seattle", "--from", "2026-12-03", "--to", "2026-12-03"])
        let before = sandbox.databaseBytes()
        for arguments in [
            ["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-03", "--then", "Moab, UT", "--to", "2026-12-06"],
            ["pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-03", "--then", "Moab, UT", "--to", "2026-12-06"],
            ["edit", "1", "--leg", "1", "--to", "2026-12-03"],
            ["leg", "add", "2", "Moab, UT", "--to", "2026-12-06"],
        ] {
            let refused = try sandbox.run(arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("stop 1"), "\(arguments): \(refused.stderr)")
            #expect((1...2).contains(refused.stderr.split(separator: "\n").count), "\(arguments): \(refused.stderr)")
            #expect(sandbox.databaseBytes() == before, "\(arguments)")
        }
    }

    @Test func editingOneStopMovesTheDayItSharesWithTheNext() throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05", "--then", "Moab, UT", "--to", "2026-12-08"])
        let moved = try sandbox.run(["edit", "1", "--leg", "1", "--to", "2026-12-06", "--json"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let legs = try #require((try moved.json() as? [String: Any])?["legs"] as? [[String: Any]])
        #expect(legs.map { "\($0["start"] ?? "")>\($0["end"] ?? "")" } == ["2026-12-03>2026-12-06", "2026-12-06>2026-12-08"])
        // Moving it past the next stop's end would leave that stop no night: refused, nothing changes.
        let before = sandbox.databaseBytes()
        let overlap = try sandbox.run(["edit", "1", "--leg", "1", "--to", "2026-12-08"])
        #expect(overlap.status == 64)
        #expect(overlap.stderr.contains("stop 2"), "\(overlap.stderr)")
        #expect(sandbox.databaseBytes() == before)
        let ambiguous = try sandbox.run(["edit", "1", "--destination", "Phoenix, AZ"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("--leg"))
        let replaced = try sandbox.run(["edit", "1", "--leg", "2", "--destination", "Phoenix, AZ", "--json"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect((try replaced.json() as? [String: Any])?["name"] as? String == "Denver, CO → Phoenix, AZ")
    }

    @Test func stopsAreAddedAtTheEndAndRemovedAnywhere() throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05"])
        let added = try sandbox.run(["leg", "add", "1", "Moab, UT", "--to", "2026-12-08"])
        #expect(added.status == 0, "\(added.stderr)")
        try sandbox.succeed(["leg", "add", "1", "Phoenix, AZ", "--to", "2026-12-10"])
        func spans() throws -> String {
            try sandbox.sqlite("SELECT group_concat(destination || ' ' || start_date || '>' || end_date, '; ') FROM (SELECT * FROM trip_legs WHERE trip_id = 1 ORDER BY position)")
        }
        #expect(try spans() == "Denver, CO 2026-12-03>2026-12-05; Moab, UT 2026-12-05>2026-12-08; Phoenix, AZ 2026-12-08>2026-12-10")
        // A stop in the middle gives its days to the stop before it.
        #expect(try sandbox.run(["leg", "rm", "1", "2"]).status == 0)
        #expect(try spans() == "Denver, CO 2026-12-03>2026-12-08; Phoenix, AZ 2026-12-08>2026-12-10")
        // The first going shortens the trip; the trip's own dates follow.
        #expect(try sandbox.run(["leg", "rm", "1", "1"]).status == 0)
        #expect(try spans() == "Phoenix, AZ 2026-12-08>2026-12-10")
        #expect(try sandbox.sqlite("SELECT destination || ' ' || start_date || '>' || end_date FROM trips") == "Phoenix, AZ 2026-12-08>2026-12-10")
        let removedLast = try sandbox.run(["leg", "rm", "1", "2"])
        #expect(removedLast.status == 64)
    }

    // MARK: - Like

    @Test func aTripLikeAnOldOneTakesItsActivitiesAndNamePattern() throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Aspen, CO", "--from", "2025-12-20", "--to", "2025-12-27", "--activities", "ski,hiking", "--name", "Aspen 2025"])
        let again = try sandbox.run(["add", "Aspen, CO", "--from", "2026-12-19", "--to", "2026-12-26", "--like", "1", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let trip = try #require(try again.json() as? [String: Any])
        #expect(trip["name"] as? String == "Aspen 2026")
        #expect(trip["activities"] as? [String] == ["skiing", "hiking"])
        // Given options win; a default name stays a default.
        let vail = try sandbox.run(["add", "Vail, CO", "--from", "2026-12-19", "--to", "2026-12-26", "--like", "1", "--activities", "ski", "--json"])
        let vailTrip = try #require(try vail.json() as? [String: Any])
        #expect(vailTrip["name"] as? String == "Vail 2026")
        #expect(vailTrip["activities"] as? [String] == ["skiing"])
        try sandbox.succeed(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05", "--activities", "business"])
        let plain = try sandbox.run(["pack", "Boston, MA", "--from", "2026-12-03", "--to", "2026-12-05", "--like", "4", "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let boston = try #require(try sandbox.run(["show", "5", "--json"]).json() as? [String: Any])
        #expect(boston["name"] as? String == "Boston, MA")
        #expect(boston["activities"] as? [String] == ["business"])
        // No forecast or list comes along.
        #expect(try sandbox.sqlite("SELECT count(*) FROM packing_lists WHERE trip_id = 2") == "0")
        let missing = try sandbox.run(["add", "Vail, CO", "--from", "2026-12-19", "--to", "2026-12-26", "--like", "42"])
        #expect(missing.status == 66)
    }
}
