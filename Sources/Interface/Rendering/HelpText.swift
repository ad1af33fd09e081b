import Rendering
/// `--help` text, generated from the declarations.
public enum HelpText {
    /// `plan --help`: every command by section, the tool's options, the environment and an example.
    public static func overview(_ tool: CommandInfo, environment: [PlanReference.Variable]) -> String {
        let visible = tool.subcommands.filter { !$0.isHidden }
        let lines = visible.flatMap(\.overview)
        let width = (lines.map(\.usage.count).max() ?? 0) + 2
        var text = ["plan — \(tool.summary)", "", "Usage: plan <command> [options]"]
        for section in CommandInfo.Section.allCases {
            let members = visible.filter { $0.section == section }.flatMap(\.overview)
            let own = section == .other ? tool.parameters : []
            guard !members.isEmpty || !own.isEmpty else { continue }
            text += ["", "\(section.rawValue):"]
            text += members.map { "  " + pad($0.usage, width) + $0.summary }
            text += own.map { "  " + pad($0.name == "help" ? "--help, -h" : $0.synopsis, 16) + $0.help }
        }
        text += ["", tool.discussion, "", "Environment:"]
        let names = environment.map { $0.names.joined(separator: ", ") }
        let column = min(24, (names.map(\.count).max() ?? 0) + 2)
        for (name, variable) in zip(names, environment) {
            text.append(name.count + 2 > column
                ? "  \(name)   \(variable.meaning)"
                : "  " + pad(name, column) + variable.meaning)
        }
        text += ["", "Example:"] + tool.examples.map { "  " + $0 }
        return text.joined(separator: "\n")
    }

    /// `plan <command> --help`: usage, what it does, its subcommands, options and examples.
    public static func command(_ command: CommandInfo) -> String {
        let forms = command.usageForms
        var text = forms.enumerated().map { index, form in (index == 0 ? "Usage: plan " : "       plan ") + form }
        text += ["", command.discussion.isEmpty ? command.summary + "." : command.discussion]
        let subcommands = command.subcommands.filter { !$0.isHidden }
        if !subcommands.isEmpty {
            text += ["", "Subcommands:"]
            for sub in subcommands {
                let words = ([sub.path.last ?? ""] + sub.arguments.filter(\.isRequired).map(\.valueName)).joined(separator: " ")
                text.append("  " + pad(words, 22) + sub.summary)
            }
        }
        if !command.isGroup {
            text += ["", "Options:"]
            text += command.namedParameters.map { "  " + pad($0.synopsis, 22) + $0.help }
            text.append("  " + pad("--help, -h", 22) + "this help")
        }
        if !command.rules.isEmpty {
            text += ["", "Rules:"] + command.rules.map { "  " + $0 }
        }
        if !command.examples.isEmpty {
            text += ["", command.examples.count == 1 ? "Example:" : "Examples:"] + command.examples.map { "  " + $0 }
        }
        return text.joined(separator: "\n")
    }

    /// `text` padded with spaces to `width`, or followed by two spaces when it is longer.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count + 2 > width ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }
}
