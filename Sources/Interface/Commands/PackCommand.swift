import FoundationEssentials
import Glibc
import JSON
import LanguageModels
import Model
import Planner
import Rendering
import Store
import Tools

/// `plan pack <trip>` and `plan pack <destination> --from <date> --to <date>` (adds, then packs).
public struct PackCommand: RunnableCommand {
    public static let path = ["pack"]

    public var target = ""
    public var details = TripDetails()
    public var engine = EngineOptions()
    public var network = NetworkOptions()
    public var json = false
    public var markdown = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Make a packing list from the forecast",
            discussion: """
                Makes a packing list. A planning session runs: the model (or the built-in
                engine) reads the forecast for the trip's place with the forecast tool (geocode
                finds any other place), and answers with items grouped by category; each
                weather-driven item says which day's forecast put it there. plan checks the
                answer against that forecast: duplicates merged, non-items dropped, gear the
                forecast demands added (marked +); an answer with too little left is set aside
                for the built-in engine's list, with a note. The forecast used is pinned to the
                trip; the whole session is kept (see 'plan history').

                The second form adds the trip first, then packs it.

                Packing a trip that has a list again (nearer departure, with --fresh) keeps your
                ticks of items still on the new list (by name), your own items and what plan
                remembers for you ('plan prefs'), and says what changed since the last list; an
                item you ticked that the new list drops is kept and marked.

                A pack cut short (Ctrl-C, a kill, the server gone) is resumed by the next pack
                of the trip: the tool calls it answered are not asked again and the forecast it
                fetched is reused; --restart starts afresh. While another pack of the same
                trip runs, pack exits 75.
                """,
            parameters: [
                [.argument("trip", \.target, help: "a trip id, or a destination to add first", completion: .trips)],
                .group(\.details, TripDetails.parameters(datesRequired: false)),
                .group(\.engine, EngineOptions.parameters),
                .group(\.network, NetworkOptions.parameters),
                .exclusive([
                    .flag("json", \.json, help: "print the list as JSON (trip, session, model, items, notices)"),
                    .flag("markdown", \.markdown, help: "print a checklist to paste"),
                ]),
            ],
            forms: [
                "<trip> [options]",
                "<destination> --from <date> --to <date> [--activities a,b] [--then <place> --to <date> [--activities a,b]]... [--name <text>] [--like <trip>] [--adults <n>] [--children <ages>] [options]",
            ],
            overview: [
                .init("pack <trip>", "Make a packing list from the forecast"),
                .init("pack <destination> --from <date> --to <date>", "Add a trip and pack it in one step"),
            ],
            section: .packing,
            examples: [
                #"plan pack "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities ski"#,
                "plan pack 1 --markdown > list.md",
                "plan pack 1 --model http://127.0.0.1:8080",
            ],
            rules: [
                ArgumentRule("--from, --to, --then, --name, --activities, --adults, --children and --like go with a destination, not a trip id") {
                    Self.tripDetailsProblem($0)
                },
            ]
        )
    }

    public func run(_ context: Context) async throws {
        let engine = self.engine
        let offline = network.offline
        let (newTrip, like) = try await newTrip(context)
        // `pack <trip>` with a destination's options never gets here: the declaration's rule refuses them.
        let model = try await context.languageModel(named: engine.model)

        let store = try context.openStore()
        let trip = try await trip(adding: newTrip, like: like, store: store, context: context)
        if let laundry = details.laundry { try await store.setTripLaundryDays(laundry, tripID: trip.id) }
        let setup = try await context.app.packSetup(
            for: trip, model: model, store: store, engine: engine.settings, fresh: network.fresh, offline: offline
        )
        let result: PackPlanner.Result
        // With a model on a terminal the list streams in as a draft, replaced by the checked list.
        let stream = context.console.isStdoutTerminal && !self.json && !self.markdown
            && model.capabilities.streams ? PackStream(console: context.console) : nil
        // Ctrl-C leaves the session interrupted (not running): the next pack resumes it.
        let interruption = InterruptHandler { [store, trip] in
            try? await store.interruptRunningSessions(tripID: trip.id, reason: "interrupted (Ctrl-C)")
        }
        defer { interruption.cancel() }
        do {
            var onAnswer: (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)?
            if let stream { onAnswer = { snapshot in stream.show(snapshot) } }
            result = try await PackPlanner(setup).pack(trip, onAnswer: onAnswer)
            stream?.clear()
        } catch {
            stream?.clear()
            context.console.endProgress()
            if newTrip != nil {
                context.console.warn("plan: trip \(trip.id) is saved; run 'plan pack \(trip.id)' to try again.")
            }
            throw error
        }
        context.console.endProgress()
        try await report(result, trip: trip, store: store, context: context)
    }

    /// `pack <destination>`: the new trip, checked and resolved (nothing stored yet), and the trip it is like.
    private func newTrip(_ context: Context) async throws -> (NewTrip?, Trip?) {
        guard !targetsTrip else { return (nil, nil) }
        var trip = try AddCommand.newTrip(target, details: details, command: "pack")
        trip.party = try await context.party(details, command: "pack")
        var like: Trip?
        if let id = details.like {
            like = try await LikeTrip.load(id, context: context)
            if let like { trip = LikeTrip.apply(like, to: trip, details: details) }
        }
        // An unknown activity is said once, by the list's notices (not also here).
        return (try await AddCommand.resolvePlaces(trip, context: context, offline: network.offline), like)
    }

    /// The trip to pack: the new one, stored now, or the stored one the argument names.
    private func trip(adding newTrip: NewTrip?, like: Trip?, store: Store, context: Context) async throws -> Trip {
        if let newTrip {
            let trip = try await store.addTrip(newTrip)
            if let like { try await LikeTrip.carryOver(from: like, to: trip, store: store) }
            context.console.warn("plan: added trip \(trip.id): \(TripPrinter.headline(trip))")
            return trip
        }
        let id = try ArgumentText.id(target, what: "trip", context: ParseContext(command: "pack", today: context.today))
        guard let found = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        return found
    }

    /// What the pack says besides the list (not resumed, out of date, resumed), then the list the traveller
    /// packs from: their ticks, own items and remembered choices on the new list, and what changed since the last.
    private func report(_ result: PackPlanner.Result, trip: Trip, store: Store, context: Context) async throws {
        if let notResumed = result.notResumed { context.console.warn("plan: " + notResumed) }
        if let reason = result.stored.outOfDate {
            context.console.warn("plan: this list is out of date (\(reason)); run 'plan pack \(trip.id)' for a current one.")
        }
        if let resumed = result.resumed {
            context.console.warn(
                "plan: resumed interrupted session \(resumed.session) (\(resumed.answeredCalls) tool call\(resumed.answeredCalls == 1 ? "" : "s") not asked again); --restart starts afresh."
            )
        }
        let snapshot = try await store.latestForecast(tripID: trip.id)
        let keeper = ListKeeper(store: store)
        let list = try await keeper.list(tripID: trip.id)
        let report = try await keeper.report(tripID: trip.id)
        try PackOutput(context: context).print(
            result: PackOutput.Made(result), trip: trip, snapshot: snapshot, format: PackOutput.Format(json: self.json, markdown: self.markdown),
            list: list, report: report
        )
    }
}

