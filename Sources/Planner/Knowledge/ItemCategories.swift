import FoundationEssentials

/// The category a traveller looks under for an item, by the words of its name: sunglasses under
/// Accessories (not Outerwear), sunscreen under Toiletries, an umbrella under Rain & weather. Used for the
/// built-in engine's items and a model's alike; names it does not recognise keep their category.
public enum ItemCategories {
    /// Words of a name (lowercased, as `PackingCheck.key` makes them) and the category they belong under,
    /// most specific first.
    static let table: [(words: [String], category: String)] = [
        // A suit for the water with its boots, gloves and hood is one piece of gear, not footwear or accessories.
        (["wetsuit", "drysuit"], "Activity gear"),
        (["ski jacket", "rain jacket", "raincoat", "rain coat", "winter coat", "warm coat", "windproof", "shell", "parka",
          "light jacket"], "Outerwear"),
        (["sunglasses", "sun hat", "warm hat", "beanie", "gloves", "mittens", "glove liners", "scarf", "neck gaiter",
          "cap or visor", "shawl"], "Accessories"),
        (["umbrella", "poncho"], "Rain & weather"),
        (["sunscreen", "sun cream", "sunblock", "lip balm", "toothbrush", "toothpaste", "deodorant", "toiletries",
          "liquids"], "Toiletries"),
        (["insect repellent", "bug spray", "repellent", "medication", "medicines", "first aid", "blister",
          "seasickness", "earplugs", "antimalarial"], "Health"),
        (["passport", "id card", "driving licence", "driver s license", "driving license", "insurance", "wallet",
          "visa", "tickets"], "Documents & money"),
        (["plug adapter", "adapter", "charger", "power bank", "portable charger", "laptop", "headphones"], "Electronics"),
        (["boots", "shoes", "sandals", "flip flops", "trainers", "sneakers"], "Footwear"),
    ]

    /// The category for `name`, or nil to keep the one it has.
    public static func category(for name: String) -> String? {
        let key = " " + PackingCheck.key(name) + " "
        // A charger or tickets on a phone stay where they are ("Tickets on your phone (and a charger)").
        if key.contains(" phone and charger ") { return "Electronics" }
        for row in table where row.words.contains(where: { key.contains(" \($0) ") }) {
            return row.category
        }
        return nil
    }
}
