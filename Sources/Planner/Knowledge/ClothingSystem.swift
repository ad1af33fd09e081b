import FoundationEssentials
import Model
import Tools

/// One clothing system for the trip: each garment family (tops, bottoms, socks, underwear, sleepwear,
/// base, mid and outer layers, gloves, hats, neckwear, footwear, swimwear) is one decision. The weather's
/// range and the activities choose which kind and how many; a warmer or more specialised kind replaces the
/// plain one instead of joining it. Quantities are one a day plus a spare, capped by the laundry interval,
/// so no family has more pieces than the trip has days plus a spare.
public struct ClothingSystem: Sendable {
    public let context: PackingContext
    public let weather: TripWeather
    public let needs: Set<ClothingNeed>
    let cite: WeatherCitation

    public init(context: PackingContext, weather: TripWeather, needs: Set<ClothingNeed>) {
        self.context = context
        self.weather = weather
        self.needs = needs
        cite = WeatherCitation(units: context.traveller.units)
    }

    // MARK: - Counts

    /// Whether the trip has a night away (a day trip packs no spares and nothing for the night).
    var isOvernight: Bool { context.nights >= 1 }
    /// One spare of each daily garment on trips with a night away.
    var spare: Int { isOvernight ? 1 : 0 }
    /// Days' worth of clothes: the trip's days, capped by the laundry interval (carry-on only: 4 days).
    public var wornDays: Int {
        let laundry = needs.contains(.carryOn) ? min(context.traveller.laundryDays, 4) : context.traveller.laundryDays
        return max(1, min(context.dayCount, laundry))
    }
    /// Pieces of a daily garment: a day's worth each day, plus a spare.
    public var daily: Int { wornDays + spare }
    /// A trip for work (business or smart-casual outfits): its clothes are the outfits, not holiday wear.
    public var dressesForWork: Bool { needs.contains(.businessOutfits) || needs.contains(.smartCasual) }
    /// Working days: the weekdays of the trip (all its days when it has none).
    var workDays: Int {
        let weekdays = (0..<context.dayCount).map { context.start.adding(days: $0) }
            .filter { !["Saturday", "Sunday"].contains($0.weekdayName) }.count
        return min(wornDays, weekdays == 0 ? context.dayCount : weekdays)
    }

    // MARK: - The system

    /// The garments, family by family.
    public func items() -> [PackingItem] {
        var items: [PackingItem] = []
        // A day trip's clothes are the ones worn: no daily garments, no sleepwear, no spares.
        if isOvernight {
            items += tops() + bottoms()
            items.append(item("Clothing", "Underwear", daily, perDay("Underwear")))
            items.append(socks())
            items.append(item("Clothing", "Sleepwear", 1, "For \(context.nights) night\(context.nights == 1 ? "" : "s")"))
        }
        items += baseLayers() + midLayers() + outerLayer() + accessories() + footwear() + swimwear() + specialWear()
        return items
    }

    /// "One a day plus a spare for 4 days" (with the laundry cap when it applies).
    func perDay(_ what: String) -> String {
        if context.dayCount > wornDays {
            return "\(wornDays) days' worth plus a spare; wash every \(wornDays) days"
        }
        return "One a day plus a spare for \(context.dayCount) day\(context.dayCount == 1 ? "" : "s")"
    }

    // MARK: Tops and bottoms

