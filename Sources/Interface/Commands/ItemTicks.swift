import FoundationEssentials
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

/// What `plan check` and `plan uncheck` ask of a trip's list, and the code both run: the items (numbers or
/// names), `--all`, or (check only) a Markdown checklist to read back.
struct ItemTicks {
    let trip: Int
    let items: [String]
    let all: Bool
    /// `--name`: every item given is a name, digits too ("42").
    let byName: Bool
    /// `--from-markdown <file>` (check only).
    let markdownFile: String?
    let json: Bool
    /// Tick (`check`) or untick (`uncheck`).
    let packed: Bool

    func run(_ context: Context) async throws {
        // The declaration's rules let through exactly one of items, --all and --from-markdown.
        var marks: [ChecklistMarkdown.Mark]?
        if let file = markdownFile {
            marks = try Self.readChecklist(file)
        }
        guard try await context.app.trip(trip) != nil else { throw CLIError.noSuchTrip(trip) }
        let (outcome, unknown) = if let marks {
            try await context.app.sync(tripID: trip, marks: marks.map { ($0.text, $0.packed) })
        } else {
            (try await context.app.tick(tripID: trip, references: items, all: all, byName: byName, packed: packed), [String]())
        }
        // Whether a changed item is packed now (a partly packed item, "5 of 20", was neither before).
        let isPackedNow: (TravellerList.Entry) -> Bool = { outcome.list.entry(key: $0.key)?.packed ?? !$0.packed }
        if json {
            let entry: (TravellerList.Entry) -> JSONValue = { entry in
                ["number": .number(Double(entry.number)), "name": .string(entry.item.name), "packed": .bool(isPackedNow(entry))]
            }
            let unchanged: (TravellerList.Entry) -> JSONValue = { entry in
                ["number": .number(Double(entry.number)), "name": .string(entry.item.name), "packed": .bool(entry.packed)]
            }
            context.printJSON([
                "trip": .number(Double(trip)), "changed": .array(outcome.changed.map(entry)),
                "unchanged": .array(outcome.unchanged.map(unchanged)), "unknown": .array(unknown.map(JSONValue.string)),
                "packed": .number(Double(outcome.list.packedCount)), "total": .number(Double(outcome.list.entries.count)),
            ])
            return
        }
        let console = context.console
        let names: ([TravellerList.Entry]) -> String = { $0.map { "\($0.number) \($0.item.label)" }.joined(separator: ", ") }
        if marks != nil {
            let ticked = outcome.changed.filter(isPackedNow)
            let unticked = outcome.changed.filter { !isPackedNow($0) }
            var parts: [String] = []
            if !ticked.isEmpty { parts.append("ticked \(names(ticked))") }
            if !unticked.isEmpty { parts.append("unticked \(names(unticked))") }
            if parts.isEmpty { parts.append("nothing to change") }
            console.print("From \(markdownFile ?? "the checklist"): " + parts.joined(separator: "; ") + " · " + outcome.list.progress)
            if !unknown.isEmpty {
                console.warn("plan: not on trip \(trip)'s list, skipped: \(unknown.prefix(8).joined(separator: ", "))\(unknown.count > 8 ? ", …" : "").")
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
