import Foundation
import Testing
@testable import Basics

/// The public API on real system zones.
struct ZoneRulesTests {
    static let january2026 = Date(timeIntervalSince1970: 1_768_435_200)  // 2026-01-15
    static let july2026 = Date(timeIntervalSince1970: 1_783_036_800)     // 2026-07-01

    @Test func denver() throws {
        let denver = try #require(ZoneRules(identifier: "America/Denver"))
        #expect(denver.identifier == "America/Denver")
        #expect(denver.secondsFromGMT(for: Self.january2026) == -25_200)
        #expect(denver.secondsFromGMT(for: Self.july2026) == -21_600)
        #expect(denver.abbreviation(for: Self.january2026) == "MST")
        #expect(denver.abbreviation(for: Self.july2026) == "MDT")
        #expect(denver.timeZone(at: Self.july2026).secondsFromGMT(for: Self.july2026) == -21_600)
    }

    @Test func abbreviationsFromFooterAndTable() throws {
        let cases: [(String, Date, String, Int)] = [
            ("Asia/Kolkata", Self.july2026, "IST", 19_800),
            ("Asia/Kathmandu", Self.july2026, "+0545", 20_700),
            ("Europe/Dublin", Self.january2026, "GMT", 0),
            ("Europe/Dublin", Self.july2026, "IST", 3600),
            ("Australia/Lord_Howe", Self.january2026, "+11", 39_600),
            ("Australia/Lord_Howe", Self.july2026, "+1030", 37_800),
            ("UTC", Self.july2026, "UTC", 0),
        ]
        for (name, date, abbreviation, offset) in cases {
            let rules = try #require(ZoneRules(identifier: name))
            #expect(rules.abbreviation(for: date) == abbreviation, "\(name)")
            #expect(rules.secondsFromGMT(for: date) == offset, "\(name)")
        }
    }

    @Test func equalityAndCache() async throws {
        let first = try #require(ZoneRules(identifier: "Europe/Paris"))
        let results = await withTaskGroup(of: ZoneRules?.self) { group in
            for _ in 0..<64 { group.addTask { ZoneRules(identifier: "Europe/Paris") } }
            return await group.reduce(into: [ZoneRules?]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == first })
        #expect(ZoneRules(identifier: "Europe/Berlin") != first)
        #expect(ZoneRules(identifier: "No/Such_Zone") == nil)
        #expect(ZoneRules(identifier: "No/Such_Zone") == nil)  // cached miss
    }

    @Test func largestRealOffset() throws {
        let kiritimati = try #require(ZoneRules(identifier: "Pacific/Kiritimati"))
        #expect(kiritimati.timeZone(at: Self.july2026).secondsFromGMT() == 50_400)
    }
}