    /// Tops of one kind chosen by the range of highs; business outfits cover the working days and casual
    /// tops the rest.
    func tops() -> [PackingItem] {
        var items: [PackingItem] = []
        var casual = daily
        if needs.contains(.businessOutfits) || needs.contains(.smartCasual) {
            let outfits = workDays
            let name = needs.contains(.businessOutfits) ? "Business outfits" : "Smart-casual outfits"
            items.append(item("Clothing", name, outfits, "For \(outfits) working day\(outfits == 1 ? "" : "s")"))
            casual = max(context.dayCount > outfits ? 1 : 0, daily - outfits)
        }
        if needs.contains(.workoutClothes) { casual = max(1, casual - 1) }
        guard casual > 0 else { return items }
        // On a ski trip base layers are worn on the slopes: tops are for evenings and the village.
        if needs.contains(.skiOuterwear) {
            let count = min(casual, max(2, (casual + 1) / 2))
            items.append(item("Clothing", "Long-sleeved tops", count, "For evenings and the village; base layers on the slopes"))
            return items
        }
        let hottest = weather.hottestHigh?.value ?? 65
        let coolest = weather.coldestHigh?.value ?? hottest
        var name: String
        var figure = weather.hottestHigh
        var lead: String
        switch (hottest, coolest) {
        case (85..., 75...): (name, lead) = ("Breathable short-sleeved tops", "Hot days")
        case (70..., 65...): (name, lead) = ("Short-sleeved tops", "Warm days")
        case (70..., _): (name, lead) = ("Tops, short- and long-sleeved", "Warm days and cooler ones")
        case (55..., _): (name, lead) = ("Long-sleeved tops, a couple short-sleeved", "Mild days")
        default:
            (name, lead) = ("Long-sleeved tops", Self.coolOrCold(weather.coldestHigh?.value))
            figure = weather.coldestHigh
        }
        // One or two tops cannot be "short- and long-sleeved": the kind for the coolest day names them.
        if casual <= 2, let plain = Self.fewTopsName[name] { name = plain }
        if needs.contains(.neutralColours) { name = "Tops in neutral colours (khaki, tan, olive)" }
        let (reason, isForecast) = cite.reason(.high, of: figure, in: weather, lead: lead)
        var tops = item("Clothing", name, casual, reason, weather: isForecast)
        if needs.contains(.neutralColours) { tops.reason = "Bright colours and black draw attention and insects on safari" }
        items.append(tops)
        return items
    }

    /// The mixed kinds of top, and what one or two of them are called instead.
    static let fewTopsName: [String: String] = [
        "Tops, short- and long-sleeved": "Long-sleeved tops",
        "Long-sleeved tops, a couple short-sleeved": "Long-sleeved tops",
    ]

    /// Bottoms: shorts (and one pair of light trousers) in the heat, else trousers of a warmth for the cold.
    func bottoms() -> [PackingItem] {
        var count = min(3, max(1, (wornDays + 1) / 2))
        if needs.contains(.businessOutfits) || needs.contains(.smartCasual) {
            count = max(1, min(count, (context.dayCount - workDays + 1) / 2))
        }
        // Ski trousers on the slopes: the others are for evenings and the village.
        if needs.contains(.skiOuterwear) { count = min(count, ClothingSystem.eveningTrousers) }
        let hottest = weather.hottestHigh?.value ?? 65
        let coolest = weather.coldestHigh?.value ?? hottest
        // Business attire replaces casual wear: a work trip packs shorts only when an activity asks for them.
        if dressesForWork, !needs.contains(.shorts), hottest >= 80 {
            let (reason, isForecast) = cite.reason(.high, of: weather.hottestHigh, in: weather, lead: "Off-duty hours in the heat")
            return [item("Clothing", "Light trousers or a skirt", count, reason, weather: isForecast)]
        }
        if hottest >= 80 || (needs.contains(.shorts) && hottest >= 65) {
            let (reason, isForecast) = cite.reason(.high, of: weather.hottestHigh, in: weather, lead: "Warm days")
            var items = [item("Clothing", "Shorts", count, reason, weather: isForecast)]
            if wornDays >= 3 || coolest < 70 {
                items.append(item("Clothing", "Light trousers or a skirt", 1, "Evenings, flights and places that ask for covered legs"))
            }
            return items
        }
        if weather.isCold(25) {
            let (reason, isForecast) = cite.reason(.low, of: weather.coldestLow, in: weather, lead: "Freezing")
            return [item("Clothing", "Warm trousers (not jeans)", count, reason, weather: isForecast)]
        }
        return [item("Clothing", "Trousers, jeans or skirts", count, "One for every two days")]
    }

