import Model

/// The trip's days at a glance: one line a day on a temperature scale the days share, the low-to-high range
/// as a bar, the chance of precipitation, and a mark for snow, rain, thunder, wind (and gusts) and heat.
/// Climate days (the usual weather of the date, not a forecast) are drawn apart: a lighter bar for the
/// typical low to high, its 10th–90th percentile range around it, and the mark "≈ usual". Colour is asked
/// of `paint` (the console turns styles into SGR, or leaves text plain); `isUnicode` false draws plain ASCII.
public struct ForecastChart: Sendable {
    /// What a piece of the chart means, for colour.
    public enum Style: Sendable, CaseIterable {
        case freezing, cold, mild, warm, hot, track, scale, precipitation, snow, rain, thunder, wind, heat, missing, usual

        /// The SGR parameters of the style.
        public var sgr: String {
            switch self {
            case .freezing: return "34"
            case .cold: return "36"
            case .mild: return "32"
            case .warm: return "33"
            case .hot: return "31"
            case .track, .scale, .missing: return "2"
            case .usual: return "3;35"
            case .precipitation: return "36"
            case .snow: return "1;37"
            case .rain: return "1;34"
            case .thunder: return "1;35"
            case .wind: return "1;36"
            case .heat: return "1;31"
            }
        }

        /// The style of a temperature, °F.
        static func temperature(_ degrees: Double) -> Style {
            switch degrees {
            case ..<33: return .freezing
            case ..<56: return .cold
            case ..<76: return .mild
            case ..<90: return .warm
            default: return .hot
            }
        }
    }

    /// The forecast's days within the trip.
    public let days: [ForecastDay]
    /// The trip's first and last day.
    public let start: CalendarDate
    public let end: CalendarDate
    /// The forecast's last day, to say how far it reaches.
    public let lastForecastDay: CalendarDate?
    /// UTF-8 glyphs; false: ASCII only.
    public let isUnicode: Bool
    /// Cells of the temperature bar.
    public let width: Int
    /// The traveller's units for the figures shown (the bar and colours are laid out in °F either way).
    public let units: MeasurementUnits
    /// The place's latitude, for each day's daylight (nil: not shown).
    public let latitude: Double?

    public init(
        days: [ForecastDay], start: CalendarDate, end: CalendarDate, lastForecastDay: CalendarDate?, isUnicode: Bool,
        width: Int = 24, units: MeasurementUnits = .us, latitude: Double? = nil
    ) {
        self.units = units
        self.latitude = latitude
        self.days = days
        self.start = start
        self.end = end
        self.lastForecastDay = lastForecastDay
        self.isUnicode = isUnicode
        self.width = max(8, width)
    }

    /// The scale line and one line per trip day (a day without a forecast says so in its place).
    public func lines(paint: (Style, String) -> String) -> [String] {
        let (low, high) = scale
        let indent = "    "
        let labelWidth = 11
        let degrees = isUnicode ? units.degreeSymbol : String(units.degreeSymbol.dropFirst())
        var lines: [String] = []
        let left = "\(shown(Int(checked: low) ?? 0))\(degrees)"
        let right = "\(shown(Int(checked: high) ?? 0))\(degrees)"
        let gap = max(1, width - left.count - right.count)
        let temperatureColumn = 10
        lines.append(indent + pad("", labelWidth + temperatureColumn) + paint(.scale, left + String(repeating: " ", count: gap) + right))
        var date = start
        // Looked up in the array (the last day of a date wins), not a dictionary keyed by date: that makes the
        // runtime look up `CalendarDate: Hashable` by its mangled name, a scan of every conformance record.
        func byDate(_ date: CalendarDate) -> ForecastDay? { days.last { $0.date == date } }
        var climateYears: (Int, Int)?
        while date <= end {
            if let day = byDate(date) {
                if day.isClimate, let climate = day.climate { climateYears = (climate.firstYear, climate.lastYear) }
                lines.append(indent + pad(date.shortLabel, labelWidth) + line(for: day, degrees: degrees, column: temperatureColumn, paint: paint))
                date = date.adding(days: 1)
                continue
            }
            // Days without a forecast say so in their place; a run of them shares one line.
            var last = date
            while last < end, byDate(last.adding(days: 1)) == nil { last = last.adding(days: 1) }
            let reason: String
            if let reach = lastForecastDay, date > reach {
                reason = "no forecast yet (it reaches \(reach.shortLabel))"
            } else {
                reason = "no forecast for this day"
            }
            if date.days(to: last) >= 1 {
                lines.append(indent + pad(date.shortLabel, labelWidth) + paint(.missing, "to \(last.shortLabel): " + reason))
            } else {
                lines.append(indent + pad(date.shortLabel, labelWidth) + paint(.missing, reason))
            }
            date = last.adding(days: 1)
        }
        if let (first, last) = climateYears {
            let typical = isUnicode ? "▒" : "+"
            let range = isUnicode ? "░" : ":"
            let dash = isUnicode ? "–" : "-"
            lines.append(indent + paint(.usual, (isUnicode ? "≈" : "~") + " usual") + paint(
                .missing, " = the climate of that date \(first)\(dash)\(last), not a forecast: \(typical) typical low to high, \(range) 1 year in 10 colder or warmer"
            ))
        }
        return lines
    }

