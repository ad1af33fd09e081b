import FoundationEssentials

/// A packing list: items grouped by category, each with a reason; the answer both engines give.
public struct PackingList: Codable, Sendable, Equatable {
    public var items: [PackingItem]
    /// Things the traveller should know: days without forecast, stale data, and so on.
    public var notices: [String]
    /// plan's check of a model's answer: what it kept, merged, added and dropped (nil for lists stored
    /// before the check existed).
    public var review: PackingReview?

    public init(items: [PackingItem], notices: [String] = [], review: PackingReview? = nil) {
        self.items = items
        self.notices = notices
        self.review = review
    }

    /// Categories in the order they first appear.
    public var categories: [String] {
        var seen: [String] = []
        for item in items where !seen.contains(item.category) { seen.append(item.category) }
        return seen
    }

    /// JSON text, as stored.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// One thing to pack.
public struct PackingItem: Codable, Sendable, Equatable, Hashable {
    public var category: String
    public var name: String
    /// How many, when it matters (nil for "one of" or uncountable things).
    public var quantity: Int?
    /// Why it is on the list; weather-driven items name the day and the figure.
    public var reason: String
    /// True when the forecast put it there.
    public var weather: Bool
    /// Who put it on the list (nil for lists stored before this was recorded).
    public var origin: Origin?

    /// Who put an item on the list.
    public enum Origin: String, Codable, Sendable, Hashable, CaseIterable {
        /// The language model, kept as it answered (names tidied).
        case model
        /// plan's rules: the built-in engine's list, or gear the forecast demands that a model left out.
        case rules
        /// Several of the model's items merged into one.
        case merged
    }

    public init(
        category: String, name: String, quantity: Int? = nil, reason: String, weather: Bool = false, origin: Origin? = nil
    ) {
        self.category = category
        self.name = name
        self.quantity = quantity
        self.reason = reason
        self.weather = weather
        self.origin = origin
    }
}
