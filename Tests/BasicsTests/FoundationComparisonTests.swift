import Foundation
import Testing
@testable import Basics

/// Compares ZoneRules with Foundation's ICU-backed TimeZone for every zone the system lists.
struct FoundationComparisonTests {
    static let wellKnown = [
        "America/Denver", "America/New_York", "Europe/London", "Europe/Dublin", "Europe/Paris",
        "Asia/Kolkata", "Asia/Tokyo", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Auckland",
        "America/Sao_Paulo", "Africa/Casablanca", "America/Nuuk", "Pacific/Chatham", "Asia/Kathmandu",
        "America/St_Johns", "UTC",
    ]

    /// Zone and link names from tzdata.zi ("Z name ..." and "L target name"), else zone1970.tab.
    static func zoneNames() throws -> [String] {
        if let text = try? String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8) {
            return text.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                if fields.first == "Z", fields.count > 1 { return String(fields[1]) }
                if fields.first == "L", fields.count > 2 { return String(fields[2]) }
                return nil
            }
        }
        let tab = try String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8)
        return tab.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t")
            return line.hasPrefix("#") || fields.count < 3 ? nil : String(fields[2])
        }
    }

    /// 400 instants spread over 1971...2099 (varying time of day), plus instants around
    /// up to two 2026 and two 2080 transitions: one hour before, one second before, at, one hour after.
    static func instants(for zone: TimeZone) -> [Date] {
        let start: Int64 = 31_536_000      // 1971-01-01
        let end: Int64 = 4_102_444_799     // 2099-12-31T23:59:59Z
        let steps: Int64 = 400
        var result = (0..<steps).map { step -> Date in
            let jitter = (step * 7_919 * 37) % 86_400
            return Date(timeIntervalSince1970: Double(start + step * ((end - start) / steps) + jitter))
        }
        for year in [2026.0, 2080.0] {
            var cursor = Date(timeIntervalSince1970: (year - 1970) * 365.2425 * 86_400)
            for _ in 0..<2 {
                guard let next = zone.nextDaylightSavingTimeTransition(after: cursor) else { break }
                result += [-3600.0, -1, 0, 3600].map { next.addingTimeInterval($0) }
                cursor = next
            }
        }
        return result
    }

    struct Mismatch: CustomStringConvertible {
        var zone: String
        var date: Date
        var ours: Int
        var icu: Int
        var description: String { "\(zone) at \(date): ours \(ours), ICU \(icu)" }
    }

    /// Runs the comparison for `names`; returns (zones compared, instants, mismatches, zones ICU lacks).
    static func compare(
        _ names: [String], directory: String = "/usr/share/zoneinfo"
    ) -> (zones: Int, instants: Int, mismatches: [Mismatch], missing: [String]) {
        var zones = 0
        var instantCount = 0
        var mismatches: [Mismatch] = []
        var missing: [String] = []
        for name in names {
            guard let rules = ZoneRules(identifier: name, directory: directory) else {
                missing.append("\(name) (ZoneRules nil)")
                continue
            }
            guard let icu = TimeZone(identifier: name) else {
                missing.append("\(name) (ICU nil)")
                continue
            }
            zones += 1
            for date in instants(for: icu) {
                instantCount += 1
                let ours = rules.secondsFromGMT(for: date)
                let theirs = icu.secondsFromGMT(for: date)
                if ours != theirs { mismatches.append(Mismatch(zone: name, date: date, ours: ours, icu: theirs)) }
            }
        }
        return (zones, instantCount, mismatches, missing)
    }

    @Test func everySystemZoneMatchesFoundation() throws {
        let names = try Self.zoneNames()
        #expect(names.count > 300)
        let result = Self.compare(names)
        let zonesWithMismatch = Set(result.mismatches.map(\.zone)).sorted()
        print("""
            [zones] compared \(result.zones) zones, \(result.instants) instants, \
            \(result.mismatches.count) mismatches in \(zonesWithMismatch.count) zones \
            \(zonesWithMismatch); skipped: \(result.missing)
            """)
        for mismatch in result.mismatches.prefix(40) { print("[zones]   \(mismatch)") }
        let unexplained = zonesWithMismatch.filter { Self.icuDataDiffers.contains($0) == false }
        #expect(unexplained.isEmpty, "unexpected mismatches: \(unexplained)")
        #expect(result.missing.allSatisfy { $0.hasSuffix("(ICU nil)") }, "\(result.missing)")
    }

    @Test func wellKnownZonesMatchStrictly() throws {
        let result = Self.compare(Self.wellKnown)
        #expect(result.zones == Self.wellKnown.count, "\(result.missing)")
        #expect(result.mismatches.isEmpty, "\(result.mismatches.prefix(10))")
    }

    /// Recompiles tzdata.zi with `zic -b slim` (transitions stop early, the footer rule covers the rest)
    /// and repeats the comparison. Skipped when zic is not installed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/zic")))
    func slimFilesMatchFoundation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let zic = Process()
        zic.executableURL = URL(fileURLWithPath: "/usr/sbin/zic")
        zic.arguments = ["-b", "slim", "-d", directory, "/usr/share/zoneinfo/tzdata.zi"]
        try zic.run()
        zic.waitUntilExit()
        try #require(zic.terminationStatus == 0)
        let result = Self.compare(try Self.zoneNames(), directory: directory)
        let zonesWithMismatch = Set(result.mismatches.map(\.zone)).sorted()
        print("[zones] slim: compared \(result.zones) zones, \(result.instants) instants, \(result.mismatches.count) mismatches in \(zonesWithMismatch)")
        let allowed = Self.icuDataDiffers.union(Self.slimOutputDiffers)
        for mismatch in result.mismatches where allowed.contains(mismatch.zone) == false {
            print("[zones]   slim \(mismatch)")
        }
        #expect(result.zones > 300)
        #expect(zonesWithMismatch.allSatisfy { allowed.contains($0) }, "\(zonesWithMismatch)")
        let strict = Self.compare(Self.wellKnown, directory: directory)
        #expect(strict.zones == Self.wellKnown.count && strict.mismatches.isEmpty, "\(strict.mismatches.prefix(5))")
    }

    /// zic 2025b's slim output omits the predicted 2079-2086 Ramadan transitions for these zones;
    /// `zdump` on the slim file shows the same offsets as ZoneRules (the fat files are complete).
    static let slimOutputDiffers: Set<String> = ["Asia/Gaza", "Asia/Hebron"]

    /// Zones where ICU and the system tzdata legitimately disagree. Both are tzdata 2025b, but
    /// Debian builds with backzone, keeping EET and WET as their own rule-based zones (EU rules,
    /// no DST 1971-76 for WET), while ICU treats them as links to Europe/Athens and Europe/Lisbon.
    /// glibc (`TZ=EET date`) agrees with ZoneRules here.
    static let icuDataDiffers: Set<String> = ["EET", "WET"]
}
