import FoundationEssentials
import Model
import Tools

extension PackingRules {
    // MARK: - Insects

    /// Mosquitoes slow down below about 60 °F (16 °C) and a frost ends their season; they need standing
    /// water, so a hyper-arid place (no day with a real chance of rain) has few. (Thresholds as US
    /// university extension services give them, e.g. University of Florida IFAS on mosquito activity.)
    static let insectWarmth = 60
    /// A night at or under freezing: the biting season is over.
    static let frost = 32
    /// Under this chance of rain every day, with no thunder, the place is a desert, too dry for mosquitoes (a
    /// dry week elsewhere still gives 10–20 %; desert forecasts give 0–5 %).
    static let aridChance = 10

    /// Words of a place's name that say it is a wetland (a delta, a swamp, a marsh), where mosquitoes breed
    /// whatever the rain forecast.
    static let wetlandWords: Set<String> = [
        "everglades", "wetland", "wetlands", "swamp", "marsh", "marshes", "bayou", "delta", "pantanal", "mangrove",
        "mangroves", "lagoon", "okavango", "sundarbans", "camargue", "estuary", "llanos", "bog", "kakadu",
    ]

    /// Kits spent by fresh water (rivers, lakes, marshes), where biting insects breed and wait.
    static let watersideKits: Set<String> = ["fishing", "kayaking", "wildlife watching"]

    /// Insect repellent where the climate has biting insects (warmth, damp or water, and the season); with a
    /// baby, a child-safe repellent and a net as well (CDC: no repellent under 2 months, no oil of lemon
    /// eucalyptus under 3 years; DEET up to 30 % or picaridin otherwise).
    static func insectRepellent(_ context: PackingContext) -> [PackingItem] {
        let season = insectSeason(context)
        var items: [PackingItem] = []
        if let season {
            items.append(PackingItem(category: "Health", name: "Insect repellent", reason: season.reason, weather: season.isForecast))
        }
        let kitsWantIt = ActivityKits.resolve(context.activities).kits.contains { kit in
            kit.gear.contains { $0.when == .insects } && insectsAreOut(context)
        }
        let young = context.party.children.filter { $0 < 3 }.count
        guard young > 0, season != nil || kitsWantIt else { return items }
        let who = context.party.babies.isEmpty ? "the little ones" : "the baby"
        items.append(PackingItem(category: "Health", name: "Child-safe insect repellent",
                                 reason: "For \(who) from 2 months: picaridin or DEET up to 30%; no lemon eucalyptus under 3"))
        if !context.party.babies.isEmpty {
            items.append(PackingItem(category: "Health", name: "Mosquito net for the stroller or carrier",
                                     reason: "Under 2 months, a net instead of repellent; shade and calm at any age"))
        }
        return items
    }

    /// Why repellent: a warm day with rain or thunder likely, tropical heat, or warmth by water or in a
    /// wetland; nil in the cold, after a frost, or in a desert. A trip of several stops is read stop by stop.
    static func insectSeason(_ context: PackingContext) -> (reason: String, isForecast: Bool)? {
        guard context.legs.isEmpty else {
            return context.legs.lazy.compactMap { leg -> (reason: String, isForecast: Bool)? in
                var share = context.at(leg)
                share.legs = []
                return insectSeason(share)
            }.first
        }
        guard insectsAreOut(context) else { return nil }
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        guard let hottest = weather.hottestHigh else { return nil }
        if let day = context.days.first(where: { ($0.high ?? 0) >= 80 && ($0.hasThunder || ($0.precipitationChance ?? 0) >= 40) }) {
            return (insectReason(day, cite: cite), true)
        }
        if abs(context.latitude ?? 40) < 23.5, hottest.value >= 80 {
            let (reason, isForecast) = cite.reason(.high, of: hottest, in: weather, lead: "Mosquitoes in tropical heat")
            return (reason, isForecast)
        }
        if hottest.value >= 70, let lead = watersideLead(context) {
            let (reason, isForecast) = cite.reason(.high, of: hottest, in: weather, lead: lead)
            return (reason, isForecast)
        }
        return nil
    }

    /// Whether biting insects are about at all: warm enough, no frost, and not a desert (unless the trip is
    /// by water). Kits' repellent (camping, fishing, a safari) asks this.
    static func insectsAreOut(_ context: PackingContext) -> Bool {
        let weather = TripWeather(context)
        guard (weather.hottestHigh?.value ?? 60) >= insectWarmth else { return false }
        if let low = weather.coldestLow, low.value <= frost { return false }
        return !isArid(context) || watersideLead(context) != nil
    }

    /// A forecast in which no day has a real chance of rain or thunder (a hyper-arid desert). A day with no
    /// chance given counts as dry (NWS leaves it out when there is none) only when other days give one.
    static func isArid(_ context: PackingContext) -> Bool {
        let days = context.days
        guard days.contains(where: { $0.precipitationChance != nil }) else { return false }
        return days.allSatisfy { !$0.hasThunder && ($0.precipitationChance ?? 0) < aridChance }
    }

    /// "Mosquitoes in the wetlands" or "Mosquitoes by the water", when the place or the activities say so.
    static func watersideLead(_ context: PackingContext) -> String? {
        let words = Set(PackingCheck.key(context.placeName ?? "").split(separator: " ").map(String.init))
        if !words.isDisjoint(with: wetlandWords) { return "Mosquitoes in the wetlands" }
        let kits = ActivityKits.resolve(context.activities).kits
        if kits.contains(where: { watersideKits.contains($0.name) }) {
            return "Mosquitoes by the water"
        }
        return nil
    }
}