    func socks() -> PackingItem {
        if needs.contains(.skiSocks) {
            return item("Clothing", "Ski socks", daily, "Thin, warm socks for ski boots; " + perDay("").lowercased())
        }
        if let snow = weather.snowDay {
            return item("Clothing", "Wool socks", daily, cite.reason(.snowfall, of: snow, lead: "Warm, dry feet"), weather: true)
        }
        if weather.isCold(32) {
            let (reason, isForecast) = cite.reason(.low, of: weather.coldestLow, in: weather, lead: "Warm feet")
            return item("Clothing", "Wool socks", daily, reason, weather: isForecast)
        }
        if needs.contains(.hikingSocks) {
            // Hiking among days in town or at work: hiking socks for the trail days, everyday socks the rest.
            let mixed = ActivityKits.resolve(context.activities).kits.contains { [.town, .occasions].contains($0.group) }
            if mixed, daily > 3 {
                let trail = max(2, daily / 3)
                return item("Clothing", "Socks (hiking socks for \(trail) days)", daily,
                            "Cushioned hiking socks for the trails, everyday socks the rest; " + perDay("").lowercased())
            }
            return item("Clothing", "Hiking socks", daily, "Cushioned socks against blisters; " + perDay("").lowercased())
        }
        // Sandals most days (every high 75 °F or more, and a beach's sandals or heat with no office): fewer socks.
        let warmEveryDay = (weather.coldestHigh?.value ?? 0) >= 75
        if warmEveryDay, needs.contains(.sandals) || (weather.isHot(85) && !needs.contains(.businessOutfits)) {
            let count = max(2, (daily + 1) / 2)
            let lead = needs.contains(.sandals) ? "Sandals most days" : "Sandals most days in the heat"
            return item("Clothing", "Socks", min(daily, count), lead + "; socks for closed shoes")
        }
        return item("Clothing", "Socks", daily, perDay("Socks"))
    }

    // MARK: Layers

    func baseLayers() -> [PackingItem] {
        let cold = weather.isCold(25) || (context.isHighAltitude && weather.isCold(40))
        guard cold || needs.contains(.baseLayers) || needs.contains(.warmLayers) else { return [] }
        let sets = context.dayCount >= 4 ? 2 : 1
        if cold {
            let (reason, isForecast) = cite.reason(.low, of: weather.coldestLow, in: weather, lead: "Under your clothes")
            return [item("Clothing", "Thermal base layers (top and bottom)", sets, reason, weather: isForecast)]
        }
        return [item("Clothing", "Thermal base layers (top and bottom)", sets, "Under ski or winter clothes")]
    }

    /// Trousers a ski trip packs besides the ski trousers, for evenings and the village.
    public static let eveningTrousers = 2
    /// The season's guess of a night (°F) under which winter boots are packed without a forecast or the climate.
    public static let guessedFrozenLow = 15

    /// Warm mid layers (a fleece or a down jacket) a trip needs, however long: one.
    public static let warmLayerCount = 1

    func midLayers() -> [PackingItem] {
        let coolDays = (weather.coldestHigh?.value ?? 60) < 60
        let coldNights = weather.isCold(60)
        let wanted = coolDays || coldNights || weather.widestSpread != nil || needs.contains(.midLayer)
            || needs.contains(.warmLayers) || context.isHighAltitude
        guard wanted else { return [] }
        let count = context.dayCount >= 5 && (weather.coldestHigh?.value ?? 60) < 50 ? 2 : 1
        if needs.contains(.warmLayers) || weather.isCold(25) {
            // One warm mid layer: worn over base layers, never against the skin, it does the whole trip.
            let (reason, isForecast) = cite.reason(.low, of: weather.coldestLow, in: weather, lead: "Warmth when still")
            return [item("Clothing", "Warm fleece or down jacket", ClothingSystem.warmLayerCount, reason, weather: isForecast)]
        }
        if let spread = weather.widestSpread, !coolDays {
            return [item("Clothing", "Fleece or light sweater", 1, cite.reason(.highAndLow, of: spread, lead: "Cool evenings"), weather: true)]
        }
        if coolDays {
            let lead = Self.coolOrCold(weather.coldestHigh?.value)
            let (reason, isForecast) = cite.reason(.high, of: weather.coldestHigh, in: weather, lead: lead)
            return [item("Clothing", "Fleece or warm sweater", count, reason, weather: isForecast)]
        }
        if coldNights {
            let (reason, isForecast) = cite.reason(.low, of: weather.coldestLow, in: weather, lead: "Cool nights")
            return [item("Clothing", "Fleece or light sweater", 1, reason, weather: isForecast)]
        }
        if context.isHighAltitude {
            return [item("Clothing", "Fleece or light sweater", 1, "Nights are cold at \(context.elevationText)")]
        }
        return [item("Clothing", "Fleece or light sweater", 1, "Cold lifts, evenings and camp")]
    }

