/// A POSIX TZ string as used in TZif footers (RFC 8536 §3.3), e.g. "MST7MDT,M3.2.0,M11.1.0".
struct PosixZoneRule: Sendable, Equatable {
    /// A rule date plus the local time of day (seconds; RFC 8536 allows -167h...167h).
    struct Transition: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// Jn: 1...365, February 29 is never counted.
            case julian(Int)
            /// n: 0...365, February 29 is counted.
            case zeroBased(Int)
            /// Mm.w.d: weekday d (0 = Sunday) of week w (5 = last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var time: Int64
    }

    let standard: LocalTimeType
    let daylight: LocalTimeType?
    /// Start of daylight time (given in standard local time) and its end (in daylight local time).
    let rule: (start: Transition, end: Transition)?

    static func == (lhs: PosixZoneRule, rhs: PosixZoneRule) -> Bool {
        lhs.standard == rhs.standard && lhs.daylight == rhs.daylight
            && lhs.rule?.start == rhs.rule?.start && lhs.rule?.end == rhs.rule?.end
    }

    /// Parses `std offset [dst [offset] ,start[/time],end[/time]]`; nil if malformed.
    /// A DST name without a rule is rejected rather than guessed.
    init?(_ text: String) {
        var scanner = Scanner(text)
        guard let stdName = scanner.name(), let stdOffset = scanner.offset(maxHours: 24),
              let stdUTOffset = PosixZoneRule.utoff(posixOffset: stdOffset)
        else { return nil }
        standard = LocalTimeType(utoff: stdUTOffset, isDST: false, abbreviation: stdName)
        if scanner.atEnd {
            daylight = nil
            rule = nil
            return
        }
        guard let dstName = scanner.name() else { return nil }
        let dstOffset = scanner.atOffset ? scanner.offset(maxHours: 24) : stdOffset - 3600
        guard let dstOffset, let dstUTOffset = PosixZoneRule.utoff(posixOffset: dstOffset),
              scanner.consume(","), let start = scanner.transition(),
              scanner.consume(","), let end = scanner.transition(), scanner.atEnd
        else { return nil }
        daylight = LocalTimeType(utoff: dstUTOffset, isDST: true, abbreviation: dstName)
        rule = (start, end)
    }

    /// POSIX offsets count west of Greenwich; TZif offsets count east. Nil beyond ±26 hours.
    private static func utoff(posixOffset: Int64) -> Int32? {
        guard let value = Int32(exactly: -posixOffset),
              (-LocalTimeType.maxOffset...LocalTimeType.maxOffset).contains(value)
        else { return nil }
        return value
    }

    /// The local time type in force at `time` (seconds since 1970, UTC).
    func localType(at time: Int64) -> LocalTimeType {
        guard let daylight, let rule else { return standard }
        let time = Swift.min(Swift.max(time, -ZoneRules.instantLimit), ZoneRules.instantLimit)
        let year = CivilCalendar.year(ofDay: CivilCalendar.floorDivide(time, 86_400))
        // Scan neighbouring years so that rules crossing a year boundary are still seen.
        var latest: (time: Int64, isDST: Bool)?
        for candidateYear in (year - 1)...(year + 1) {
            let events = [
                (instant(of: rule.end, year: candidateYear, utoff: daylight.utoff), false),
                (instant(of: rule.start, year: candidateYear, utoff: standard.utoff), true),
            ]
            for (eventTime, isDST) in events where eventTime <= time {
                // On a tie the start wins, which keeps permanent DST ("0/0,J365/25") in DST.
                if let current = latest, current.time > eventTime || (current.time == eventTime && isDST == false) {
                    continue
                }
                latest = (eventTime, isDST)
            }
        }
        return latest?.isDST == true ? daylight : standard
    }

    /// The UTC instant of a transition in `year`, given the offset in force just before it.
    private func instant(of transition: Transition, year: Int64, utoff: Int32) -> Int64 {
        let day: Int64
        switch transition.day {
        case .julian(let n):
            let leapShift: Int64 = CivilCalendar.isLeap(year) && n >= 60 ? 1 : 0
            day = CivilCalendar.days(year: year, month: 1, day: 1) + Int64(truncatingIfNeeded: n - 1) + leapShift
        case .zeroBased(let n):
            day = CivilCalendar.days(year: year, month: 1, day: 1) + Int64(truncatingIfNeeded: n)
        case .monthWeekDay(let month, let week, let weekday):
            day = CivilCalendar.weekdayInMonth(year: year, month: month, week: week, weekday: weekday)
        }
        return day * 86_400 + transition.time - Int64(truncatingIfNeeded: utoff)
    }
}

