import FoundationEssentials

/// What plan's check decided about a packing list: every model's answer, the built-in engine's included,
/// goes through it before a traveller sees it.
public struct PackingReview: Codable, Sendable, Equatable {
    /// An item the check took off the list, and why.
    public struct Dropped: Codable, Sendable, Equatable {
        public var name: String
        public var reason: String

        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// The model whose answer was checked.
    public var model: String
    /// Items in the answer as it came.
    public var answered: Int
    /// Items kept as they came (names tidied).
    public var kept: Int
    /// Names that several of the answer's items were merged into.
    public var merged: [String]
    /// Gear the forecast demands that the answer left out, added by plan's rules.
    public var added: [String]
    /// Items taken off, with the reason.
    public var dropped: [Dropped]
    /// Items the answer called weather-driven without citing a day and a figure from the forecast.
    public var demoted: [String]
    /// Why the answer was set aside for the built-in engine's list; nil when the answer was used.
    public var fallback: String?
    /// Items the answer counted for one person on a party's trip, counted by plan for everyone ("Underwear
    /// ×3" for five people became ×15).
    public var scaled: [String] = []
    /// Items whose count was more than the party could use on the trip's days, cut to that (`PackingCheck`).
    public var capped: [String] = []

    public init(
        model: String, answered: Int, kept: Int, merged: [String] = [], added: [String] = [], dropped: [Dropped] = [],
        demoted: [String] = [], fallback: String? = nil
    ) {
        self.model = model
        self.answered = answered
        self.kept = kept
        self.merged = merged
        self.added = added
        self.dropped = dropped
        self.demoted = demoted
        self.fallback = fallback
    }

    /// Whether the check changed nothing.
    public var isUntouched: Bool {
        merged.isEmpty && added.isEmpty && dropped.isEmpty && demoted.isEmpty && scaled.isEmpty && capped.isEmpty && fallback == nil
    }

    /// One paragraph for the transcript and `history show`.
    public var summary: String {
        if let fallback {
            return "Set aside \(model)'s answer (\(fallback)); used the built-in engine's list for the same forecast."
        }
        var parts = ["kept \(kept) of \(answered) items"]
        if !merged.isEmpty { parts.append("merged into \(merged.joined(separator: ", "))") }
        if !added.isEmpty { parts.append("added by plan's rules: \(added.joined(separator: ", "))") }
        if !dropped.isEmpty {
            parts.append("dropped " + dropped.prefix(8).map { "\($0.name) (\($0.reason))" }.joined(separator: ", ")
                + (dropped.count > 8 ? " and \(dropped.count - 8) more" : ""))
        }
        if !demoted.isEmpty { parts.append("not weather-driven (no day and figure from the forecast): \(demoted.joined(separator: ", "))") }
        if !scaled.isEmpty { parts.append("counted for the whole party (the answer counted for one): \(scaled.joined(separator: ", "))") }
        if !capped.isEmpty { parts.append("counts cut to what the party can use on the trip's days: \(capped.joined(separator: ", "))") }
        return "Checked \(model)'s answer: " + parts.joined(separator: "; ") + "."
    }
}

extension PackingReview {
    enum CodingKeys: String, CodingKey {
        case model, answered, kept, merged, added, dropped, demoted, fallback, scaled, capped
    }

    /// Reads a stored review; one stored before a key existed (`scaled`) takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = try container.decode(String.self, forKey: .model)
        answered = try container.decode(Int.self, forKey: .answered)
        kept = try container.decode(Int.self, forKey: .kept)
        merged = try container.decode([String].self, forKey: .merged)
        added = try container.decode([String].self, forKey: .added)
        dropped = try container.decode([Dropped].self, forKey: .dropped)
        demoted = try container.decode([String].self, forKey: .demoted)
        fallback = try container.decodeIfPresent(String.self, forKey: .fallback)
        scaled = try container.decodeIfPresent([String].self, forKey: .scaled) ?? []
        capped = try container.decodeIfPresent([String].self, forKey: .capped) ?? []
    }
}
