import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// The rules on climate days and alerts: reasons cite the climate honestly, the reach notice is one date,
/// alerts become notices and items, and the season guess without any weather uses hemisphere, latitude
/// and elevation.
@Suite struct ClimateRulesTests {
    static let january3 = CalendarDate(year: 2027, month: 1, day: 3) ?? CalendarDate(dayNumber: 0)
    static let issued = CalendarDate(year: 2026, month: 12, day: 1) ?? CalendarDate(dayNumber: 0)

    static func climateDay(_ offset: Int, high: Int, low: Int, wet: Double, snow: Double, place: String = "Zermatt",
                           coldNight: Int? = nil, hotDay: Int? = nil) -> ForecastDay {
        ForecastDay(
            date: january3.adding(days: offset), high: high, low: low, precipitationChance: Int((wet * 100).rounded()),
            snowfall: snow > 0 ? 2 : 0, hasSnow: snow >= 0.3, wind: 10, gust: 25, summary: "Sometimes wet",
            source: .climate,
            climate: DayClimate(
                place: place, firstYear: 2017, lastYear: 2026, samples: 70, coldNight: coldNight ?? low - 10,
                hotDay: hotDay ?? high + 8, wetShare: wet, snowShare: snow
            )
        )
    }

    static func context(_ days: [ForecastDay], alerts: [WeatherAlert] = [], latitude: Double = 46) -> PackingContext {
        var context = PackingContext(
            start: january3, end: january3.adding(days: max(0, days.count - 1)), activities: [], days: days,
            missingDays: [], latitude: latitude, country: "CH"
        )
        context.issued = issued
        context.alerts = alerts
        context.timeZone = "America/Denver"
        return context
    }

    @Test func snowyClimateDaysCiteTheUsualFigures() throws {
        let days = (0..<3).map { Self.climateDay($0, high: 27, low: 12, wet: 0.45, snow: 0.4) }
        let list = PackingRules.list(for: Self.context(days))
        let boots = try #require(list.items.first { $0.name == "Insulated waterproof boots" })
        #expect(boots.weather)
        #expect(boots.reason == "Usual for Jan 3 in Zermatt: highs around 27°F, snow on 4 days in 10")
        let coat = try #require(list.items.first { $0.name.contains("winter coat") })
        #expect(coat.reason == "Usual for Jan 3 in Zermatt: lows around 12°F, 1 night in 10 below 2°F")
        #expect(list.items.allSatisfy { $0.reason.count <= 100 })
        // The check believes them: each cites its day's own figures.
        let check = PackingCheck(context: Self.context(days), destination: "Zermatt", place: nil)
        #expect(list.items.filter(\.weather).allSatisfy { check.citesForecast($0.reason) })
    }

    @Test func aWarmDryClimateGetsNoWinterGear() throws {
        let days = (0..<5).map { Self.climateDay($0, high: 78, low: 61, wet: 0.05, snow: 0, place: "Dubai") }
        let list = PackingRules.list(for: Self.context(days, latitude: 25.2))
        let names = Set(list.items.map(\.name))
        #expect(names.contains("Short-sleeved tops"))
        for absurd in ["Warm coat", "Insulated winter coat", "Warm hat and gloves", "Compact umbrella", "Insulated waterproof boots"] {
            #expect(!names.contains(absurd), "got \(absurd)")
        }
        let tops = try #require(list.items.first { $0.name == "Short-sleeved tops" })
        #expect(tops.reason == "Usual for Jan 3 in Dubai: highs around 78°F, 1 day in 10 above 86°F")
    }

    @Test func theReachNoticeNamesTheClimateDaysAndOneDate() throws {
        let forecastDay = ForecastDay(date: Self.january3.adding(days: -1), high: 30, low: 15, summary: "Snow", source: .openMeteo)
        let days = [forecastDay] + (0..<3).map { Self.climateDay($0, high: 27, low: 12, wet: 0.45, snow: 0.4) }
        var context = Self.context(days)
        context.start = Self.january3.adding(days: -1)
        let notices = PackingRules.notices(for: context)
        let expected = "Sun Jan 3 to Tue Jan 5 are the usual weather of those dates (2017–2026), not a forecast; the forecast reaches Sun Jan 3 on Sat Dec 19: run pack again then."
        #expect(notices.contains(expected), "notices: \(notices)")
        // `show` prints the same sentence, from the same function.
        let forecast = Forecast(
            source: "open-meteo", url: "u", timeZone: "UTC", updatedAt: nil,
            fetchedAt: Date(timeIntervalSince1970: TimeInterval(Self.issued.dayNumber) * 86_400 + 3_600), days: days
        )
        #expect(ForecastReach.notice(for: forecast, from: context.start, to: context.end) == expected)
        // A day the forecast should already reach but did not get says so instead of a date in the past.
        let late = ForecastReach.notice(climateDays: [days[1]], issued: Self.january3)
        #expect(late?.contains("no forecast could be had for it") == true)
        // A day already past where the trip is (tomorrow has begun there) gets no forecast ever: no "run again".
        let past = ForecastReach.notice(climateDays: [days[1]], issued: Self.january3.adding(days: 1))
        #expect(past?.contains("it has already passed there (it is Mon Jan 4 in the trip's time zone)") == true, "\(past ?? "nil")")
        #expect(past?.contains("run pack again") == false)
    }

