import FoundationEssentials

/// The garment families of the clothing system, as a list's item names show them: the check uses them to
/// merge a model's stacked items ("Socks" and "Wool socks") into one, and to see a family covered.
public enum GarmentFamily: String, Sendable, CaseIterable {
    case baseLayers, midLayers, outerLayers, tops, shorts, bottoms, socks, underwear, gloves, warmHats, sunHats, boots,
         shoes, sleepwear

    /// Words that put a name in the family (matched as whole words of the name's key).
    public var words: [String] {
        switch self {
        case .baseLayers: return ["base layer", "base layers", "thermal", "thermals", "long johns"]
        case .midLayers: return ["fleece", "fleeces", "sweater", "sweaters", "jumper", "jumpers", "hoodie", "cardigan", "pullover", "down jacket"]
        case .outerLayers: return ["coat", "jacket", "parka", "shell", "anorak", "raincoat"]
        case .tops: return ["tops", "top", "t shirts", "t shirt", "shirts", "shirt", "tees", "blouses", "tank tops"]
        case .shorts: return ["shorts"]
        case .bottoms: return ["trousers", "pants", "jeans", "skirts", "skirt", "leggings", "chinos"]
        case .socks: return ["socks"]
        case .underwear: return ["underwear", "briefs", "boxers", "knickers", "undies"]
        case .gloves: return ["gloves", "mittens"]
        case .warmHats: return ["warm hat", "beanie", "toque", "wool hat", "winter hat"]
        case .sunHats: return ["sun hat", "sunhat", "cap", "visor"]
        case .boots: return ["boots"]
        case .shoes: return ["walking shoes", "everyday shoes", "waterproof shoes", "sneakers", "comfortable shoes", "trainers"]
        case .sleepwear: return ["sleepwear", "pyjamas", "pajamas"]
        }
    }

    /// Whether the family counts one a day (capped at a day's worth per day plus a spare).
    public var isDaily: Bool { [.tops, .socks, .underwear].contains(self) }

    /// Whether a trip of several stops may hold a line of the family per stop where the stops need different
    /// kinds (long sleeves in the cold, short in the heat; ski socks on the slopes, plain ones elsewhere; snow
    /// boots and hiking boots): each line names its stops, and the check keeps them apart.
    public var isPerStop: Bool { [.tops, .bottoms, .socks, .boots].contains(self) }

    /// Words that keep a name out of every family: specialised garments a kit or occasion brings.
    static let outside: [String] = [
        "business", "formal", "outfit", "rash guard", "polo", "workout", "cycling", "padded", "swim", "board", "compression",
        "liners", "golf", "ski boots", "dress shoes", "running", "climbing", "water shoes", "deck", "slip on", "sandals",
        "life jacket", "child", "children", "baby", "quick dry", "going out", "covering", "hat and gloves",
    ]

    /// Whether a list holds one line of the family, so that another kind of it replaces the old one on a
    /// re-pack ("Short-sleeved tops" → "Long-sleeved tops"). Outer layers, footwear, gloves and hats can
    /// rightly stand beside each other (a light jacket and a rain shell), so they are never replaced.
    public var isOneLine: Bool {
        switch self {
        case .tops, .bottoms, .shorts, .socks, .underwear, .sleepwear, .baseLayers, .midLayers: return true
        case .outerLayers, .gloves, .warmHats, .sunHats, .boots, .shoes: return false
        }
    }

    /// The family of an item's name, or nil. Layers are checked first, so "Thermal base layers (top and
    /// bottom)" is a base layer and "Fleece or down jacket" a mid layer; "Ski jacket and trousers" is the
    /// outer layer.
    public static func of(_ name: String) -> GarmentFamily? {
        let key = " " + PackingCheck.key(name) + " "
        if outside.contains(where: { key.contains(" \($0) ") }) {
            // "Warm hat and gloves" is the glove decision (it holds the hat too).
            if key.contains(" hat and gloves ") { return .gloves }
            return nil
        }
        return allCases.first { family in family.words.contains { key.contains(" \($0) ") } }
    }
}
