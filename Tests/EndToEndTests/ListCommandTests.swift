import Foundation
import Model
import Store
import TestSupport
import Testing

/// The list you pack from, through the real binary: ticks in `show`, the database untouched by every
/// refused command, Markdown and CSV from the stored list, the checklist read back, a re-pack's report.
@Suite struct ListCommandTests {
    static let today = CalendarDate(Date())

    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices

        func environment(_ services: WeatherServices? = nil) -> [String: String] {
            (services ?? self.services).environment.merging(["PLAN_OFFLINE": "", "PLAN_HTTP_RETRIES": "2", "PLAN_HTTP_TIMEOUT": "2"]) { _, new in new }
        }

        func run(_ arguments: [String], via services: WeatherServices? = nil) throws -> PlanResult {
            try sandbox.run(arguments, environment: environment(services))
        }

        func json(_ arguments: [String], via services: WeatherServices? = nil) throws -> [String: Any] {
            let result = try run(arguments + ["--json"], via: services)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return (try? result.json() as? [String: Any]) ?? [:]
        }

        /// Adds a trip from today for `nights` and packs it; returns the pack's JSON.
        func packed(_ place: String, nights: Int = 3) throws -> [String: Any] {
            let added = try json(["add", place, "--from", ListCommandTests.today.description, "--to", ListCommandTests.today.adding(days: nights).description])
            return try json(["pack", String(added["id"] as? Int ?? 0)])
        }

