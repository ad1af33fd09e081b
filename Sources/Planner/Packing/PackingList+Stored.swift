import FoundationEssentials
import LanguageModels
import Model
import Store

/// A stored list read back without `JSONDecoder`: `show`, `list` and every command that reads a trip's list
/// decode it, and Foundation's generic decoder cost a cached `show` more instructions than every SQLite read
/// it makes (1.8M of 17M, issue 34). The document is read once by LanguageModels' own JSON reader into
/// `GeneratedContent` and the fields are taken by name. Anything this reader does not accept exactly as
/// `JSONDecoder` would (a missing field, a fraction where a count belongs, an unknown origin) goes to
/// `JSONDecoder`, so the result and the error are always what the `Codable` conformance gives.
extension PackingList {
    /// The list stored as `text` (`jsonText()`). A release build reads it with `read(stored:)`; a debug build,
    /// where that reader runs unoptimised and costs more than Foundation's (optimised) decoder, with
    /// `JSONDecoder` (the start-up budget counts the debug build: 42.6M against 39.7M instructions for a
    /// two-stop `show`; the release build 15.2M against 16.8M, docs/benchmarks.md).
    public static func fromJSON(_ text: String) throws -> PackingList {
        #if !DEBUG
        if let list = read(stored: text) { return list }
        #endif
        return try JSONDecoder().decode(PackingList.self, from: Data(text.utf8))
    }

    /// The list stored as `text`, read by plan's own reader; nil when it declines (then `JSONDecoder` decides).
    public static func read(stored text: String) -> PackingList? {
        guard let content = PartialJSONParser.parseComplete(text) else { return nil }
        return PackingList(stored: content)
    }

    init?(stored content: GeneratedContent) {
        guard let items = content["items"]?.elements, let notices = content.strings("notices") else { return nil }
        var read: [PackingItem] = []
        read.reserveCapacity(items.count)
        for item in items {
            guard let item = PackingItem(stored: item) else { return nil }
            read.append(item)
        }
        var review: PackingReview?
        if let stored = content["review"], stored != .null {
            guard let decoded = PackingReview(stored: stored) else { return nil }
            review = decoded
        }
        self.init(items: read, notices: notices, review: review)
    }
}

extension PackingItem {
    init?(stored content: GeneratedContent) {
        guard case .object = content, let category = content["category"]?.text, let name = content["name"]?.text,
              let reason = content["reason"]?.text, case let .bool(weather)? = content["weather"] else { return nil }
        var quantity: Int?
        if !content.isAbsent("quantity") {
            guard let count = content.wholeNumber("quantity") else { return nil }
            quantity = count
        }
        var origin: Origin?
        if let stored = content["origin"], stored != .null {
            guard let raw = stored.text, let known = Origin(rawValue: raw) else { return nil }
            origin = known
        }
        self.init(category: category, name: name, quantity: quantity, reason: reason, weather: weather, origin: origin)
    }
}

extension PackingReview {
    init?(stored content: GeneratedContent) {
        guard case .object = content, let model = content["model"]?.text,
              let answered = content.wholeNumber("answered"), let kept = content.wholeNumber("kept"),
              let merged = content.strings("merged"), let added = content.strings("added"),
              let demoted = content.strings("demoted"), let droppedItems = content["dropped"]?.elements else { return nil }
        var dropped: [Dropped] = []
        for item in droppedItems {
            guard let name = item["name"]?.text, let reason = item["reason"]?.text else { return nil }
            dropped.append(Dropped(name: name, reason: reason))
        }
        var fallback: String?
        if let stored = content["fallback"], stored != .null {
            guard let text = stored.text else { return nil }
            fallback = text
        }
        self.init(
            model: model, answered: answered, kept: kept, merged: merged, added: added, dropped: dropped,
            demoted: demoted, fallback: fallback
        )
    }
}

extension GeneratedContent {
    /// The array of strings under `key`; nil when it is missing or holds anything else.
    fileprivate func strings(_ key: String) -> [String]? {
        guard let elements = self[key]?.elements else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for element in elements {
            guard let text = element.text else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// Whether `key` is missing or null: an optional field `JSONDecoder` reads as nil.
    fileprivate func isAbsent(_ key: String) -> Bool {
        guard let stored = self[key] else { return true }
        return stored == .null
    }

    /// The whole number under `key`, as `JSONDecoder` reads an `Int`; nil when it is anything else (or too large
    /// for a double to hold exactly, which is left to `JSONDecoder`).
    fileprivate func wholeNumber(_ key: String) -> Int? {
        guard case let .number(number)? = self[key], number.rounded() == number, abs(number) < 9.0e15 else { return nil }
        return Int(checked: number)
    }
}
