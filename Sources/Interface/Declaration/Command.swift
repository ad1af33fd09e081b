import FoundationEssentials
import Model
import Rendering

/// One command, declared once: its words, help text, examples and typed parameters. Parsing fills an
/// `Arguments` value; help, completions and the man page read `info`.
///
/// The type asks nothing of `Arguments` but `Sendable` (a marker, free at run time); the initialiser asks
/// for `ParsableArguments` and keeps its `init()`. A protocol requirement on the type itself made the Swift
/// runtime search every conformance record of the binary (Foundation's included) once per command, to
/// build `Command<…>` and `Parameter<…>` metadata: 6M instructions at every start (docs/benchmarks.md).
public struct Command<Arguments: Sendable>: Sendable {
    /// The outcome of parsing: the arguments, or a request for help.
    public enum Outcome: Sendable {
        case help
        case run(Arguments)
    }

    /// The typed parameters, in declaration order.
    public let parameters: [Parameter<Arguments>]
    /// What help, completions and the man page show.
    public private(set) var info: CommandInfo
    /// The rules that span options, checked after parsing.
    private let rules: [ArgumentRule<Arguments>]
    /// `Arguments()`: every default, before the words are applied.
    private let defaults: @Sendable () -> Arguments

    public init(
        _ path: [String], aliases: [String] = [], summary: String, discussion: String = "",
        parameters: [[Parameter<Arguments>]] = [], forms: [String] = [], overview: [CommandInfo.OverviewLine] = [],
        section: CommandInfo.Section = .other, examples: [String] = [], subcommands: [CommandInfo] = [],
        isGroup: Bool = false, isHidden: Bool = false, takesUnknownOptionsAsWords: Bool = false,
        rules: [ArgumentRule<Arguments>] = []
    ) where Arguments: ParsableArguments {
        self.defaults = { Arguments() }
        // Loops and closures rather than flatMap and key paths: unspecialised in a debug build, those cost
        // about 0.1M instructions at the first command's declaration (Tests/Startup).
        var flat: [Parameter<Arguments>] = []
        for group in parameters { flat.append(contentsOf: group) }
        self.parameters = flat
        self.rules = rules
        self.info = CommandInfo(
            path: path, aliases: aliases, summary: summary, discussion: discussion, parameters: flat.map { $0.info },
            forms: forms, overviewLines: overview, section: section, examples: examples, subcommands: subcommands,
            isGroup: isGroup, isHidden: isHidden, takesUnknownOptionsAsWords: takesUnknownOptionsAsWords,
            rules: rules.map { $0.text }
        )
    }

    /// This command with `subcommands` under it (the command table's rows add them).
    public func adding(subcommands: [CommandInfo]) -> Command {
        guard !subcommands.isEmpty else { return self }
        var command = self
        command.info.subcommands += subcommands
        return command
    }

