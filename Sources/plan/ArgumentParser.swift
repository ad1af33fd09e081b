import Foundation
import Store

/// What a command accepts: options that take a value, and flags that don't.
struct CommandSpec {
    let name: String
    let valueOptions: Set<String>
    let flags: Set<String>
    let positionals: ClosedRange<Int>
}

/// Parsed arguments of one command.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option] }
}

/// Hand-written parsing: `--name value`, `--name=value`, flags, `--` to end options, `-h`.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw CLIError.usage("unknown option '\(printable(argument))'.", command: spec.name)
            }
            var name = String(argument.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.valueOptions.contains(name) {
                if let inline {
                    parsed.values[name] = inline
                } else {
                    guard index < arguments.count else {
                        throw CLIError.usage("--\(name) needs a value.", command: spec.name)
                    }
                    parsed.values[name] = arguments[index]
                    index += 1
                }
            } else if spec.flags.contains(name) || name == "help" {
                guard inline == nil else {
                    throw CLIError.usage("--\(name) takes no value.", command: spec.name)
                }
                parsed.flags.insert(name)
            } else {
                throw CLIError.usage("unknown option '--\(printable(name))'.", command: spec.name)
            }
        }
        if parsed.has("help") { return parsed }
        if parsed.positionals.count < spec.positionals.lowerBound {
            throw CLIError.usage("missing argument.", command: spec.name)
        }
        if parsed.positionals.count > spec.positionals.upperBound {
            let extra = parsed.positionals[spec.positionals.upperBound]
            throw CLIError.usage("unexpected argument '\(printable(extra))'.", command: spec.name)
        }
        return parsed
    }

    /// A trip or session id: a positive whole number.
    static func id(_ text: String, what: String, command: String) throws -> Int {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(text), value > 0
        else {
            throw CLIError.usage("'\(printable(text))' is not a \(what) id (a positive number).", command: command)
        }
        return value
    }

    /// `YYYY-MM-DD`, `today` or `tomorrow`.
    static func date(_ text: String, option: String, command: String, today: CalendarDate) throws -> CalendarDate {
        switch text.lowercased() {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let date = CalendarDate(text) else {
                throw CLIError.usage(
                    "--\(option) '\(printable(text))' is not a date; use YYYY-MM-DD, today or tomorrow.",
                    command: command
                )
            }
            return date
        }
    }

    /// Text safe to echo in one line: control characters shown as '?', long text cut.
    static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { scalar -> Character in
            [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
                ? "?" : Character(scalar)
        })
        return cleaned.count > 60 ? String(cleaned.prefix(57)) + "..." : cleaned
    }

    private static func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
