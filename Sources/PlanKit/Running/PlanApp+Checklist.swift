import FoundationEssentials
import Model
import Planner
import Store
import Tools

extension PlanApp {
    // MARK: - A trip's checklist (the phone page)

    /// The trip a checklist is served for: `id`, or else the next trip that has a list (the soonest one not
    /// over yet; when all are over, the latest).
    public func checklistTrip(_ id: Int?, today: CalendarDate = CalendarDate(Date())) async throws -> Trip {
        let store = try openStore()
        if let id {
            guard let trip = try await store.trip(id: id) else { throw ChecklistProblem.noSuchTrip(id) }
            guard try await !ListKeeper(store: store).list(for: trip).entries.isEmpty else { throw ChecklistProblem.noList(trip: id) }
            return trip
        }
        let packed = try await store.tripSummaries().filter(\.hasPackingList).map(\.trip)
        let coming = packed.filter { $0.end >= today }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        guard let trip = coming.first ?? packed.max(by: { ($0.end, $0.id) < ($1.end, $1.id) }) else {
            throw ChecklistProblem.noTripWithList
        }
        return trip
    }

    /// The secret of `tripID`'s page address, kept in the database (a bookmarked link survives a restart); a
    /// new one when it has none or `renewing` (the old address stops working).
    public func pageSecret(tripID: Int, renewing: Bool = false) async throws -> String {
        let store = try openStore()
        if !renewing, let secret = try await store.tripLinkSecret(tripID: tripID) { return secret }
        let secret = PageLink.newSecret()
        try await store.setTripLinkSecret(secret, tripID: tripID)
        return secret
    }

    /// `tripID`'s checklist now. `weather`: read the forecast through the cache as `plan show` does (with no
    /// network when `offline`); false gives the list alone (what a page's live updates read).
    public func checklist(tripID: Int, weather: Bool, offline: Bool = false) async throws -> TripChecklist {
        let store = try openStore()
        guard let trip = try await store.trip(id: tripID) else { throw ChecklistProblem.noSuchTrip(tripID) }
        let list = try await ListKeeper(store: store).list(for: trip)
        guard weather else { return TripChecklist(trip: trip, list: list, days: [], weatherNotes: []) }
        let service = try forecastService(store: store, fresh: false, offline: offline, sea: PackingRules.asksTheSea(trip.activities))
        let shown = try await ShownWeather.read(for: trip, store: store, service: service)
        reporter.endProgress()
        let units = try await traveller(store: store, tripID: trip.id).units
        let notes = shown.failures.map { stop in
            (trip.hasStops ? stop.leg.name + ": " : "") + (stop.report == nil ? "no forecast could be had." : "the forecast pinned at the last pack.")
        }
        return TripChecklist(trip: trip, list: list, days: TripChecklist.days(shown, trip: trip, units: units), weatherNotes: notes)
    }

    /// Ticks or unticks one item of `tripID`'s list as a page showed it: nothing is written when the item is no
    /// longer what the page showed (a re-pack since) or no longer on the list.
    public func tick(_ tick: ChecklistTick, tripID: Int) async throws -> ChecklistTick.Outcome {
        let keeper = ListKeeper(store: try openStore())
        switch try await keeper.tick(tripID: tripID, key: tick.key, packed: tick.packed, seen: (tick.name, tick.quantity)) {
        case .done(let outcome): return .done(outcome.list)
        case .changed(let entry): return .changed(entry)
        case .gone: return .gone
        }
    }
}
