import Foundation
import LanguageModels
import Planner

/// `plan check <trip> <item>…` / `--all` / `--from-markdown <file>`, and `plan uncheck`.
public struct CheckCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Check, packed: Bool) async throws {
        // The declaration's rules let through exactly one of items, --all and --from-markdown.
        var marks: [ChecklistMarkdown.Mark]?
        if let file = arguments.markdownFile {
            marks = try Self.readChecklist(file)
        }
        let store = try context.openStore()
        guard try await store.trip(id: arguments.trip) != nil else { throw CLIError.noSuchTrip(arguments.trip) }
        let keeper = ListKeeper(store: store)
        let outcome: ListKeeper.TickOutcome
        var unknown: [String] = []
        if let marks {
            (outcome, unknown) = try await keeper.sync(tripID: arguments.trip, marks: marks.map { ($0.text, $0.packed) })
        } else {
            outcome = try await keeper.tick(
                tripID: arguments.trip, references: arguments.items, all: arguments.all, byName: arguments.byName, packed: packed
            )
        }
        if arguments.json {
            let entry: (TravellerList.Entry) -> JSONValue = { entry in
                ["number": .number(Double(entry.number)), "name": .string(entry.item.name), "packed": .bool(!entry.packed)]
            }
            let unchanged: (TravellerList.Entry) -> JSONValue = { entry in
                ["number": .number(Double(entry.number)), "name": .string(entry.item.name), "packed": .bool(entry.packed)]
            }
            context.printJSON([
                "trip": .number(Double(arguments.trip)), "changed": .array(outcome.changed.map(entry)),
                "unchanged": .array(outcome.unchanged.map(unchanged)), "unknown": .array(unknown.map(JSONValue.string)),
                "packed": .number(Double(outcome.list.packedCount)), "total": .number(Double(outcome.list.entries.count)),
            ])
            return
        }
        let console = context.console
        let names: ([TravellerList.Entry]) -> String = { $0.map { "\($0.number) \($0.item.label)" }.joined(separator: ", ") }
        if marks != nil {
            let ticked = outcome.changed.filter { !$0.packed }
            let unticked = outcome.changed.filter(\.packed)
            var parts: [String] = []
            if !ticked.isEmpty { parts.append("ticked \(names(ticked))") }
            if !unticked.isEmpty { parts.append("unticked \(names(unticked))") }
            if parts.isEmpty { parts.append("nothing to change") }
            console.print("From \(arguments.markdownFile ?? "the checklist"): " + parts.joined(separator: "; ") + " · " + outcome.list.progress)
            if !unknown.isEmpty {
                console.warn("plan: not on trip \(arguments.trip)'s list, skipped: \(unknown.prefix(8).joined(separator: ", "))\(unknown.count > 8 ? ", …" : "").")
            }
            return
        }
        let verb = packed ? "Ticked" : "Unticked"
        if !outcome.changed.isEmpty {
            console.print("\(verb) \(names(outcome.changed)) · \(outcome.list.progress)")
        }
        if !outcome.unchanged.isEmpty {
            let already = "Already \(packed ? "ticked" : "unticked"): \(names(outcome.unchanged))"
            console.print(outcome.changed.isEmpty ? already + " · " + outcome.list.progress : already)
        }
    }

    /// The checklist lines of a Markdown file (a regular file, at most 1 MB, UTF-8: `ChecklistFile`).
    static func readChecklist(_ path: String) throws -> [ChecklistMarkdown.Mark] {
        let shown = ArgumentText.printable(path)
        let text: String
        do {
            text = try ChecklistFile.read(path, shown: shown)
        } catch {
            let code: Int32
            switch error {
            case .cannotRead, .notARegularFile: code = ExitCode.noInput
            case .tooSlow: code = ExitCode.tempFail
            case .tooLarge, .notText: code = ExitCode.data
            }
            throw CLIError(code: code, message: error.errorDescription ?? "cannot read '\(shown)'.", hint: error.recoverySuggestion)
        }
        let marks = ChecklistMarkdown.read(text)
        guard !marks.isEmpty else {
            throw CLIError(
                code: ExitCode.data, message: "'\(shown)' has no checklist lines ('- [x] Socks', '- [ ] Hat').",
                hint: "'plan show <trip> --markdown' prints one."
            )
        }
        return marks
    }
}