    /// The shared scale, °F: the days' lowest low to highest high, widened to multiples of 5 and at least 20 wide.
    var scale: (Double, Double) {
        let values = days.flatMap { [$0.low, $0.high, $0.climate?.coldNight, $0.climate?.hotDay].compactMap { $0 } }.map(Double.init)
        guard var low = values.min(), var high = values.max() else { return (30, 70) }
        low = (low / 5).rounded(.down) * 5
        high = (high / 5).rounded(.up) * 5
        if high - low < 20 {
            let middle = ((low + high) / 2 / 5).rounded() * 5
            low = middle - 10
            high = middle + 10
        }
        return (low, high)
    }

    private func line(for day: ForecastDay, degrees: String, column: Int, paint: (Style, String) -> String) -> String {
        let (low, high) = scale
        let range: String
        switch (day.low, day.high) {
        case let (l?, h?): range = "\(shown(min(l, h)))\(isUnicode ? "–" : "-")\(shown(max(l, h)))\(degrees)"
        case let (nil, h?): range = "high \(shown(h))\(degrees)"
        case let (l?, nil): range = "low \(shown(l))\(degrees)"
        default: range = "?"
        }
        var text = pad(range, column)
        // The bar: each cell coloured by the temperature it stands for.
        let values = [day.low, day.high].compactMap { $0 }.map(Double.init)
        let cell = (high - low) / Double(width - 1)
        let first = values.min().flatMap { Int(checkedRounding: ($0 - low) / cell) } ?? -1
        let last = values.max().flatMap { Int(checkedRounding: ($0 - low) / cell) } ?? -2
        // A climate day: the typical range lighter, the 10th–90th percentile range around it lighter still.
        let usual = day.isClimate ? day.climate : nil
        let outerFirst = usual?.coldNight.flatMap { Int(checkedRounding: (Double($0) - low) / cell) } ?? first
        let outerLast = usual?.hotDay.flatMap { Int(checkedRounding: (Double($0) - low) / cell) } ?? last
        // Cells of one style are painted as one run; within it, cells of one glyph are built at once
        // (String(repeating:)), not cell by cell.
        var runStyle: Style?
        var run = ""
        var glyphs = (glyph: "", count: 0)
        func closeGlyphs() {
            if glyphs.count > 0 { run += String(repeating: glyphs.glyph, count: glyphs.count) }
            glyphs.count = 0
        }
        for index in 0..<width {
            let inRange = index >= first && index <= last
            let inOuter = usual != nil && index >= outerFirst && index <= outerLast
            let style: Style = inRange || inOuter ? Style.temperature(low + Double(index) * cell) : .track
            let glyph: String
            if inRange {
                glyph = usual == nil ? (isUnicode ? "█" : "=") : (isUnicode ? "▒" : "+")
            } else if inOuter {
                glyph = isUnicode ? "░" : ":"
            } else {
                glyph = isUnicode ? "·" : "."
            }
            if style != runStyle {
                closeGlyphs()
                if let previous = runStyle { text += paint(previous, run) }
                run = ""
                runStyle = style
            }
            if glyph != glyphs.glyph { closeGlyphs() }
            glyphs = (glyph, glyphs.count + 1)
        }
        closeGlyphs()
        if let runStyle { text += paint(runStyle, run) }
        let chance = day.precipitationChance.map { "\($0)%" } ?? (isUnicode ? "–" : "-")
        text += " " + paint(.precipitation, String(repeating: " ", count: max(0, 4 - chance.count)) + chance)
        let marks = self.marks(day)
        if !marks.isEmpty {
            text += "  " + marks.map { paint($0.style, $0.text) }.joined(separator: " ")
        }
        return text
    }

