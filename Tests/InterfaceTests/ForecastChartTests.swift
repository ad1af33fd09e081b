import Foundation
import Interface
import Model
import Rendering
import Store
import Testing
import Tools

/// Golden drawings of the forecast chart: snowy, hot and mixed weeks, in colour and plain.
@Suite struct ForecastChartTests {
    static let start = CalendarDate("2026-12-03") ?? CalendarDate(Date())

    static func day(_ offset: Int, _ low: Int, _ high: Int, _ chance: Int?, _ summary: String, snow: Bool = false,
                    thunder: Bool = false, wind: Int? = nil, gust: Int? = nil) -> ForecastDay {
        ForecastDay(date: start.adding(days: offset), high: high, low: low, precipitationChance: chance, hasSnow: snow,
                    hasThunder: thunder, wind: wind, gust: gust, summary: summary)
    }

    static let snowy = [
        day(0, 18, 34, 80, "Snow Showers Likely", snow: true, wind: 15, gust: 35),
        day(1, 9, 25, 60, "Snow", snow: true),
        day(2, 4, 21, 20, "Mostly Sunny"),
        day(3, 12, 30, 40, "Chance Snow Showers", snow: true),
        day(4, 20, 38, 10, "Sunny"),
    ]
    static let hot = [
        day(0, 78, 101, 0, "Sunny"),
        day(1, 80, 104, 0, "Sunny"),
        day(2, 76, 97, 10, "Mostly Sunny", wind: 25),
    ]
    static let mixed = [
        day(0, 48, 63, 90, "Rain", wind: 18, gust: 32),
        day(1, 52, 71, 60, "Showers And Thunderstorms", thunder: true),
        day(2, 45, 58, nil, "Partly Cloudy"),
    ]

    static func draw(_ days: [ForecastDay], through last: Int, unicode: Bool = true, colour: Bool) -> String {
        let chart = ForecastChart(
            days: days, start: start, end: start.adding(days: last), lastForecastDay: days.last?.date, isUnicode: unicode
        )
        return chart.lines { style, text in colour ? "\u{1B}[\(style.sgr)m\(text)\u{1B}[0m" : text }
            .joined(separator: "\n")
    }

    @Test func snowyWeekPlain() {
        #expect(Self.draw(Self.snowy, through: 6, colour: false) == """
                                     0°F                 40°F
                Thu Dec 3  18–34°F   ··········███████████···  80%  ❄ snow ≋ gusts 35 mph
                Fri Dec 4  9–25°F    ·····██████████·········  60%  ❄ snow
                Sat Dec 5  4–21°F    ··███████████···········  20%
                Sun Dec 6  12–30°F   ·······███████████······  40%  ❄ snow
                Mon Dec 7  20–38°F   ············███████████·  10%
                Tue Dec 8  to Wed Dec 9: no forecast yet (it reaches Mon Dec 7)
            """)
    }

    @Test func snowyWeekInColour() {
        let drawn = Self.draw(Self.snowy, through: 4, colour: true)
        let lines = drawn.split(separator: "\n")
        #expect(lines[0] == "                         \u{1B}[2m0°F                 40°F\u{1B}[0m")
        #expect(lines[1] == "    Thu Dec 3  18–34°F   \u{1B}[2m··········\u{1B}[0m\u{1B}[34m█████████\u{1B}[0m\u{1B}[36m██\u{1B}[0m"
            + "\u{1B}[2m···\u{1B}[0m \u{1B}[36m 80%\u{1B}[0m  \u{1B}[1;37m❄ snow\u{1B}[0m \u{1B}[1;36m≋ gusts 35 mph\u{1B}[0m")
        #expect(lines[3] == "    Sat Dec 5  4–21°F    \u{1B}[2m··\u{1B}[0m\u{1B}[34m███████████\u{1B}[0m\u{1B}[2m···········\u{1B}[0m"
            + " \u{1B}[36m 20%\u{1B}[0m")
        #expect(drawn.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            == Self.draw(Self.snowy, through: 4, colour: false))
    }

    @Test func hotWeek() {
        #expect(Self.draw(Self.hot, through: 2, colour: false) == """
                                     75°F               105°F
                Thu Dec 3  78–101°F  ··███████████████████···   0%  ☀ heat
                Fri Dec 4  80–104°F  ····███████████████████·   0%  ☀ heat
                Sat Dec 5  76–97°F   ·█████████████████······  10%  ≋ wind 25 mph ☀ heat
            """)
        let coloured = Self.draw(Self.hot, through: 2, colour: true)
        #expect(coloured.contains("\u{1B}[31m"), "90°F and over is red")
        #expect(coloured.contains("\u{1B}[1;31m☀ heat\u{1B}[0m"))
    }

    @Test func mixedWeekInASCII() {
        #expect(Self.draw(Self.mixed, through: 3, unicode: false, colour: false) == """
                                     45F                  75F
                Thu Dec 3  48-63F    ..=============.........  90%  ' rain ~ gusts 32 mph
                Fri Dec 4  52-71F    .....================...  60%  ' rain ! thunder
                Sat Dec 5  45-58F    ===========.............    -
                Sun Dec 6  no forecast yet (it reaches Sat Dec 5)
            """)
        let ascii = Self.draw(Self.mixed, through: 3, unicode: false, colour: false).unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii)
    }

    @Test func mixedWeekInColour() {
        let lines = Self.draw(Self.mixed, through: 2, colour: true).split(separator: "\n")
        #expect(lines[2].hasSuffix("\u{1B}[1;34m☂ rain\u{1B}[0m \u{1B}[1;35m⚡ thunder\u{1B}[0m"))
        #expect(lines[1].contains("\u{1B}[32m"), "mild days are green")
    }
}