extension PosixZoneRule {
    /// A cursor over a POSIX TZ string; every number has a digit limit so nothing can overflow.
    struct Scanner {
        private let bytes: [UInt8]
        private var position = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var atEnd: Bool { position == bytes.count }

        /// True if the next character can begin an offset (sign or digit).
        var atOffset: Bool {
            guard let next = peek() else { return false }
            return next == UInt8(ascii: "+") || next == UInt8(ascii: "-") || isDigit(next)
        }

        mutating func consume(_ character: Unicode.Scalar) -> Bool {
            guard peek() == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// An abbreviation: three or more letters, or `<...>` holding three or more of [A-Za-z0-9+-].
        mutating func name() -> String? {
            let quoted = consume("<")
            let begin = position
            while let next = peek(), isLetter(next) || (quoted && (isDigit(next) || next == 0x2B || next == 0x2D)) {
                position += 1
            }
            let text = bytes[begin..<position]
            guard text.count >= 3, quoted == false || consume(">") else { return nil }
            return String(decoding: text, as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, with hours limited to `maxHours`.
        mutating func offset(maxHours: Int) -> Int64? {
            var sign: Int64 = 1
            if consume("-") { sign = -1 } else { _ = consume("+") }
            guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
            var minutes = 0
            var seconds = 0
            if consume(":") {
                guard let value = number(maxDigits: 2), value <= 59 else { return nil }
                minutes = value
                if consume(":") {
                    guard let value = number(maxDigits: 2), value <= 59 else { return nil }
                    seconds = value
                }
            }
            return sign * Int64(truncatingIfNeeded: hours * 3600 + minutes * 60 + seconds)
        }

        /// `Jn`, `n` or `Mm.w.d`, optionally followed by `/time` (default 02:00).
        mutating func transition() -> Transition? {
            let day: Transition.Day
            if consume("J") {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if consume("M") {
                guard let month = number(maxDigits: 2), (1...12).contains(month), consume("."),
                      let week = number(maxDigits: 1), (1...5).contains(week), consume("."),
                      let weekday = number(maxDigits: 1), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time: Int64 = 7200
            if consume("/") {
                guard let value = offset(maxHours: 167) else { return nil }
                time = value
            }
            return Transition(day: day, time: time)
        }

        /// One to `maxDigits` decimal digits.
        private mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while digits < maxDigits, let next = peek(), isDigit(next) {
                value = value * 10 + Int(truncatingIfNeeded: next - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }

        private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

        private func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    }

    /// Proleptic Gregorian calendar arithmetic on day numbers (day 0 = 1970-01-01).
    enum CivilCalendar {
        static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
            let quotient = value / divisor
            return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
        }

        static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
            value - floorDivide(value, divisor) * divisor
        }

        static func isLeap(_ year: Int64) -> Bool {
            year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }

        static func monthLength(year: Int64, month: Int) -> Int64 {
            switch month {
            case 2: return isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }

        /// Day number of a date, counting years from March so the leap day comes last.
        static func days(year: Int64, month: Int, day: Int) -> Int64 {
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = floorDivide(shiftedYear, 400)
            let yearOfEra = shiftedYear - era * 400
            let monthFromMarch = Int64(truncatingIfNeeded: (month + 9) % 12)
            let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(truncatingIfNeeded: day) - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        /// The calendar year containing a day number.
        static func year(ofDay day: Int64) -> Int64 {
            let shifted = day + 719_468
            let era = floorDivide(shifted, 146_097)
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthFromMarch = (5 * dayOfYear + 2) / 153
            return era * 400 + yearOfEra + (monthFromMarch >= 10 ? 1 : 0)
        }

        /// Day number of weekday `weekday` (0 = Sunday) in week `week` (5 = last) of a month.
        static func weekdayInMonth(year: Int64, month: Int, week: Int, weekday: Int) -> Int64 {
            let first = days(year: year, month: month, day: 1)
            let firstWeekday = floorModulo(first + 4, 7)  // 1970-01-01 was a Thursday.
            var offset = floorModulo(Int64(truncatingIfNeeded: weekday) - firstWeekday, 7) + Int64(truncatingIfNeeded: week - 1) * 7
            if offset >= monthLength(year: year, month: month) { offset -= 7 }
            return first + offset
        }
    }
}
