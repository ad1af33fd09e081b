import FoundationEssentials
import Basics
import Model
import Store
import Tools

/// Checks a packing list against the trip and the forecast it was made from, the same way for every
/// model (the built-in engine's lists pass untouched): names tidied and duplicates merged; items that are
/// not things to pack dropped; a weather-driven item must cite a day and a figure of that forecast; gear
/// the forecast demands is added when missing; and an answer with too little left is set aside.
public struct PackingCheck: Sendable {
    /// The trip and the forecast for its days, as the rules see them.
    public let context: PackingContext
    /// Names that stand for the destination ("Denver", "Denver, CO", "Denver, CO, US").
    let destinationNames: [String]

    public init(context: PackingContext, destination: String, place: Place?) {
        self.context = context
        var names = [destination]
        if let place {
            names += [place.name, place.label, "\(place.name), \(place.region)", place.region, place.country]
        }
        destinationNames = names.map(PackingCheck.key).filter { $0.count >= 2 }
    }

    /// What the check made of a list.
    public struct Outcome: Sendable {
        /// The list after the check (the answer's, tidied and completed).
        public var list: PackingList
        public var review: PackingReview
        /// Whether enough of the answer survived to be used; when false the caller falls back.
        public var isUsable: Bool
        /// Why not, when not.
        public var problem: String?
    }

    // MARK: - The check

    /// What the item-by-item pass found: the items kept (merged where two are one thing), what was dropped and
    /// why, what was demoted, and how many weather claims cited the forecast.
    struct Pass {
        var kept: [PackingItem] = []
        var dropped: [PackingReview.Dropped] = []
        var demoted: [String] = []
        var mergedNames: [String] = []
        var weatherClaims = 0
        var weatherVerified = 0
        /// Items whose count was cut to what the party and the days can use.
        var capped: [String] = []
    }

    /// The most of one item the trip can use: six a day for each person for the days away and two more
    /// (nappies are the most counted thing), at least 12, at most the answer's own limit.
    var quantityCap: Int {
        let people = max(1, context.party.people)
        return min(PackingAnswer.maximumQuantity, max(12, people * (min(context.dayCount, 30) + 2) * 6))
    }

    /// Checks `list` (a model's answer) and returns the list a traveller should get.
    public func review(_ list: PackingList, model: String) -> Outcome {
        var pass = Pass()
        for original in list.items { check(original, into: &pass) }
        let survivors = pass.kept.count
        for name in mergeFamilies(&pass.kept) where !pass.mergedNames.contains(name) { pass.mergedNames.append(name) }
        var added: [String] = []
        for gear in requiredGear() where !pass.kept.contains(where: { gear.isCovered($0.name) }) {
            var item = gear.item
            item.origin = .rules
            pass.kept.append(item)
            added.append(item.name)
        }
        let problem = verdict(answered: list.items.count, survivors: survivors, pass: pass)
        let scaled = problem == nil ? countForTheParty(&pass.kept) : []
        var review = PackingReview(
            model: model, answered: list.items.count, kept: survivors - pass.mergedNames.count, merged: pass.mergedNames,
            added: added, dropped: pass.dropped, demoted: pass.demoted, fallback: problem
        )
        review.scaled = scaled
        review.capped = pass.capped
        return Outcome(
            list: PackingList(items: PackingRules.ordered(pass.kept), notices: checkedNotices(list.notices), review: review),
            review: review, isUsable: problem == nil, problem: problem
        )
    }

    /// One item of the answer: tidied, dropped (not a thing, no such category, contradicted by the forecast),
    /// its reason mended, its weather claim checked against the forecast, merged into a kept item that is the
    /// same thing, or kept.
    func check(_ original: PackingItem, into pass: inout Pass) {
        var item = original
        item.name = Self.tidyName(item.name)
        item.reason = Self.tidy(item.reason, limit: 100)
        if let problem = nameProblem(item) {
            pass.dropped.append(PackingReview.Dropped(name: Self.tidy(original.name, limit: 40), reason: problem))
            return
        }
        guard let category = Self.category(matching: item.category) else {
            pass.dropped.append(PackingReview.Dropped(name: item.name, reason: "no such category"))
            return
        }
        item.category = category
        if let quantity = item.quantity, quantity > quantityCap {
            item.quantity = quantityCap
            pass.capped.append(item.name)
        }
        if isDestination(item.reason) || Self.key(item.reason).count < 2 || Self.key(item.reason) == Self.key(item.name)
            || Self.isPlaceholder(item.reason)
        {
            item.reason = "Suggested by the model"
        }
        if let contradiction = contradiction(item) {
            pass.dropped.append(PackingReview.Dropped(name: item.name, reason: contradiction))
            return
        }
        item.category = ItemCategories.category(for: item.name) ?? item.category
        if item.weather {
            pass.weatherClaims += 1
            if citesForecast(item.reason) || citesSunOrSea(item.reason) {
                pass.weatherVerified += 1
            } else {
                item.weather = false
                pass.demoted.append(item.name)
                if item.reason != "Suggested by the model" { item.reason += " (not from the forecast)" }
            }
        }
        item.origin = item.origin ?? .model
        if let index = pass.kept.firstIndex(where: { Self.sameThing($0.name, item.name) }) {
            pass.kept[index] = Self.merge(pass.kept[index], item)
            if !pass.mergedNames.contains(pass.kept[index].name) { pass.mergedNames.append(pass.kept[index].name) }
            return
        }
        pass.kept.append(item)
    }

