import FoundationEssentials
import Rendering

/// `plan completions bash|zsh|fish`: a completion script generated from the declarations.
public struct CompletionsCommand: RunnableCommand {
    public static let path = ["completions"]

    public var shell = Shell.bash

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "A completion script for bash, zsh or fish",
            discussion: """
                Prints a completion script for the shell: commands, options, the values of options
                that have a fixed set, and trip and session ids from the database (with each trip's
                destination where the shell shows a description). See the README to install it.
                """,
            parameters: [[
                .argument("shell", \.shell, help: "bash, zsh or fish", completion: .choices(Shell.allCases.map(\.rawValue))) {
                    guard let shell = Shell(rawValue: $0) else {
                        throw $1.error("no completions for '\(ArgumentText.printable($0))'; use bash, zsh or fish.")
                    }
                    return shell
                },
            ]],
            forms: ["bash|zsh|fish"],
            overview: [.init("completions bash|zsh|fish", "A shell completion script")],
            examples: ["source <(plan completions bash)"]
        )
    }

    /// Prints the script for the shell.
    public func run(_ context: Context) async throws {
        context.console.printDocument(CompletionScript.render(shell, tool: context.commands.tool))
    }
}

extension CompletionsCommand {
    /// A shell `plan completions` writes for.
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }
}