    /// One outer layer, chosen for the coldest, wettest and windiest day; an umbrella only when no wet day
    /// gusts at 30 mph or more (a waterproof shell then).
    func outerLayer() -> [PackingItem] {
        let wet = weather.isWet(50)
        let showers = weather.isWet(30)
        let gusty = weather.gustyWetDay
        let windy = weather.windyDay
        // In tropical heat (every high 75 °F or more) rain is met with an umbrella; a jacket only against gusts.
        let tropical = (weather.coldestHigh?.value ?? 0) >= 75 && !weather.isSeasonal
        // Active days outdoors (a bike, a paddle, a trail, an open vehicle) meet showers with a shell, never an umbrella.
        let activeOutdoors = needs.contains(.rainShell)
        let needsShell = (wet && (!tropical || gusty != nil)) || (showers && (gusty != nil || activeOutdoors))
        var items: [PackingItem] = []
        let low = weather.coldestLow?.value ?? 50
        func because(_ figure: WeatherCitation.Figure, _ reading: TripWeather.Reading?, _ lead: String) -> (String, Bool) {
            cite.reason(figure, of: reading, in: weather, lead: lead)
        }
        if needs.contains(.skiOuterwear) {
            items.append(item("Outerwear", "Ski jacket and trousers", nil, "Waterproof and warm for the slopes; the jacket does for the village too"))
        } else if low < 25 {
            let (reason, isForecast) = because(.low, weather.coldestLow, "Freezing")
            let name = weather.snowDay != nil || needsShell ? "Insulated waterproof winter coat" : "Insulated winter coat"
            items.append(item("Outerwear", name, nil, reason, weather: isForecast))
        } else if low < 40 {
            let (reason, isForecast) = because(.low, weather.coldestLow, "Cold")
            let name = weather.snowDay != nil || needsShell ? "Warm waterproof coat" : "Warm coat"
            items.append(item("Outerwear", name, nil, reason, weather: isForecast))
        } else if needsShell {
            let (reason, isForecast) = gusty.map { (cite.reason(.gust, of: $0, lead: "Too windy for an umbrella"), true) }
                ?? because(.chance, weather.wettest, activeOutdoors ? "Rain; a shell keeps your hands free outdoors" : "Rain")
            let name = low < 55 ? "Waterproof rain jacket" : "Light waterproof rain jacket"
            items.append(item("Outerwear", name, nil, reason, weather: isForecast))
        } else if let windy {
            items.append(item("Outerwear", "Windproof shell", nil, cite.reason(.gust, of: windy, lead: "Wind"), weather: true))
        } else if needs.contains(.windproof) {
            items.append(item("Outerwear", "Windproof shell", nil, "It is windier on the water than ashore"))
        } else if low < 55 {
            let (reason, isForecast) = because(.low, weather.coldestLow, "Cool evenings")
            items.append(item("Outerwear", "Light jacket", nil, reason, weather: isForecast))
        }
        // No umbrella on a ski trip: the waterproof ski jacket does for the village too.
        if showers, gusty == nil, weather.snowDay == nil || weather.isWet(50), !needs.contains(.skiOuterwear), !activeOutdoors {
            let (reason, isForecast) = weather.wettest?.day.map { (cite.reason(.chance, of: $0), true) }
                ?? (cite.seasonal(lead: "Showers are common", phrase: weather.seasonPhrase), false)
            items.append(item("Rain & weather", "Compact umbrella", nil, reason, weather: isForecast))
        }
        return items
    }

    // MARK: Accessories: gloves, hats, neckwear

