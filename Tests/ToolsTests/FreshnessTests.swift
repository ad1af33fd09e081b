import Foundation
import HTTPCore
import LanguageModels
import Model
import Testing
@testable import Tools

/// RFC 9111 freshness and storability as a private cache computes them, from hand-built responses, with
/// plan's policy per kind on top.
@Suite struct FreshnessTests {
    static let received = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    static let receivedText = "Sun, 06 Nov 1994 08:49:37 GMT"

    /// `received` moved by `seconds` (within November 1994), as an IMF-fixdate.
    static func date(_ seconds: TimeInterval) -> String {
        let instant = Int(received.timeIntervalSince1970 + seconds)
        let days = instant / 86_400  // positive instants: division is floor
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][days % 7]
        let day = days - 784_080_000 / 86_400 + 6  // 784,080,000 is 1994-11-06 00:00:00
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = instant % 86_400
        return "\(weekday), \(two(day)) Nov 1994 \(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    func response(_ headers: [String: String], status: Int = 200) throws -> HTTPResponse {
        let url = try #require(URL(string: "https://api.weather.gov/alerts/active?point=1,2"))
        return HTTPResponse(url: url, statusCode: status, headerFields: headers)
    }

    /// What the server's own fields say (nil: nothing).
    func explicit(_ headers: [String: String]) throws -> TimeInterval? {
        Freshness.explicitLifetime(of: try response(headers), receivedAt: Self.received)
    }

    func lifetime(_ headers: [String: String], status: Int = 200, kind: ResourceKind = .alerts) throws -> TimeInterval {
        Freshness.lifetime(of: try response(headers, status: status), receivedAt: Self.received, kind: kind)
    }

    @Test func dateHelperWritesHTTPDates() {
        #expect(Self.date(0) == Self.receivedText)
        #expect(HTTPDate.parse(Self.date(-7_200)) == Self.received.addingTimeInterval(-7_200))
        #expect(HTTPDate.parse(Self.date(86_400)) == Self.received.addingTimeInterval(86_400))
    }

    @Test func maxAgeAndSMaxAge() throws {
        #expect(try explicit(["Cache-Control": "public, max-age=300"]) == 300)
        #expect(try explicit(["cache-control": "MaX-AgE=120"]) == 120)
        #expect(try explicit(["Cache-Control": "max-age=0"]) == 0)
        // A private cache ignores s-maxage (RFC 9111 §5.2.2.10).
        #expect(try explicit(["Cache-Control": "s-maxage=3600, max-age=1"]) == 1)
        #expect(try explicit(["Cache-Control": "s-maxage=3600"]) == nil)
        // An invalid max-age means stale, whatever Expires says, and leaves no room for a heuristic.
        #expect(try explicit(["Cache-Control": "max-age=-3600"]) == 0)
        #expect(try explicit(["Cache-Control": "max-age=3600a", "Date": Self.receivedText, "Expires": Self.date(60)]) == 0)
        #expect(try explicit(["Cache-Control": "max-age =3600"]) == 0)
        #expect(try lifetime(["Cache-Control": "max-age='3600'"], kind: .forecast) == 0)
    }

    @Test func maxAgeWinsOverExpires() throws {
        #expect(try explicit(["Cache-Control": "max-age=30", "Date": Self.receivedText, "Expires": Self.date(3_600)]) == 30)
        #expect(try explicit(["Cache-Control": "max-age=0", "Expires": Self.date(3_600)]) == 0)
        #expect(try explicit(["Cache-Control": "max-age=3600", "Expires": "0"]) == 3_600)
    }

    @Test func expiresMinusDate() throws {
        #expect(try explicit(["Date": Self.receivedText, "Expires": Self.date(3_600)]) == 3_600)
        // Both fast: Expires before Date is expired.
        #expect(try explicit(["Date": Self.date(400), "Expires": Self.date(300)]) == 0)
        #expect(try explicit(["Date": Self.receivedText, "Expires": Self.receivedText]) == 0)
        // No Date, or an invalid one: counted from receipt.
        #expect(try explicit(["Expires": Self.date(600)]) == 600)
        #expect(try explicit(["Date": "foo", "Expires": Self.date(10)]) == 10)
    }

    @Test func anInvalidExpiresIsAlreadyExpired() throws {
        for value in ["0", "-1", "Thu, 18 Aug 2050 02:01:18 UTC", "Thu 18 Aug 2050 02:01:18 GMT", "soon"] {
            #expect(try explicit(["Date": Self.receivedText, "Expires": value]) == 0, "\(value)")
            #expect(try lifetime(["Expires": value], kind: .forecast) == 0, "no heuristic either: \(value)")
        }
    }

    @Test func noCacheMeansNoLifetime() throws {
        #expect(try explicit(["Cache-Control": "max-age=10000, no-cache", "Expires": Self.date(10_000)]) == 0)
        #expect(try explicit(["Cache-Control": "No-CaChE"]) == 0)
    }

    @Test func ageCountsTowardTheCurrentAge() throws {
        func age(_ headers: [String: String], requestedAt: Date = Self.received) throws -> TimeInterval {
            Freshness.initialAge(of: try response(headers), requestedAt: requestedAt, receivedAt: Self.received)
        }
        #expect(try age([:]) == 0)
        #expect(try age(["Age": "7200"]) == 7_200)
        #expect(try age(["Age": "100"], requestedAt: Self.received.addingTimeInterval(-3)) == 103, "plus the round trip")
        // Date's apparent age when it is larger; a Date in the future gives none.
        #expect(try age(["Date": Self.date(-7_200)]) == 7_200)
        #expect(try age(["Date": Self.date(-10), "Age": "25"]) == 25)
        #expect(try age(["Date": Self.date(10), "Age": "15"]) == 15)
        #expect(try age(["Age": "abc"]) == 0)
        // The expiry takes it off the lifetime.
        let stale = try response(["Cache-Control": "max-age=3600", "Age": "7200"])
        #expect(Freshness.expiry(of: stale, requestedAt: Self.received, receivedAt: Self.received, kind: .point) == Self.received)
        let aged = try response(["Cache-Control": "max-age=3600", "Age": "600"])
        #expect(Freshness.expiry(of: aged, requestedAt: Self.received, receivedAt: Self.received, kind: .point)
            == Self.received.addingTimeInterval(3_000))
        // The kind's cap bounds how long plan keeps it from receipt, not how old the server may say it is.
        let old = try response(["Cache-Control": "max-age=10000", "Age": "3600"])
        #expect(Freshness.expiry(of: old, requestedAt: Self.received, receivedAt: Self.received, kind: .alerts)
            == Self.received.addingTimeInterval(ResourceKind.alerts.maximumLifetime))
    }

    @Test func heuristicsOnlyForStatusesCacheableByDefault() throws {
        let lastModified = ["Date": Self.receivedText, "Last-Modified": Self.date(-86_400)]
        for status in [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501] {
            #expect(try lifetime(lastModified, status: status, kind: .point) > 0, "\(status)")
        }
        for status in [201, 202, 302, 303, 307, 400, 403, 500, 502, 503, 504, 599] {
            #expect(try lifetime(lastModified, status: status, kind: .point) == 0, "\(status)")
        }
        // `public` allows a heuristic for any status.
        #expect(try lifetime(lastModified.merging(["Cache-Control": "public"]) { $1 }, status: 599, kind: .point) == 60)
    }

    @Test func theHeuristicIsTheKindsOrTenPercentOfLastModified() throws {
        #expect(try lifetime([:], kind: .forecast) == ResourceKind.forecast.heuristicLifetime)
        #expect(try lifetime([:], kind: .alerts) == 0, "alerts keep no lifetime of plan's own")
        let dayOld = ["Date": Self.receivedText, "Last-Modified": Self.date(-86_400)]
        #expect(try lifetime(dayOld, kind: .forecast) == 8_640)
        #expect(try lifetime(dayOld, kind: .alerts) == ResourceKind.alerts.maximumLifetime, "capped")
        let minuteOld = ["Date": Self.receivedText, "Last-Modified": Self.date(-60)]
        #expect(try lifetime(minuteOld, kind: .alerts) == 6)
        #expect(try lifetime(minuteOld, kind: .forecast) == ResourceKind.forecast.heuristicLifetime)
    }

    @Test func capsByKindAndForErrors() throws {
        #expect(try lifetime(["Cache-Control": "max-age=99999999999"], kind: .forecast) == 86_400)
        #expect(try lifetime(["Cache-Control": "max-age=99999999999"], kind: .alerts) == 900)
        #expect(try lifetime(["Cache-Control": "max-age=86400"], status: 500, kind: .forecast) == Freshness.errorLifetime)
        #expect(try lifetime(["Cache-Control": "max-age=86400"], status: 404, kind: .point) == Freshness.errorLifetime)
        #expect(try lifetime(["Cache-Control": "max-age=30"], status: 404, kind: .point) == 30)
    }

    @Test func whatMayBeStored() throws {
        func storable(_ headers: [String: String], _ status: Int = 200) throws -> Bool {
            Freshness.isStorable(try response(headers, status: status))
        }
        #expect(try storable([:]))
        #expect(try storable([:], 404) && storable([:], 410) && storable([:], 501) && storable([:], 204))
        #expect(try !storable([:], 201) && !storable([:], 202) && !storable([:], 403) && !storable([:], 503))
        #expect(try storable(["Cache-Control": "max-age=60"], 503) && storable(["Cache-Control": "max-age=60"], 299))
        #expect(try storable(["Expires": "0"], 400), "an Expires, even invalid, makes it storable (and stale)")
        #expect(try storable(["Cache-Control": "private"], 599) && storable(["Cache-Control": "public"], 599))
        #expect(try !storable([:], 206) && !storable(["Cache-Control": "max-age=60"], 304))
        #expect(try !storable(["Cache-Control": "no-store"]))
        #expect(try !storable(["Cache-Control": "max-age=10000, No-StOrE"]))
        // must-understand: no-store yields for a status plan understands, never for one it does not.
        #expect(try storable(["Cache-Control": "max-age=3600, no-store, must-understand"]))
        #expect(try !storable(["Cache-Control": "max-age=3600, no-store, must-understand"], 599))
    }
}
