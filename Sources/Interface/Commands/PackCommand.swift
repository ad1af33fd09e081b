import Foundation
import LanguageModels
import Planner
import Store
import Tools

/// `plan pack <trip>` and `plan pack <destination> --from <date> --to <date>` (adds, then packs).
public struct PackCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Pack) async throws {
        let engine = arguments.engine
        let offline = arguments.network.offline
        let (newTrip, like) = try await newTrip(arguments)
        // `pack <trip>` with a destination's options never gets here: the declaration's rule refuses them.
        let model = try await context.languageModel(named: engine.model)

        let store = try context.openStore()
        let trip = try await trip(arguments, adding: newTrip, like: like, store: store)
        let service = try context.forecastService(
            store: store, fresh: arguments.network.fresh, offline: offline, sea: PackingRules.asksTheSea(trip.activities)
        )
        var setup = context.planningSetup(store: store, model: model, forecasts: service, engine: engine, offline: offline)
        if let laundry = arguments.details.laundry { try await store.setTripLaundryDays(laundry, tripID: trip.id) }
        setup.traveller = try await context.traveller(store: store, tripID: trip.id)
        setup.today = context.today
        let result: PackPlanner.Result
        // With a model on a terminal the list streams in as a draft, replaced by the checked list.
        let stream = context.console.isStdoutTerminal && !arguments.json && !arguments.markdown
            && model.name != "builtin" ? PackStream(console: context.console) : nil
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
        try await report(result, trip: trip, store: store, arguments: arguments)
    }

    /// `pack <destination>`: the new trip, checked and resolved (nothing stored yet), and the trip it is like.
    private func newTrip(_ arguments: PlanArguments.Pack) async throws -> (NewTrip?, Trip?) {
        guard !arguments.targetsTrip else { return (nil, nil) }
        var trip = try AddCommand.newTrip(arguments.target, details: arguments.details, command: "pack")
        trip.party = try await context.party(arguments.details, command: "pack")
        var like: Trip?
        if let id = arguments.details.like {
            like = try await LikeTrip.load(id, context: context)
            if let like { trip = LikeTrip.apply(like, to: trip, details: arguments.details) }
        }
        // An unknown activity is said once, by the list's notices (not also here).
        return (try await AddCommand.resolvePlaces(trip, context: context, offline: arguments.network.offline), like)
    }

    /// The trip to pack: the new one, stored now, or the stored one the argument names.
    private func trip(_ arguments: PlanArguments.Pack, adding newTrip: NewTrip?, like: Trip?, store: Store) async throws -> Trip {
        if let newTrip {
            let trip = try await store.addTrip(newTrip)
            if let like { try await LikeTrip.carryOver(from: like, to: trip, store: store) }
            context.console.warn("plan: added trip \(trip.id): \(TripPrinter.headline(trip))")
            return trip
        }
        let id = try ArgumentText.id(arguments.target, what: "trip", context: ParseContext(command: "pack", today: context.today))
        guard let found = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        return found
    }

    /// What the pack says besides the list (not resumed, out of date, resumed), then the list the traveller
    /// packs from: their ticks, own items and remembered choices on the new list, and what changed since the last.
    private func report(_ result: PackPlanner.Result, trip: Trip, store: Store, arguments: PlanArguments.Pack) async throws {
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
            result: PackOutput.Made(result), trip: trip, snapshot: snapshot, format: PackOutput.Format(json: arguments.json, markdown: arguments.markdown),
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