    @Test func aWinterStormWarningIsANoticeAndDrivesTraction() throws {
        let onset = Date(timeIntervalSince1970: TimeInterval(Self.january3.dayNumber) * 86_400 + 13 * 3_600)  // 6 am MST
        let alert = WeatherAlert(
            event: "Winter Storm Warning", headline: "Winter Storm Warning issued …", severity: "Severe", onset: onset,
            ends: onset.addingTimeInterval(60 * 3_600), summary: "heavy snow expected; travel could be very difficult"
        )
        let days = [ForecastDay(date: Self.january3, high: 30, low: 15, summary: "Snow", source: .nws)]
        let list = PackingRules.list(for: Self.context(days, alerts: [alert]))
        #expect(list.notices.contains("Winter Storm Warning, Sun 6 am to Tue 6 pm: heavy snow expected; travel could be very difficult."))
        let traction = try #require(list.items.first { $0.name == "Traction devices (microspikes or chains)" })
        #expect(traction.weather)
        // A car kit only for a trip that drives (ConditionsKitTests.aWinterStormPacksACarKitOnlyForATripThatDrives).
        #expect(!list.items.contains { $0.name == "Car emergency kit (scraper, blanket, shovel)" })
        let check = PackingCheck(context: Self.context(days, alerts: [alert]), destination: "Denver", place: nil)
        #expect(check.citesForecast(traction.reason))
        let heat = WeatherAlert(event: "Excessive Heat Warning", headline: "", severity: "Severe", onset: nil, ends: nil, summary: "")
        #expect(!heat.isWinter && heat.isHeat)
        #expect(heat.notice(timeZone: nil) == "Excessive Heat Warning.")
    }

    @Test(arguments: [
        // latitude, month, elevation, the lowest acceptable and highest acceptable guessed high and low
        (25.76, 1, nil as Double?, 70...82, 52...66),      // Miami, January: no coat
        (25.2, 7, nil as Double?, 88...100, 72...84),      // Dubai, July
        (34.05, 1, nil as Double?, 55...70, 38...50),      // Los Angeles, January: not a winter coat
        (-54.8, 12, nil as Double?, 50...62, 36...46),     // Ushuaia, December: a cool summer, no shorts
        (-13.53, 1, 3_400.0 as Double?, 52...70, 36...50), // Cusco: the tropics, 3,400 m up
        (0.0, 7, nil as Double?, 84...90, 70...76),        // the equator at sea level
        (64.8, 1, nil as Double?, -10...25, -25...10),     // Fairbanks, January
    ])
    func theSeasonGuessUsesHemisphereLatitudeAndElevation(
        _ latitude: Double, _ month: Int, _ elevation: Double?, _ highs: ClosedRange<Int>, _ lows: ClosedRange<Int>
    ) {
        let guess = SeasonGuess(latitude: latitude, month: month, elevation: elevation)
        #expect(highs.contains(guess.high), "high \(guess.high)")
        #expect(lows.contains(guess.low), "low \(guess.low)")
    }

    @Test func withoutAnyWeatherTheGeneralListFitsThePlace() {
        func names(latitude: Double, month: Int, elevation: Double? = nil) -> Set<String> {
            let start = CalendarDate(year: 2027, month: month, day: 10) ?? Self.january3
            var context = PackingContext(
                start: start, end: start.adding(days: 4), activities: [], days: [],
                missingDays: (0...4).map { start.adding(days: $0) }, latitude: latitude, country: "US"
            )
            context.elevation = elevation
            return Set(PackingRules.list(for: context).items.map(\.name))
        }
        let miami = names(latitude: 25.76, month: 1)
        #expect(!miami.contains("Warm coat") && !miami.contains("Warm hat and gloves"))
        #expect(miami.contains("Short-sleeved tops"))
        let ushuaia = names(latitude: -54.8, month: 12)
        #expect(!ushuaia.contains("Short-sleeved tops") && !ushuaia.contains("Light, breathable clothes"))
        #expect(ushuaia.contains("Light jacket") && ushuaia.contains("Fleece or warm sweater"))  // summer at 55°S: cool
        let quito = names(latitude: -0.18, month: 6, elevation: 2_850)
        #expect(!quito.contains("Light, breathable clothes"))
        #expect(quito.contains("Light jacket") || quito.contains("Fleece or warm sweater"))
        let denver = names(latitude: 39.74, month: 1, elevation: 1_609)
        #expect(denver.contains("Insulated winter coat"))
    }
}
