import FoundationEssentials
import Basics
import Model
import Store
import Tools

/// What the rules look at: the trip, the traveller and the forecast for its days.
public struct PackingContext: Sendable {
    public var start: CalendarDate
    public var end: CalendarDate
    public var activities: [String]
    /// Forecast days that fall within the trip.
    public var days: [ForecastDay]
    /// Trip days the forecast does not reach.
    public var missingDays: [CalendarDate]
    public var latitude: Double?
    /// The destination's longitude (the first stop's), when known: where in a country it is (malaria's areas).
    public var longitude: Double?
    /// ISO country code of the destination ("US"): the first stop's.
    public var country: String?
    /// Every stop's country, in order, each once (empty: the destination's alone).
    public var countries: [String] = []
    /// The forecast was a stale copy.
    public var isStale: Bool
    /// The forecast's last day, if any.
    public var forecastEnds: CalendarDate?
    /// How many days ahead the forecast reaches (7 for NWS, 16 for Open-Meteo); 7 when unknown.
    public var horizonDays: Int = 7
    /// Why there is no forecast at all, when the service could not be reached (or offline, nothing cached).
    public var unavailableReason: String?
    /// Who is packing: home country, units, laundry interval.
    public var traveller: Traveller = .standard
    /// The destination's elevation, metres (from the forecast), when known.
    public var elevation: Double?
    /// Today, to tell a trip in the past (nil: not known, never past).
    public var today: CalendarDate?
    /// The destination's name for notices ("Zermatt").
    public var placeName: String?
    /// The weather alerts in force over the trip's days.
    public var alerts: [WeatherAlert] = []
    /// The day the forecast was fetched, at the place (for when the forecast reaches its climate days).
    public var issued: CalendarDate?
    /// The place's time zone (for the alerts' windows).
    public var timeZone: String?
    /// Why the NWS alerts could not be read, when they were asked and failed (a warning may be missing).
    public var alertsUnavailable: String?
    /// The sea off the place over the trip's days, when asked (water trips) and there is a sea.
    public var sea: SeaTemperature?
    /// A trip of several stops: each stop's sea (tagged with its stop), when asked and there is one.
    public var stopSeas: [SeaTemperature] = []
    /// Who is travelling (one adult unless told).
    public var party: TripParty = .single
    /// A trip whose stops do different things: each stop's own days and activities (empty otherwise: the
    /// trip's activities are every day's).
    public var stopPlans: [StopPlan] = []
    /// A trip of several stops: every stop's days, name and latitude, whatever its activities (empty for one
    /// place). The sun of each day is worked out where the traveller is that day.
    public var legs: [StopPlan] = []

    public init(
        start: CalendarDate, end: CalendarDate, activities: [String], days: [ForecastDay], missingDays: [CalendarDate],
        latitude: Double?, country: String?, isStale: Bool = false, forecastEnds: CalendarDate? = nil
    ) {
        self.start = start
        self.end = end
        self.activities = activities
        self.days = days
        self.missingDays = missingDays
        self.latitude = latitude
        self.country = country
        self.isStale = isStale
        self.forecastEnds = forecastEnds
    }

    /// The rules' view of a trip and the forecast obtained for it (nil: none could be had).
    public init(
        trip: Trip, forecast: Forecast?, isStale: Bool = false, unavailableReason: String? = nil,
        traveller: Traveller = .standard, today: CalendarDate? = nil
    ) {
        let days = forecast?.days(from: trip.start, to: trip.end) ?? []
        self.init(
            start: trip.start, end: trip.end, activities: trip.activities, days: days,
            missingDays: Forecast.missingDays(days, from: trip.start, to: trip.end),
            latitude: trip.place?.latitude, country: trip.place?.country, isStale: isStale, forecastEnds: forecast?.lastDate
        )
        if let horizon = forecast?.horizonDays { horizonDays = horizon }
        self.unavailableReason = unavailableReason
        self.traveller = traveller
        self.today = today
        elevation = forecast?.elevation
        placeName = trip.place?.name
        longitude = trip.place?.longitude
        party = trip.party
        stopPlans = StopPlan.plans(for: trip)
        legs = StopPlan.legs(of: trip)
        countries = PackingContext.unique(trip.legs.compactMap { $0.place?.country })
        if let forecast { adopt(forecast) }
    }

