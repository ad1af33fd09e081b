import FoundationEssentials
import LanguageModels
import Model
import Tools

/// The packing list as a model generates it: items and notices, with the guides the grammar enforces
/// (categories from a fixed set, bounded names and reasons, a quantity from 1 to 999 (a large party's count) or null, at most 50
/// items). plan's check turns it into a `PackingList`.
public struct PackingAnswer: Generable, Equatable {
    /// One item as generated.
    public struct Item: Generable, Equatable, Hashable {
        public var category: String
        public var name: String
        public var quantity: Int?
        public var reason: String
        public var weather: Bool

        public init(category: String, name: String, quantity: Int?, reason: String, weather: Bool) {
            self.category = category
            self.name = name
            self.quantity = quantity
            self.reason = reason
            self.weather = weather
        }

        public static let generationSchema = GenerationSchema.object(Item.self, description: "One thing to pack", [
            .init(\.category, "category", .anyOf(PackingInstructions.categories)),
            .init(\.name, "name", .length(1...50)),
            .init(\.quantity, "quantity", .range(1...PackingAnswer.maximumQuantity)),
            .init(\.reason, "reason", .length(1...100)),
            .init(\.weather, "weather"),
        ])
    }

    /// The largest count an item may have: the most plan's own counts reach (20 adults and 20 children's
    /// underwear for a week and a spare, or 20 babies' nappies for a week), as the list's column allows.
    /// plan's check counts what a model gives against the party and the days (`PackingCheck`).
    public static let maximumQuantity = 999

    public var items: [Item]
    public var notices: [String]

    public init(items: [Item], notices: [String]) {
        self.items = items
        self.notices = notices
    }

    public static let generationSchema = GenerationSchema.object(PackingAnswer.self, description: "A packing list", [
        .init(\.items, "items", .minimumCount(1), .maximumCount(50)),
        .init(\.notices, "notices", .maximumCount(6), .length(0...300)),
    ])

    /// The answer as plan's list (quantities clamped: a backend that only validates after generating may
    /// still let a 0 or a 500 through, and that should not cost the traveller the whole list).
    public var list: PackingList {
        PackingList(
            items: items.map { item in
                PackingItem(
                    category: item.category, name: item.name, quantity: item.quantity.flatMap { $0 < 1 ? nil : min($0, PackingAnswer.maximumQuantity) },
                    reason: item.reason, weather: item.weather
                )
            },
            notices: notices
        )
    }

    /// A list as the answer the schema describes.
    public init(_ list: PackingList) {
        items = list.items.map {
            Item(category: $0.category, name: $0.name, quantity: $0.quantity, reason: $0.reason, weather: $0.weather)
        }
        notices = list.notices
    }
}
