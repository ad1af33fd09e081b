import Rendering
/// Everything help, completions and the man page know about one command: derived from its declaration.
public struct CommandInfo: Sendable {
    /// Where the overview lists a command.
    public enum Section: String, Sendable, CaseIterable {
        case trips = "Trips"
        case packing = "Packing"
        case history = "History"
        case other = "Other"
    }

    /// One line of the overview: how to call it, and what it does.
    public struct OverviewLine: Sendable, Equatable {
        public let usage: String
        public let summary: String

        public init(_ usage: String, _ summary: String) {
            self.usage = usage
            self.summary = summary
        }
    }

    /// The words that name it: `["history", "search"]`.
    public let path: [String]
    /// Other names for the last word (`ls` for `list`).
    public let aliases: [String]
    /// What it does, in one line.
    public let summary: String
    /// The paragraph(s) help shows under the usage line.
    public let discussion: String
    /// Its options, flags and arguments, in declaration order.
    public let parameters: [ParameterInfo]
    /// Usage forms after `plan <path> ` when one line cannot say it (`pack <trip>` and `pack <destination> …`).
    public let forms: [String]
    /// Lines of the overview; empty: one, derived.
    public let overviewLines: [OverviewLine]
    /// Where the overview lists it.
    public let section: Section
    /// Example command lines.
    public let examples: [String]
    /// Commands under this one (`history show`).
    public internal(set) var subcommands: [CommandInfo]
    /// A group only names its subcommands (`cache`); it runs nothing itself.
    public let isGroup: Bool
    /// Left out of help, completions and the man page (the completion scripts' own query).
    public let isHidden: Bool
    /// Words starting with '-' that are not declared options are words of the argument (search text: `-rain`).
    public let takesUnknownOptionsAsWords: Bool
    /// The rules that span options, as help states them ("a trip or --session, not both").
    public let rules: [String]

    public init(
        path: [String], aliases: [String] = [], summary: String, discussion: String = "", parameters: [ParameterInfo] = [],
        forms: [String] = [], overviewLines: [OverviewLine] = [], section: Section = .other, examples: [String] = [],
        subcommands: [CommandInfo] = [], isGroup: Bool = false, isHidden: Bool = false,
        takesUnknownOptionsAsWords: Bool = false, rules: [String] = []
    ) {
        self.path = path
        self.aliases = aliases
        self.summary = summary
        self.discussion = discussion
        self.parameters = parameters
        self.forms = forms
        self.overviewLines = overviewLines
        self.section = section
        self.examples = examples
        self.subcommands = subcommands
        self.isGroup = isGroup
        self.isHidden = isHidden
        self.takesUnknownOptionsAsWords = takesUnknownOptionsAsWords
        self.rules = rules
    }

    /// "history search".
    /// "history show". Built by hand: the first `joined(separator:)` of a run costs 0.25M instructions of
    /// unspecialised generic code (every command's parse reads this).
    public var name: String {
        var name = ""
        for word in path {
            if !name.isEmpty { name += " " }
            name += word
        }
        return name
    }

    /// The options and flags, in declaration order.
    public var namedParameters: [ParameterInfo] { parameters.filter(\.isNamed) }

    /// The positional arguments, in order.
    public var arguments: [ParameterInfo] { parameters.filter { !$0.isNamed } }

    /// The usage forms after `plan `: declared ones, else one derived from the parameters.
    public var usageForms: [String] {
        if !forms.isEmpty { return forms.map { "\(name) \($0)" } }
        if isGroup { return subcommands.filter { !$0.isHidden }.flatMap(\.usageForms) }
        var words = [name] + arguments.map { $0.isRequired ? $0.valueName : "[\($0.valueName)]" }
        words += namedParameters.filter(\.isRequired).map(\.synopsis)
        var optional: [String] = []
        var groups: Set<String> = []
        for parameter in namedParameters where !parameter.isRequired {
            if let group = parameter.exclusiveGroup {
                guard groups.insert(group).inserted else { continue }
                let members = namedParameters.filter { $0.exclusiveGroup == group }.map(\.synopsis)
                optional.append("[" + members.joined(separator: " | ") + "]")
            } else {
                optional.append("[\(parameter.synopsis)]")
            }
        }
        let full = (words + optional).joined(separator: " ")
        return [full.count <= 100 ? full : (words + ["[options]"]).joined(separator: " ")]
    }

    /// The overview's lines for this command: declared, else its short usage and summary.
    public var overview: [OverviewLine] {
        if !overviewLines.isEmpty { return overviewLines }
        if isGroup { return subcommands.filter { !$0.isHidden }.flatMap(\.overview) }
        let words = [name] + arguments.filter(\.isRequired).map(\.valueName)
            + namedParameters.filter(\.isRequired).map(\.synopsis)
        return [OverviewLine(words.joined(separator: " "), summary)]
    }

    /// This command and every command under it, depth first.
    public var allCommands: [CommandInfo] {
        [self] + subcommands.flatMap(\.allCommands)
    }

    /// The subcommand called `word` (by name or alias).
    public func subcommand(_ word: String) -> CommandInfo? {
        subcommands.first { $0.path.last == word || $0.aliases.contains(word) }
    }
}