    /// Parses the words after the command's own: `--name value`, `--name=value`, flags, `--` to end options,
    /// `-h`/`--help`. Conversions run only when help was not asked for.
    public func parse(_ words: [String], today: CalendarDate) throws -> Outcome {
        let context = ParseContext(command: info.name, today: today)
        var named: [(Parameter<Arguments>, String)] = []
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        var wantsHelp = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" || Self.isNegativeNumber(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" {
                wantsHelp = true
                continue
            }
            var name = word.hasPrefix("--") ? String(word.dropFirst(2)) : ""
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard !name.isEmpty, let parameter = parameters.first(where: { $0.info.isNamed && $0.info.name == name }) else {
                if info.takesUnknownOptionsAsWords {
                    positionals.append(word)
                    continue
                }
                throw unknownOption(word, name: name, context: context)
            }
            if parameter.info.kind == .option {
                if !parameter.info.isRepeatable, named.contains(where: { $0.0.info.name == name }) {
                    throw context.error("--\(name) is given twice; give it once.")
                }
                if let inline {
                    named.append((parameter, inline))
                } else {
                    guard index < words.count else { throw context.error("--\(name) needs a value.") }
                    named.append((parameter, words[index]))
                    index += 1
                }
            } else {
                guard inline == nil else { throw context.error("--\(name) takes no value.") }
                named.append((parameter, ""))
            }
        }
        if wantsHelp { return .help }
        if info.isGroup { throw missingSubcommand(positionals.first, context: context) }
        let arguments = try assign(named: named, positionals: positionals, context: context)
        for rule in rules {
            if let problem = rule.check(arguments) { throw context.error(problem) }
        }
        return .run(arguments)
    }

    /// A word that starts like an option this command does not have: the closest option, or, for a word that
    /// reads as a value (one dash, or spaces) where the command takes names, how to give it as one.
    private func unknownOption(_ word: String, name: String, context: ParseContext) -> UsageError {
        let shown = word.hasPrefix("--") ? "--" + name : word
        let options = parameters.filter(\.info.isNamed).map { "--" + $0.info.name } + ["--help"]
        let looksLikeValue = !word.hasPrefix("--") || word.contains(" ")
        if looksLikeValue, parameters.contains(where: { !$0.info.isNamed }) {
            return context.error(
                "unknown option '\(ArgumentText.printable(shown))'; use -- before a name that starts with a dash (-- '\(ArgumentText.printable(word))')."
            )
        }
        return context.error("unknown option '\(ArgumentText.printable(shown))'." + Suggestion.phrase(for: shown, among: options))
    }

    /// A group run without one of its subcommands (`first`: the word given instead, if any).
    private func missingSubcommand(_ first: String?, context: ParseContext) -> UsageError {
        let known = info.subcommands.filter { !$0.isHidden }.compactMap(\.path.last)
        let names = ArgumentText.list(known)
        guard let first else { return context.error("missing \(info.name) command; use \(names).") }
        let ending = Suggestion.closest(to: first, among: known).map { ". Did you mean '\($0)'?" } ?? "; use \(names)."
        return context.error("unknown \(info.name) command '\(ArgumentText.printable(first))'" + ending)
    }

    /// What a missing argument is called: its value name ("<destination>"), or, when the command has
    /// several forms that begin with different arguments, each of them ("<trip> or <destination>").
    static func missingName(_ argument: ParameterInfo, forms: [String], first: Bool) -> String {
        guard first else { return argument.valueName }
        var names: [String] = []
        for form in forms {
            guard let word = form.split(separator: " ").first, word.hasPrefix("<"), !names.contains(String(word)) else { continue }
            names.append(String(word))
        }
        return names.count > 1 ? names.joined(separator: " or ") : argument.valueName
    }

    private func assign(
        named: [(Parameter<Arguments>, String)], positionals: [String], context: ParseContext
    ) throws -> Arguments {
        // One loop, not filter and reduce: on a command's first parse those run as unspecialised generic code
        // (0.26M instructions of `plan --version`).
        var arguments: [Parameter<Arguments>] = []
        var required = 0
        var maximum = 0
        for parameter in parameters where !parameter.info.isNamed {
            arguments.append(parameter)
            if parameter.info.isRequired { required += 1 }
            maximum += parameter.info.isRepeating ? parameter.info.maximumCount : 1
        }
        if positionals.count < required {
            let missing = arguments.filter(\.info.isRequired)[positionals.count]
            throw context.error("missing \(Self.missingName(missing.info, forms: info.forms, first: positionals.isEmpty)).")
        }
        if positionals.count > maximum {
            if let last = arguments.last?.info, last.isRepeating {
                // Counted as the repeating argument's own words (the trip before them is not one of them).
                let given = positionals.count - (arguments.count - 1)
                throw context.error("at most \(last.maximumCount) \(last.unit) (\(given) given).")
            }
            let unexpected = positionals[maximum]
            let subcommands = info.subcommands.filter { !$0.isHidden }.compactMap(\.path.last)
            if maximum == 0, let meant = Suggestion.closest(to: unexpected, among: subcommands) {
                throw context.error("unknown \(info.name) command '\(ArgumentText.printable(unexpected))'. Did you mean '\(meant)'?")
            }
            throw context.error("unexpected argument '\(ArgumentText.printable(unexpected))'.")
        }
        var result = defaults()
        for (parameter, text) in named {
            try parameter.assign(&result, text, context)
        }
        var remaining = positionals[...]
        for parameter in arguments {
            if parameter.info.isRepeating {
                for word in remaining { try parameter.assign(&result, word, context) }
                remaining = []
            } else if let word = remaining.popFirst() {
                try parameter.assign(&result, word, context)
            }
        }
        let given = Set(named.map { $0.0.info.name })
        for parameter in parameters where parameter.info.isNamed && parameter.info.isRequired && !given.contains(parameter.info.name) {
            throw context.error("missing \(parameter.info.synopsis).")
        }
        var checked: Set<String> = []
        for parameter in parameters {
            guard let group = parameter.info.exclusiveGroup, checked.insert(group).inserted else { continue }
            let chosen = parameters.filter { $0.info.exclusiveGroup == group && given.contains($0.info.name) }
            if chosen.count > 1 {
                throw context.error(chosen.map { "--" + $0.info.name }.joined(separator: " and ") + " cannot go together.")
            }
        }
        return result
    }

    private static func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
