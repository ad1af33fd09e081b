import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// The archive's answer reduced to each trip day's climate: percentiles, wet and snow shares, the years.
@Suite struct ClimateReductionTests {
    static let today = CalendarDate(year: 2026, month: 12, day: 1) ?? CalendarDate(dayNumber: 0)
    static let january3 = CalendarDate(year: 2027, month: 1, day: 3) ?? CalendarDate(dayNumber: 0)

    @Test(arguments: [
        ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5, 5.5),
        ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.1, 1.9),
        ([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9, 9.1),
        ([4.0], 0.1, 4.0),
        ([0.0, 100], 0.25, 25.0),
    ])
    func percentilesInterpolate(_ values: [Double], _ fraction: Double, _ expected: Double) throws {
        let value = try #require(ClimateDecoder.percentile(values, fraction))
        #expect(abs(value - expected) < 1e-9)
    }

    @Test func theWindowIsTheLastTenYearsTheArchiveHolds() {
        let window = ClimateWindow(from: Self.january3, to: Self.january3, today: Self.today)
        #expect(window.newestYearsBack == 1)
        #expect(window.oldestYearsBack == 10)
        #expect(window.requestStart.description == "2016-12-31")
        #expect(window.requestEnd.description == "2026-01-06")
        #expect(window.samples(for: Self.january3).count == 70)
        // Late November: last year's dates plus three are not yet in the archive (five days behind).
        let late = CalendarDate(year: 2027, month: 11, day: 28) ?? Self.today
        let lateWindow = ClimateWindow(from: late, to: late, today: Self.today)
        #expect(lateWindow.newestYearsBack == 2)
        #expect(lateWindow.requestEnd.description == "2025-12-01")
        // A trip in 9999 still gets the last ten years; one in 1950 too.
        let far = CalendarDate(year: 9999, month: 12, day: 31) ?? Self.today
        let farWindow = ClimateWindow(from: far, to: far, today: Self.today)
        #expect(farWindow.requestStart.description == "2016-12-28")
        #expect(farWindow.requestEnd.description == "2026-01-03")
        let past = CalendarDate(year: 1950, month: 7, day: 1) ?? Self.today
        #expect(ClimateWindow(from: past, to: past, today: Self.today).requestEnd.description == "2026-07-04")
        // 29 February stands for the 28th in years without it.
        let leap = CalendarDate(year: 2028, month: 2, day: 29) ?? Self.today
        #expect(ClimateWindow.shift(leap, yearsBack: 1).description == "2027-02-28")
    }

    /// An archive answer in the real shape whose 70 sample days carry chosen values and every other day
    /// absurd ones, so a wrongly pooled day shows.
    static func constructedArchive() throws -> Data {
        let window = ClimateWindow(from: january3, to: january3, today: today)
        let samples = Set(window.samples(for: january3))
        var times: [String] = [], highs: [Double] = [], lows: [Double] = [], precipitation: [Double] = []
        var snowfall: [Double] = [], wind: [Double] = [], gusts: [Double] = []
        var index = 0
        var date = window.requestStart
        while date <= window.requestEnd {
            times.append(date.description)
            if samples.contains(date) {
                index += 1
                highs.append(Double(index))                 // 1…70
                lows.append(Double(index - 11))             // −10…59
                precipitation.append(index % 5 < 2 ? 3.0 : 0.2)   // 28 of 70 wet
                snowfall.append(index % 10 < 3 ? 2.0 : 0.0)       // 21 of 70 snowy
                wind.append(Double(10 + index % 7))
                gusts.append(Double(30 + index % 11))
            } else {
                highs.append(140); lows.append(130); precipitation.append(0); snowfall.append(0)
                wind.append(200); gusts.append(250)
            }
            date = date.adding(days: 1)
        }
        let document: [String: Any] = [
            "latitude": 46.0, "longitude": 7.75, "generationtime_ms": 12.3, "utc_offset_seconds": 3600,
            "timezone": "Europe/Zurich", "timezone_abbreviation": "CET", "elevation": 1608.0,
            "daily_units": ["time": "iso8601", "temperature_2m_max": "°F", "temperature_2m_min": "°F",
                            "precipitation_sum": "mm", "snowfall_sum": "cm", "wind_speed_10m_max": "mp/h",
                            "wind_gusts_10m_max": "mp/h"],
            "daily": ["time": times, "temperature_2m_max": highs, "temperature_2m_min": lows,
                      "precipitation_sum": precipitation, "snowfall_sum": snowfall, "wind_speed_10m_max": wind,
                      "wind_gusts_10m_max": gusts],
        ]
        #expect(index == 70)
        return try JSONSerialization.data(withJSONObject: document)
    }

    @Test func aConstructedAnswerReducesToItsKnownFigures() throws {
        let window = ClimateWindow(from: Self.january3, to: Self.january3, today: Self.today)
        let forecast = try ClimateDecoder.forecast(
            from: Self.constructedArchive(), window: window, place: "Zermatt", url: "u", timeZone: "Europe/Zurich",
            fetchedAt: Date(timeIntervalSince1970: 0)
        )
        let day = try #require(forecast.days.first)
        let climate = try #require(day.climate)
        #expect(day.source == .climate)
        #expect(day.high == 36)            // median of 1…70: 35.5
        #expect(day.low == 25)             // median of −10…59: 24.5
        #expect(climate.hotDay == 63)      // 90th percentile of 1…70: 63.1
        #expect(climate.coldNight == -3)   // 10th percentile of −10…59: −3.1
        #expect(abs(climate.wetShare - 0.4) < 1e-9)
        #expect(abs(climate.snowShare - 0.3) < 1e-9)
        #expect(day.hasSnow)
        #expect(day.precipitationChance == 40)
        #expect(climate.samples == 70)
        #expect((climate.firstYear, climate.lastYear) == (2017, 2026))
        #expect(forecast.elevation == 1608)
        #expect(day.reason("unused", .snow) == "usual for Jan 3 in Zermatt: highs around 36°F, snow on 3 days in 10")
        #expect(day.reason("unused", .cold) == "usual for Jan 3 in Zermatt: lows around 25°F, 1 night in 10 below -3°F")
        #expect(day.reason("unused", .rain) == "usual for Jan 3 in Zermatt: rain on 4 days in 10")
    }

    @Test func theRecordedZermattAnswerAgreesWithItsOwnDays() throws {
        let data = try Data(contentsOf: LoopbackServer.fixtures.appending(path: "open-meteo/archive-zermatt-jan3.json"))
        let window = ClimateWindow(from: Self.january3, to: Self.january3, today: Self.today)
        let forecast = try ClimateDecoder.forecast(
            from: data, window: window, place: "Zermatt", url: "u", timeZone: "Europe/Zurich",
            fetchedAt: Date(timeIntervalSince1970: 0)
        )
        let day = try #require(forecast.days.first)
        let climate = try #require(day.climate)

        // The same figures, found the slow way: every Jan 1–6… of 2017–2026 read by hand from the JSON.
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let daily = try #require(document["daily"] as? [String: Any])
        let times = try #require(daily["time"] as? [String])
        func column(_ name: String) throws -> [Double] { try #require(daily[name] as? [Double]) }
        let highs = try column("temperature_2m_max"), lows = try column("temperature_2m_min")
        let precipitation = try column("precipitation_sum"), snowfall = try column("snowfall_sum")
        var picked: [Int] = []
        for year in 2017...2026 {
            for offset in -3...3 {
                let date = (CalendarDate(year: year, month: 1, day: 3) ?? Self.today).adding(days: offset)
                picked.append(try #require(times.firstIndex(of: date.description)))
            }
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        let wet = Double(picked.filter { precipitation[$0] >= 1 }.count) / Double(picked.count)
        let snowy = Double(picked.filter { snowfall[$0] >= 1 }.count) / Double(picked.count)
        #expect(climate.samples == 70)
        #expect(day.high == Int(median(picked.map { highs[$0] }).rounded()))
        #expect(day.low == Int(median(picked.map { lows[$0] }).rounded()))
        #expect(abs(climate.wetShare - wet) < 1e-9)
        #expect(abs(climate.snowShare - snowy) < 1e-9)
        #expect((climate.coldNight ?? 99) <= (day.low ?? -99) && (day.high ?? 99) <= (climate.hotDay ?? -99))
        #expect(day.hasSnow == (snowy >= 0.3))
        let tenths = Int((snowy * 10).rounded())
        #expect(day.reason("x", .snow) == "usual for Jan 3 in Zermatt: highs around \(day.high ?? 0)°F, snow on \(tenths) days in 10")
    }

    @Test func outOfRangeNumbersDoNotCountAndTooFewSamplesGiveNoClimate() throws {
        let samples = (0..<30).map { index in
            ClimateDecoder.Sample(high: index < 15 ? nil : 50, low: 30, precipitation: 0, snowfall: 0, wind: 5, gust: 10)
        }
        #expect(ClimateDecoder.reduce(samples, day: Self.january3, years: (2017, 2026), place: "X") == nil)
        let body = Data(#"{"daily":{"time":["2026-01-01"],"temperature_2m_max":[1e308],"temperature_2m_min":[-9.3e18]}}"#.utf8)
        let parsed = try ClimateDecoder.samples(from: body)
        let first = try #require(parsed.days.values.first)
        #expect(first.high == nil && first.low == nil)
        #expect(!ClimateDecoder.isArchive(Data(#"{"error":true,"reason":"Parameter 'end_date' is out of allowed range"}"#.utf8)))
    }
}
