import FoundationEssentials
import Model

/// A destination looked up online once: what was typed (its key), the place it resolved to, the others it
/// could have been, and how long the answer stays good.
public struct PlaceLookup: Sendable, Equatable {
    /// The normalized text that was looked up.
    public var key: String
    public var place: Place
    /// Other candidates, best first.
    public var alternatives: [Place]
    public var lookedUpAt: Date
    public var expiresAt: Date

    public init(key: String, place: Place, alternatives: [Place], lookedUpAt: Date, expiresAt: Date) {
        self.key = key
        self.place = place
        self.alternatives = alternatives
        self.lookedUpAt = lookedUpAt
        self.expiresAt = expiresAt
    }

    /// Whether the answer is still within its lifetime at `date`, and looked up less than `maximumLifetime`
    /// seconds ago (`CacheFreshness`, the rule every cache read applies).
    public func isFresh(at date: Date, maximumLifetime: TimeInterval) -> Bool {
        CacheFreshness.isFresh(expiresAt: expiresAt, validatedAt: lookedUpAt, at: date, maximumLifetime: maximumLifetime)
    }
}
