import FoundationEssentials
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

/// `plan replay <trip>` / `plan replay --session <id>`: re-runs a past pack with its pinned place and
/// forecast, with no network, and shows what changed.
public struct ReplayCommand: RunnableCommand {
    public static let path = ["replay"]

    public var trip: Int?
    public var session: Int?
    public var engine = EngineOptions()
    public var json = false
    public var markdown = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Re-run a past pack offline with its pinned forecast",
            discussion: """
                Re-runs a past pack with the place and forecast pinned when it first ran, with no
                network at all, records it as a new session linked to the original, and shows what
                changed (+ added, - removed). With the built-in engine a replay gives the same list;
                with --model it is how you try a new model on yesterday's real cases.
                """,
            parameters: [
                [
                    .argument("trip", \.trip, help: "the trip whose latest completed pack to replay", completion: .trips,
                              required: false) { try ArgumentText.id($0, what: "trip", context: $1) },
                    .option("session", \.session, value: "<id>", help: "replay this pack session instead",
                            completion: .sessions) { try ArgumentText.id($0, what: "session", context: $1) },
                ],
                .group(\.engine, EngineOptions.parameters),
                .exclusive([
                    .flag("json", \.json, help: "print the list and the diff against the original as JSON"),
                    .flag("markdown", \.markdown, help: "print a checklist to paste"),
                ]),
            ],
            forms: ["<trip> [--model <m>] [--json | --markdown]", "--session <id> [--model <m>]"],
            overview: [.init("replay <trip>", "Re-run a past pack offline with its pinned forecast")],
            section: .packing,
            examples: ["plan replay 1 --model http://127.0.0.1:8080"],
            rules: [
                ArgumentRule("a trip or --session <id>, not both") { arguments in
                    switch (arguments.trip, arguments.session) {
                    case (nil, nil): "give a trip id or --session <id>."
                    case (.some, .some): "give a trip or --session, not both."
                    default: nil
                    }
                },
            ]
        )
    }

    public func run(_ context: Context) async throws {
        let engine = self.engine
        let app = context.app
        let (original, found) = try await session(app)
        guard let originalList = try await app.packingList(session: original.id) else {
            throw CLIError(
                code: ExitCode.noInput, message: "session \(original.id) produced no packing list (it \(original.status.rawValue)).",
                hint: "Replay a completed pack: 'plan history --trip \(found.id)' lists them."
            )
        }
        // The session's own stops, places and dates (the trip may have changed since): what it was made with.
        let trip = try await app.sessionTrip(original.id) ?? found
        let model = try await context.languageModel(named: engine.model)
        // On a terminal a model's list streams in as a draft, as for pack, replaced by the checked list.
        let stream = context.console.isStdoutTerminal && !self.json && !markdown
            && model.capabilities.streams ? PackStream(console: context.console) : nil
        var onDraft: (@Sendable (PackDraft) -> Void)?
        if let stream { onDraft = { draft in stream.show(draft) } }
        let result: PackOutcome
        do {
            result = try await app.replay(
                trip, of: original.id, madeAt: originalList.createdAt, model: model, engine: engine.settings, onDraft: onDraft
            )
            stream?.clear()
        } catch {
            stream?.clear()
            throw error
        }
        context.console.endProgress()
        try print(result, against: original, list: try PackingList.fromJSON(originalList.json), trip: trip, context: context)
    }

    /// The session to replay and its trip: the one named by `--session`, else the trip's latest completed pack.
    private func session(_ app: PlanApp) async throws -> (SessionRecord, Trip) {
        // The declaration's rule lets exactly one of a trip and --session through.
        if let sessionID = self.session {
            guard let session = try await app.session(sessionID) else { throw CLIError.noSuchSession(sessionID) }
            guard let tripID = session.tripID, let trip = try await app.trip(tripID) else {
                throw CLIError(code: ExitCode.noInput, message: "session \(sessionID) belongs to no trip.", hint: "Replay a pack session.")
            }
            return (session, trip)
        }
        guard let tripID = self.trip else { throw CLIError.usage("give a trip id or --session <id>.", command: "replay") }
        guard let trip = try await app.trip(tripID) else { throw CLIError.noSuchTrip(tripID) }
        guard let session = try await app.latestSession(tripID: tripID, purposes: [.pack], statuses: [.completed]) else {
            throw CLIError(
                code: ExitCode.noInput, message: "trip \(tripID) has no completed pack, so there is nothing to replay.",
                hint: "Run 'plan pack \(tripID)' first."
            )
        }
        return (session, trip)
    }

    /// The replayed list with what changed against the original session's.
    private func print(
        _ result: PackOutcome, against original: SessionRecord, list before: PackingList, trip: Trip, context: Context
    ) throws {
        let key: (PackingItem) -> String = { "\($0.category)/\($0.name)" }
        let oldKeys = Set(before.items.map(key))
        let newKeys = Set(result.list.items.map(key))
        let added = result.list.items.filter { !oldKeys.contains(key($0)) }
        let removed = before.items.filter { !newKeys.contains(key($0)) }
        let itemJSON: (PackingItem) -> JSONValue = { ["category": .string($0.category), "name": .string($0.name)] }
        var footer = [""]
        if added.isEmpty && removed.isEmpty {
            footer.append("Same list as session \(original.id) (\(original.model)).")
        } else {
            footer.append("Against session \(original.id) (\(original.model)):")
            footer += added.map { "  + \($0.category): \(PackingPrinter.label($0))" }
            footer += removed.map { "  - \($0.category): \(PackingPrinter.label($0))" }
        }
        footer.append(
            "A replay is the engine's list as it was made, before your ticks, own items and remembered choices; "
                + "'plan show \(trip.id)' has those, and the trip's list is unchanged."
        )
        try PackOutput(context: context).print(
            result: result, trip: trip,
            format: PackOutput.Format(json: self.json, markdown: markdown),
            extra: [
                "original": .number(Double(original.id)),
                "diff": ["added": .array(added.map(itemJSON)), "removed": .array(removed.map(itemJSON))],
                "beforeTravellerChanges": true,
            ],
            footer: footer
        )
    }
}
