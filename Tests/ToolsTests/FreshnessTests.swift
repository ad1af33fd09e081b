import Foundation
import LanguageModels
import Testing
@testable import Tools

/// RFC 9111 freshness as a private cache computes it, from hand-built responses.
@Suite struct FreshnessTests {
    static let received = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    func response(_ headers: [String: String]) throws -> HTTPResponse {
        let url = try #require(URL(string: "https://api.weather.gov/gridpoints/BOU/63,62/forecast"))
        return try #require(HTTPResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers))
    }

    func lifetime(_ headers: [String: String]) throws -> TimeInterval {
        Freshness.lifetime(of: try response(headers), receivedAt: Self.received)
    }

    @Test func maxAge() throws {
        #expect(try lifetime(["Cache-Control": "public, max-age=300"]) == 300)
        #expect(try lifetime(["Cache-Control": "Max-Age=120"]) == 120)
        #expect(try lifetime(["Cache-Control": "max-age=\"45\""]) == 45)
        #expect(try lifetime(["cache-control": "max-age=0"]) == 0)
    }

    @Test func sMaxAgeIsForSharedCachesOnly() throws {
        #expect(try lifetime(["Cache-Control": "public, s-maxage=600, max-age=60"]) == 60)
        #expect(try lifetime(["Cache-Control": "s-maxage=600"]) == 0)
    }

    @Test func maxAgeWinsOverExpires() throws {
        let lifetime = try lifetime([
            "Cache-Control": "max-age=30",
            "Date": "Sun, 06 Nov 1994 08:49:37 GMT",
            "Expires": "Sun, 06 Nov 1994 09:49:37 GMT",
        ])
        #expect(lifetime == 30)
    }

    @Test func expiresMinusDate() throws {
        let lifetime = try lifetime([
            "Date": "Sun, 06 Nov 1994 08:49:37 GMT",
            "Expires": "Sun, 06 Nov 1994 09:49:37 GMT",
        ])
        #expect(lifetime == 3_600)
    }

    @Test func expiresWithoutDateCountsFromReceipt() throws {
        #expect(try lifetime(["Expires": "Sun, 06 Nov 1994 08:59:37 GMT"]) == 600)
    }

    @Test func expiresInThePastOrUnreadableIsStale() throws {
        #expect(try lifetime(["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 07:49:37 GMT"]) == 0)
        #expect(try lifetime(["Expires": "0"]) == 0)
        #expect(try lifetime(["Cache-Control": "max-age=-5"]) == 0)
    }

    @Test func noCacheAndNothingAtAll() throws {
        #expect(try lifetime(["Cache-Control": "no-cache, max-age=300"]) == 0)
        #expect(try lifetime([:]) == 0)
    }

    @Test func noStoreForbidsStoring() throws {
        #expect(Freshness.forbidsStoring(try response(["Cache-Control": "no-store"])))
        #expect(Freshness.forbidsStoring(try response(["Cache-Control": "private, NO-STORE"])))
        #expect(!Freshness.forbidsStoring(try response(["Cache-Control": "public, max-age=300"])))
        #expect(!Freshness.forbidsStoring(try response([:])))
    }

    @Test func httpDates() throws {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Self.received)
        #expect(HTTPDate.parse("yesterday") == nil)
    }
}
