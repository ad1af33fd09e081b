import Foundation
import Store

/// A packing list: items grouped by category, each with a reason; the answer both engines give.
public struct PackingList: Codable, Sendable, Equatable {
    public var items: [PackingItem]
    /// Things the traveller should know: days without forecast, stale data, and so on.
    public var notices: [String]

    public init(items: [PackingItem], notices: [String] = []) {
        self.items = items
        self.notices = notices
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

    public static func fromJSON(_ text: String) throws -> PackingList {
        try JSONDecoder().decode(PackingList.self, from: Data(text.utf8))
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

    public init(category: String, name: String, quantity: Int? = nil, reason: String, weather: Bool = false) {
        self.category = category
        self.name = name
        self.quantity = quantity
        self.reason = reason
        self.weather = weather
    }
}