    /// A party's trip: items the answer counted for one person (a toothbrush, "Underwear ×3" for five people,
    /// one coat) are counted for everyone, as the built-in engine counts them; returns their names. An item
    /// whose count already covers everyone who needs one is left as the answer gave it.
    func countForTheParty(_ items: inout [PackingItem]) -> [String] {
        guard context.party.isGroup else { return [] }
        let counts = PartyCounts(context: context)
        var scaled: [String] = []
        let groups = [context.party.people, context.party.adults, counts.wearers, counts.suitWearers]
        for index in items.indices where items[index].origin != .rules {
            let item = items[index]
            let given = item.quantity ?? 1
            // Only a count: an item the rules would rename (swim nappies are no day's nappies) stays as it is.
            guard let counted = counts.count(item), counted.name == item.name, let after = counted.quantity, after > given else { continue }
            // Who the count is for: a count per person ("3 each") times a group, or a count of its own (a
            // passport each, nappies by the day). A count at least that large was already the party's.
            let people = after % given == 0 && groups.contains(after / given) ? after / given : after
            guard given < people else { continue }
            items[index] = counted
            scaled.append(counted.label)
        }
        return scaled
    }

    /// Why the answer is set aside for the built-in list, or nil when it is used.
    func verdict(answered: Int, survivors: Int, pass: Pass) -> String? {
        if survivors < Self.minimumItems {
            return survivors == 0 ? "nothing on it is a thing to pack"
                : "only \(survivors) of its \(answered) item\(answered == 1 ? "" : "s") \(survivors == 1 ? "is a thing" : "are things") to pack"
        }
        if survivors * 2 < answered {
            return "\(answered - survivors) of its \(answered) items are not things to pack"
        }
        if pass.weatherClaims >= Self.ungroundedClaims, pass.weatherVerified == 0, !context.days.isEmpty {
            return "none of its \(pass.weatherClaims) weather-driven items cites a day and a figure from the forecast"
        }
        return nil
    }

    /// Fewer things to pack than this is no packing list: the built-in engine's shortest list (one night,
    /// no forecast, at home) has 12.
    public static let minimumItems = 5

    /// One or two weather flags without a day and a figure are mended (demoted); this many, with none
    /// grounded, shows a model that did not read the forecast, and its list is set aside.
    public static let ungroundedClaims = 3

    // MARK: - Names

    /// Why an item's name is not a thing to pack, or nil.
    func nameProblem(_ item: PackingItem) -> String? {
        let key = Self.key(item.name)
        if key.filter(\.isLetter).count < 2 { return "not a thing to pack" }
        if isDestination(item.name) { return "the destination, not a thing to pack" }
        if PackingInstructions.categories.contains(where: { Self.key($0) == key || Self.editDistance(Self.key($0), key, limit: 2) <= 2 }) {
            return "a category, not a thing to pack"
        }
        if Self.looksLikeDate(item.name) { return "a date, not a thing to pack" }
        if Self.weatherWords.contains(key) { return "weather, not a thing to pack" }
        if Self.placeholders.contains(key) || Self.isPlaceholder(item.name) { return "a placeholder, not a thing to pack" }
        return nil
    }

    /// Text a model copied from a template or left unfinished: "<item>", "{name}", "Item 3", "TBD",
    /// "Gear for scuba diving".
    static func isPlaceholder(_ text: String) -> Bool {
        if text.contains("<") || text.contains("{") || text.contains("[") || text.contains("...") || text.contains("…") && text.count < 4 {
            return true
        }
        let key = key(text)
        if placeholders.contains(key) || ["tbd", "tba", "lorem ipsum", "xxx", "string", "your item"].contains(key) { return true }
        let words = key.split(separator: " ")
        if words.count == 2, ["item", "thing", "name", "category"].contains(String(words[0])), words[1].allSatisfy(\.isNumber) {
            return true
        }
        return ["gear for ", "items for ", "stuff for ", "equipment for ", "things for "].contains { key.hasPrefix($0) }
    }

