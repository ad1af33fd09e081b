import FoundationEssentials
import Basics
import JSON
import MCP
import Model

/// A tool call's arguments, read with plan's checks: each value of the type and range its schema says.
struct ToolArguments: Sendable {
    let values: [String: JSONValue]
    let today: CalendarDate

    /// A required string, trimmed, 1 to `limit` characters.
    func string(_ name: String, limit: Int = 200) throws -> String {
        guard let value = try optionalString(name, limit: limit) else { throw PlanToolError.missing(name) }
        return value
    }

    /// An optional string, trimmed, 1 to `limit` characters.
    func optionalString(_ name: String, limit: Int = 200) throws -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.stringValue?.trimming(.whitespacesAndNewlines), !text.isEmpty, text.count <= limit else {
            throw PlanToolError.invalid(name, expected: "a string of 1 to \(limit) characters")
        }
        return text
    }

    /// A trip id: a whole number from 1 (given as a number or as digits).
    func trip(_ name: String = "trip") throws -> Int {
        guard let value = values[name], value != .null else { throw PlanToolError.missing(name) }
        let id = value.intValue ?? value.stringValue.flatMap { Int($0.trimming(.whitespaces)) }  // parses text
        guard let id, (1...2_147_483_647).contains(id) else { throw PlanToolError.invalid(name, expected: "a trip id (a whole number from 1)") }
        return id
    }

    /// A date: YYYY-MM-DD, "today" or "tomorrow".
    func date(_ name: String) throws -> CalendarDate {
        let text = try string(name, limit: 20)
        switch text.lowercased() {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let date = CalendarDate(text) else { throw PlanToolError.invalid(name, expected: "a date as YYYY-MM-DD, 'today' or 'tomorrow'") }
            return date
        }
    }

    /// A flag; `fallback` when absent.
    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        guard let value = values[name], value != .null else { return fallback }
        guard let flag = value.boolValue else { throw PlanToolError.invalid(name, expected: "true or false") }
        return flag
    }

    /// A number in a range; nil when absent.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let value = values[name], value != .null else { return nil }
        guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
            throw PlanToolError.invalid(name, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A whole number in a range; nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = values[name], value != .null else { return nil }
        guard let number = value.intValue, number >= range.lowerBound, number <= range.upperBound else {
            throw PlanToolError.invalid(name, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// Whole numbers, each in a range, at most `limit` of them (children's ages); nil when absent.
    func integers(_ name: String, in range: ClosedRange<Int>, limit: Int) throws -> [Int]? {
        guard let value = values[name], value != .null else { return nil }
        let expected = "a list of at most \(limit) whole numbers from \(range.lowerBound) to \(range.upperBound)"
        guard let elements = value.arrayValue, elements.count <= limit else { throw PlanToolError.invalid(name, expected: expected) }
        return try elements.map { element in
            guard let number = element.intValue, number >= range.lowerBound, number <= range.upperBound else {
                throw PlanToolError.invalid(name, expected: expected)
            }
            return number
        }
    }

    /// Stops after the first: `[{destination, to, activities?}]`, at most `limit`, each date read as `date` reads one.
    func stops(_ name: String, limit: Int) throws -> [(destination: String, end: CalendarDate, activities: [String]?)] {
        guard let value = values[name], value != .null else { return [] }
        guard let elements = value.arrayValue, elements.count <= limit else {
            throw PlanToolError.invalid(name, expected: "a list of at most \(limit) stops, each {destination, to}")
        }
        return try elements.map { element in
            guard let object = element.objectValue else { throw PlanToolError.invalid(name, expected: "a list of {destination, to}") }
            let stop = ToolArguments(values: object, today: today)
            return (try stop.string("destination"), try stop.date("to"), try stop.words("activities", limit: 20))
        }
    }

    /// Strings or whole numbers (item names or numbers, activities): at most `limit` of them, each at most
    /// 200 characters; a single string counts as a list of one.
    func words(_ name: String, limit: Int) throws -> [String]? {
        guard let value = values[name], value != .null else { return nil }
        let elements = value.arrayValue ?? [value]
        guard elements.count <= limit else { throw PlanToolError.invalid(name, expected: "a list of at most \(limit)") }
        return try elements.map { element in
            if let number = element.intValue { return String(number) }
            guard let text = element.stringValue, !text.isEmpty, text.count <= 200 else {
                throw PlanToolError.invalid(name, expected: "a list of names or numbers")
            }
            return text
        }
    }
}
