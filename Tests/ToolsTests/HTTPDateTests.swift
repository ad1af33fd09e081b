import Foundation
import HTTPCore
import LanguageModels
import Testing

/// HTTP-dates read strictly and by hand (RFC 9110 §5.6.7): the three forms a recipient must accept, any case
/// of names, and nothing else.
@Suite struct HTTPDateTests {
    static let nov1994 = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func theThreeFormsOfOneInstant() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Self.nov1994)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == Self.nov1994)
        // RFC 850's two-digit year: 94 is more than 50 years ahead as 2094, so it is 1994.
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == Self.nov1994)
    }

    @Test func datesFarFromNow() {
        #expect(HTTPDate.parse("Tue, 19 Jan 2038 14:14:08 GMT") == Date(timeIntervalSince1970: 2_147_523_248))
        #expect(HTTPDate.parse("Sun, 21 Nov 2286 04:46:39 GMT") == Date(timeIntervalSince1970: 10_000_039_599))
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 12:00:00 GMT") == Date(timeIntervalSince1970: 951_825_600))
        // 50 lies within the next 50 years: 2050.
        #expect(HTTPDate.parse("Thursday, 18-Aug-50 02:01:18 GMT") == Date(timeIntervalSince1970: 2_544_400_878))
        #expect(HTTPDate.parse("Thu Aug  8 02:01:18 2050") == Date(timeIntervalSince1970: 2_543_536_878))
        #expect(HTTPDate.parse("Thu Aug 18 02:01:18 2050") == Date(timeIntervalSince1970: 2_544_400_878))
    }

    @Test func namesInAnyCase() {
        #expect(HTTPDate.parse("SUN, 06 Nov 1994 08:49:37 GMT") == Self.nov1994)
        #expect(HTTPDate.parse("Sun, 06 NOV 1994 08:49:37 GMT") == Self.nov1994)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 gMT") == Self.nov1994)
    }

    @Test(arguments: [
        "Thu, 18 Aug 2050 02:01:18 UTC",          // another zone's name
        "Thu, 18 Aug 2050 02:01:18 AEST",
        "Thu, 18 Aug 50 02:01:18 GMT",            // a two-digit year in the IMF form
        "Thu 18 Aug 2050 02:01:18 GMT",           // no comma
        "Thu, 18  Aug  2050 02:01:18 GMT",        // doubled spaces
        "Thu, 18-Aug-2050 02:01:18 GMT",          // dashes in the IMF form
        "Thu, 18 Aug 2050 02.01.18 GMT",          // periods in the time
        "Thu, 18 Aug 2050 2:01:18 GMT",           // a one-digit hour
        "Thu, 18 Aug 2050 2:01:18 GMT, Thu, 18 Aug 2050 2:01:19 GMT",  // two field lines joined
        "Thu, 18 Aug 2050 02:01:18 GMT, Thu, 18 Aug 2050 02:01:19 GMT",
        "Thu, 31 Feb 2050 02:01:18 GMT",          // no such day
        "Thu, 18 Aug 2050 24:01:18 GMT",          // no such hour
        "Xyz, 18 Aug 2050 02:01:18 GMT",          // no such weekday
        "Thu, 18 Agu 2050 02:01:18 GMT",          // no such month
        "Thu, 18 Aug 2050 02:01:18 GMT ",         // a trailing space
        " Thu, 18 Aug 2050 02:01:18 GMT",
        "Thu, 18 Aug 2050 02:01:18",
        "2050-08-18T02:01:18Z", "0", "-1", "", "yesterday", "Thu, 18 Aug 2050",
        "Thu, 18-Aug-50 02:01:18 GMT",            // RFC 850 wants the full day name
        "Thursday, 18-Aug-2050 02:01:18 GMT",     // and a two-digit year
        "Thu Aug 8 02:01:18 2050",                // asctime pads the day with a space
    ])
    func everythingElseIsNoDate(text: String) {
        #expect(HTTPDate.parse(text) == nil, "\(text)")
    }
}
