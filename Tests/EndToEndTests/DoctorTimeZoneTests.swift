import Foundation
import Testing

/// plan reads local days from the system's tz database (Basics' ZoneRules, issue 47); doctor says whether it
/// reads, and where from.
@Suite struct DoctorTimeZoneTests {
    @Test func doctorSaysWhetherTheTimeZoneDataReads() throws {
        let sandbox = PlanSandbox()
        let quiet = ["PLAN_MODEL": "builtin", "PLAN_CONTACT": "tests@example.com"]
        let present = try sandbox.run(["doctor", "--offline"], environment: quiet)
        #expect(present.status == 0, "\(present.stdout) \(present.stderr)")
        #expect(present.stdout.contains("Time zones   /usr/share/zoneinfo (ok)"), "\(present.stdout)")

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("plan-tzdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = try sandbox.run(["doctor", "--offline"], environment: quiet.merging(["TZDIR": empty.path]) { _, new in new })
        #expect(missing.status == 69, "\(missing.stdout) \(missing.stderr)")
        #expect(missing.stdout.contains("Time zones   \(empty.path) (MISSING: install tzdata"), "\(missing.stdout)")
        #expect(missing.stderr.contains("1 problem found: the time zone data missing"), "\(missing.stderr)")

        let json = try sandbox.run(["doctor", "--offline", "--json"], environment: quiet.merging(["TZDIR": empty.path]) { _, new in new })
        let report = try #require(try json.json() as? [String: Any])
        let zones = try #require(report["timeZones"] as? [String: Any])
        #expect(zones["ok"] as? Bool == false && zones["path"] as? String == empty.path, "\(zones)")
    }
}