    /// Why an item contradicts the forecast, or nil: an umbrella in gusts of 30 mph or more, insect
    /// repellent when no day gets warmer than 41 °F.
    func contradiction(_ item: PackingItem) -> String? {
        let key = Self.key(item.name)
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        if key.contains("umbrella"), let day = weather.gustyWetDay {
            return cite.describe(.gust, of: day) + " \(day.date.shortLabel): an umbrella will not survive; a rain shell instead"
        }
        if key.contains("repellent") || key.contains("bug spray"), let warmest = weather.hottestHigh, warmest.value < 41, warmest.day != nil {
            return "no insects at a high of \(context.traveller.units.temperature(warmest.value))"
        }
        return nil
    }

    func isDestination(_ text: String) -> Bool {
        let key = Self.key(text)
        return destinationNames.contains { $0 == key || (key.hasPrefix($0) && $0.count >= 4 && key.count <= $0.count + 12) }
    }

    static let weatherWords: Set<String> = [
        "snow", "rain", "sunny", "sun", "cloudy", "clouds", "weather", "forecast", "wind", "windy", "cold", "hot", "warm",
        "mild", "cool", "freezing", "storm", "thunderstorms", "showers", "temperature",
    ]
    static let placeholders: Set<String> = [
        "item", "items", "name", "string", "example", "city", "place", "thing", "things", "stuff", "category", "reason",
        "quantity", "null", "none", "na", "todo", "misc", "other", "city optional place name",
    ]

    /// "Thu Dec 3", "2026-12-03", "Monday", "December 3".
    static func looksLikeDate(_ text: String) -> Bool {
        let words = key(text).split(separator: " ").map(String.init)
        guard !words.isEmpty, words.count <= 4 else { return false }
        let dateWords = Set(weekdays.flatMap { [$0, String($0.prefix(3))] } + months.flatMap { [$0, String($0.prefix(3))] })
        return words.allSatisfy { word in dateWords.contains(word) || word.allSatisfy(\.isNumber) }
    }

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    // MARK: - Weather claims

    /// Whether `reason` names a day of the forecast and a figure that day's forecast holds.
    public func citesForecast(_ reason: String) -> Bool {
        let text = " " + Self.key(reason) + " "
        // An alert in force, named by its event ("Winter Storm Warning"), is weather the trip has.
        if context.alerts.contains(where: { text.contains(" " + Self.key($0.event) + " ") }) { return true }
        for day in context.days {
            let named = Self.aliases(of: day.date).filter { text.contains(" \($0) ") }
            guard !named.isEmpty else { continue }
            // The figures once the day's own name ("Dec 3") is taken out; signs are compared away.
            var rest = text
            for alias in named { rest = rest.replacing(" \(alias) ", with: " ") }
            let figures = Self.figures(in: rest)
            let metric = MeasurementUnits.metric
            let temperatures = [day.high, day.low].compactMap { $0 }
            let speeds = [day.wind, day.gust].compactMap { $0 }
            let values = (temperatures + speeds + [day.precipitationChance].compactMap { $0 }).map(Double.init)
                + temperatures.map { Double(metric.degrees(fromFahrenheit: $0)) } + speeds.map { Double(metric.speed(fromMPH: $0)) }
                + [day.snowfall, day.precipitation, day.uvIndex].compactMap { $0 } + [day.snowfall.map { $0 / 2.54 }].compactMap { $0 }
                + Self.climateFigures(day) + [day.climate?.coldNight, day.climate?.hotDay].compactMap { $0 }.map { Double(metric.degrees(fromFahrenheit: $0)) }
            if figures.contains(where: { figure in values.contains { abs(abs($0) - figure) <= 1 } }) { return true }
        }
        return false
    }

    /// A climate day's own figures as its reasons cite them: the cold night, the hot day, and the wet and
    /// snow days out of ten.
    static func climateFigures(_ day: ForecastDay) -> [Double] {
        guard day.isClimate, let climate = day.climate else { return [] }
        return [climate.coldNight, climate.hotDay].compactMap { $0 }.map(Double.init)
            + [climate.wetShare, climate.snowShare].map { ($0 * 10).rounded() }.filter { $0 > 0 }
    }

