import FoundationEssentials

/// Why a change to a trip's list was refused. Nothing is written when one is thrown.
public enum ListError: Error, Equatable, LocalizedError {
    /// The trip has no list and no items of the traveller's yet.
    case emptyList(trip: Int)
    /// A number past the end of the list.
    case noSuchNumber(Int, count: Int, trip: Int)
    /// A number past the end of the list that is an item's name ("42"); `--name` reads it as one.
    case numberIsAName(String, count: Int, trip: Int)
    /// No item has this name or starts with it; `candidates` are names that contain it.
    case unknownItem(String, candidates: [String], trip: Int)
    /// Several items start with it.
    case ambiguousItem(String, candidates: [String], trip: Int)
    /// `plan prefs rm` with a name nothing is remembered for.
    case unknownPreference(String, candidates: [String])
    /// A name that is empty once tidied, or holds control or invisible characters.
    case badName(String)
    /// A name (or category) longer than its column holds: `length` code points, at most `limit`.
    case nameTooLong(String, length: Int, limit: Int)
    /// Another `plan` changed the list between reading and writing.
    case changedMeanwhile(trip: Int)

    public var errorDescription: String? {
        switch self {
        case let .emptyList(trip):
            return "trip \(trip) has no packing list yet."
        case let .noSuchNumber(number, count, trip):
            return "trip \(trip)'s list has no item \(number) (it has \(count))."
        case let .numberIsAName(text, count, trip):
            return "trip \(trip)'s list has no item \(text) (it has \(count)), but an item is named '\(text)'."
        case let .unknownItem(text, candidates, trip):
            let start = "no item '\(Self.shown(text))' on trip \(trip)'s list"
            return candidates.isEmpty ? start + "." : start + "; did you mean \(Self.names(candidates))?"
        case let .ambiguousItem(text, candidates, _):
            return "'\(Self.shown(text))' could be \(Self.names(candidates))."
        case let .unknownPreference(text, candidates):
            let start = "nothing is remembered for '\(Self.shown(text))'"
            return candidates.isEmpty ? start + "." : start + "; remembered: \(Self.names(candidates))."
        case let .badName(text):
            return "'\(Self.shown(text))' is not an item name (it needs a letter or a sign, and no control or invisible characters)."
        case let .nameTooLong(text, length, limit):
            return "'\(Self.shown(text))' is too long: \(length) code points, at most \(limit) (a flag counts as 2)."
        case let .changedMeanwhile(trip):
            return "trip \(trip)'s list changed while this command ran; nothing was written."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case let .emptyList(trip): return "Run 'plan pack \(trip)' to make one, or 'plan item add \(trip) <name>'."
        case let .noSuchNumber(_, _, trip), let .unknownItem(_, _, trip):
            return "Run 'plan show \(trip)' for the numbers and names."
        case let .ambiguousItem(_, _, trip):
            return "Give more of the name, or its number from 'plan show \(trip)'."
        case .unknownPreference: return "Run 'plan prefs' to see what is remembered."
        case let .numberIsAName(text, _, trip):
            return "Give --name to read it as a name: plan check \(trip) --name \(text) (or plan uncheck)."
        case .badName: return "Quote a name with spaces: plan item add 1 \"Travel pillow\"."
        case .nameTooLong: return "Give a shorter name."
        case .changedMeanwhile: return "Run the command again."
        }
    }

    /// Up to eight names, quoted: 'Socks', 'Sunscreen' or 'Sun hat'.
    static func names(_ names: [String]) -> String {
        var quoted = names.prefix(8).map { "'\(shown($0))'" }
        if names.count > 8 { quoted.append("\(names.count - 8) more") }
        guard quoted.count > 1, let last = quoted.popLast() else { return quoted.first ?? "" }
        return quoted.joined(separator: ", ") + " or " + last
    }

    static func shown(_ text: String) -> String {
        let tidied = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return tidied.count > 60 ? String(tidied.prefix(59)) + "…" : tidied
    }
}
