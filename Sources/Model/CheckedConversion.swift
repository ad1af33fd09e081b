import FoundationEssentials

// Conversions from outside numbers that cannot trap. `Int(someDouble)` traps (SIGILL) on NaN, an
// infinity or anything beyond ±9.2e18; a service, a model, the database or the place data can send any
// of those. Every narrowing conversion in Sources goes through these (`Tests/StoreTests/
// CheckedConversionTests.swift` greps Sources for the unchecked forms).

extension Int {
    /// `value` rounded toward zero, or nil when it is NaN, infinite or outside `Int`'s range.
    public init?(checked value: Double) {
        guard value.isFinite else { return nil }
        self.init(exactly: value.rounded(.towardZero))
    }

    /// `value` rounded to the nearest whole number (halves away from zero), or nil when out of range.
    public init?(checkedRounding value: Double) {
        guard value.isFinite else { return nil }
        self.init(exactly: value.rounded())
    }

    /// `value` rounded toward zero when it lies within `range`; nil otherwise (NaN included).
    public init?(checked value: Double, in range: ClosedRange<Int>) {
        guard let whole = Int(checked: value), range.contains(whole) else { return nil }
        self = whole
    }

    /// `value` as an `Int`, or nil when it does not fit (an `Int64` always fits on 64-bit Linux).
    public init?(checked value: Int64) {
        self.init(exactly: value)
    }
}

extension Double {
    /// Whole seconds for display, or nil when not finite or beyond ±1e15 (a wait nobody would honour).
    public var checkedWholeSeconds: Int? {
        guard isFinite, abs(self) < 1e15 else { return nil }
        return Int(checked: rounded(.up))
    }

    /// Nanoseconds for `Task.sleep`: clamped to 0...one day, so a huge or NaN wait cannot trap the UInt64 conversion.
    public var sleepNanoseconds: UInt64 {
        guard isFinite, self > 0 else { return 0 }
        let seconds = Swift.min(self, 86_400)
        return UInt64(exactly: (seconds * 1_000_000_000).rounded(.towardZero)) ?? 0
    }
}
