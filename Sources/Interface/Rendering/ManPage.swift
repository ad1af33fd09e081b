import Rendering
/// `plan help --man`: the manual page in roff, from the declarations and the reference tables.
public enum ManPage {
    /// The whole page, section 1.
    public static func render(
        _ tool: CommandInfo, version: String, environment: [PlanReference.Variable], exitCodes: [PlanReference.ExitStatus]
    ) -> String {
        var roff = [
            #".TH PLAN 1 "" "plan \#(version)" "User Commands""#,
            ".SH NAME",
            "plan \\- " + escape(tool.summary),
            ".SH SYNOPSIS",
            ".B plan",
            ".I command",
            "[\\fIoptions\\fR]",
            ".SH DESCRIPTION",
            escape("plan makes packing lists from the weather where you are going. It stores trips, resolves "
                + "each destination to a place, reads the forecast (the US National Weather Service; Open-Meteo "
                + "elsewhere) through a cache, and answers with a list grouped by category, from a language model "
                + "or a built-in engine. Everything lives in one SQLite file."),
            ".PP",
            escape(tool.discussion),
            ".SH OPTIONS",
        ]
        for parameter in tool.parameters {
            roff += [".TP", ".B \(escape(parameter.name == "help" ? "--help, -h" : parameter.synopsis))", escape(parameter.help)]
        }
        roff.append(".SH COMMANDS")
        for command in tool.subcommands.filter({ !$0.isHidden }).flatMap(\.allCommands) where !command.isHidden {
            roff.append(".SS \"\(escape(command.name))\"")
            for (index, form) in command.usageForms.enumerated() {
                if index > 0 { roff.append(".br") }
                roff.append("\\fBplan\\fR " + escape(form))
            }
            roff.append(".PP")
            roff += paragraphs(command.discussion.isEmpty ? command.summary + "." : command.discussion)
            if !command.aliases.isEmpty {
                roff += [".PP", escape("Also: " + command.aliases.joined(separator: ", ") + ".")]
            }
            for parameter in command.namedParameters {
                roff += [".TP", "\\fB\(escape("--" + parameter.name))\\fR" + (parameter.kind == .option
                    ? " \\fI\(escape(parameter.valueName))\\fR" : ""), escape(parameter.help)]
            }
            if !command.rules.isEmpty {
                roff += [".PP", escape("Rules: " + command.rules.joined(separator: "; ") + ".")]
            }
            if !command.examples.isEmpty {
                roff += [".PP", ".nf", ".RS 4"] + command.examples.map(escape) + [".RE", ".fi"]
            }
        }
        roff.append(".SH ENVIRONMENT")
        for variable in environment {
            roff += [".TP", ".B \(escape(variable.names.joined(separator: ", ")))",
                     escape("\(variable.meaning) (default: \(variable.defaultValue))")]
        }
        roff.append(".SH EXIT STATUS")
        for status in exitCodes {
            roff += [".TP", ".B \(status.code)", escape(status.meaning)]
        }
        roff += [".SH EXAMPLES", ".nf", ".RS 4"] + tool.examples.map(escape) + [".RE", ".fi"]
        roff += [".SH SEE ALSO", escape("plan --help; plan <command> --help; the README of the source tree.")]
        return roff.joined(separator: "\n") + "\n"
    }

    /// Paragraphs of declared text: lines joined, blank lines become `.PP`.
    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").enumerated().flatMap { index, paragraph in
            (index > 0 ? [".PP"] : []) + [escape(paragraph.split(separator: "\n").joined(separator: " "))]
        }
    }

    /// Text made safe for roff: backslashes, dashes, a leading dot or quote, and anything outside ASCII.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += " "
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
                }
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
