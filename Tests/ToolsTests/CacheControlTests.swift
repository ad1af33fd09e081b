import Foundation
import Model
import Testing
@testable import Tools

/// `Cache-Control` and `Age` read as RFC 9111 writes them: tokens and quoted strings, the first occurrence of
/// a directive, strict delta-seconds.
@Suite struct CacheControlTests {
    @Test func directivesWithAndWithoutArguments() {
        let control = CacheControl("public, Max-Age=300, NO-CACHE, stale-if-error=60")
        #expect(control.seconds("max-age") == 300)
        #expect(control.has("no-cache") && control.has("public"))
        #expect(control.seconds("stale-if-error") == 60)
        #expect(!control.has("no-store"))
        #expect(CacheControl(nil) == CacheControl(""))
    }

    @Test func theFirstOccurrenceCounts() {
        #expect(CacheControl("max-age=1800, max-age=1").seconds("max-age") == 1800)
        // Two field lines arrive joined by ", ".
        #expect(CacheControl("max-age=1, max-age=1800").seconds("max-age") == 1)
    }

    @Test func quotedStringsAreArgumentsNotDirectives() {
        #expect(CacheControl("extension=\"max-age=3600\", max-age=1").seconds("max-age") == 1)
        #expect(CacheControl("max-age=1, extension=\"max-age=3600, no-store\"").seconds("max-age") == 1)
        #expect(!CacheControl("max-age=1, extension=\"a, no-store\"").has("no-store"))
        #expect(CacheControl("max-age=\"3600\"").seconds("max-age") == 3600)
    }

    @Test(arguments: ["max-age =3600", "max-age= 3600", "max-age='3600'", "max-age=3600.0", "max-age=3600.5",
                      "max-age=a3600", "max-age=3600a", "max-age=-3600", "max-age=", "max-age", "max-age=+5"])
    func anInvalidDeltaIsNoValue(field: String) {
        #expect(CacheControl(field).seconds("max-age") == nil, "\(field)")
    }

    @Test func largeDeltasSaturate() {
        #expect(CacheControl("max-age=003600").seconds("max-age") == 3600)
        #expect(CacheControl("max-age=2147483647").seconds("max-age") == 2_147_483_647)
        #expect(CacheControl("max-age=2147483649").seconds("max-age") == 2_147_483_648)
        #expect(CacheControl("max-age=99999999999999999999999").seconds("max-age") == 2_147_483_648)
    }

    @Test func ageTakesTheFirstValueAndOnlyDigits() {
        #expect(Freshness.ageSeconds("7200") == 7200)
        #expect(Freshness.ageSeconds("7200, 0") == 7200)
        #expect(Freshness.ageSeconds("0, 7200") == 0)
        #expect(Freshness.ageSeconds("7200;foo=bar") == 7200)
        #expect(Freshness.ageSeconds("2147483649") == 2_147_483_648)
        for ignored in ["abc", "-7200", "7200.0", "", " , 5"] {
            #expect(Freshness.ageSeconds(ignored) == nil, "\(ignored)")
        }
    }
}
