import FoundationEssentials

/// The activities plan knows, as data: each a kit (see `ActivityKit`). The kits are what people who do
/// each activity usually bring (dive operators' and outfitters' checklists, travellers' own lists); the
/// wording is plan's.
public enum ActivityKits {
    /// Every kit, in `plan activities` order.
    public static let all: [ActivityKit] = water + snow + outdoors + town + occasions + people + styles

    /// The kit a word names (its name or an alias, any case, "-" and "_" read as spaces), or nil.
    public static func kit(named word: String) -> ActivityKit? {
        let key = normalized(word)
        return byWord[key] ?? byWord[singular(key)]
    }

    /// The words that mean "no activities" (`--activities none`): an empty list, never an activity.
    public static let noneWords: Set<String> = ["none", "nothing", "no activities"]

    /// Activities as plan stores and compares them: each known word under its kit's name ("ski" and "skiing"
    /// are one), each once, in order; an unknown word kept as typed (a pack names it); "none" is no activity.
    public static func canonical(_ words: [String]) -> [String] {
        var result: [String] = []
        for word in words {
            let key = normalized(word)
            guard !key.isEmpty, !noneWords.contains(key) else { continue }
            let name = kit(named: word)?.name ?? word
            if !result.contains(where: { normalized($0) == normalized(name) }) { result.append(name) }
        }
        return result
    }

    /// The kits of a trip's activities, once each, and the words plan does not know.
    public static func resolve(_ words: [String]) -> (kits: [ActivityKit], unknown: [String]) {
        var kits: [ActivityKit] = []
        var unknown: [String] = []
        for word in words {
            if let kit = kit(named: word) {
                if !kits.contains(where: { $0.name == kit.name }) { kits.append(kit) }
            } else if !normalized(word).isEmpty, !unknown.contains(where: { normalized($0) == normalized(word) }) {
                unknown.append(word)
            }
        }
        return (kits, unknown)
    }

    /// Known names close to `word` (a typo, a near spelling), best first, at most three.
    public static func suggestions(for word: String) -> [String] {
        let key = normalized(word)
        guard key.count >= 3 else { return [] }
        var scored: [(String, Int)] = []
        for kit in all {
            let best = kit.words.map { candidate -> Int in
                let distance = PackingCheck.editDistance(key, candidate, limit: 3)
                let prefix = candidate.hasPrefix(key) || key.hasPrefix(candidate) ? 1 : 9
                return min(distance, prefix)
            }.min() ?? 9
            if best <= (key.count <= 5 ? 1 : 2) || best == 1 { scored.append((kit.name, best)) }
        }
        return scored.sorted { $0.1 < $1.1 }.prefix(3).map(\.0)
    }

    static let byWord: [String: ActivityKit] = {
        var table: [String: ActivityKit] = [:]
        for kit in all {
            for word in kit.words where table[normalized(word)] == nil { table[normalized(word)] = kit }
        }
        return table
    }()

