import Foundation
import Interface
import Store

/// `plan completions bash|zsh|fish`, and the scripts' hidden `plan __complete trips|sessions`.
struct CompletionsCommand {
    let context: Context

    /// Prints the script for the shell.
    func run(_ arguments: PlanArguments.Completions) {
        context.console.printDocument(CompletionScript.render(arguments.shell, tool: PlanCommands.tool))
    }

    /// "id<TAB>description" a line, newest first; nothing (and success) when there is no database or it cannot be read,
    /// so a shell never shows an error while completing.
    func query(_ arguments: PlanArguments.CompletionQuery) async {
        let path = context.databasePath
        let candidates: [CompletionCandidates.Candidate]
        switch arguments.kind {
        case .trips: candidates = (try? await CompletionCandidates.trips(databasePath: path)) ?? []
        case .sessions: candidates = (try? await CompletionCandidates.sessions(databasePath: path)) ?? []
        }
        let lines = candidates.map { "\($0.id)\t\(Self.oneLine($0.description))" }
        guard !lines.isEmpty else { return }
        context.console.printDocument(lines.joined(separator: "\n"))
    }

    /// Descriptions come from the user's own trips, but a shell still should not see control characters.
    static func oneLine(_ text: String) -> String {
        String(ArgumentText.printable(text).prefix(60))
    }
}