    /// The ways a reason may name a day: "thu dec 3", "dec 3", "december 3", "thursday", "2026 12 03".
    static func aliases(of date: CalendarDate) -> [String] {
        let month = months[date.month - 1]
        let weekday = date.weekdayName.lowercased()
        return [
            "\(weekday.prefix(3)) \(month.prefix(3)) \(date.day)", "\(month.prefix(3)) \(date.day)", "\(month) \(date.day)",
            weekday, key(date.description),
        ]
    }

    /// The whole numbers in a key ("90", "10", "40"), at most 12 of them.
    static func figures(in text: String) -> [Double] {
        text.split(separator: " ").compactMap { word -> Double? in
            guard word.count <= 6, word.allSatisfy(\.isNumber) else { return nil }
            return Double(word)
        }.prefix(12).map { $0 }
    }

    // MARK: - Gear the forecast demands

    /// An item the rules would pack, and the names that count as having it.
    struct RequiredGear {
        var item: PackingItem
        var words: [String]

        func isCovered(_ name: String) -> Bool {
            let key = PackingCheck.key(name)
            return words.contains { key.contains($0) }
        }
    }

    /// What the trip demands, from the built-in engine's own knowledge: every weather-driven item, every
    /// activity kit's gear and garments, the passport and plug adapter abroad. Garment families count as
    /// covered by any member ("Rain jacket" covers "Waterproof rain jacket").
    func requiredGear() -> [RequiredGear] {
        let rules = PackingRules.list(for: context).items
        let kits = Set(PackingRules.activityKits(context).map(\.name))
        let kitNeeds = ActivityKits.resolve(context.activities).kits.reduce(into: Set<ClothingNeed>()) { $0.formUnion($1.wear) }
        let clothingForKits = Set(ClothingSystem(context: context, weather: TripWeather(context), needs: kitNeeds).items().map(\.name))
            .subtracting(ClothingSystem(context: context, weather: TripWeather(context), needs: []).items().map(\.name))
        return rules.compactMap { item in
            let demanded = item.weather || kits.contains(item.name) || clothingForKits.contains(item.name)
                || item.name.hasPrefix("Passport") || item.name.hasPrefix("Plug adapter")
                || Self.borderLinePrefixes.contains { item.name.hasPrefix($0) }
            guard demanded else { return nil }
            return RequiredGear(item: item, words: Self.coveringWords(item.name))
        }
    }

    /// The lines of entry and health facts a model cannot know (visas by passport, yellow fever, malaria):
    /// demanded of its answer like the passport.
    static let borderLinePrefixes = [
        "Visa for ", "e-Visa for ", "Visa on arrival for ", "Travel authorisation for ", "Entry rules for ",
        "Yellow fever vaccination", "Antimalarials",
    ]

    /// The words a model's item name may contain to count as the rules' item.
    static func coveringWords(_ name: String) -> [String] {
        let key = key(name)
        if let family = GarmentFamily.of(name) { return family.words }
        for (words, alternatives) in synonyms where words.contains(where: { key.contains($0) }) { return alternatives }
        let significant = key.split(separator: " ").map(String.init).filter { $0.count >= 4 && !vagueWords.contains($0) }
        return significant.isEmpty ? [key] : significant
    }

    /// Items a model may name otherwise.
    static let synonyms: [([String], [String])] = [
        (["sunscreen"], ["sunscreen", "sun cream", "spf", "sunblock"]),
        (["water bottle"], ["water bottle", "bottle", "hydration"]),
        (["repellent"], ["repellent", "bug spray", "deet", "insect"]),
        (["umbrella"], ["umbrella"]),
        (["sunglasses"], ["sunglasses", "sun glasses", "shades"]),
        (["passport"], ["passport"]),
        (["visa"], ["visa"]),
        (["travel authorisation"], ["authorisation", "authorization"]),
        (["entry rules"], ["entry rules", "entry requirement"]),
        (["yellow fever"], ["yellow fever"]),
        (["antimalarials"], ["malaria"]),
        (["plug adapter"], ["adapter", "adaptor"]),
        (["lip balm"], ["lip balm", "lip salve", "chapstick"]),
    ]

    /// Words too general to say what an item is.
    static let vagueWords: Set<String> = [
        "with", "your", "spare", "small", "warm", "light", "waterproof", "insulated", "comfortable", "other", "some",
        "each", "kept", "rent", "from", "where", "required", "quick", "rated", "lows", "thin", "extra",
    ]

    // MARK: - Stacked families

