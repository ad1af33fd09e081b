import Foundation
import Basics
import Interface
import Model
import Rendering
import Store
import Testing
import Tools

/// Climate days on the chart are drawn so nobody takes them for a forecast; gusts are labelled as gusts.
@Suite struct ForecastChartClimateTests {
    static let start = CalendarDate("2026-12-03") ?? CalendarDate(Date())

    static let days: [ForecastDay] = [
        ForecastDay(date: start, high: 34, low: 18, precipitationChance: 80, hasSnow: true, wind: 12, gust: 41,
                    summary: "Snow", source: .openMeteo),
        ForecastDay(date: start.adding(days: 1), high: 30, low: 14, precipitationChance: 40, hasSnow: true, wind: 10, gust: 25,
                    summary: "Sometimes wet", source: .climate,
                    climate: DayClimate(place: "Zermatt", firstYear: 2016, lastYear: 2025, samples: 70, coldNight: 2,
                                        hotDay: 38, wetShare: 0.4, snowShare: 0.35)),
    ]

    static func draw(unicode: Bool) -> [String] {
        ForecastChart(days: days, start: start, end: start.adding(days: 1), lastForecastDay: start, isUnicode: unicode)
            .lines { _, text in text }
    }

    @Test func aClimateDayHasItsOwnBarMarkAndLegend() throws {
        let lines = Self.draw(unicode: true)
        #expect(lines.count == 4, "\(lines)")
        let forecast = lines[1], usual = lines[2]
        #expect(forecast.contains("█") && !forecast.contains("▒") && !forecast.contains("usual"))
        #expect(usual.contains("▒") && usual.contains("░") && !usual.contains("█"))
        #expect(usual.contains("≈ usual"))
        #expect(usual.contains("❄ snow 4 days in 10") && usual.contains("☂ wet 4 days in 10"), "\(usual)")
        // The 10th–90th range reaches further than the typical low to high, on both sides.
        let bar = usual.drop { $0 != "·" && $0 != "░" && $0 != "▒" }
        let first = try #require(bar.firstIndex { $0 != "·" }), typical = try #require(bar.firstIndex(of: "▒"))
        let lastTypical = try #require(bar.lastIndex(of: "▒")), last = try #require(bar.lastIndex(of: "░"))
        #expect(bar[first] == "░" && first < typical && lastTypical < last)
        #expect(lines[3].contains("usual = the climate of that date 2016–2025, not a forecast"))
        // The scale reaches the cold night (2°F) and the hot day (38°F).
        #expect(lines[0].contains("0°F") && lines[0].contains("40°F"), "\(lines[0])")
    }

    @Test func gustsAreLabelledAsGusts() {
        let chart = ForecastChart(days: [], start: Self.start, end: Self.start, lastForecastDay: nil, isUnicode: true)
        func text(_ wind: Int?, _ gust: Int?) -> String {
            chart.windText(ForecastDay(date: Self.start, wind: wind, gust: gust, summary: ""))
        }
        #expect(text(12, 41) == "gusts 41 mph")
        #expect(text(25, 45) == "wind 25 mph, gusts 45")
        #expect(text(30, nil) == "wind 30 mph")
        #expect(Self.draw(unicode: true)[1].contains("≋ gusts 41 mph"))
    }

    @Test func theASCIIChartHasNoOtherCharacters() {
        let lines = Self.draw(unicode: false)
        let ascii = lines.joined(separator: "\n").unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(lines)")
        #expect(lines[2].contains("~ usual") && lines[2].contains("+") && lines[2].contains(":"))
        #expect(ASCIIText.fold("Thu Dec 3 → Sun Dec 6, 27°F – São Paulo… ❄ ≈") == "Thu Dec 3 -> Sun Dec 6, 27F - Sao Paulo... * ~")
    }
}