        func items(_ trip: Int) throws -> [[String: Any]] {
            let shown = try json(["show", String(trip)])
            return (shown["packingList"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        }
    }

    func names(_ items: [[String: Any]]) -> [String] { items.compactMap { $0["name"] as? String } }

    @Test func showNumbersTheListWithTicksAndProgress() throws {
        let world = World(services: try WeatherServices())
        let pack = try world.packed("Denver, CO")
        let packed = pack["items"] as? [[String: Any]] ?? []
        #expect(packed.count > 3)
        #expect(packed.map { $0["number"] as? Int } == packed.indices.map { Optional($0 + 1) })
        #expect(pack["changes"] is NSNull, "a first pack has nothing to compare with")
        let first = try #require(packed.first?["name"] as? String)
        let ticked = try world.run(["check", "1", "2", first.lowercased()])
        #expect(ticked.status == 0, "stderr: \(ticked.stderr)")
        #expect(ticked.stdout.contains("2 of \(packed.count) packed"))

        let shown = try world.run(["show", "1"])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("2 of \(packed.count) packed"))
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("   1 [x] \(first)") })
        #expect(lines.contains { $0.hasPrefix("   2 [x] ") })
        #expect(lines.contains { $0.hasPrefix("   3 [ ] ") })
        let items = try world.items(1)
        #expect(items.count == packed.count)
        for item in items {
            #expect(Set(item.keys).isSuperset(of: ["number", "packed", "own", "category", "name", "quantity", "reason", "weather"]))
        }
        #expect(items.filter { $0["packed"] as? Bool == true }.compactMap { $0["number"] as? Int } == [1, 2])
        #expect(items.allSatisfy { $0["own"] as? Bool == false })

        let added = try world.json(["item", "add", "1", "Travel pillow", "--category", "Clothing"])
        #expect(added["own"] as? Bool == true)
        let unticked = try world.run(["uncheck", "1", "--all"])
        #expect(unticked.stdout.contains("0 of \(packed.count + 1) packed"), "\(unticked.stdout)")
    }

    @Test func ticksSurviveAnEditAndTheRepackAfterIt() throws {
        let world = World(services: try WeatherServices())
        let pack = try world.packed("Denver, CO", nights: 3)
        let packed = pack["items"] as? [[String: Any]] ?? []
        let names = packed.compactMap { $0["name"] as? String }
        let ticked = Array(names.prefix(3))
        #expect(try world.run(["check", "1"] + ticked).status == 0)
        #expect(try world.run(["item", "add", "1", "Travel pillow"]).status == 0)

        // One more night: the list is out of date, and its ticks and own item are kept.
        let edit = try world.run(["edit", "1", "--to", Self.today.adding(days: 4).description])
        #expect(edit.status == 0, "stderr: \(edit.stderr)")
        let shown = try world.json(["show", "1"])
        let list = try #require(shown["packingList"] as? [String: Any])
        #expect(list["outOfDate"] as? Bool == true)
        let stale = list["items"] as? [[String: Any]] ?? []
        #expect(Set(stale.filter { $0["packed"] as? Bool == true }.compactMap { $0["name"] as? String }) == Set(ticked))

        // The re-pack counts for the new length and keeps every tick of an item still on the list, and the own item.
        let repack = try world.json(["pack", "1"])
        let items = repack["items"] as? [[String: Any]] ?? []
        let stillThere = ticked.filter { name in items.contains { $0["name"] as? String == name } }
        #expect(!stillThere.isEmpty)
        for name in ticked {
            let item = items.first { $0["name"] as? String == name }
            // A tick counts what was packed: an item the longer trip asks more of is partly packed ("5 of 6").
            let quantity = item?["quantity"] as? Int
            let packedQuantity = item?["packedQuantity"] as? Int
            let partly = item?["packed"] as? Bool == false && quantity != nil && packedQuantity.map { $0 > 0 && $0 < (quantity ?? 0) } == true
            #expect(item?["packed"] as? Bool == true || partly, "\(name) lost its tick: \(String(describing: item))")
        }
        #expect(items.contains { $0["name"] as? String == "Travel pillow" && $0["own"] as? Bool == true })
        let after = try #require(try world.json(["show", "1"])["packingList"] as? [String: Any])
        #expect(after["outOfDate"] as? Bool == false)
        let underwear = items.first { ($0["name"] as? String) == "Underwear" }?["quantity"] as? Int
        #expect(underwear == 6, "5 days plus a spare, got \(String(describing: underwear))")
    }

    @Test func ticksFromSeveralProcessesAtOnceAllLand() throws {
        let world = World(services: try WeatherServices())
        let pack = try world.packed("Denver, CO")
        let count = min(6, (pack["items"] as? [[String: Any]] ?? []).count)
        try #require(count >= 2)
        let processes = (1...count).map { number in
            let process = Process()
            process.executableURL = PlanSandbox.binary
            process.arguments = ["check", "1", String(number)]
            process.environment = world.sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: count))
        let packed = try world.items(1).filter { $0["packed"] as? Bool == true }.compactMap { $0["number"] as? Int }
        #expect(packed == Array(1...count))
    }

    @Test func everyRefusedCommandLeavesTheDatabaseAsItWas() throws {
        let world = World(services: try WeatherServices())
        _ = try world.packed("Denver, CO")
        #expect(try world.run(["check", "1", "1"]).status == 0)
        let names = names(try world.items(1)).map { $0.lowercased() }
        // A start that several names share (the list's own, so the test follows the rules' data).
        let shared = try #require(names.compactMap { $0.first.map(String.init) }.first { start in
            names.filter { $0.hasPrefix(start) }.count >= 2
        })
        let empty = world.sandbox.folder.appending(path: "empty.md")
        try "# Nothing to tick\n\nJust prose.\n".write(to: empty, atomically: true, encoding: .utf8)
        let refused: [([String], Int32)] = [
            (["check", "1", shared], 64), (["check", "1", "2", "zebra-x"], 64), (["check", "1", "999"], 64),
            (["check", "1"], 64), (["check", "1", "--all", "2"], 64), (["check", "9", "1"], 66),
            (["uncheck", "1", "zebra-x"], 64), (["item", "rm", "1", "zebra-x", "--never"], 64),
            (["item", "add", "1", "   "], 64), (["item", "add", "1", "Hat", "--quantity", "0"], 64),
            (["item", "add", "9", "Hat"], 66), (["prefs", "rm", "zebra-x"], 64),
            (["check", "1", "--from-markdown", "missing.md"], 66), (["check", "1", "--from-markdown", empty.path], 65),
            (["show", "1", "--markdown", "--csv"], 64), (["check", "1", "--from-markdown", empty.path, "3"], 64),
        ]
        let before = world.sandbox.databaseBytes()
        for (arguments, code) in refused {
            let result = try world.run(arguments)
            #expect(result.status == code, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect((1...2).contains(lines.count), "\(arguments): \(result.stderr)")
            #expect(world.sandbox.databaseBytes() == before, "\(arguments) changed the database")
        }
        let ambiguous = try world.run(["check", "1", shared])
        let candidates = names.filter { $0.hasPrefix(shared) }
        #expect(candidates.allSatisfy { name in ambiguous.stderr.lowercased().contains("'\(name)'") }, "\(ambiguous.stderr)")
    }

    @Test func markdownAndCSVComeFromTheStoredListAndAChecklistReadsBack() async throws {
        let world = World(services: try WeatherServices())
        _ = try world.packed("Seattle")
        #expect(try world.run(["item", "add", "1", "Travel pillow", "--always"]).status == 0)
        let items = try world.items(1)
        let sessions = try world.sandbox.sqlite("SELECT count(*) FROM sessions")
        let requests = try await world.services.requestCount()

        // No network (offline) and no session: the stored list alone.
        let markdown = try world.sandbox.run(["show", "1", "--markdown"], environment: ["PLAN_OFFLINE": "1"])
        #expect(markdown.status == 0, "stderr: \(markdown.stderr)")
        #expect(markdown.stdout.hasPrefix("# Packing list: Seattle, WA, US, "))
        #expect(markdown.stdout.contains("\n## Your items\n\n- [ ] Travel pillow — your own item\n"))
        #expect(markdown.stdout.components(separatedBy: "\n- [ ] ").count - 1 == items.count)
        let csv = try world.sandbox.run(["show", "1", "--csv"], environment: ["PLAN_OFFLINE": "1"])
        let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "name,quantity,category,packed,own,reason,packed_quantity")
        #expect(rows.count == items.count + 1)
        #expect(rows.contains { $0.hasPrefix("Travel pillow,,Your items,false,true,") })
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM sessions") == sessions)
        #expect(try await world.services.requestCount() == requests)

        // Ticked elsewhere: the second and third items, and the own one.
        var edited = markdown.stdout
        for item in [items[1], items[2]] {
            let name = try #require(item["name"] as? String)
            edited = edited.replacingOccurrences(of: "- [ ] \(name)", with: "- [x] \(name)")
        }
        edited = edited.replacingOccurrences(of: "- [ ] Travel pillow", with: "- [X] Travel pillow")
        edited += "- [x] Passport\n"
        let file = world.sandbox.folder.appending(path: "list.md")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let read = try world.run(["check", "1", "--from-markdown", file.path])
        #expect(read.status == 0, "stderr: \(read.stderr)")
        #expect(read.stderr.contains("skipped: Passport"))
        let after = try world.items(1)
        #expect(after.filter { $0["packed"] as? Bool == true }.compactMap { $0["name"] as? String }
            == [items[1]["name"], items[2]["name"]].compactMap { $0 as? String } + ["Travel pillow"])
        // And back out: the round trip gives the same checklist.
        let again = try world.sandbox.run(["show", "1", "--markdown"], environment: ["PLAN_OFFLINE": "1"])
        #expect(again.stdout.components(separatedBy: "\n- [x] ").count - 1 == 3)
        #expect(again.stdout.replacingOccurrences(of: "- [x] ", with: "- [ ] ").replacingOccurrences(of: "3 of", with: "0 of")
            == markdown.stdout)

        // A replay re-runs the engine's list and says so; the trip's list stays the traveller's.
        let replay = try world.run(["replay", "1"])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        #expect(replay.stdout.contains("A replay is the engine's list as it was made"))
        #expect(try world.items(1).filter { $0["packed"] as? Bool == true }.count == 3)
    }

    @Test func aRepackAgainstAChangedForecastSaysWhatChangedAndKeepsTicks() throws {
        let first = try WeatherServices(anchor: Self.today.description)
        // The same place five days on: the trip's days now fall where the stand-in's forecast is different.
        let second = try WeatherServices(anchor: Self.today.adding(days: -5).description)
        let world = World(services: first)
        let before = try world.packed("Seattle")
        let oldNames = Set(names(before["items"] as? [[String: Any]] ?? []))
        #expect(try world.run(["check", "1", "--all"]).status == 0)

        let repack = try world.json(["pack", "1"], via: second)
        let changes = try #require(repack["changes"] as? [String: Any])
        let added = names(changes["added"] as? [[String: Any]] ?? [])
        let removed = changes["removed"] as? [[String: Any]] ?? []
        let items = repack["items"] as? [[String: Any]] ?? []
        let engine = Set(names(items.filter { $0["source"] as? String != "kept" }))
        #expect(!(added.isEmpty && removed.isEmpty), "the second forecast differs")
        #expect(Set(added) == engine.subtracting(oldNames))
        #expect(Set(names(removed)) == oldNames.subtracting(engine))
        #expect((changes["added"] as? [[String: Any]] ?? []).allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
        // Everything was ticked: what the new list drops is kept, marked, and still ticked.
        #expect(removed.allSatisfy { $0["kept"] as? Bool == true })
        let kept = items.filter { $0["source"] as? String == "kept" }
        #expect(Set(names(kept)) == Set(names(removed)))
        #expect(kept.allSatisfy { $0["packed"] as? Bool == true })
        #expect(items.filter { oldNames.contains($0["name"] as? String ?? "") }.allSatisfy { $0["packed"] as? Bool == true })
        #expect(items.filter { added.contains($0["name"] as? String ?? "") }.allSatisfy { $0["packed"] as? Bool == false })

        // As printed, on a second trip packed the same two ways.
        _ = try world.packed("Seattle")
        let printed = try world.run(["pack", "2"], via: second)
        #expect(printed.status == 0, "stderr: \(printed.stderr)")
        let report = try #require(printed.stdout.split(separator: "\n").map(String.init).firstIndex { $0.hasPrefix("Since the last list (") })
        let text = printed.stdout.split(separator: "\n").map(String.init)[report...].prefix(1 + added.count + removed.count).joined(separator: "\n")
        #expect(text.contains("(\(Self.today.shortLabel)):"))
        for name in added { #expect(text.contains("+ \(name)"), "\(text)") }
        for item in removed { #expect(text.contains("− \(item["name"] as? String ?? "?")"), "\(text)") }
    }
}
