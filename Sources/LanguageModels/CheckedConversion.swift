import FoundationEssentials

// The framework's own copy of plan's trap-free conversion (Store has the public one; LanguageModels imports
// no plan module). Internal, so the two never meet in one file.

extension Int {
    /// `value` rounded toward zero, or nil when it is NaN, infinite or outside `Int`'s range.
    init?(checked value: Double) {
        guard value.isFinite else { return nil }
        self.init(exactly: value.rounded(.towardZero))
    }
}

extension Sequence where Element == Int {
    /// The sum, held at `Int.max` (or `Int.min`) instead of trapping: token counts come from servers and
    /// stored rows, and a sum of them must never be the crash.
    public var saturatingSum: Int {
        reduce(0) { total, next in
            let (sum, overflow) = total.addingReportingOverflow(next)
            return overflow ? (next > 0 ? Int.max : Int.min) : sum
        }
    }
}
