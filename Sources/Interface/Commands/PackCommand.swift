import FoundationEssentials
import Glibc
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

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

        let trip = try await trip(adding: newTrip, like: like, context: context)
        // With a model on a terminal the list streams in as a draft, replaced by the checked list.
        let stream = context.console.isStdoutTerminal && !self.json && !self.markdown
            && model.capabilities.streams ? PackStream(console: context.console) : nil
        // Ctrl-C leaves the session interrupted (not running): the next pack resumes it.
        let app = context.app
        let interruption = InterruptHandler { [app, trip] in await app.interruptRunningSessions(tripID: trip.id) }
        defer { interruption.cancel() }
        var onDraft: (@Sendable (PackDraft) -> Void)?
        if let stream { onDraft = { draft in stream.show(draft) } }
        let result: PackOutcome
        do {
            result = try await app.pack(trip, model: model, engine: engine.settings, fresh: network.fresh, offline: offline, onDraft: onDraft)
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
        try await report(result, trip: trip, context: context)
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
    private func trip(adding newTrip: NewTrip?, like: Trip?, context: Context) async throws -> Trip {
        if let newTrip {
            let trip = try await context.app.addTrip(newTrip, like: like, laundry: details.laundry)
            context.console.warn("plan: added trip \(trip.id): \(TripPrinter.headline(trip))")
            return trip
        }
        let id = try ArgumentText.id(target, what: "trip", context: ParseContext(command: "pack", today: context.today))
        guard let found = try await context.app.trip(id) else { throw CLIError.noSuchTrip(id) }
        if let laundry = details.laundry { try await context.app.setLaundryDays(laundry, tripID: found.id) }
        return found
    }

    /// What the pack says besides the list (not resumed, out of date, resumed), then the list the traveller
    /// packs from: their ticks, own items and remembered choices on the new list, and what changed since the last.
    private func report(_ result: PackOutcome, trip: Trip, context: Context) async throws {
        if let notResumed = result.notResumed { context.console.warn("plan: " + notResumed) }
        if let reason = result.stored.outOfDate {
            context.console.warn("plan: this list is out of date (\(reason)); run 'plan pack \(trip.id)' for a current one.")
        }
        if let resumed = result.resumed {
            context.console.warn(
                "plan: resumed interrupted session \(resumed.session) (\(resumed.answeredCalls) tool call\(resumed.answeredCalls == 1 ? "" : "s") not asked again); --restart starts afresh."
            )
        }
        try PackOutput(context: context).print(
            result: result, trip: trip, format: PackOutput.Format(json: self.json, markdown: self.markdown),
            after: try await context.app.listAfterPack(tripID: trip.id)
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

    let context: Context

    func print(
        result: PackOutcome, trip: Trip, format: Format, extra: [String: JSONValue] = [:], footer: [String] = [],
        after: ListAfterPack? = nil
    ) throws {
        let console = context.console
        let list = after?.list
        if format.json {
            var object = PackingPrinter.json(result.list).objectValue ?? [:]
            if let list {
                object["items"] = .array(ListPrinter.itemsJSON(list))
                object["packed"] = .number(Double(list.packedCount))
                object["total"] = .number(Double(list.entries.count))
                object["leftOff"] = .array(list.leftOff.map(JSONValue.string))
                object["changes"] = after?.changes.map(ListPrinter.reportJSON) ?? .null
            }
            object["trip"] = .number(Double(trip.id))
            object["session"] = .number(Double(result.sessionID))
            object["model"] = .string(result.model)
            object["place"] = trip.place.map(TripPrinter.json) ?? .null
            object["start"] = .string(trip.start.description)
            object["end"] = .string(trip.end.description)
            object["recoveries"] = .array(result.recoveries.map { .string($0.rawValue) })
            object["forecastSource"] = .from(result.forecast?.source)
            if trip.hasStops { object["legs"] = .array(trip.legs.map(TripPrinter.json)) }
            for (key, value) in extra { object[key] = value }
            context.printJSON(.object(object))
            return
        }
        if format.markdown {
            let checklist = list ?? result.engineChecklist
            Console.emit(ChecklistMarkdown.render(checklist, title: ListOutput.title(trip)), to: STDOUT_FILENO)
            return
        }
        console.print(console.bold("Packing list for \(trip.placesLabel)") + " · " + TripPrinter.dates(trip))
        if let forecast = result.forecast {
            console.print(console.dim("Forecast: \(forecast.label), fetched \(forecast.fetchedAgo)"))
        }
        console.print()
        if let list {
            console.print(console.dim(list.progress + " · 'plan check \(trip.id) <number or name>' ticks items off"))
            for line in ListPrinter.items(list, console: console) { console.print(line) }
        } else {
            for line in PackingPrinter.lines(result.list, console: console) { console.print(line) }
        }
        console.print()
        if let report = after?.changes {
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
