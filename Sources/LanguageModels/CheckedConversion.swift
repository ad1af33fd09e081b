import Foundation

// The framework's own copy of plan's trap-free conversion (Store has the public one; LanguageModels imports
// no plan module). Internal, so the two never meet in one file.

extension Int {
    /// `value` rounded toward zero, or nil when it is NaN, infinite or outside `Int`'s range.
    init?(checked value: Double) {
        guard value.isFinite else { return nil }
        self.init(exactly: value.rounded(.towardZero))
    }
}