    /// Where the traveller is on `date`: the stop that owns it (its latitude and name), else the destination.
    public func place(on date: CalendarDate) -> (latitude: Double?, name: String?) {
        guard let leg = legs.first(where: { $0.owns(date) }) else { return (latitude, placeName) }
        return (leg.latitude ?? latitude, leg.name)
    }

    /// Each code once, in first-seen order, upper-cased.
    public static func unique(_ codes: [String]) -> [String] {
        var seen: Set<String> = []
        return codes.map { $0.uppercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Takes what the forecast knows beyond its days: alerts, when it was fetched, the elevation.
    public mutating func adopt(_ forecast: Forecast) {
        alerts = forecast.alerts
        alertsUnavailable = forecast.alertsUnavailable
        sea = forecast.sea
        stopSeas = forecast.stopSeas
        issued = CalendarDate(forecast.fetchedAt, in: ZoneRules(identifier: forecast.timeZone))
        elevation = forecast.elevation
        timeZone = forecast.timeZone
    }

    public var nights: Int { start.days(to: end) }
    /// Days away, counting the first and the last.
    public var dayCount: Int { nights + 1 }
    /// A day trip: it starts and ends on the same day.
    public var isDayTrip: Bool { nights == 0 }
    /// The whole trip is before today.
    public var isPast: Bool { today.map { end < $0 } ?? false }
    /// Outside the traveller's home country, at any stop.
    public var isAbroad: Bool { !abroad.isEmpty }
    /// The trip's countries outside the traveller's home, in order (a stop at home in between left out).
    public var abroad: [String] {
        let all = countries.isEmpty ? [country].compactMap { $0 } : countries
        return all.filter { !$0.isEmpty && !PackingRules.isDomestic(home: traveller.home, destination: $0) }
    }
    /// 2,500 m and above, where altitude sickness starts.
    public var isHighAltitude: Bool { (elevation ?? 0) >= PackingRules.altitudeMetres }
    /// "3,400 m" or "11,155 ft".
    public var elevationText: String { traveller.units.heightText(metres: elevation ?? 0) }
}

/// The built-in engine's rules: small named functions of the trip, the traveller and the forecast, each
/// giving items with reasons. The clothing system decides the garments; activity kits, the weather, the
/// place and the traveller add the rest; contradictions are then resolved and each item put in the
/// category a traveller looks under.
public enum PackingRules {
    /// Every rule, in the order their items are listed.
    public static let all: [(name: String, rule: @Sendable (PackingContext) -> [PackingItem])] = [
        ("clothing", clothing),
        ("rainAndSnow", rainAndSnow),
        ("sunProtection", sunProtection),
        ("heatAndInsects", heatAndInsects),
        ("altitude", altitude),
        ("lipsAndSkin", lipsAndSkin),
        ("daylight", daylight),
        ("winterDriving", winterDriving),
        ("seaGear", seaGear),
        ("activityKits", activityKits),
        ("enduranceGear", enduranceGear),
        ("alertGear", alertGear),
        ("essentials", essentials),
        ("laundry", laundry),
        ("health", health),
        ("power", power),
    ]

    /// The elevation (metres) from which plan warns of altitude sickness.
    public static let altitudeMetres = 2_500.0

    /// The whole list: every rule's items, merged, resolved and sorted by category; plus notices.
    public static func list(for context: PackingContext) -> PackingList {
        let context = context.withPartyActivities
        var merged: [PackingItem] = []
        var kitNames: [String] = []
        for (name, rule) in all {
            for item in rule(context) {
                if name == "activityKits", !merged.contains(where: { $0.name == item.name }) { kitNames.append(item.name) }
                merge(item, into: &merged)
            }
        }
        var resolved = resolve(PartyCounts(context: context).apply(merged), context: context)
        // The alerts' own figures where they are more extreme than the forecast's; the race's start layer for a cold start only.
        resolved = startLayerFitted(alertFiguresCited(resolved, context: context), context: context)
        // A list holds at most `maximumItems` (what models are held to): the last activities' gear gives way first,
        // each kit's signature item (the diver's mask, the skier's goggles) last of all.
        let signatures = signatureGear(context)
        while resolved.count > maximumItems, let last = kitNames.lastIndex(where: { !signatures.contains($0) }) ?? kitNames.indices.last {
            let name = kitNames.remove(at: last)
            resolved.removeAll { $0.name == name }
        }
        return PackingList(items: ordered(resolved), notices: notices(for: context))
    }

    /// The most items a list holds (the answer schema's limit).
    public static let maximumItems = 50
    /// The longest reason an answer holds (PackingAnswer's guide): a longer one sets the whole answer aside.
    public static let maximumReason = 100

    /// Adds `item`, or merges it with the item of the same name (the larger quantity; the forecast's reason).
    static func merge(_ item: PackingItem, into items: inout [PackingItem]) {
        guard let index = items.firstIndex(where: { $0.name == item.name }) else {
            items.append(item)
            return
        }
        items[index].quantity = [items[index].quantity, item.quantity].compactMap { $0 }.max()
        if item.weather, !items[index].weather {
            items[index].reason = item.reason  // the forecast's reason says more than a generic one
            items[index].weather = true
        }
    }

    /// Items in the display order of their categories, keeping their order within one.
    static func ordered(_ items: [PackingItem]) -> [PackingItem] {
        let order = PackingInstructions.categories
        return items.enumerated().sorted { a, b in
            let left = order.firstIndex(of: a.element.category) ?? order.count
            let right = order.firstIndex(of: b.element.category) ?? order.count
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: - Clothing

    /// The clothing system for the trip's weather and activities.
    @Sendable static func clothing(_ context: PackingContext) -> [PackingItem] {
        let stops = clothingStops(context)
        guard !stops.isEmpty else { return clothingSystem(context).items() }
        return clothingByStop(context, stops: stops)
    }

    /// The clothing system for a context's days and activities.
    static func clothingSystem(_ context: PackingContext) -> ClothingSystem {
        let kits = ActivityKits.resolve(context.activities).kits
        let needs = kits.reduce(into: Set<ClothingNeed>()) { $0.formUnion($1.wear) }
        return ClothingSystem(context: context, weather: TripWeather(context), needs: needs)
    }

    // MARK: - Weather gear

    /// Snow: glare protection (sunglasses, and sunscreen: snow reflects most of the sun) on days spent
    /// outdoors, but no sunscreen where the winter sun stays too low to burn.
    @Sendable static func rainAndSnow(_ context: PackingContext) -> [PackingItem] {
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        // Glare is an outdoor matter: a work trip spent indoors (a conference, meetings) packs none for it.
        // In the polar night the sun never rises: nothing to glare.
        guard let snow = weather.snowDay, !spendsDaysIndoors(context), !isPolarNightThroughout(context) else { return [] }
        let reason = cite.reason(.snowfall, of: snow, lead: "Snow glare")
        let sunglasses = forecastItem("Accessories", "Sunglasses", reason)
        if sunStaysLow(context) { return [sunglasses] }
        return [sunglasses, forecastItem("Toiletries", "Sunscreen (SPF 30+)", reason)]
    }

    /// The latitude from which the midwinter sun stays within a few degrees of the horizon (UV index 0–1).
    public static let lowSunLatitude = 60.0

    /// At 60° and more from the equator in the three darkest months (November to January in the north, May
    /// to July in the south) the sun stays so low that snow glare dazzles but does not burn.
    static func sunStaysLow(_ context: PackingContext) -> Bool {
        guard let latitude = context.latitude, abs(latitude) >= lowSunLatitude else { return false }
        let dark: Set<Int> = latitude > 0 ? [11, 12, 1] : [5, 6, 7]
        return dark.contains(context.start.month) && dark.contains(context.end.month)
    }

    /// Sunny, warm days or a high UV index drive sun protection.
    @Sendable static func sunProtection(_ context: PackingContext) -> [PackingItem] {
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        if let day = weather.sunniestDay {
            let reason = cite.reason(day.uvIndex != nil ? .uvIndex : .high, of: day, lead: "Strong sun")
            var items = [
                forecastItem("Toiletries", "Sunscreen (SPF 30+)", reason),
                forecastItem("Accessories", "Sunglasses", reason),
            ]
            if (day.high ?? 0) >= 85 || (day.uvIndex ?? 0) >= 8, !spendsDaysIndoors(context) {
                items.append(forecastItem("Accessories", "Sun hat", reason))
            }
            return items
        }
        if weather.isSeasonal, weather.isHot(85) {
            let reason = cite.seasonal(lead: "Strong sun", phrase: weather.seasonPhrase)
            return [
                PackingItem(category: "Toiletries", name: "Sunscreen (SPF 30+)", reason: reason),
                PackingItem(category: "Accessories", name: "Sunglasses", reason: reason),
            ]
        }
        return []
    }

    /// A work trip (business or conference wear) with no activity outdoors, on the water or the snow: its
    /// days are spent indoors, so strong sun asks for sunglasses and sunscreen but no sun hat (a kit that
    /// wants one, the beach's or a safari's, brings its own).
    static func spendsDaysIndoors(_ context: PackingContext) -> Bool {
        let kits = ActivityKits.resolve(context.activities).kits
        let forWork = kits.contains { $0.wear.contains(.businessOutfits) || $0.wear.contains(.smartCasual) }
        return forWork && !kits.contains { [.water, .snow, .outdoors].contains($0.group) || outdoorTownKits.contains($0.name) }
    }

    /// Town activities spent outside in the sun, for `spendsDaysIndoors`.
    static let outdoorTownKits: Set<String> = ["sightseeing", "theme parks", "festivals"]

    /// Heat: water; insects where the climate has them (`insectRepellent`).
    @Sendable static func heatAndInsects(_ context: PackingContext) -> [PackingItem] {
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        var items: [PackingItem] = []
        if let hottest = weather.hottestHigh, hottest.value >= 85 {
            let (reason, isForecast) = cite.reason(.high, of: hottest, in: weather, lead: "Heat; drink often")
            items.append(PackingItem(category: "Health", name: "Reusable water bottle", reason: reason, weather: isForecast))
        }
        return items + insectRepellent(context)
    }

    /// Why insect repellent: the warmth and the damp together, never the rain alone ("Mosquitoes in warm,
    /// humid weather: high of 86°F, 60% chance of rain Mon Jun 8"; a climate day: "Mosquitoes: usual for
    /// Jun 8 in Lisbon: 30°C highs, wet on 4 days in 10").
    static func insectReason(_ day: ForecastDay, cite: WeatherCitation) -> String {
        if day.isClimate, let climate = day.climate {
            let highs = day.high.map { "\(cite.units.temperature($0)) highs, " } ?? ""
            return "Mosquitoes: " + day.usualLabel(climate) + ": " + highs + "wet on " + DayClimate.daysInTen(climate.wetShare)
        }
        let warmth = day.high.map { "high of \(cite.units.temperature($0)), " } ?? ""
        let damp = day.hasThunder ? "thunderstorms" : cite.describe(.chance, of: day)
        return "Mosquitoes in warm, humid weather: \(warmth)\(damp) \(day.date.shortLabel)"
    }

    // MARK: - The place

    /// At 2,500 m and above: sun protection (the air filters less UV) and lip balm; the notice says the rest.
    @Sendable static func altitude(_ context: PackingContext) -> [PackingItem] {
        guard context.isHighAltitude else { return [] }
        let reason = "At \(context.elevationText) the sun burns faster"
        return [
            PackingItem(category: "Toiletries", name: "Sunscreen (SPF 30+)", reason: reason),
            PackingItem(category: "Accessories", name: "Sunglasses", reason: reason),
            PackingItem(category: "Toiletries", name: "Lip balm with SPF", reason: "Dry air and strong sun at \(context.elevationText)"),
        ]
    }

    // MARK: - Activities

    /// The gear of each activity's kit whose condition holds (its garments come through the clothing system).
    @Sendable static func activityKits(_ context: PackingContext) -> [PackingItem] {
        guard !context.stopPlans.isEmpty else { return kitItems(context) }
        return kitsByStop(context)
    }

    /// The gear of the kits of `context.activities` for `context`'s days.
    static func kitItems(_ context: PackingContext) -> [PackingItem] {
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        var items: [PackingItem] = []
        for kit in ActivityKits.resolve(context.activities).kits {
            for gear in kit.gear where holds(gear.when, weather: weather, context: context) {
                var item = PackingItem(category: gear.category, name: localized(gear.name, for: context.traveller), reason: gear.reason)
                switch gear.quantity {
                case .one: break
                case let .count(count): item.quantity = count
                case let .perDay(limit): item.quantity = min(limit, ClothingSystem(context: context, weather: weather, needs: []).wornDays)
                }
                // A sleeping bag is chosen for the coldest night.
                if gear.name.hasPrefix("Sleeping bag"), let low = weather.coldestLow {
                    let (reason, isForecast) = cite.reason(.low, of: low, in: weather, lead: "Rated for the coldest night")
                    item.reason = reason
                    item.weather = isForecast
                }
                if gear.when != .always, let reading = conditionReading(gear.when, weather: weather) {
                    let (reason, isForecast) = cite.reason(reading.figure, of: reading.reading, in: weather, lead: gear.reason)
                    item.reason = reason
                    item.weather = isForecast
                }
                items.append(item)
            }
        }
        return items
    }

    /// Whether a kit item's condition holds for this trip.
    static func holds(_ condition: KitItem.Condition, weather: TripWeather, context: PackingContext) -> Bool {
        switch condition {
        case .always: return true
        case .hot: return weather.isHot(80)
        case .cool: return (weather.hottestHigh?.value ?? 70) < 75
        case .cold: return weather.isCold(40)
        case .freezing: return weather.isCold(25)
        case .insects: return insectsAreOut(context)
        case .wet: return weather.isWet(40)
        case .overnight: return context.nights >= 1
        case .abroad: return context.isAbroad
        case .bearCountry: return bearCountries.contains(context.country ?? "")
        case .noBears: return !bearCountries.contains(context.country ?? "")
        }
    }

    /// Where campgrounds and parks ask for bear-proof food storage (canisters, lockers): a desert camp in
    /// Morocco or a campsite in Provence needs sealed boxes, not a bear canister.
    static let bearCountries: Set<String> = ["US", "CA"]

    /// The reading a weather condition rests on, to cite it.
    static func conditionReading(_ condition: KitItem.Condition, weather: TripWeather)
        -> (figure: WeatherCitation.Figure, reading: TripWeather.Reading?)?
    {
        switch condition {
        case .hot, .cool, .insects: return (.high, weather.hottestHigh)
        case .cold, .freezing: return (.low, weather.coldestLow)
        case .wet: return (.chance, weather.wettest)
        case .always, .overnight, .abroad, .bearCountry, .noBears: return nil
        }
    }

    /// US spellings and words for a traveller from the US ("Nappies" → "Diapers").
    static func localized(_ name: String, for traveller: Traveller) -> String {
        guard traveller.home == "US" else { return name }
        var text = name
        for (british, american) in [
            ("Nappies", "Diapers"), ("licence", "license"), ("Jewellery", "Jewelry"), ("colours", "colors"),
            ("Polarised", "Polarized"), ("trousers", "pants"), ("Trousers", "Pants"),
        ] { text = text.replacing(british, with: american) }
        return text
    }

    // MARK: - Essentials and the traveller

    /// Documents, chargers, toiletries and medication: every trip (toiletries only with a night away).
    @Sendable static func essentials(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        if !context.isDayTrip {
            items.append(PackingItem(category: "Toiletries", name: "Toothbrush and toothpaste", reason: "Every night away"))
            items.append(PackingItem(category: "Toiletries", name: "Deodorant and toiletries", reason: "Every night away"))
        }
        items.append(PackingItem(category: "Health", name: "Medications", reason: "Your usual prescriptions, in your carry-on"))
        if context.isAbroad {
            let (name, reason) = travelDocument(home: context.traveller.home, destinations: context.abroad)
            items.append(PackingItem(category: "Documents & money", name: name, reason: reason))
            items += entryDocuments(context)
            items.append(PackingItem(category: "Documents & money", name: "Travel insurance details", reason: "Care abroad is rarely covered from home"))
        } else {
            items.append(PackingItem(category: "Documents & money", name: localized("ID or driving licence", for: context.traveller), reason: "Every trip"))
        }
        items.append(PackingItem(category: "Documents & money", name: "Wallet, cards and some cash", reason: "Every trip"))
        items.append(PackingItem(category: "Electronics", name: "Phone and charger", reason: "Every trip"))
        if context.nights >= 4 {
            items.append(PackingItem(category: "Health", name: "Small first-aid kit", reason: "\(context.nights) nights away"))
        }
        return items
    }

    /// A plug adapter only where the home country's plugs do not fit, naming the destination's sockets.
    /// A trip of several countries gets one adapter for the countries whose sockets share a type (and whose
    /// sockets take the same of home's plugs), another only where none is shared.
    @Sendable static func power(_ context: PackingContext) -> [PackingItem] {
        var groups: [(types: [String], advice: [PowerAdvice])] = []
        for country in context.abroad {
            guard let advice = PowerAdvice(home: context.traveller.home, destination: country), !advice.plugsFit else { continue }
            let types = advice.destination.sockets
            if let index = groups.firstIndex(where: { group in
                group.types.contains(where: types.contains) && group.advice[0].reasonAboutPlugs == advice.reasonAboutPlugs
            }) {
                groups[index].types = groups[index].types.filter(types.contains)
                if !groups[index].advice.contains(where: { $0.destination.name == advice.destination.name }) {
                    groups[index].advice.append(advice)
                }
            } else {
                groups.append((types, [advice]))
            }
        }
        return groups.map { group in
            guard group.advice.count > 1 else {
                let advice = group.advice[0]
                return PackingItem(category: "Electronics", name: "Plug adapter (\(advice.socketPhrase))", reason: advice.adapterReason)
            }
            let phrase = PlugTable.socketPhrase(group.types)
            let names = group.advice.map { PowerAdvice.the($0.destination.name) }
            let countries = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            let plugs = group.advice[0].reasonAboutPlugs
            let reason = "One for \(countries): each takes \(phrase); \(plugs)"
            let short = "One for \(names.count) countries; \(plugs)"
            return PackingItem(
                category: "Electronics", name: "Plug adapter (\(phrase))",
                reason: reason.count <= PowerAdvice.longestReason ? reason : short
            )
        }
    }

    /// Countries whose citizens travel to each other's as at home (a US traveller to Puerto Rico).
    static let domesticTerritories: [String: Set<String>] = [
        "US": ["PR", "GU", "VI", "AS", "MP", "UM"],
    ]

    /// Whether a trip from `home` to `destination` needs no passport.
    static func isDomestic(home: String, destination: String) -> Bool {
        let home = home.uppercased()
        let destination = destination.uppercased()
        return home == destination || domesticTerritories[home]?.contains(destination) == true
    }

    /// EU and EEA countries and Switzerland, where citizens may cross with a national ID card.
    static let idCardArea: Set<String> = [
        "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
        "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO", "CH",
    ]

    static func travelDocument(home: String, destination: String) -> (String, String) {
        travelDocument(home: home, destinations: [destination])
    }

    /// The document for every country of the trip: an ID card only when each of them takes one.
    static func travelDocument(home: String, destinations: [String]) -> (String, String) {
        if idCardArea.contains(home.uppercased()), destinations.allSatisfy({ idCardArea.contains($0.uppercased()) }) {
            return ("Passport or national ID card", "Either is enough between EU/EEA countries and Switzerland")
        }
        let names = destinations.map(countryName)
        let to = names.count <= 1 ? (names.first ?? "") : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        let reason = "Travelling abroad, to \(to); check it is valid for 6 months past your return"
        // An answer's reason holds 100 characters (PackingAnswer's guide): a long list of countries is cut to its number.
        let short = names.count == 1 ? "Abroad, to \(to); check it is valid for 6 months past your return"
            : "Travelling abroad, to \(names.count) countries; check it is valid for 6 months past your return"
        return ("Passport", reason.count <= 100 ? reason : short)
    }

    /// "the United States", "Morocco": the plug table names every code of the gazetteer; the code itself
    /// only for one it does not know.
    static func countryName(_ code: String) -> String {
        PlugTable.country(code).map { PowerAdvice.the($0.name) } ?? code
    }

    // MARK: - Contradictions and categories

    /// Rules that would contradict each other, resolved; superseded items dropped; each item in the
    /// category a traveller looks under.
    static func resolve(_ items: [PackingItem], context: PackingContext) -> [PackingItem] {
        let weather = TripWeather(context)
        let polarNight = isPolarNightThroughout(context)
        var kept = shareKits(items).filter { item in
            // No umbrella in gusts of 30 mph or more (the outer layer is then a waterproof shell).
            if weather.gustyWetDay != nil, PackingCheck.key(item.name).contains("umbrella") { return false }
            // No insect repellent when even the warmest day stays under 41 °F (5 °C).
            if let warmest = weather.hottestHigh, warmest.value < 41, PackingCheck.key(item.name).contains("repellent") { return false }
            // No sunglasses or sunscreen where the sun never rises over the trip (the polar night).
            if polarNight, ["sunglasses", "sunscreen", "sun hat"].contains(where: PackingCheck.key(item.name).contains) { return false }
            // The kits' own wetsuits (for cool days, for diving) give way to the sea's own figure.
            if context.sea != nil || !context.stopSeas.isEmpty, kitWetsuits.contains(item.name) { return false }
            return true
        }
        for (better, worse) in supersedes {
            guard let keeper = kept.firstIndex(where: { $0.name == better }) else { continue }
            if let index = kept.firstIndex(where: { $0.name == worse }) {
                if kept[index].weather, !kept[keeper].weather {
                    let joined = kept[keeper].reason + "; " + kept[index].reason.prefix(1).lowercased() + kept[index].reason.dropFirst()
                    // An answer's reason holds 100 characters (PackingAnswer's guide): past that, the weather's alone.
                    kept[keeper].reason = joined.count <= maximumReason ? joined : kept[index].reason
                    kept[keeper].weather = true
                }
                kept.remove(at: index)
            }
        }
        return kept.map { item in
            var item = item
            item.category = ItemCategories.category(for: item.name) ?? item.category
            return item
        }
    }

    /// A more specialised item and the plain one it replaces.
    static let supersedes: [(String, String)] = [
        ("Reef-safe sunscreen", "Sunscreen (SPF 30+)"),
        ("Reef-safe sunscreen", "Water-resistant sunscreen (SPF 30+)"),
        ("Water-resistant sunscreen (SPF 30+)", "Sunscreen (SPF 30+)"),
        ("Polarised sunglasses", "Sunglasses"),
        ("Polarized sunglasses", "Sunglasses"),
        ("Sunglasses with a strap", "Sunglasses"),
        ("Polarised sunglasses", "Sunglasses for driving"),
        ("Sunglasses", "Sunglasses for driving"),
        ("Cap or visor", "Sun hat"),
        ("Neck gaiter", "Scarf or neck gaiter"),
        ("Spare camera batteries and charger, kept warm", "Spare batteries and charger"),
        ("First-aid kit", "Small first-aid kit"),
        ("Race shoes, already worn in", "Running shoes"),
        ("Headlamp with a red light", "Headlamp"),
        ("Hand and toe warmers", "Hand warmers"),
        ("Daypack", "Day bag"),
        ("Daypack", "Small day bag"),
        ("Day bag", "Small day bag"),
        ("Day bag", "Small bag"),
    ]

    // MARK: - Notices

    /// Things the traveller should know, once each.
    public static func notices(for context: PackingContext) -> [String] {
        var notices: [String] = []
        if context.isPast, let today = context.today {
            notices.append("This trip is in the past (it ended \(context.end.shortLabel) \(context.end.year); today is \(today.shortLabel)): the list is kept for reference and to reuse for a similar trip.")
        }
        if let reach = forecastReachNotice(context) { notices.append(reach) }
        if let reach = climateReachNotice(context) { notices.append(reach) }
        notices += context.alerts.prefix(2).map { $0.notice(timeZone: context.timeZone) }
        if let reason = context.alertsUnavailable { notices.append(alertsUnavailableNotice(reason)) }
        if context.isStale {
            notices.append("The forecast is a stale copy (the weather service failed); check again before you leave.")
        }
        if let day = TripWeather(context).thunderDay {
            notices.append("Thunderstorms forecast \(day.date.shortLabel): plan indoor options.")
        }
        if context.isHighAltitude {
            let place = context.placeName.map { "\($0) is at" } ?? "The destination is at"
            notices.append("\(place) \(context.elevationText): altitude sickness is possible above about \(context.traveller.units.roundHeightText(metres: altitudeMetres)). Take the first day easy, drink water, and ask a doctor about it if you are prone.")
        }
        if let sea = coldSeaNotice(context) { notices.append(sea) }
        let laundry = ClothingSystem(context: context, weather: TripWeather(context), needs: []).wornDays
        if context.dayCount > laundry, !context.isDayTrip {
            let washes = (context.dayCount - 1) / laundry
            let plan = washes == 1 ? "one wash on the way" : "\(washes) washes, one every \(laundry) days"
            notices.append("Clothes are counted for \(laundry) of the \(context.dayCount) days: plan \(plan).")
        }
        let (kits, unknown) = ActivityKits.resolve(context.activities)
        for word in unknown { notices.append(unknownActivityNotice(word)) }
        notices += kitNotices(kits, context: context)
        let advice = context.abroad.compactMap { PowerAdvice(home: context.traveller.home, destination: $0) }
        if let note = PowerAdvice.voltageNotice(advice) { notices.append(note) }
        notices += entryNotices(context)
        var seen: Set<String> = []
        return notices.filter { seen.insert(PackingCheck.key($0)).inserted }
    }

    /// The notice of alerts that could not be read: the same words `plan show` gives beside the forecast.
    public static func alertsUnavailableNotice(_ reason: String) -> String {
        "The NWS alerts could not be read (\(reason)): a warning in force may be missing from this list; check weather.gov before you leave."
    }

    /// "'scubba' is not an activity plan knows (did you mean scuba diving?), so the list has nothing for it; …": read
    /// alone (a list's notice) and after "plan: " (a warning) alike.
    public static func unknownActivityNotice(_ word: String) -> String {
        let safe = TerminalText.oneLine(word, limit: 40)
        let close = ActivityKits.suggestions(for: word)
        let hint = close.isEmpty ? "" : " (did you mean \(close.joined(separator: " or "))?)"
        return "'\(safe)' is not an activity plan knows\(hint), so the list has nothing for it; 'plan activities' lists the \(ActivityKits.all.count) it knows."
    }

    /// The notice about the days the forecast does not reach (and when it will), or nil when it reaches
    /// them all. A trip in the past never advises running again.
    public static func forecastReachNotice(_ context: PackingContext) -> String? {
        let missing = context.missingDays
        guard !missing.isEmpty else { return nil }
        let names = missing.count > 3
            ? "\(missing[0].shortLabel) to \(missing[missing.count - 1].shortLabel)"
            : missing.map(\.shortLabel).joined(separator: ", ")
        if context.isPast {
            return "No forecast covers past days; this is a general list for the season."
        }
        let guess = "guessed from the hemisphere and latitude\(context.elevation == nil ? "" : ", and the elevation")"
        if context.days.isEmpty, let reason = context.unavailableReason {
            return "No forecast or climate could be had (\(reason)); this is a general list for the season, \(guess). Run pack again when the forecast service is reachable."
        }
        if context.days.isEmpty {
            return "No forecast or climate for \(names) yet; this is a general list for the season, \(guess). Run pack again when the forecast service is reachable."
        }
        return ForecastReach.missingNotice(missing, issued: context.issued)
    }

    /// The notice naming the days that are the place's usual weather, not a forecast, and the one date the
    /// forecast reaches them (the same date `plan show` gives).
    public static func climateReachNotice(_ context: PackingContext) -> String? {
        guard !context.isPast, let issued = context.issued else { return nil }
        return ForecastReach.notice(climateDays: context.days.filter(\.isClimate), issued: issued)
    }

    // MARK: - Helpers

    static func forecastItem(_ category: String, _ name: String, _ reason: String, quantity: Int? = nil) -> PackingItem {
        PackingItem(category: category, name: name, quantity: quantity, reason: reason, weather: true)
    }

    static func monthName(_ month: Int) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"]
        return names[max(0, min(11, month - 1))]
    }
}
