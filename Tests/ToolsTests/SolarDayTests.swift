import Foundation
import Model
import Store
import Testing
@testable import Tools

/// The sun from the date and latitude, against published figures: NOAA's solar calculator
/// (gml.noaa.gov/grad/solcalc) day lengths, rounded to the minute, for the 2026 solstices and equinox.
@Suite struct SolarDayTests {
    struct Published: Sendable, CustomTestStringConvertible {
        let place: String
        let latitude: Double
        let date: String
        /// Sunrise to sunset in minutes (NOAA), or nil for a polar night or midnight sun.
        let minutes: Int?
        let kind: SolarDay.Kind
        /// Minutes either way (near a polar circle a hundredth of a degree moves sunrise by minutes).
        var tolerance = 6.0
        var testDescription: String { "\(place) \(date)" }
    }

    static let published: [Published] = [
        Published(place: "Reykjavik", latitude: 64.1466, date: "2026-12-21", minutes: 4 * 60 + 7, kind: .ordinary),
        Published(place: "London", latitude: 51.5074, date: "2026-12-21", minutes: 7 * 60 + 50, kind: .ordinary),
        Published(place: "Oslo", latitude: 59.9139, date: "2026-06-21", minutes: 18 * 60 + 50, kind: .ordinary),
        Published(place: "Sydney", latitude: -33.8688, date: "2026-12-21", minutes: 14 * 60 + 25, kind: .ordinary),
        Published(place: "Quito", latitude: -0.1807, date: "2026-03-20", minutes: 12 * 60 + 7, kind: .ordinary),
        Published(place: "Lisbon", latitude: 38.7223, date: "2026-06-21", minutes: 14 * 60 + 52, kind: .ordinary),
        Published(place: "Tromsø", latitude: 69.6492, date: "2026-12-21", minutes: nil, kind: .polarNight),
        Published(place: "Tromsø", latitude: 69.6492, date: "2027-01-03", minutes: nil, kind: .polarNight),
        Published(place: "Tromsø", latitude: 69.6492, date: "2026-06-21", minutes: nil, kind: .midnightSun),
        Published(place: "McMurdo", latitude: -77.846, date: "2026-06-21", minutes: nil, kind: .polarNight),
        // Just south of the Arctic Circle, refraction lifts the sun over the horizon for about two hours.
        Published(place: "Rovaniemi", latitude: 66.5039, date: "2026-12-21", minutes: 2 * 60 + 20, kind: .ordinary,
                  tolerance: 20),
    ]

    /// Day lengths within 6 minutes of NOAA's (20 at the Arctic Circle); the polar night and midnight sun named as such.
    @Test(arguments: published)
    func dayLengthsMatchNOAA(_ row: Published) throws {
        let sun = SolarDay(date: try #require(CalendarDate(row.date)), latitude: row.latitude)
        #expect(sun.kind == row.kind)
        if let minutes = row.minutes {
            #expect(abs(sun.daylightHours * 60 - Double(minutes)) <= row.tolerance, "\(sun.daylightHours * 60) minutes")
        }
    }

    /// Tromsø's polar night ends in mid-January: the sun is back by the 20th.
    @Test func thePolarNightEnds() throws {
        #expect(SolarDay(date: try #require(CalendarDate("2027-01-20")), latitude: 69.6492).kind == .ordinary)
        #expect(SolarDay(date: try #require(CalendarDate("2026-11-20")), latitude: 69.6492).kind == .ordinary)
    }

    /// Clear-sky UV at noon: about 12 on the equator at the equinox, 10–12 in Lisbon in June, under 1 in
    /// London in December, none in the polar night; altitude adds about 10 % per 1,000 m.
    @Test(arguments: [
        (-0.18, "2026-03-20", 0.0, 11.0, 13.0),     // Quito's latitude at sea level
        (38.72, "2026-06-21", 0.0, 10.0, 12.0),     // Lisbon
        (51.51, "2026-12-21", 0.0, 0.0, 1.0),       // London
        (69.65, "2026-12-21", 0.0, 0.0, 0.0),       // Tromsø
        (-33.87, "2026-12-21", 0.0, 10.5, 12.5),    // Sydney
        (-13.53, "2026-12-21", 3_399.0, 14.0, 17.0), // Cusco at 3,399 m
    ] as [(Double, String, Double, Double, Double)])
    func clearSkyUV(_ latitude: Double, _ date: String, _ elevation: Double, _ low: Double, _ high: Double) throws {
        let uv = SolarDay(date: try #require(CalendarDate(date)), latitude: latitude).clearSkyUV(elevation: elevation)
        #expect(uv >= low && uv <= high, "UV \(uv)")
    }

    @Test func daylightIsSaidInWords() throws {
        let reykjavik = SolarDay(date: try #require(CalendarDate("2026-12-21")), latitude: 64.1466)
        #expect(reykjavik.daylightText == "4 h 7 min of daylight")
        #expect(reykjavik.isShort)
        #expect(SolarDay(date: try #require(CalendarDate("2026-12-21")), latitude: 69.65).daylightText == "no sunrise (polar night)")
        #expect(SolarDay(date: try #require(CalendarDate("2026-06-21")), latitude: 69.65).daylightText == "no sunset (midnight sun)")
        #expect(!SolarDay(date: try #require(CalendarDate("2026-12-21")), latitude: 38.7).isShort)
        // Out-of-range latitudes are clamped, never a NaN.
        #expect(SolarDay(date: try #require(CalendarDate("2026-12-21")), latitude: .nan).daylightHours.isFinite)
        #expect(SolarDay(date: try #require(CalendarDate("2026-12-21")), latitude: 123).kind == .polarNight)
    }

    /// A climate day's usual UV: the clear-sky index cut by the archive's sunshine, or by the wet days.
    @Test func climateUVFollowsTheSky() throws {
        let june = try #require(CalendarDate("2026-06-15"))
        let sunny = ClimateDecoder.usualUV(day: june, latitude: 38.72, elevation: 50, sunshineShare: 0.9, wetShare: 0.05)
        let overcast = ClimateDecoder.usualUV(day: june, latitude: 38.72, elevation: 50, sunshineShare: 0.1, wetShare: 0.05)
        let noSunshine = ClimateDecoder.usualUV(day: june, latitude: 38.72, elevation: 50, sunshineShare: nil, wetShare: 0.6)
        #expect(sunny >= 9 && sunny <= 12)
        #expect(overcast < 6)
        #expect(noSunshine > overcast && noSunshine < sunny)
        let december = try #require(CalendarDate("2026-12-21"))
        #expect(ClimateDecoder.usualUV(day: december, latitude: 69.65, elevation: 10, sunshineShare: 1, wetShare: 0) == 0)
    }
}
