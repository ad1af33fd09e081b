import FoundationEssentials
import Model
import Planner
import Store

/// The trips and their lists as every front end reads and changes them, over the process's one database
/// (`openStore()`): the command line, `plan mcp` and `plan serve` call these rather than the store or the
/// list keeper themselves.
extension PlanApp {
    /// The stored trip `id`, nil when there is none.
    public func trip(_ id: Int) async throws -> Trip? {
        try await openStore().trip(id: id)
    }

    /// Every trip, newest first, and whether each has a packing list.
    public func tripSummaries() async throws -> [TripSummary] {
        try await openStore().tripSummaries()
    }

    /// Each trip's stamp (its revision, dates, party, newest list and tick): a change from any process shows as
    /// a new stamp.
    public func tripStamps() async throws -> [Int: String] {
        try await openStore().tripStamps()
    }

    /// Stores a checked trip whose places are resolved (`TripRequest.validated()`, `lookUp`). `like`: the trip
    /// it was made like (`TripTemplate`), whose own items (`plan item add` there) come along, not its ticks or
    /// forecast; `laundry`: the trip's own laundry interval in days.
    public func addTrip(_ trip: NewTrip, like: Trip? = nil, laundry: Int? = nil) async throws -> Trip {
        let store = try openStore()
        let added = try await store.addTrip(trip)
        if let like { try await ListKeeper(store: store).copyOwnItems(from: like.id, to: added.id) }
        if let laundry { try await store.setTripLaundryDays(laundry, tripID: added.id) }
        return added
    }

    /// Sets the trip's own laundry interval in days (`--laundry`).
    public func setLaundryDays(_ days: Int, tripID: Int) async throws {
        try await openStore().setTripLaundryDays(days, tripID: tripID)
    }

    /// What a pack will say of each of `activities` plan does not know (they are kept with the trip).
    public static func unknownActivityNotices(_ activities: [String]) -> [String] {
        ActivityKits.resolve(activities).unknown.map(PackingRules.unknownActivityNotice)
    }

    /// `trip`'s list as the traveller has it, the trip read already (it is not read again).
    public func list(for trip: Trip) async throws -> TravellerList {
        try await ListKeeper(store: openStore()).list(for: trip)
    }

    /// Whether `trip` has a packing list, and why that list is out of date (a change to the trip since the
    /// pack), nil when it is not.
    public func listState(of trip: Trip) async throws -> (packed: Bool, outOfDate: String?) {
        let list = try await openStore().latestPackingList(tripID: trip.id)
        return (list != nil, list.flatMap { $0.outOfDate ?? trip.outOfDateReason(listRevision: $0.tripRevision) })
    }

    /// What removing trip `id` takes with it: its lists and sessions.
    public func tripFootprint(_ id: Int) async throws -> (lists: Int, sessions: Int) {
        try await openStore().tripFootprint(id: id)
    }

    /// Removes trip `id` with its lists, ticks and sessions; false when there is no such trip.
    public func deleteTrip(_ id: Int) async throws -> Bool {
        try await openStore().deleteTrip(id: id)
    }

    /// The trip's list as the traveller has it: the last pack with their ticks, own items and choices.
    public func list(tripID: Int) async throws -> TravellerList {
        try await ListKeeper(store: openStore()).list(tripID: tripID)
    }

    /// Ticks (`packed`) or unticks the items `references` name (numbers or names; names only when `byName`);
    /// `all` takes every item.
    public func tick(
        tripID: Int, references: [String], all: Bool = false, byName: Bool = false, packed: Bool
    ) async throws -> TickOutcome {
        try await ListKeeper(store: openStore()).tick(tripID: tripID, references: references, all: all, byName: byName, packed: packed)
    }

    /// Sets each item's mark as a checklist has it (`plan check --from-markdown`); gives what changed and the
    /// lines that name no item.
    public func sync(
        tripID: Int, marks: [(text: String, packed: Bool)]
    ) async throws -> (outcome: TickOutcome, unknown: [String]) {
        try await ListKeeper(store: openStore()).sync(tripID: tripID, marks: marks)
    }

    /// Puts the traveller's own item on the trip's list (or makes one already there theirs); `always`
    /// remembers it for every later trip.
    public func addItem(
        tripID: Int, name: String, quantity: Int? = nil, category: String? = nil, always: Bool
    ) async throws -> (entry: TravellerList.Entry, wasOnList: Bool) {
        try await ListKeeper(store: openStore()).add(tripID: tripID, name: name, quantity: quantity, category: category, always: always)
    }

    /// Takes an item off the trip's list; `never` also leaves it off every later list.
    public func removeItem(tripID: Int, reference: String, never: Bool) async throws -> TravellerList.Entry {
        try await ListKeeper(store: openStore()).remove(tripID: tripID, reference: reference, never: never)
    }

    /// What is remembered: items always brought or never suggested.
    public func preferences() async throws -> [Preference] {
        try await ListKeeper(store: openStore()).preferences()
    }

    /// Forgets the remembered choice for `name` (its name in any case, or a unique start of it).
    public func forget(_ name: String) async throws -> Preference {
        try await ListKeeper(store: openStore()).forget(name)
    }
}
