import Rendering
/// What help, completions and the man page know about one option, flag or positional argument.
public struct ParameterInfo: Sendable, Equatable {
    /// How the parameter appears on the command line.
    public enum Kind: Sendable, Equatable {
        /// `--name <value>` or `--name=<value>`.
        case option
        /// `--name`, no value.
        case flag
        /// A positional argument.
        case argument
    }

    public let kind: Kind
    /// The long name without dashes (`model`), or an argument's name (`trip`).
    public let name: String
    /// The value as help shows it: `<m>`, `a,b`; for an argument, `<trip>`.
    public let valueName: String
    /// One line for help and the man page.
    public let help: String
    /// What a shell may offer as the value.
    public let completion: ValueCompletion
    /// Required options and arguments appear without brackets in usage lines.
    public let isRequired: Bool
    /// An argument that takes every remaining word (up to `maximumCount`).
    public let isRepeating: Bool
    /// The most words a repeating argument takes.
    public let maximumCount: Int
    /// What a repeating argument's words are, in the plural, for "at most 500 items": "words" unless said.
    public let unit: String
    /// Flags in the same group exclude each other (`--fresh | --offline`); nil when free.
    public let exclusiveGroup: String?
    /// An option that may be given more than once (`--then`, and `--to` and `--activities` after each); any
    /// other option given twice is a usage error naming it.
    public let isRepeatable: Bool

    public init(
        kind: Kind, name: String, valueName: String, help: String, completion: ValueCompletion = .none,
        isRequired: Bool = false, isRepeating: Bool = false, maximumCount: Int = 1, unit: String = "words", exclusiveGroup: String? = nil,
        isRepeatable: Bool = false
    ) {
        self.kind = kind
        self.name = name
        self.valueName = valueName
        self.help = help
        self.completion = completion
        self.isRequired = isRequired
        self.isRepeating = isRepeating
        self.maximumCount = maximumCount
        self.unit = unit
        self.exclusiveGroup = exclusiveGroup
        self.isRepeatable = isRepeatable
    }

    /// `--model <m>`, `--json`, `<trip>`: how usage lines and option lists name it.
    public var synopsis: String {
        switch kind {
        case .option: return "--\(name) \(valueName)"
        case .flag: return "--\(name)"
        case .argument: return valueName
        }
    }

    /// True for options and flags (what follows `--`).
    public var isNamed: Bool { kind != .argument }

    /// A copy that belongs to an exclusive group.
    func excluding(group: String) -> ParameterInfo {
        ParameterInfo(
            kind: kind, name: name, valueName: valueName, help: help, completion: completion, isRequired: isRequired,
            isRepeating: isRepeating, maximumCount: maximumCount, unit: unit, exclusiveGroup: group, isRepeatable: isRepeatable
        )
    }
}