    func accessories() -> [PackingItem] {
        var items: [PackingItem] = []
        let low = weather.coldestLow?.value ?? 50
        func because(_ lead: String) -> (String, Bool) { cite.reason(.low, of: weather.coldestLow, in: weather, lead: lead) }
        if needs.contains(.skiGloves) {
            items.append(item("Accessories", "Waterproof ski gloves or mittens", nil, "Snow and cold lift rides"))
            if low < 15 {
                let (reason, isForecast) = because("Very cold")
                items.append(item("Accessories", "Glove liners", nil, reason, weather: isForecast))
            }
        } else if low < 25 || weather.snowDay != nil {
            let (reason, isForecast) = weather.snowDay.map { (cite.reason(.snowfall, of: $0, lead: "Snow"), true) } ?? because("Freezing")
            items.append(item("Accessories", "Insulated waterproof gloves", nil, reason, weather: isForecast))
            if low < 10 {
                let (reason, isForecast) = because("Very cold")
                items.append(item("Accessories", "Glove liners", nil, reason, weather: isForecast))
            }
        } else if low < 40 || needs.contains(.gloves) {
            let (reason, isForecast) = low < 40 ? because("Cold") : ("Cold hands outdoors", false)
            items.append(item("Accessories", "Gloves", nil, reason, weather: isForecast))
        }
        if low < 40 || needs.contains(.warmHat) {
            let (reason, isForecast) = low < 40 ? because("Cold") : ("Under the helmet or outdoors", false)
            items.append(item("Accessories", "Warm hat", nil, reason, weather: isForecast))
        }
        if low < 25, !needs.contains(.skiOuterwear) {
            let (reason, isForecast) = because("Freezing")
            items.append(item("Accessories", "Scarf or neck gaiter", nil, reason, weather: isForecast))
        }
        return items
    }

    // MARK: Footwear

    /// One main pair chosen for the worst ground, then the pairs an activity or occasion asks for.
    func footwear() -> [PackingItem] {
        var items: [PackingItem] = []
        let hiking = needs.contains(.hikingBoots)
        // Snow trumps hiking: a snow activity's insulated boots do the winter trails too.
        let snowBoots = needs.contains(.snowBoots)
        // A frozen trip: nights under 25 °F forecast or usual (the climate), or under 15 °F by the season's guess
        // alone (a guess by latitude is rough: only a deep cold is trusted to it).
        let frozen = weather.isCold(25) && (!weather.isSeasonal || weather.isCold(Self.guessedFrozenLow))
        if let snow = weather.snowDay {
            let name = hiking && !snowBoots ? "Insulated waterproof hiking boots" : "Insulated waterproof boots"
            let lead = dressesForWork ? "Snow underfoot outside; work shoes indoors" : hiking ? "Snow underfoot, on trails too" : "Snow underfoot"
            items.append(item("Footwear", name, nil, cite.reason(.snowfall, of: snow, lead: lead), weather: true))
        } else if hiking, !snowBoots, !frozen {
            if weather.rainyDays >= 1, let wettest = weather.wettest, let day = wettest.day {
                items.append(item("Footwear", "Waterproof hiking boots", nil, cite.reason(.chance, of: day, lead: "Wet trails"), weather: true))
            } else {
                items.append(item("Footwear", "Hiking boots", nil, "Grip and ankle support on trails"))
            }
        } else if snowBoots || frozen {
            let (reason, isForecast) = cite.reason(.low, of: weather.coldestLow, in: weather, lead: "Warm, dry feet")
            let name = hiking && !snowBoots ? "Insulated waterproof hiking boots" : "Insulated waterproof boots"
            let village = hiking ? "Snow and ice in the village and on winter trails" : "Snow and ice in the village"
            items.append(item("Footwear", name, nil, snowBoots ? village : reason, weather: snowBoots ? false : isForecast))
        } else if weather.rainyDays >= 2, (weather.hottestHigh?.value ?? 60) < 75, let day = weather.wettest?.day {
            let name = needs.contains(.walkingShoes) ? "Waterproof walking shoes" : "Waterproof shoes"
            items.append(item("Footwear", name, nil, cite.reason(.chance, of: day, lead: "Rain likely on \(weather.rainyDays) days"), weather: true))
        } else if needs.contains(.slipOnShoes) {
            items.append(item("Footwear", "Comfortable slip-on walking shoes", nil, "Shoes come off at temples and mosques"))
        } else if needs.contains(.walkingShoes) {
            items.append(item("Footwear", "Comfortable walking shoes, broken in", nil, "Hours on your feet every day"))
        } else if isOvernight || needs.isEmpty {
            items.append(item("Footwear", "Comfortable everyday shoes", nil, "Wear them on the way"))
        }
        items += workShoesBesideBoots(items) + townShoesBesideHikingBoots(items)
        let hot = weather.isHot(85)
        let dressy = needs.contains(.businessOutfits) || needs.contains(.formalOutfit) || needs.contains(.smartCasual)
        if needs.contains(.sandals) || (hot && isOvernight && !dressy) {
            let (reason, isForecast) = needs.contains(.sandals) ? (Self.sandalsReason(hottest: weather.hottestHigh?.value), false)
                : cite.reason(.high, of: weather.hottestHigh, in: weather, lead: "Hot days")
            items.append(item("Footwear", "Sandals or flip-flops", nil, reason, weather: isForecast))
        }
        if needs.contains(.waterShoes) { items.append(item("Footwear", "Water shoes", nil, "Sharp rocks and slippery footing in and by the water")) }
        if needs.contains(.deckShoes) { items.append(item("Footwear", "Non-marking deck shoes", nil, "Boats ask for soft, light soles")) }
        if needs.contains(.dressShoes) { items.append(item("Footwear", "Dress shoes", nil, "With the outfit")) }
        if needs.contains(.runningShoes) { items.append(item("Footwear", "Running shoes", nil, "Runs and workouts")) }
        return items
    }

