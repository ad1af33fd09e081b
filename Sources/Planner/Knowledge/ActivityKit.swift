import FoundationEssentials

/// What people who do an activity always bring: gear (items with reasons, some only in some weather) and
/// what the activity asks of the clothing system (a swimsuit, business outfits, ski outerwear…), which
/// chooses the garments so nothing is stacked.
public struct ActivityKit: Sendable, Equatable {
    /// The activity's name as `plan activities` lists it ("scuba diving").
    public var name: String
    /// Other words for it ("diving", "dive", "scuba").
    public var aliases: [String]
    public var group: Group
    /// What the activity asks of the clothing system.
    public var wear: Set<ClothingNeed>
    public var gear: [KitItem]
    /// A note the traveller should read (diving: no flying within 18 hours).
    public var notice: String?

    /// The kinds of activity, in `plan activities` order.
    public enum Group: String, Sendable, CaseIterable, Codable {
        case water, snow, outdoors, town, occasions, people, style

        public var title: String {
            switch self {
            case .water: return "Water"
            case .snow: return "Snow"
            case .outdoors: return "Outdoors"
            case .town: return "Town"
            case .occasions: return "Occasions"
            case .people: return "People"
            case .style: return "Trip styles"
            }
        }
    }

    /// Every word that names this activity: its name, then its aliases.
    public var words: [String] { [name] + aliases }
}

/// One thing a kit brings.
public struct KitItem: Sendable, Equatable {
    public var category: String
    public var name: String
    public var reason: String
    public var quantity: Quantity
    public var when: Condition

    /// How many.
    public enum Quantity: Sendable, Equatable {
        /// One (no count shown).
        case one
        /// A fixed count.
        case count(Int)
        /// One a day of the trip, at most this many.
        case perDay(max: Int)
    }

    /// The weather or trip a kit item needs (`always` for most).
    public enum Condition: Sendable, Equatable {
        case always
        /// A high of 80 °F or more.
        case hot
        /// Every high under 75 °F (cool water: a wetsuit).
        case cool
        /// A low under 40 °F.
        case cold
        /// A low under 25 °F (what the clothing system calls freezing): cold-weather kit for hands and batteries.
        case freezing
        /// Warm enough for insects: a high of 50 °F or more.
        case insects
        /// A 40% chance of rain or more on some day.
        case wet
        /// At least one night away.
        case overnight
        /// Outside the traveller's home country.
        case abroad
        /// Where bear-proof food storage is the rule in camps (the United States and Canada).
        case bearCountry
        /// Anywhere else.
        case noBears
    }

    public init(_ category: String, _ name: String, _ reason: String, quantity: Quantity = .one, when: Condition = .always) {
        self.category = category
        self.name = name
        self.reason = reason
        self.quantity = quantity
        self.when = when
    }
}

/// What an activity asks of the clothing system.
public enum ClothingNeed: String, Sendable, CaseIterable, Codable {
    case swimwear, boardshorts, shorts, businessOutfits, smartCasual, formalOutfit, darkFormalOutfit, formalNight
    case dressShoes, skiOuterwear, skiSocks, baseLayers, warmLayers, midLayer, warmHat, skiGloves, gloves
    case hikingBoots, hikingSocks, walkingShoes, slipOnShoes, sandals, waterShoes, deckShoes, runningShoes
    case snowBoots, workoutClothes, neutralColours, modestClothes, carryOn, childSpares, windproof, babyClothes
    /// Active days outdoors (a bike, a kayak, a trail, a game drive): rain is met with a shell, never an umbrella.
    case rainShell
}

extension ClothingNeed {
    /// What the need brings, as `plan activities` says it.
    public var label: String {
        switch self {
        case .swimwear: return "swimsuit"
        case .boardshorts: return "boardshorts"
        case .shorts: return "shorts"
        case .businessOutfits: return "business outfits for the working days"
        case .smartCasual: return "smart-casual outfits"
        case .formalOutfit: return "formal outfit"
        case .darkFormalOutfit: return "dark formal outfit"
        case .formalNight: return "outfit for the formal night"
        case .dressShoes: return "dress shoes"
        case .skiOuterwear: return "ski jacket and trousers"
        case .skiSocks: return "ski socks"
        case .baseLayers: return "base layers"
        case .warmLayers: return "warm layers for standing still"
        case .midLayer: return "a fleece"
        case .warmHat: return "warm hat"
        case .skiGloves: return "ski gloves"
        case .gloves: return "gloves"
        case .hikingBoots: return "hiking boots"
        case .hikingSocks: return "hiking socks"
        case .walkingShoes: return "walking shoes"
        case .slipOnShoes: return "slip-on shoes"
        case .sandals: return "sandals"
        case .waterShoes: return "water shoes"
        case .deckShoes: return "deck shoes"
        case .runningShoes: return "running shoes"
        case .snowBoots: return "snow boots"
        case .workoutClothes: return "workout clothes"
        case .neutralColours: return "neutral colours"
        case .modestClothes: return "clothes covering shoulders and knees"
        case .carryOn: return "clothes for 4 days at most"
        case .childSpares: return "spare clothes per child"
        case .windproof: return "a windproof shell"
        case .babyClothes: return "baby clothes, two changes a day"
        case .rainShell: return "a rain shell, not an umbrella, when rain is likely"
        }
    }
}
