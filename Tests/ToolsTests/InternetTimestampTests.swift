import Foundation
import Testing
@testable import Tools

/// The hand-written RFC 3339 reader gives the instant Foundation's `ISO8601DateFormatter` gives for what NWS
/// writes, and refuses what is not a timestamp.
@Suite struct InternetTimestampTests {
    static func foundation(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    @Test(arguments: [
        "2026-12-02T06:00:00-07:00", "2026-12-02T13:00:00Z", "2026-12-31T23:59:59+14:00", "2024-02-29T00:00:00-09:30",
        "1999-01-01T00:00:00+00:00", "2026-07-04T18:45:12.250Z", "2026-07-04T18:45:12.5-04:00", "2100-03-01T12:00:00-12:00",
    ])
    func agreesWithFoundation(_ text: String) throws {
        let expected = try #require(Self.foundation(text))
        let parsed = try #require(InternetTimestamp.parse(text))
        #expect(abs(parsed.timeIntervalSince(expected)) < 0.001, "\(text): \(parsed) vs \(expected)")
    }

    @Test(arguments: [
        "", "2026-12-02", "2026-12-02T06:00:00", "2026-12-02 06:00:00Z", "2026-13-02T06:00:00Z", "2026-02-30T06:00:00Z",
        "2026-12-02T24:00:00Z", "2026-12-02T06:60:00Z", "2026-12-02T06:00:60Z", "2026-12-02T06:00:00+24:00",
        "2026-12-02T06:00:00-0700", "2026-12-02T06:00:00.Z", "2026-12-02T06:00:00Zjunk", "２０２６-12-02T06:00:00Z",
        "2026-12-02T06:00:00+07:00:00", "2026-12-02T06:00:00.123456789012345678901234Z",
    ])
    func refusesWhatIsNotATimestamp(_ text: String) {
        #expect(InternetTimestamp.parse(text) == nil, "\(text)")
    }

    @Test func offsetsMoveTheInstant() throws {
        let utc = try #require(InternetTimestamp.parse("2026-12-02T13:00:00Z"))
        let denver = try #require(InternetTimestamp.parse("2026-12-02T06:00:00-07:00"))
        let kolkata = try #require(InternetTimestamp.parse("2026-12-02T18:30:00+05:30"))
        #expect(utc == denver)
        #expect(utc == kolkata)
        #expect(utc.timeIntervalSince1970 == 1_796_216_400)
    }
}