    /// Merges the items of one garment family into one (the more specific kind, at most a day's worth per
    /// day plus a spare); trims casual tops when business outfits cover the working days. Returns the
    /// names merged into.
    func mergeFamilies(_ items: inout [PackingItem]) -> [String] {
        let system = ClothingSystem(context: context, weather: TripWeather(context), needs: [])
        // A day's worth per day plus a spare for each who wears the adults' garments (a baby has its own).
        let cap = system.daily * (context.party.adults + context.party.olderChildren.count)
        var merged: [String] = []
        for family in GarmentFamily.allCases {
            let members = items.indices.filter { GarmentFamily.of(items[$0].name) == family }
            if family.isDaily {
                for index in members { items[index].quantity = items[index].quantity.map { min($0, cap) } }
            }
            var removed: [Int] = []
            // One line per group: per stop for the families a trip of several stops splits (`lineGroups`).
            for group in lineGroups(members, family: family, in: items) where group.count >= 2 {
                // The kind to keep: forecast-driven first, then the most specific (longest) name.
                guard let keep = group.max(by: { a, b in
                    (items[a].weather ? 1 : 0, items[a].name.count) < (items[b].weather ? 1 : 0, items[b].name.count)
                }) else { continue }
                let quantities = group.compactMap { items[$0].quantity }
                items[keep].quantity = quantities.max().map { family.isDaily ? min($0, cap) : $0 }
                items[keep].origin = .merged
                removed += group.filter { $0 != keep }
                merged.append(items[keep].name)
            }
            for index in removed.sorted(by: >) { items.remove(at: index) }
        }
        if let business = items.first(where: { Self.key($0.name).contains("business") || Self.key($0.name).contains("smart casual") })?.quantity,
           let tops = items.firstIndex(where: { GarmentFamily.of($0.name) == .tops }), let quantity = items[tops].quantity
        {
            items[tops].quantity = max(1, min(quantity, cap - business))
        }
        return merged
    }

    // MARK: - Notices

    /// The answer's notices that are about the trip: not the destination's name, not a word or two, once each.
    func checkedNotices(_ notices: [String]) -> [String] {
        var seen: Set<String> = []
        return notices.map { Self.tidyNotice($0) }.filter { notice in
            let key = Self.key(notice)
            guard key.split(separator: " ").count >= 3, !isDestination(notice), seen.insert(key).inserted else { return false }
            return true
        }
    }

    // MARK: - Helpers

    /// A notice with whitespace collapsed, a leading bullet trimmed, its full stop kept, cut to 300 characters.
    static func tidyNotice(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let trimmed = collapsed.trimming(ScalarSet(" -–—*•"))
        return trimmed.count > 300 ? String(trimmed.prefix(299)) + "…" : trimmed
    }

    /// In the one form names have (`ItemName.normalized`: invisible characters dropped, whitespace collapsed),
    /// outer punctuation trimmed, cut to `limit` characters.
    static func tidy(_ text: String, limit: Int) -> String {
        let trimmed = ItemName.normalized(text).trimming(ScalarSet(" .,;:-–—*•\"'"))
        return trimmed.count > limit ? String(trimmed.prefix(limit - 1)) + "…" : trimmed
    }

    /// A model's item name as `tidy` makes it, cut (at a character's boundary) to 50 characters and to what
    /// the tables hold (`ItemName.fits`, in code points): a name an accent per letter makes long still ticks.
    static func tidyName(_ text: String) -> String {
        ItemName.cut(tidy(text, limit: .max), characters: 50)
    }

    /// Lowercased letters and digits, words separated by single spaces.
    static func key(_ text: String) -> String {
        let folded = UnicodeForms.folded(text)
        let spaced = String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " })
        return spaced.split(separator: " ").joined(separator: " ")
    }

    /// Whether two names are the same thing: equal keys, or equal but for a plural "s".
    static func sameThing(_ a: String, _ b: String) -> Bool {
        let left = key(a)
        let right = key(b)
        return left == right || left + "s" == right || right + "s" == left
    }

    static func merge(_ first: PackingItem, _ second: PackingItem) -> PackingItem {
        var merged = first
        merged.quantity = [first.quantity, second.quantity].compactMap { $0 }.max()
        if !first.weather, second.weather {
            merged.weather = true
            merged.reason = second.reason
        }
        merged.origin = .merged
        return merged
    }

    /// The known category a model's category names ("toiletries", "Rain and weather").
    static func category(matching text: String) -> String? {
        let wanted = key(text.replacing("&", with: " and "))
        return PackingInstructions.categories.first { key($0.replacing("&", with: " and ")) == wanted }
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let left = Array(a)
        let right = Array(b)
        guard abs(left.count - right.count) <= limit else { return limit + 1 }
        guard !left.isEmpty, !right.isEmpty else { return max(left.count, right.count) }
        var previous = Array(0...right.count)
        for i in 1...left.count {
            var current = [i] + Array(repeating: 0, count: right.count)
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[right.count]
    }
}