    static func normalized(_ word: String) -> String {
        let lowered = word.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 }
        return String(lowered).split(separator: " ").joined(separator: " ")
    }

    /// "museums" → "museum"; "kids" stays as the table has it.
    static func singular(_ word: String) -> String {
        word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
    }

    // MARK: - The kits

    private static let clothing = "Clothing"
    private static let accessories = "Accessories"
    private static let footwear = "Footwear"
    private static let rain = "Rain & weather"
    private static let toiletries = "Toiletries"
    private static let health = "Health"
    private static let documents = "Documents & money"
    private static let electronics = "Electronics"
    private static let gear = "Activity gear"

    private static let reefSafe = KitItem(toiletries, "Reef-safe sunscreen", "Ordinary sunscreen harms coral; some reefs ban it")
    private static let dryBag = KitItem(gear, "Dry bag", "Keeps phone and keys dry on the water")
    private static let rashGuard = KitItem(clothing, "Rash guard", "Sun on your back while you are in the water")

    static let water: [ActivityKit] = [
        ActivityKit(name: "swimming", aliases: ["swim", "pool", "swimming pool"], group: .water, wear: [.swimwear], gear: [
            KitItem(gear, "Swim goggles", "For laps"),
            KitItem(gear, "Quick-dry towel", "Pools and lakes rarely lend one", when: .always),
        ]),
        ActivityKit(name: "beach", aliases: ["beaches", "seaside", "beach day"], group: .water, wear: [.swimwear, .shorts, .sandals], gear: [
            KitItem(gear, "Beach towel", "Hotel towels usually stay in the room"),
            KitItem(toiletries, "Water-resistant sunscreen (SPF 30+)", "Sun and sea; reapply after swimming"),
            KitItem(accessories, "Sunglasses", "Glare off sand and water"),
            KitItem(accessories, "Sun hat", "Shade on the beach"),
            KitItem(gear, "Beach bag", "For towel, water and sunscreen"),
        ]),
        ActivityKit(name: "snorkeling", aliases: ["snorkelling", "snorkel"], group: .water, wear: [.swimwear, .waterShoes], gear: [
            KitItem(gear, "Mask and snorkel", "Your own fits and does not leak"),
            KitItem(gear, "Fins (or rent them)", "Further with less effort; most snorkel and dive shops rent them"),
            KitItem(gear, "Anti-fog drops for the mask", "A misted mask hides the reef"),
            rashGuard, reefSafe, dryBag,
        ]),
        ActivityKit(name: "scuba diving", aliases: ["diving", "dive", "scuba", "scuba dive"], group: .water, wear: [.swimwear], gear: [
            KitItem(documents, "Dive certification card and logbook", "Dive operators ask to see both"),
            KitItem(gear, "Dive mask", "Your own, for the fit"),
            KitItem(gear, "Wetsuit for diving (or rent one)", "Most seas chill a diver within the hour; dive shops rent suits for their water"),
            rashGuard, reefSafe, dryBag,
            KitItem(health, "Seasickness tablets", "Boat dives in a swell"),
        ], notice: "Diving: leave at least 18 hours between your last dive and your flight home."),
        ActivityKit(name: "surfing", aliases: ["surf"], group: .water, wear: [.boardshorts], gear: [
            rashGuard,
            KitItem(gear, "Surf wax", "Boards for rent rarely come waxed"),
            KitItem(gear, "Wetsuit", "The water is still cool on days this mild", when: .cool),
            KitItem(toiletries, "Water-resistant sunscreen (SPF 30+)", "Hours on the water"),
        ]),
        ActivityKit(name: "kayaking", aliases: ["kayak", "canoeing", "canoe", "paddling", "paddleboarding", "rafting"], group: .water,
                    wear: [.waterShoes, .rainShell], gear: [
            dryBag,
            KitItem(accessories, "Sunglasses with a strap", "Glare off the water; the strap keeps them aboard"),
            KitItem(toiletries, "Water-resistant sunscreen (SPF 30+)", "Sun off the water"),
            KitItem(clothing, "Quick-dry clothes", "You will get splashed"),
        ]),
        ActivityKit(name: "sailing", aliases: ["boating", "yachting", "boat trip"], group: .water, wear: [.deckShoes, .windproof], gear: [
            KitItem(accessories, "Sunglasses with a strap", "Glare off the water; the strap keeps them aboard"),
            KitItem(health, "Seasickness tablets", "Take them before you feel it"),
            KitItem(toiletries, "Water-resistant sunscreen (SPF 30+)", "Sun off the water"),
            dryBag,
        ]),
        ActivityKit(name: "hot springs", aliases: ["onsen", "thermal baths", "spa", "hot spring"], group: .water,
                    wear: [.swimwear, .sandals], gear: [
            KitItem(gear, "Quick-dry towel", "Some baths charge for towels"),
            KitItem(toiletries, "Hair ties and a comb", "Hair stays out of the water"),
        ]),
    ]

    static let snow: [ActivityKit] = [
        ActivityKit(name: "skiing", aliases: ["ski", "downhill", "downhill skiing", "alpine skiing", "skiing trip"], group: .snow,
                    wear: [.skiOuterwear, .baseLayers, .skiSocks, .warmHat, .skiGloves, .midLayer, .snowBoots], gear: [
            KitItem(gear, "Ski goggles", "Flat light, wind and snow"),
            KitItem(gear, "Helmet (or rent one)", "Most skiers wear one; rental shops have them"),
            KitItem(accessories, "Neck gaiter", "Wind on the lifts"),
            KitItem(toiletries, "Lip balm with SPF", "Sun and wind chap lips on the slopes"),
            KitItem(toiletries, "Sunscreen (SPF 30+)", "Snow reflects most of the sun back at you"),
            KitItem(gear, "Hand warmers", "Cold lift rides"),
            KitItem(documents, "Lift pass and winter-sports insurance", "Rescue on the slopes is rarely covered otherwise"),
        ]),
        // Cross-country skiing: no lifts, so no lift pass; no helmet or goggles; light layers that breathe on the
        // climbs, not a padded ski suit, and something warm for the stops.
        ActivityKit(name: "cross-country skiing", aliases: ["cross-country", "cross country ski", "nordic skiing", "nordic", "xc skiing", "langlauf"],
                    group: .snow, wear: [.baseLayers, .warmHat, .gloves, .midLayer, .windproof, .snowBoots], gear: [
            KitItem(gear, "Nordic skis, ski boots and poles (or rent them)", "Trail centres rent them by the day"),
            KitItem(documents, "Trail pass for the groomed tracks", "Most groomed trails charge a day or week fee"),
            KitItem(gear, "Small backpack or waist pack", "Water, a snack and a dry layer between huts"),
            KitItem(gear, "Insulated bottle or thermos", "Water freezes in an ordinary bottle"),
            KitItem(toiletries, "Lip balm with SPF", "Sun and wind chap lips on the tracks"),
        ]),
        ActivityKit(name: "snowboarding", aliases: ["snowboard"], group: .snow,
                    wear: [.skiOuterwear, .baseLayers, .skiSocks, .warmHat, .skiGloves, .midLayer, .snowBoots], gear: [
            KitItem(gear, "Snowboard goggles", "Flat light, wind and snow"),
            KitItem(gear, "Helmet (or rent one)", "Most riders wear one; rental shops have them"),
            KitItem(gear, "Wrist guards", "Most snowboard injuries are wrists"),
            KitItem(accessories, "Neck gaiter", "Wind on the lifts"),
            KitItem(toiletries, "Lip balm with SPF", "Sun and wind chap lips on the slopes"),
            KitItem(toiletries, "Sunscreen (SPF 30+)", "Snow reflects most of the sun back at you"),
            KitItem(documents, "Lift pass and winter-sports insurance", "Rescue on the slopes is rarely covered otherwise"),
        ]),
        ActivityKit(name: "snowshoeing", aliases: ["snowshoe", "winter hiking"], group: .snow,
                    wear: [.baseLayers, .warmHat, .gloves, .snowBoots, .midLayer], gear: [
            KitItem(gear, "Snowshoes and poles (or rent them)", "Rental is common at trailheads"),
            KitItem(gear, "Gaiters", "Keep snow out of your boots"),
            KitItem(gear, "Insulated bottle or thermos", "Water freezes in an ordinary bottle"),
            KitItem(gear, "Headlamp", "Winter days are short"),
        ]),
        ActivityKit(name: "northern lights", aliases: ["aurora", "aurora borealis", "aurora watching", "southern lights"], group: .snow,
                    wear: [.warmLayers, .baseLayers, .warmHat, .gloves, .snowBoots], gear: [
            KitItem(gear, "Tripod", "Long exposures of the sky"),
            KitItem(electronics, "Spare camera batteries and charger, kept warm", "Cold drains batteries fast"),
            KitItem(gear, "Headlamp with a red light", "Red light keeps your night vision"),
            KitItem(gear, "Hand warmers", "Hours standing still outside"),
            KitItem(gear, "Insulated bottle or thermos", "A hot drink while you wait"),
        ]),
    ]

    static let outdoors: [ActivityKit] = [
        ActivityKit(name: "hiking", aliases: ["hike", "hikes", "trekking", "trek", "walking", "hillwalking"], group: .outdoors,
                    wear: [.hikingBoots, .hikingSocks, .rainShell], gear: [
            KitItem(gear, "Daypack", "Water, layers and snacks on the trail"),
            KitItem(gear, "Reusable water bottle", "Refill before the trail"),
            KitItem(gear, "Trail snacks", "Energy between meals"),
            KitItem(health, "Blister plasters", "New miles on your feet"),
            KitItem(gear, "Headlamp", "In case the hike runs late"),
            KitItem(electronics, "Offline map of the area", "Trails often have no signal"),
        ]),
        ActivityKit(name: "backpacking", aliases: ["thru-hiking", "multi-day hike", "backcountry"], group: .outdoors,
                    wear: [.hikingBoots, .hikingSocks, .rainShell], gear: [
            KitItem(gear, "Backpack (40–60 l)", "Everything on your back"),
            KitItem(gear, "Tent", "Shelter each night"),
            KitItem(gear, "Sleeping bag rated for the lows", "Nights outside"),
            KitItem(gear, "Sleeping pad", "Warmth and comfort from the ground"),
            KitItem(gear, "Stove, fuel and lighter", "Hot meals on the trail"),
            KitItem(gear, "Water filter", "Refill from streams"),
            KitItem(gear, "Headlamp", "Camp after dark"),
            KitItem(health, "First-aid kit", "Far from help"),
            KitItem(gear, "Map and compass", "Phones die"),
        ]),
        ActivityKit(name: "camping", aliases: ["camp", "campsite", "tent camping"], group: .outdoors, wear: [.midLayer, .rainShell], gear: [
            KitItem(gear, "Tent", "Shelter each night"),
            KitItem(gear, "Sleeping bag rated for the lows", "Nights outside"),
            KitItem(gear, "Sleeping pad", "Warmth and comfort from the ground"),
            KitItem(gear, "Headlamp", "Around camp after dark"),
            KitItem(gear, "Camp stove, fuel and lighter", "Hot meals"),
            KitItem(gear, "Food storage (bear canister where required)", "Animals find food left out", when: .bearCountry),
            KitItem(gear, "Sealed food boxes or bags", "Animals find food left out", when: .noBears),
            KitItem(health, "Insect repellent", "Mosquitoes at dusk", when: .insects),
            KitItem(health, "First-aid kit", "Cuts, burns and splinters, far from a pharmacy"),
        ]),
        ActivityKit(name: "climbing", aliases: ["rock climbing", "bouldering", "climb"], group: .outdoors, wear: [], gear: [
            KitItem(gear, "Climbing shoes", "Your own fit"),
            KitItem(gear, "Harness, belay device and carabiners", "Your own, checked"),
            KitItem(gear, "Climbing helmet", "Falling rock"),
            KitItem(gear, "Chalk bag", "Dry hands"),
            KitItem(health, "Finger tape", "Skin on rough rock"),
        ]),
        ActivityKit(name: "cycling", aliases: ["bike", "biking", "bicycle", "mountain biking", "cycle", "bike touring"], group: .outdoors,
                    wear: [.rainShell], gear: [
            KitItem(gear, "Bike helmet", "Required in many places; wise in all"),
            KitItem(clothing, "Padded cycling shorts", "Hours in the saddle", quantity: .perDay(max: 2)),
            KitItem(gear, "Cycling gloves", "Grip and fewer blisters"),
            KitItem(gear, "Bike lights", "Dusk and tunnels"),
            KitItem(gear, "Repair kit and pump", "Punctures happen far from shops"),
        ]),
        ActivityKit(name: "fishing", aliases: ["angling", "fly fishing"], group: .outdoors, wear: [.rainShell], gear: [
            KitItem(documents, "Fishing licence", "Required almost everywhere"),
            KitItem(gear, "Rod, reel and tackle", "Or check what the guide provides"),
            KitItem(accessories, "Polarised sunglasses", "See into the water; glare off it"),
            KitItem(health, "Insect repellent", "Bugs by the water", when: .insects),
        ]),
        ActivityKit(name: "golf", aliases: ["golfing"], group: .outdoors, wear: [], gear: [
            KitItem(footwear, "Golf shoes", "Most courses require soft spikes"),
            KitItem(gear, "Golf glove", "Grip"),
            KitItem(clothing, "Collared polo shirts", "The usual course dress code", quantity: .perDay(max: 3)),
            KitItem(accessories, "Cap or visor", "Sun on the course"),
            KitItem(gear, "Golf balls and tees", "Cheaper from home"),
        ]),
        ActivityKit(name: "safari", aliases: ["game drive", "game drives"], group: .outdoors, wear: [.neutralColours, .midLayer, .rainShell], gear: [
            KitItem(gear, "Binoculars", "Animals are often far off"),
            KitItem(accessories, "Sun hat", "Open vehicles, midday sun"),
            KitItem(health, "Insect repellent", "Tsetse flies and mosquitoes", when: .insects),
            KitItem(gear, "Dust-proof camera bag", "Dirt roads"),
        ]),
        ActivityKit(name: "wildlife watching", aliases: ["birdwatching", "birding", "whale watching", "wildlife"], group: .outdoors,
                    wear: [], gear: [
            KitItem(gear, "Binoculars", "Animals are often far off"),
            KitItem(electronics, "Field guide or app", "Tell the species apart"),
            KitItem(electronics, "Camera with a zoom lens", "Phones do not reach"),
        ]),
        ActivityKit(name: "photography", aliases: ["photo", "photos", "photographing"], group: .outdoors, wear: [], gear: [
            KitItem(electronics, "Camera and lenses", "The point of the trip"),
            KitItem(electronics, "Spare batteries and charger", "A day of shooting outlasts one battery"),
            KitItem(electronics, "Memory cards", "And a backup of each day's shots"),
            KitItem(gear, "Tripod", "Night and low-light shots"),
            KitItem(gear, "Lens cloth", "Spray, dust and fingerprints"),
            KitItem(electronics, "Spare camera batteries and charger, kept warm", "Cold drains batteries fast; keep spares in an inside pocket",
                    when: .freezing),
            KitItem(gear, "Hand warmers", "Fingers on the controls and a pocket for the batteries", when: .freezing),
            KitItem(gear, "Sealable bag for the camera", "Bag it before going indoors so it does not mist up", when: .freezing),
        ]),
        ActivityKit(name: "running", aliases: ["run", "jogging", "jog"], group: .outdoors, wear: [.runningShoes, .workoutClothes], gear: [
            KitItem(electronics, "Sports watch or phone armband", "Pace and distance"),
        ]),
        // A race: what the start line asks for, and the shoes trained in (race day is no day for new ones).
        ActivityKit(name: "race", aliases: ["marathon", "half marathon", "trail race", "running race", "road race",
                                            "ultramarathon", "ultra", "10k", "10k race", "5k"], group: .outdoors,
                    wear: [.workoutClothes], gear: [
            KitItem(documents, "Race bib and race confirmation", "Bib pick-up asks for the confirmation and photo ID"),
            KitItem(footwear, "Race shoes, already worn in", "Run the race in the pair you trained in; new shoes blister"),
            KitItem(health, "Energy gels", "Your usual brand: a new one can upset the stomach mid-race"),
            KitItem(health, "Anti-chafe balm", "Feet, thighs and underarms over the distance"),
            KitItem(gear, "Safety pins or a race belt", "For the bib"),
            KitItem(toiletries, "Water-resistant sunscreen (SPF 30+)", "Hours on the course; sweat washes ordinary sunscreen off"),
            KitItem(accessories, "Cap or visor", "Sun and sweat out of your eyes on the course"),
            KitItem(electronics, "Sports watch or phone armband", "Pace and distance"),
            KitItem(clothing, "Throwaway layer for the start", "Waiting in the start pen in the morning cold"),
        ]),
        ActivityKit(name: "gym", aliases: ["workout", "fitness", "weights"], group: .outdoors, wear: [.runningShoes, .workoutClothes], gear: [
            KitItem(gear, "Padlock", "Gym lockers rarely come with one"),
        ]),
        ActivityKit(name: "yoga", aliases: ["pilates"], group: .outdoors, wear: [.workoutClothes], gear: [
            KitItem(gear, "Travel yoga mat", "Studio mats are shared; hotel floors are hard"),
        ]),
    ]

    static let town: [ActivityKit] = [
        ActivityKit(name: "sightseeing", aliases: ["city", "city break", "tour", "touring", "walking tour", "sights"], group: .town,
                    wear: [.walkingShoes], gear: [
            KitItem(gear, "Day bag", "Water, a layer and a map for the day"),
            KitItem(gear, "Reusable water bottle", "Refill as you go"),
            KitItem(electronics, "Portable charger", "Maps and photos drain the phone"),
        ]),
        ActivityKit(name: "museums", aliases: ["museum", "galleries", "gallery", "art"], group: .town, wear: [.walkingShoes], gear: [
            KitItem(gear, "Small bag", "Large bags must often be checked in"),
            KitItem(electronics, "Headphones", "Audio guides on your phone"),
        ]),
        ActivityKit(name: "nightlife", aliases: ["clubbing", "bars", "going out", "night out", "party"], group: .town, wear: [.dressShoes], gear: [
            KitItem(clothing, "Going-out outfit", "Some clubs have a dress code"),
            KitItem(gear, "Small cross-body bag", "Hands free, pockets safe"),
            KitItem(health, "Earplugs", "Loud music, and sleep after"),
        ]),
        ActivityKit(name: "theme parks", aliases: ["theme park", "amusement park", "disney", "disneyland", "disney world", "universal"],
                    group: .town, wear: [.walkingShoes], gear: [
            KitItem(electronics, "Portable charger", "Park apps, tickets and photos drain the phone"),
            KitItem(gear, "Reusable water bottle", "Long days in queues"),
            KitItem(rain, "Rain poncho", "Rides and queues go on in the rain", when: .wet),
            KitItem(gear, "Small day bag", "Lockers for big bags cost extra"),
        ]),
        ActivityKit(name: "shopping", aliases: ["shops", "markets"], group: .town, wear: [.walkingShoes], gear: [
            KitItem(gear, "Foldable tote bag", "Room for what you buy"),
            KitItem(gear, "Spare space in your luggage", "Or a foldable duffel for the way home"),
        ]),
        ActivityKit(name: "festivals", aliases: ["festival", "music festival"], group: .town, wear: [.walkingShoes], gear: [
            KitItem(health, "Earplugs", "Hours near the speakers"),
            KitItem(electronics, "Portable charger", "Few places to charge"),
            KitItem(rain, "Rain poncho", "Umbrellas are often banned at festivals", when: .wet),
            KitItem(gear, "Reusable water bottle", "Refill stations save money"),
            KitItem(gear, "Small cross-body bag", "Hands free in crowds"),
        ]),
        ActivityKit(name: "concerts", aliases: ["concert", "gig", "gigs", "show", "shows", "theatre", "theater"], group: .town, wear: [], gear: [
            KitItem(health, "Earplugs", "Protect your hearing"),
            KitItem(gear, "Small clear bag", "Many venues limit bag sizes"),
            KitItem(electronics, "Tickets on your phone (and a charger)", "Entry scans the screen"),
        ]),
    ]

    static let occasions: [ActivityKit] = [
        ActivityKit(name: "business", aliases: ["work", "business trip", "meetings", "meeting"], group: .occasions,
                    wear: [.businessOutfits, .dressShoes], gear: [
            KitItem(electronics, "Laptop and charger", "Work on the road"),
            KitItem(documents, "Business cards", "Meetings"),
            KitItem(gear, "Notebook and pen", "Meetings"),
        ]),
        ActivityKit(name: "conference", aliases: ["convention", "trade show", "expo", "summit"], group: .occasions,
                    wear: [.smartCasual, .walkingShoes], gear: [
            KitItem(electronics, "Laptop and charger", "Talks, notes and email"),
            KitItem(documents, "Business cards", "People you meet"),
            KitItem(electronics, "Portable charger", "Sockets are scarce in conference halls"),
            KitItem(gear, "Reusable water bottle", "Long days in dry halls"),
        ]),
        ActivityKit(name: "wedding", aliases: ["wedding guest", "weddings"], group: .occasions, wear: [.formalOutfit, .dressShoes], gear: [
            KitItem(accessories, "Jewellery, tie or other accessories", "To finish the outfit"),
            KitItem(gear, "Garment bag", "The outfit arrives uncreased"),
            KitItem(documents, "Gift or card", "For the couple"),
        ]),
        ActivityKit(name: "formal dinner", aliases: ["gala", "formal event", "black tie", "formal", "dinner party"], group: .occasions,
                    wear: [.formalOutfit, .dressShoes], gear: [
            KitItem(accessories, "Jewellery, tie or other accessories", "To finish the outfit"),
            KitItem(gear, "Garment bag", "The outfit arrives uncreased"),
        ]),
        ActivityKit(name: "funeral", aliases: ["memorial", "memorial service"], group: .occasions, wear: [.darkFormalOutfit, .dressShoes], gear: [
            KitItem(health, "Tissues", "For the service"),
            KitItem(documents, "Card for the family", "Condolences"),
        ]),
        ActivityKit(name: "religious sites", aliases: ["temples", "temple", "churches", "church", "mosques", "mosque", "religious site", "shrines"],
                    group: .occasions, wear: [.modestClothes, .slipOnShoes], gear: [
            KitItem(accessories, "Scarf or shawl", "To cover shoulders or hair where asked"),
        ]),
    ]

    static let people: [ActivityKit] = [
        ActivityKit(name: "children", aliases: ["kids", "kid", "child", "family", "with kids", "travelling with children"], group: .people,
                    wear: [.childSpares], gear: [
            KitItem(gear, "Snacks for the journey", "Hungry children do not wait"),
            KitItem(gear, "Books, games or a tablet with headphones", "Long waits and journeys"),
            KitItem(health, "Children's medicines", "Fever and pain relief at the right dose"),
            KitItem(documents, "Children's passports or ID", "Each child needs their own", when: .abroad),
        ]),
        ActivityKit(name: "baby", aliases: ["infant", "toddler", "travelling with a baby", "with baby"], group: .people,
                    wear: [.babyClothes], gear: [
            KitItem(gear, "Nappies and wipes", "More than you think; shops may be shut"),
            KitItem(gear, "Bottles and formula or feeding kit", "Feeds on the way"),
            KitItem(gear, "Baby carrier or stroller", "Airlines usually check strollers at the gate"),
            KitItem(gear, "Car seat", "Taxis and hire cars rarely have one"),
            KitItem(gear, "Changing mat", "Not every toilet has a table"),
            KitItem(health, "Baby medicines and thermometer", "Night-time fevers"),
        ]),
        ActivityKit(name: "pet", aliases: ["dog", "cat", "pets", "travelling with a pet", "with dog"], group: .people, wear: [], gear: [
            KitItem(gear, "Pet food and bowls", "The usual food keeps stomachs calm"),
            KitItem(gear, "Leash and waste bags", "Walks"),
            KitItem(documents, "Vaccination records (pet passport abroad)", "Borders and kennels ask"),
            KitItem(gear, "Pet bed or blanket", "Something that smells of home"),
        ]),
    ]

    static let styles: [ActivityKit] = [
        ActivityKit(name: "road trip", aliases: ["roadtrip", "driving", "drive", "car trip", "car hire"], group: .style, wear: [], gear: [
            KitItem(documents, "Driving licence", "Every driver"),
            KitItem(documents, "International Driving Permit", "Many countries ask for one with a foreign licence", when: .abroad),
            KitItem(electronics, "Car phone charger and mount", "Navigation all day"),
            KitItem(accessories, "Sunglasses for driving", "Low sun on the road"),
            KitItem(gear, "Snacks and water for the car", "Long stretches without shops"),
        ]),
        ActivityKit(name: "cruise", aliases: ["cruising", "cruise ship"], group: .style, wear: [.swimwear, .formalNight], gear: [
            KitItem(health, "Seasickness tablets", "Open water"),
            KitItem(electronics, "USB charging hub (no surge protector)", "Cabins have few sockets; surge protectors are banned"),
            KitItem(gear, "Day bag for shore excursions", "Ports of call"),
            KitItem(gear, "Lanyard for the cabin card", "It opens doors and pays for everything"),
        ]),
        ActivityKit(name: "carry-on only", aliases: ["carry on", "carryon", "hand luggage", "one bag"], group: .style,
                    wear: [.carryOn], gear: [
            KitItem(toiletries, "Liquids in 100 ml bottles, in one clear bag", "Security rules for cabin bags"),
            KitItem(gear, "Packing cubes", "Fit more in one bag"),
        ]),
        ActivityKit(name: "long flight", aliases: ["long haul", "flight", "red-eye"], group: .style, wear: [], gear: [
            KitItem(gear, "Neck pillow", "Sleep sitting up"),
            KitItem(health, "Earplugs and eye mask", "Sleep on the plane"),
            KitItem(health, "Compression socks", "Long hours seated"),
        ]),
    ]
}
