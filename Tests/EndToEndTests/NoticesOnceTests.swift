import Foundation
import Testing

/// The smaller points of issue 35: every notice once, the out-of-date reason as the net change, and a name
/// starting with a dash pointed to `--`.
@Suite struct NoticesOnceTests {
    @Test func anUnknownActivityIsSaidOnceByPack() throws {
        let sandbox = PlanSandbox()
        let packed = try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-16", "--activities", "scubba"])
        #expect(packed.status == 0, "\(packed.stderr)")
        let said = (packed.stdout + packed.stderr).components(separatedBy: "'scubba' is not an activity").count - 1
        #expect(said == 1, "stdout: \(packed.stdout)\nstderr: \(packed.stderr)")
    }

    @Test func aTripOfStopsWithNoForecastSaysSoOnce() throws {
        let sandbox = PlanSandbox()
        let packed = try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-14", "--to", "2026-12-16", "--then", "Moab, UT", "--to", "2026-12-18"])
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stdout.components(separatedBy: "No forecast or climate").count - 1 == 1, "\(packed.stdout)")
    }

    @Test func theOutOfDateReasonIsTheNetChange() throws {
        let sandbox = PlanSandbox()
        #expect(try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"]).status == 0)
        #expect(try sandbox.run(["edit", "1", "--to", "2026-12-07"]).status == 0)
        let second = try sandbox.run(["edit", "1", "--to", "2026-12-08", "--json"])
        let reason = try #require((try second.json() as? [String: Any])?["outOfDateReason"] as? String, "\(second.stderr)")
        #expect(reason == "dates Thu Dec 3 → Sun Dec 6 became Thu Dec 3 → Tue Dec 8", "\(reason)")
    }

    /// Numbers that stay put (issue 35, point 4): after a re-pack that changes the list, every item still on
    /// it keeps its number, new items take numbers past every earlier one, and a noted number ticks the same
    /// item; an own item keeps its number too.
    @Test func itemNumbersStayWithTheirItemsAcrossPacks() throws {
        let sandbox = PlanSandbox()
        #expect(try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"]).status == 0)
        #expect(try sandbox.run(["item", "add", "1", "Trekking poles"]).status == 0)
        let first = try numbers(sandbox)
        #expect(try sandbox.run(["edit", "1", "--activities", "ski"]).status == 0)
        #expect(try sandbox.run(["pack", "1"]).status == 0)
        let second = try numbers(sandbox)
        for (name, number) in second where first[name] != nil {
            #expect(first[name] == number, "\(name) moved from \(first[name] ?? 0) to \(number)")
        }
        let highest = first.values.max() ?? 0
        let added = second.filter { first[$0.key] == nil }
        #expect(!added.isEmpty && added.values.allSatisfy { $0 > highest }, "\(added)")
        #expect(Set(second.values).count == second.count, "no number twice")
        let poles = try #require(first["Trekking poles"])
        let ticked = try sandbox.run(["check", "1", String(poles)])
        #expect(ticked.stdout.contains("Trekking poles"), "\(ticked.stdout)\(ticked.stderr)")
    }

    func numbers(_ sandbox: PlanSandbox) throws -> [String: Int] {
        let shown = try #require(try sandbox.run(["show", "1", "--json"]).json() as? [String: Any])
        let items = try #require((shown["packingList"] as? [String: Any])?["items"] as? [[String: Any]])
        var numbers: [String: Int] = [:]
        for item in items { if let name = item["name"] as? String, let number = item["number"] as? Int { numbers[name] = number } }
        return numbers
    }

    @Test func aNameStartingWithADashIsPointedToDoubleDash() throws {
        let sandbox = PlanSandbox()
        #expect(try sandbox.run(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"]).status == 0)
        let before = sandbox.databaseBytes()
        let refused = try sandbox.run(["item", "add", "1", "-20 euro note"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("use -- before a name that starts with a dash"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count <= 2)
        #expect(sandbox.databaseBytes() == before)
        let added = try sandbox.run(["item", "add", "1", "--", "-20 euro note"])
        #expect(added.status == 0, "\(added.stderr)")
    }
}
