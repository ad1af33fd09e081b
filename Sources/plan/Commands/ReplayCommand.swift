import Foundation
import Planner
import Store
import Tools

/// `plan replay <trip>` / `plan replay --session <id>`: re-runs a past pack with its pinned place and
/// forecast, with no network, and shows what changed.
struct ReplayCommand {
    let context: Context
    static let spec = CommandSpec(
        name: "replay", valueOptions: ["model", "session", "recovery", "context-size", "temperature", "seed"], flags: ["json", "markdown"],
        positionals: 0...1
    )

    func run(_ arguments: [String]) async throws {
        let parsed = try ArgumentParser.parse(arguments, spec: Self.spec)
        if context.printHelpIfAsked(parsed, command: "replay") { return }
        let engine = try context.engineOptions(parsed, command: "replay")
        let store = try context.openStore()
        let original: SessionRecord
        let trip: Trip
        if let sessionText = parsed.value("session") {
            guard parsed.positionals.isEmpty else {
                throw CLIError.usage("give a trip or --session, not both.", command: "replay")
            }
            let sessionID = try ArgumentParser.id(sessionText, what: "session", command: "replay")
            guard let session = try await store.session(id: sessionID) else { throw CLIError.noSuchSession(sessionID) }
            guard let tripID = session.tripID, let found = try await store.trip(id: tripID) else {
                throw CLIError(code: ExitCode.noInput, message: "session \(sessionID) belongs to no trip.", hint: "Replay a pack session.")
            }
            original = session
            trip = found
        } else {
            guard let tripText = parsed.positionals.first else {
                throw CLIError.usage("give a trip id or --session <id>.", command: "replay")
            }
            let tripID = try ArgumentParser.id(tripText, what: "trip", command: "replay")
            guard let found = try await store.trip(id: tripID) else { throw CLIError.noSuchTrip(tripID) }
            guard let session = try await store.latestSession(tripID: tripID, purposes: [.pack], statuses: [.completed]) else {
                throw CLIError(
                    code: ExitCode.noInput, message: "trip \(tripID) has no completed pack, so there is nothing to replay.",
                    hint: "Run 'plan pack \(tripID)' first."
                )
            }
            original = session
            trip = found
        }
        guard let originalList = try await store.packingList(sessionID: original.id) else {
            throw CLIError(
                code: ExitCode.noInput, message: "session \(original.id) produced no packing list (it \(original.status.rawValue)).",
                hint: "Replay a completed pack: 'plan history --trip \(trip.id)' lists them."
            )
        }
        guard let snapshot = try await store.latestForecast(tripID: trip.id, before: originalList.createdAt) else {
            throw CLIError(
                code: ExitCode.noInput, message: "no forecast was pinned to trip \(trip.id) when session \(original.id) ran.",
                hint: "Replays need the pinned forecast; run 'plan pack \(trip.id)' to pack with a fresh one."
            )
        }
        let forecast = try Forecast.fromJSON(snapshot.forecast)
        let model = try await context.languageModel(named: engine.model)
        let planner = context.planner(store: store, model: model, forecasts: PinnedForecastProvider(forecast: forecast), engine: engine)
        let result = try await planner.pack(trip, purpose: .replay, parentSession: original.id, pinsForecasts: false)
        context.console.endProgress()

        let before = try PackingList.fromJSON(originalList.json)
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
        try PackOutput(context: context).print(
            result: result, trip: trip, snapshot: snapshot, parsed: parsed,
            extra: [
                "original": .number(Double(original.id)),
                "diff": ["added": .array(added.map(itemJSON)), "removed": .array(removed.map(itemJSON))],
            ],
            footer: footer
        )
    }
}
