import Foundation
import Testing
@testable import Basics
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// Untrusted identifiers and corrupted files must give nil or a sane result, never a crash.
struct HostileInputTests {
    /// A fresh temporary zoneinfo directory.
    static func makeDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/Test", withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` as Test/<name> under a fresh directory and loads it.
    static func load(_ bytes: [UInt8], name: String = "Zone") throws -> ZoneRules? {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/Test/" + name))
        return ZoneRules(identifier: "Test/" + name, directory: directory)
    }

    static func isSane(_ data: TZifData) -> Bool {
        [Int64.min / 4, -1, 0, 1_700_000_000, 4_000_000_000, Int64.max / 4, ZoneRules.instantLimit].allSatisfy {
            abs(data.localType(at: $0).utoff) <= LocalTimeType.maxOffset
        }
    }

    @Test(arguments: [
        "../etc/passwd", "/etc/localtime", "", "America//Denver", String(repeating: "A", count: 200),
        "America/../Denver", "./UTC", "America/Denver/", "Am\u{00E9}rica/Denver", "America/Den ver",
        "America/Denver\0", "..", ".", "America/.", "~/x", String(repeating: "a", count: 65),
    ])
    func invalidIdentifiersGiveNil(_ identifier: String) {
        #expect(ZoneRules(identifier: identifier) == nil)
    }

    @Test func identifierLengthLimitIs64() {
        #expect(ZoneRules.isSafeIdentifier(String(repeating: "a", count: 64)))
        #expect(ZoneRules.isSafeIdentifier(String(repeating: "a", count: 65)) == false)
        #expect(ZoneRules.isSafeIdentifier("Etc/GMT+5"))
        #expect(ZoneRules.isSafeIdentifier("America/Port-au-Prince"))
    }