/// Printing a pack or replay result.
struct PackOutput {
    /// `--json`, `--markdown` or neither (the parser lets only one through).
    struct Format {
        let json: Bool
        let markdown: Bool
    }

    /// What a pack or a replay made, as printed.
    struct Made {
        let sessionID: Int
        let model: String
        let list: PackingList
        let recoveries: [SessionRelation]
        let stored: StoredPackingList

        init(_ result: PackPlanner.Result) {
            (sessionID, model, list, recoveries, stored) = (result.sessionID, result.model, result.list, result.recoveries, result.stored)
        }

        init(_ result: ReplayPlanner.Result) {
            (sessionID, model, list, recoveries, stored) = (result.sessionID, result.model, result.list, result.recoveries, result.stored)
        }
    }

    let context: Context

    func print(
        result: Made, trip: Trip, snapshot: ForecastSnapshot?, format: Format,
        extra: [String: JSONValue] = [:], footer: [String] = [], list: TravellerList? = nil, report: ListChangeReport? = nil
    ) throws {
        let console = context.console
        if format.json {
            var object = PackingPrinter.json(result.list).objectValue ?? [:]
            if let list {
                object["items"] = .array(ListPrinter.itemsJSON(list))
                object["packed"] = .number(Double(list.packedCount))
                object["total"] = .number(Double(list.entries.count))
                object["leftOff"] = .array(list.leftOff.map(JSONValue.string))
                object["changes"] = report.map(ListPrinter.reportJSON) ?? .null
            }
            object["trip"] = .number(Double(trip.id))
            object["session"] = .number(Double(result.sessionID))
            object["model"] = .string(result.model)
            object["place"] = trip.place.map(TripPrinter.json) ?? .null
            object["start"] = .string(trip.start.description)
            object["end"] = .string(trip.end.description)
            object["recoveries"] = .array(result.recoveries.map { .string($0.rawValue) })
            object["forecastSource"] = .from(snapshot?.source)
            if trip.hasStops { object["legs"] = .array(trip.legs.map(TripPrinter.json)) }
            for (key, value) in extra { object[key] = value }
            context.printJSON(.object(object))
            return
        }
        if format.markdown {
            let checklist = list ?? ListMerge.build(base: result.stored, earlier: [], changes: [], preferences: [])
            Console.emit(ChecklistMarkdown.render(checklist, title: ListOutput.title(trip)), to: STDOUT_FILENO)
            return
        }
        console.print(console.bold("Packing list for \(trip.placesLabel)") + " · " + TripPrinter.dates(trip))
        if let snapshot {
            // Only the sources that gave a day of the trip (NWS's week may end before the trip begins).
            let pinned = try? Forecast.fromJSON(snapshot.forecast)
            let source = pinned.map { $0.sourceName(from: trip.start, to: trip.end) ?? "none for the trip's days" }
                ?? (snapshot.source == "nws" ? "NWS" : "Open-Meteo")
            console.print(console.dim("Forecast: \(source), fetched \(Age.describe(Date().timeIntervalSince(snapshot.fetchedAt)))"))
        }
        console.print()
        if let list {
            console.print(console.dim(list.progress + " · 'plan check \(trip.id) <number or name>' ticks items off"))
            for line in ListPrinter.items(list, console: console) { console.print(line) }
        } else {
            for line in PackingPrinter.lines(result.list, console: console) { console.print(line) }
        }
        console.print()
        if let report {
            for line in ListPrinter.reportLines(report) { console.print(line) }
            console.print()
        }
        var tail = "trip \(trip.id) · session \(result.sessionID) · \(result.model)"
        if !result.recoveries.isEmpty { tail += " · context recovered (\(result.recoveries.map(\.rawValue).joined(separator: ", ")))" }
        console.print(console.dim(tail))
        if let review = result.list.review, let line = PackingPrinter.reviewLine(review, model: result.model) {
            console.print(console.dim(line))
        }
        for line in footer { console.print(line) }
    }
}
