import FoundationEssentials
import Model
import Store

/// What is wrong with a trip asked for, in the trip's words: never a flag or an argument's name (the command
/// line words it for its options, `CLIError`'s `TripProblem.usage`; an assistant reads this).
public enum TripProblem: Error, Equatable, Sendable {
    case emptyDestination
    case destinationTooLong
    case invisibleInDestination
    case noStart
    case noEnd
    case endsBeforeStart(start: CalendarDate, end: CalendarDate)
    case longerThanAYear
    case stopWithoutEnd(destination: String)
    case stopEndsTooEarly(destination: String, end: CalendarDate, previousEnd: CalendarDate)
    case badName
    case badActivity(String)
    case tooManyActivities
    /// The stops' dates do not follow on (TripLeg's own words).
    case unchained(String)
}

extension TripProblem: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .emptyDestination: return "the destination is empty."
        case .destinationTooLong: return "the destination is longer than \(TripRequest.maximumTextLength) characters."
        case .invisibleInDestination: return "the destination contains control or invisible formatting characters."
        case .noStart: return "the trip has no first day."
        case .noEnd: return "the trip has no last day."
        case .endsBeforeStart(let start, let end): return "the trip ends on \(end), before it starts on \(start)."
        case .longerThanAYear: return "a trip can last at most a year (\(TripRequest.maximumNights) nights)."
        case .stopWithoutEnd(let destination): return "the stop at \(Self.quoted(destination)) has no last day."
        case .stopEndsTooEarly(let destination, let end, let previousEnd):
            return "the stop at \(Self.quoted(destination)) ends on \(end), which is not after \(previousEnd), the day the stop before it ends (this stop begins then)."
        case .badName: return "a trip's name must be 1 to \(TripRequest.maximumTextLength) printable characters."
        case .badActivity(let word): return "activity '\(Self.quoted(word))' should be a word like hiking or beach."
        case .tooManyActivities: return "a stop takes at most \(TripRequest.maximumActivities) activities."
        case .unchained(let problem): return problem + "."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .emptyDestination, .destinationTooLong, .invisibleInDestination:
            return "Give a place such as \"Denver, CO\" or \"Lisbon, Portugal\"."
        case .noStart, .noEnd: return "Give both dates as YYYY-MM-DD."
        case .endsBeforeStart: return "Give the first day first; a one-day trip starts and ends the same day."
        case .longerThanAYear: return "Split a longer journey into trips of a year or less."
        case .stopWithoutEnd, .stopEndsTooEarly, .unchained:
            return "Each stop begins the day the one before it ends and needs a last day after that."
        case .badName: return nil
        case .badActivity, .tooManyActivities: return "'plan activities' lists the activities plan packs for."
        }
    }

    /// Text from outside quoted in a message: controls and invisible characters dropped, at most 60 characters.
    static func quoted(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !TripRequest.isInvisible(scalar) { kept.append(scalar) }
        let result = String(kept)
        return result.count > 60 ? String(result.prefix(59)) + "…" : result
    }
}