    @Test func wellFormedBuilderFileLoads() throws {
        let rules = try #require(try Self.load(TZifBuilder.denverLike.bytes()))
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: -3_000_000_000)) == -25_196)  // type 0
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 10_000_000)) == -21_600)
        #expect(rules.abbreviation(for: Date(timeIntervalSince1970: 30_000_000)) == "MST")
        // Slim file: transitions stop in 1970, so 2026 and 2080 come from the footer.
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 1_783_000_000)) == -21_600)  // 2026-07
        #expect(rules.abbreviation(for: Date(timeIntervalSince1970: 3_487_017_600)) == "MDT")      // 2080-07-01
        #expect(rules.abbreviation(for: Date(timeIntervalSince1970: 3_472_502_400)) == "MST")      // 2080-01-15
    }

    @Test func truncatedFilesGiveNil() throws {
        let full = TZifBuilder.denverLike.bytes()
        for length in [0, 3, 4, 20, 43, 44, 60, full.count / 2, full.count - 30] {
            #expect(try Self.load(Array(full.prefix(length))) == nil, "length \(length)")
        }
    }

    @Test func everyTruncationOfARealFileIsSafe() throws {
        let real = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/America/Denver")))
        var accepted = 0
        for length in 0..<real.count {
            if let data = TZifData(bytes: Array(real.prefix(length))) {
                accepted += 1
                #expect(Self.isSane(data))
            }
        }
        // Only cuts inside the footer still parse (the footer is then ignored).
        #expect(accepted <= 25)
        #expect(TZifData(bytes: real) != nil)
    }

    @Test func randomCorruptionIsSafe() throws {
        let real = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Dublin")))
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<3000 {
            var bytes = real
            for _ in 0...(generator.next() % 8) {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let data = TZifData(bytes: bytes) { #expect(Self.isSane(data)) }
        }
    }

    @Test func hugeCountsGiveNil() throws {
        for slot in 0..<6 {
            var builder = TZifBuilder.denverLike
            var counts: [UInt32] = [0, 0, 0, 3, 3, 12]
            counts[slot] = UInt32.max
            builder.v2Counts = counts
            #expect(try Self.load(builder.bytes()) == nil, "v2 slot \(slot)")
            builder.v2Counts = nil
            builder.v1Counts = counts
            #expect(try Self.load(builder.bytes()) == nil, "v1 slot \(slot)")
        }
    }

    @Test func structuralErrorsGiveNil() throws {
        var wrongMagic = TZifBuilder.denverLike
        wrongMagic.magic = Array("TZIF".utf8)
        var noTypes = TZifBuilder()
        noTypes.types = []
        var badIndex = TZifBuilder.denverLike
        badIndex.transitionTypes = [2, 3, 2]
        var hundredHours = TZifBuilder.denverLike
        hundredHours.types[1].utoff = 100 * 3600
        var badDST = TZifBuilder.denverLike
        badDST.types[1].isDST = 7
        var badAbbreviationIndex = TZifBuilder.denverLike
        badAbbreviationIndex.types[0].index = 200
        var unsorted = TZifBuilder.denverLike
        unsorted.transitions = [9_972_000, -2_717_643_600, 25_693_200]
        var noChars = TZifBuilder()
        noChars.chars = []
        var badVersion = TZifBuilder.denverLike
        badVersion.version = UInt8(ascii: "1")
        var isstdMismatch = TZifBuilder.denverLike
        isstdMismatch.v2Counts = [0, 2, 0, 3, 3, 12]
        let cases = [wrongMagic, noTypes, badIndex, hundredHours, badDST, badAbbreviationIndex, unsorted,
                     noChars, badVersion, isstdMismatch]
        for (number, builder) in cases.enumerated() {
            #expect(try Self.load(builder.bytes()) == nil, "case \(number)")
        }
    }

    @Test func garbageFooterFallsBackToLastType() throws {
        for footer in ["garbage!!", "MST7MDT,M3.2.0", "<MST>", "MST7MDT,M3.2.0,M11.1.0,extra", "\u{1}\u{2}"] {
            var builder = TZifBuilder.denverLike
            builder.footer = footer
            let rules = try #require(try Self.load(builder.bytes()), "\(footer)")
            #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 2_000_000_000)) == -25_200)
            #expect(rules.abbreviation(for: Date(timeIntervalSince1970: 2_000_000_000)) == "MST")
        }
        var missingNewline = TZifBuilder.denverLike
        missingNewline.footer = nil
        let bytes = missingNewline.bytes() + Array("\nMST7MDT,M3.2.0,M11.1.0".utf8)
        let rules = try #require(try Self.load(bytes))
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 1_783_000_000)) == -25_200)
    }

    @Test func offsetBeyondFoundationRangeFallsBackToGMT() throws {
        var builder = TZifBuilder()
        builder.types = [TZifBuilder.TypeRecord(utoff: 25 * 3600, isDST: 0, index: 0)]
        builder.chars = Array("+25\0".utf8)
        builder.footer = nil
        let rules = try #require(try Self.load(builder.bytes()))
        #expect(rules.secondsFromGMT(for: Date()) == 90_000)
        #expect(rules.abbreviation(for: Date()) == "+25")
        #expect(rules.timeZone(at: Date()) == TimeZone.gmt)
    }

    @Test func abbreviationWithoutTerminatorIsNil() throws {
        var builder = TZifBuilder()
        builder.chars = Array("UTC".utf8)
        builder.footer = nil
        let rules = try #require(try Self.load(builder.bytes()))
        #expect(rules.abbreviation(for: Date()) == nil)
        #expect(rules.secondsFromGMT(for: Date()) == 0)
    }

    @Test func version1FileUsesV1Data() throws {
        var builder = TZifBuilder.denverLike
        builder.version = 0
        builder.transitions[0] = -2_000_000_000  // v1 times are 32-bit
        let rules = try #require(try Self.load(builder.bytes()))
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 10_000_000)) == -21_600)
        // No footer in v1: after the last transition the last type (MST) stays.
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 1_783_000_000)) == -25_200)
    }

    @Test func version2SkipsADifferentV1Block() throws {
        // A slim-style v1 block (one type, no transitions) must be skipped, not read.
        var v1 = TZifBuilder()
        v1.version = UInt8(ascii: "3")
        v1.footer = nil
        let v1Part = Array(v1.bytes().prefix(44 + 6 + 4))
        var v2 = TZifBuilder.denverLike
        v2.version = UInt8(ascii: "3")
        let v2Part = Array(v2.bytes().dropFirst(44 + 3 * 4 + 3 + 3 * 6 + 12))
        let rules = try #require(try Self.load(v1Part + v2Part))
        #expect(rules.secondsFromGMT(for: Date(timeIntervalSince1970: 10_000_000)) == -21_600)
        #expect(rules.abbreviation(for: Date(timeIntervalSince1970: 1_783_000_000)) == "MDT")
    }

    @Test func nonRegularAndOversizedFilesGiveNil() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(ZoneRules(identifier: "Test", directory: directory) == nil)  // a directory
        try FileManager.default.createSymbolicLink(atPath: directory + "/Test/Zero", withDestinationPath: "/dev/zero")
        #expect(ZoneRules(identifier: "Test/Zero", directory: directory) == nil)
        #expect(mkfifo(directory + "/Test/Fifo", 0o600) == 0)
        #expect(ZoneRules(identifier: "Test/Fifo", directory: directory) == nil)
        var big = TZifBuilder.denverLike.bytes()
        big += [UInt8](repeating: 0x41, count: 300 * 1024)
        try Data(big).write(to: URL(fileURLWithPath: directory + "/Test/Big"))
        #expect(ZoneRules(identifier: "Test/Big", directory: directory) == nil)
        #expect(ZoneRules(identifier: "Test/Missing", directory: directory) == nil)
    }

    @Test func extremeDatesDoNotTrap() throws {
        let rules = try #require(ZoneRules(identifier: "America/Denver"))
        let dates = [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: .nan),
                     Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: -.infinity),
                     Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300)]
        for date in dates {
            #expect(abs(rules.secondsFromGMT(for: date)) <= 26 * 3600)
            _ = rules.abbreviation(for: date)
            _ = rules.timeZone(at: date)
        }
    }
}