    /// A work trip whose main pair is boots (snow, a hard freeze) keeps its shoes for indoors: boots are for
    /// the street, not the conference hall. Dress shoes come with the outfit; a conference's walking shoes
    /// are kept here.
    func workShoesBesideBoots(_ pairs: [PackingItem]) -> [PackingItem] {
        guard dressesForWork, !needs.contains(.dressShoes), pairs.contains(where: { GarmentFamily.of($0.name) == .boots }) else { return [] }
        let name = needs.contains(.walkingShoes) ? "Comfortable walking shoes, broken in" : "Comfortable everyday shoes"
        return [item("Footwear", name, nil, "Indoors at work: boots are for the snow outside")]
    }

    // MARK: Swimwear and special wear

    func swimwear() -> [PackingItem] {
        guard needs.contains(.swimwear) || needs.contains(.boardshorts) else { return [] }
        let name = needs.contains(.boardshorts) && !needs.contains(.swimwear) ? "Swimsuit or boardshorts" : "Swimsuit"
        let count = context.dayCount > 3 ? 2 : 1
        return [item("Clothing", name, count, count > 1 ? "One to wear while the other dries" : "For the water")]
    }

    func specialWear() -> [PackingItem] {
        var items: [PackingItem] = []
        if needs.contains(.darkFormalOutfit) {
            items.append(item("Clothing", "Dark formal outfit", 1, "For the service"))
        } else if needs.contains(.formalOutfit) {
            items.append(item("Clothing", "Formal outfit", 1, "For the occasion; check the dress code"))
        } else if needs.contains(.formalNight) {
            items.append(item("Clothing", "Outfit for the formal night", 1, "Most cruises have one or two"))
        }
        if needs.contains(.workoutClothes) {
            let count = min(3, max(1, wornDays / 2))
            items.append(item("Clothing", "Workout clothes", count, "Quick-dry; wash and reuse"))
        }
        if needs.contains(.modestClothes) {
            items.append(item("Clothing", "Clothes covering shoulders and knees", 1, "Asked at many religious sites"))
        }
        if needs.contains(.babyClothes) {
            // Two changes a day (feeds and nappies leak), counted like the adults' for the laundry.
            let count = 2 * wornDays
            let washes = context.dayCount > wornDays ? "; wash every \(wornDays) days" : ""
            items.append(item("Clothing", "Baby bodysuits, outfits and sleepsuits", count, "Two changes a day for \(wornDays) day\(wornDays == 1 ? "" : "s")\(washes)"))
        }
        if needs.contains(.childSpares) {
            items.append(item("Clothing", "Spare clothes for each child", 2, "Spills and accidents; more than for adults"))
        }
        return items
    }

    // MARK: - Helpers

    func item(_ category: String, _ name: String, _ quantity: Int?, _ reason: String, weather: Bool = false) -> PackingItem {
        PackingItem(category: category, name: name, quantity: quantity, reason: reason, weather: weather)
    }
}

extension ClothingSystem {
    /// "Cool days" only above freezing; a high at or below 32 °F is a cold day ("Cool days: high of −6 °C").
    static func coolOrCold(_ high: Int?) -> String {
        guard let high, high <= 32 else { return "Cool days" }
        return "Cold days"
    }

    /// Sandals a kit asks for: the beach's words when the trip is warm; in the cold they are for the pool,
    /// spa or hot springs, not "hot evenings" at −15 °C.
    static func sandalsReason(hottest: Int?) -> String {
        guard let hottest, hottest < 60 else { return "Beach, pool and hot evenings" }
        return "Pool, spa and changing rooms"
    }
}
