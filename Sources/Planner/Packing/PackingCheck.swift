import Foundation
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

    /// Checks `list` (a model's answer) and returns the list a traveller should get.
    public func review(_ list: PackingList, model: String) -> Outcome {
        var dropped: [PackingReview.Dropped] = []
        var demoted: [String] = []
        var kept: [PackingItem] = []
        var mergedNames: [String] = []
        var weatherClaims = 0
        var weatherVerified = 0

        for original in list.items {
            var item = original
            item.name = Self.tidy(item.name, limit: 50)
            item.reason = Self.tidy(item.reason, limit: 100)
            if let problem = nameProblem(item) {
                dropped.append(PackingReview.Dropped(name: Self.tidy(original.name, limit: 40), reason: problem))
                continue
            }
            if let category = Self.category(matching: item.category) {
                item.category = category
            } else {
                dropped.append(PackingReview.Dropped(name: item.name, reason: "no such category"))
                continue
            }
            if isDestination(item.reason) || Self.key(item.reason).count < 2 || Self.key(item.reason) == Self.key(item.name) {
                item.reason = "Suggested by the model"
            }
            if item.weather {
                weatherClaims += 1
                if citesForecast(item.reason) {
                    weatherVerified += 1
                } else {
                    item.weather = false
                    demoted.append(item.name)
                    if item.reason != "Suggested by the model" { item.reason += " (not from the forecast)" }
                }
            }
            item.origin = item.origin ?? .model
            if let index = kept.firstIndex(where: { Self.sameThing($0.name, item.name) }) {
                kept[index] = Self.merge(kept[index], item)
                if !mergedNames.contains(kept[index].name) { mergedNames.append(kept[index].name) }
                continue
            }
            kept.append(item)
        }

        let survivors = kept.count
        var added: [String] = []
        for gear in requiredGear() where !kept.contains(where: { gear.isCovered($0.name) }) {
            var item = gear.item
            item.origin = .rules
            kept.append(item)
            added.append(item.name)
        }
        let notices = checkedNotices(list.notices)
        let ordered = Self.ordered(kept)

        var problem: String?
        if survivors < Self.minimumItems {
            problem = survivors == 0 ? "nothing on it is a thing to pack"
                : "only \(survivors) of its \(list.items.count) item\(list.items.count == 1 ? "" : "s") \(survivors == 1 ? "is a thing" : "are things") to pack"
        } else if survivors * 2 < list.items.count {
            problem = "\(list.items.count - survivors) of its \(list.items.count) items are not things to pack"
        } else if weatherClaims >= Self.ungroundedClaims, weatherVerified == 0, !context.days.isEmpty {
            problem = "none of its \(weatherClaims) weather-driven items cites a day and a figure from the forecast"
        }
        let review = PackingReview(
            model: model, answered: list.items.count, kept: survivors - mergedNames.count, merged: mergedNames, added: added,
            dropped: dropped, demoted: demoted, fallback: problem
        )
        return Outcome(
            list: PackingList(items: ordered, notices: notices, review: review), review: review, isUsable: problem == nil,
            problem: problem
        )
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
        if Self.placeholders.contains(key) { return "a placeholder, not a thing to pack" }
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
            for alias in named { rest = rest.replacingOccurrences(of: " \(alias) ", with: " ") }
            let figures = Self.figures(in: rest)
            let values = [day.high, day.low, day.precipitationChance, day.wind, day.gust].compactMap { $0 }.map(Double.init)
                + [day.snowfall, day.precipitation, day.uvIndex].compactMap { $0 }
                + Self.climateFigures(day)
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

    /// What the forecast demands, from the built-in engine's own rules: snow → insulated boots, rain of
    /// 50% or more → a rain jacket, freezing → hat and gloves, heat → sun protection and water.
    func requiredGear() -> [RequiredGear] {
        let families: [String: [String]] = [
            "Insulated waterproof boots": ["boot"],
            "Waterproof rain jacket": ["rain jacket", "raincoat", "rain coat", "waterproof jacket", "rain shell", "poncho"],
            "Warm hat and gloves": ["glove", "mitten"],
            "Sunscreen (SPF 30+)": ["sunscreen", "sun cream", "spf", "sunblock"],
            "Reusable water bottle": ["water"],
        ]
        let weatherItems = PackingRules.all.filter { ["rainGear", "snowGear", "temperatureLayers", "sunProtection"].contains($0.name) }
            .flatMap { $0.rule(context) }
        return weatherItems.compactMap { item in
            guard item.weather, let words = families[item.name] else { return nil }
            // Freezing only: "Warm hat and gloves" for a merely cold low is the rules' choice, not a demand.
            if item.name == "Warm hat and gloves", !item.reason.hasPrefix("Freezing") { return nil }
            return RequiredGear(item: item, words: words)
        }
    }

    // MARK: - Notices

    /// The answer's notices that are about the trip: not the destination's name, not a word or two, once each.
    func checkedNotices(_ notices: [String]) -> [String] {
        var seen: Set<String> = []
        return notices.map { Self.tidy($0, limit: 300) }.filter { notice in
            let key = Self.key(notice)
            guard key.split(separator: " ").count >= 3, !isDestination(notice), seen.insert(key).inserted else { return false }
            return true
        }
    }

    // MARK: - Helpers

    /// Whitespace collapsed, outer punctuation trimmed, cut to `limit` characters.
    static func tidy(_ text: String, limit: Int) -> String {
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let trimmed = collapsed.trimmingCharacters(in: CharacterSet(charactersIn: " .,;:-–—*•\"'"))
        return trimmed.count > limit ? String(trimmed.prefix(limit - 1)) + "…" : trimmed
    }

    /// Lowercased letters and digits, words separated by single spaces.
    static func key(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
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
        let wanted = key(text.replacingOccurrences(of: "&", with: " and "))
        return PackingInstructions.categories.first { key($0.replacingOccurrences(of: "&", with: " and ")) == wanted }
    }

    /// Items by category in the display order, keeping their order within a category.
    static func ordered(_ items: [PackingItem]) -> [PackingItem] {
        let order = PackingInstructions.categories
        return items.enumerated().sorted { a, b in
            let left = order.firstIndex(of: a.element.category) ?? order.count
            let right = order.firstIndex(of: b.element.category) ?? order.count
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
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