    /// Snow, rain, thunder, wind and heat, in that order, each a glyph and a word.
    func marks(_ day: ForecastDay) -> [(style: Style, text: String)] {
        // Typed as returned: an array of unlabelled tuples became the labelled ones through the runtime's
        // `_arrayForceCast`, a dynamic cast of each element (issue 34).
        var marks: [(style: Style, text: String)] = []
        if day.isClimate, let climate = day.climate {
            marks.append((.usual, (isUnicode ? "≈ " : "~ ") + "usual"))
            if climate.snowShare >= 0.1 {
                marks.append((.snow, (isUnicode ? "❄ " : "* ") + "snow " + DayClimate.daysInTen(climate.snowShare)))
            }
            if climate.wetShare >= 0.3 {
                marks.append((.rain, (isUnicode ? "☂ " : "' ") + "wet " + DayClimate.daysInTen(climate.wetShare)))
            }
            if (day.wind ?? 0) >= 20 || (day.gust ?? 0) >= 35 {
                marks.append((.wind, (isUnicode ? "≋ " : "~ ") + windText(day)))
            }
            if (climate.hotDay ?? day.high ?? 0) >= 90 {
                marks.append((.heat, (isUnicode ? "☀ " : "^ ") + "heat"))
            }
            return marks + sunMarks(day)
        }
        let chance = day.precipitationChance ?? 0
        let sky = (day.summary + " " + (day.nightSummary ?? "")).lowercased()
        if day.hasSnow || (day.snowfall ?? 0) > 0 {
            marks.append((.snow, (isUnicode ? "❄ " : "* ") + "snow"))
        }
        let rainy = sky.contains("rain") || sky.contains("shower") || sky.contains("drizzle")
        if !day.hasSnow && (rainy || chance >= 50) || (day.hasSnow && sky.contains("rain")) {
            marks.append((.rain, (isUnicode ? "☂ " : "' ") + "rain"))
        }
        if day.hasThunder {
            marks.append((.thunder, (isUnicode ? "⚡ " : "! ") + "thunder"))
        }
        let wind = max(day.wind ?? 0, day.gust.map { $0 * 2 / 3 } ?? 0)
        if wind >= 20 {
            marks.append((.wind, (isUnicode ? "≋ " : "~ ") + windText(day)))
        }
        if let highest = day.high, highest >= 90 {
            marks.append((.heat, (isUnicode ? "☀ " : "^ ") + "heat"))
        }
        return marks + sunMarks(day)
    }

    /// A strong sun ("UV 9", "UV ~9" on a climate day: the usual, from the sun's height and the sky) and a
    /// day of little or endless light ("polar night", "5 h light", "midnight sun").
    func sunMarks(_ day: ForecastDay) -> [(style: Style, text: String)] {
        var marks: [(style: Style, text: String)] = []
        if let uv = day.uvIndex, uv.isFinite, uv >= 6, let whole = Int(checkedRounding: uv) {
            marks.append((.heat, "UV " + (day.isClimate ? "~" : "") + "\(whole)"))
        }
        guard let latitude else { return marks }
        let sun = SolarDay(date: day.date, latitude: latitude)
        switch sun.kind {
        case .polarNight: marks.append((.missing, (isUnicode ? "☾ " : "") + "polar night"))
        case .midnightSun: marks.append((.missing, (isUnicode ? "☼ " : "") + "midnight sun"))
        case .ordinary where sun.isShort:
            marks.append((.missing, (isUnicode ? "☾ " : "") + "\(Int(checkedRounding: sun.daylightHours) ?? 0) h light"))
        case .ordinary: break
        }
        return marks
    }

    /// A temperature (°F) in the traveller's units.
    private func shown(_ fahrenheit: Int) -> Int { units.degrees(fromFahrenheit: fahrenheit) }
    /// "wind 25 mph, gusts 45" when the sustained wind is strong too, else "gusts 45 mph": a gust is never
    /// shown as the wind.
    public func windText(_ day: ForecastDay) -> String {
        switch (day.wind, day.gust) {
        case let (wind?, gust?) where wind >= 20 && gust > wind: return "wind \(units.speedText(wind)), gusts \(units.speed(fromMPH: gust))"
        case let (_, gust?) where gust > (day.wind ?? 0): return "gusts \(units.speedText(gust))"
        case let (wind?, _): return "wind \(units.speedText(wind))"
        default: return "wind"
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
