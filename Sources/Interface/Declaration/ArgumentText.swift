import FoundationEssentials
import Basics
import Model
import PlanKit
import Rendering

/// Conversions of command-line text shared by the declarations, and text safe to echo back.
public enum ArgumentText {
    /// A trip or session id: a positive whole number.
    public static func id(_ text: String, what: String, context: ParseContext) throws -> Int {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(text), value > 0  // parses text
        else {
            throw context.error("'\(printable(text))' is not a \(what) id (a positive number).")
        }
        return value
    }

    /// `YYYY-MM-DD`, `today` or `tomorrow`.
    public static func date(_ text: String, option: String, context: ParseContext) throws -> CalendarDate {
        switch text.lowercased() {
        case "today": return context.today
        case "tomorrow": return context.today.adding(days: 1)
        default:
            guard let date = CalendarDate(text) else {
                throw context.error("--\(option) '\(printable(text))' is not a date; use YYYY-MM-DD, today or tomorrow.")
            }
            return date
        }
    }

    /// A whole number in `range`, else "--name must be a whole number from a to b."
    public static func number(_ text: String, option: String, range: ClosedRange<Int>, context: ParseContext) throws -> Int {
        guard let number = Int(text), range.contains(number) else {  // parses text
            throw context.error("--\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    /// Children's ages, comma-separated ("8,5,1"; "" or "none" for no children): each 0 to 17, at most 20.
    public static func ages(_ text: String, option: String, context: ParseContext) throws -> [Int] {
        do {
            return try ages(text)
        } catch let error as AgesError {
            throw context.error("--\(option) \(error.message)")
        }
    }

    /// Why ages cannot be read: the words after the option's name.
    public struct AgesError: Error, Equatable {
        public let message: String
    }

    /// Children's ages, comma-separated, checked (the command line's and `plan config set children`'s).
    public static func ages(_ text: String) throws -> [Int] {
        let trimmed = text.trimming(.whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return [] }
        var ages: [Int] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let word = part.trimming(.whitespaces)
            guard word.count <= 3, let age = Int(word), TripParty.childAgeRange.contains(age) else {  // parses text
                throw AgesError(message: "takes each child's age from 0 to 17, comma-separated (like 8,5,1); '\(printable(word))' is not one (18 and over is an adult: --adults).")
            }
            ages.append(age)
        }
        guard ages.count <= TripParty.maximumChildren else {
            throw AgesError(message: "takes at most \(TripParty.maximumChildren) children.")
        }
        return ages
    }

    /// Text safe to echo in one line: control characters shown as '?', long text cut.
    public static func printable(_ text: String) -> String {
        ConfigurationProblem.printable(text)
    }

    /// "a, b or c".
    public static func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
