import FoundationEssentials
import Model
import Store

/// The traveller's side of a trip's list: reads it (`ListMerge` over the stored rows), ticks and unticks,
/// own items, removals and remembered choices. Every command resolves all its items first and writes in one
/// transaction against the version it read, so a failure leaves the database as it was.
public struct ListKeeper: Sendable {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    // MARK: - Reading

    /// The trip's list as the traveller sees it now. Its base is out of date when marked so
    /// (`packing_lists.out_of_date`) or when the trip changed since the revision it was made for (`Trip.outOfDateReason`).
    public func list(tripID: Int) async throws -> TravellerList {
        try await list(tripID: tripID, trip: nil)
    }

    /// The list of `trip`, read already by the caller (`show`, `pack`): the trip is not read again.
    public func list(for trip: Trip) async throws -> TravellerList {
        try await list(tripID: trip.id, trip: trip)
    }

    private func list(tripID: Int, trip known: Trip?) async throws -> TravellerList {
        let lists = try await store.packingLists(tripID: tripID)
        var list = ListMerge.build(
            base: lists.last, earlier: Array(lists.dropLast().reversed()), changes: try await store.listChanges(tripID: tripID),
            preferences: try await store.preferenceChanges()
        )
        guard var base = list.base, base.outOfDate == nil else { return list }
        let trip: Trip?
        if let known { trip = known } else { trip = try await store.trip(id: tripID) }
        if let trip, let reason = trip.outOfDateReason(listRevision: base.tripRevision) {
            base.outOfDate = reason
            list.base = base
        }
        return list
    }

    /// The change report of the trip's newest list against the one before it, as the traveller had it
    /// (their changes made before the newest list applied to both). Nil when the trip has fewer than two lists.
    public func report(tripID: Int) async throws -> ListChangeReport? {
        let lists = try await store.packingLists(tripID: tripID)
        guard lists.count >= 2, let newest = lists.last else { return nil }
        let previous = lists[lists.count - 2]
        let changes = try await store.listChanges(tripID: tripID).filter { $0.createdAt <= newest.createdAt }
        let history = try await store.preferenceChanges()
        let old = ListMerge.build(
            base: previous, earlier: Array(lists.dropLast(2).reversed()), changes: changes, preferences: history
        )
        let new = ListMerge.build(
            base: newest, earlier: Array(lists.dropLast().reversed()), changes: changes, preferences: history
        )
        return ListChangeReport.compare(old, new, since: previous.createdAt)
    }

    // MARK: - Ticks

    /// Ticks (`packed`) or unticks the items `references` name (numbers or names; names only when `byName`);
    /// `all` takes every item.
    public func tick(
        tripID: Int, references: [String], all: Bool = false, byName: Bool = false, packed: Bool
    ) async throws -> TickOutcome {
        try await retryingTicks(tripID: tripID) { list, version in
            guard !list.entries.isEmpty else { throw ListError.emptyList(trip: tripID) }
            let targets = all ? list.entries : try ItemResolver.resolveAll(references, in: list, trip: tripID, byName: byName)
            return try await mark(targets.map { ($0, packed) }, list: list, version: version, tripID: tripID)
        }
    }

    /// What a tick of one item named by its key did: a page that showed the item earlier ticks it only if it is
    /// still the item it showed.
    public enum KeyedTick: Sendable {
        /// Ticked or unticked (or already so).
        case done(TickOutcome)
        /// The item is on the list but is not what was seen any more (a re-pack changed its name or quantity):
        /// nothing was written.
        case changed(TravellerList.Entry)
        /// No item has this key now: nothing was written.
        case gone
    }

    /// Ticks (`packed`) or unticks the item whose key is `key` (`ItemKey.of` its name), if it still has the name
    /// and quantity `seen` gives (nil: whatever it is now). Written against the list as read; another `plan`
    /// writing meanwhile makes it read and check again.
    public func tick(tripID: Int, key: String, packed: Bool, seen: (name: String, quantity: Int?)?) async throws -> KeyedTick {
        try await retryingTicks(tripID: tripID, sameItems: false) { list, version in
            guard let entry = list.entry(key: key) else { return .gone }
            if let seen, entry.item.name != seen.name || entry.item.quantity != seen.quantity { return .changed(entry) }
            return .done(try await mark([(entry, packed)], list: list, version: version, tripID: tripID))
        }
    }

    /// Runs `body` against the list as read; when another `plan` wrote meanwhile and the list still starts
    /// with the same items in the same order (ticks changed, or items were added after them, so every number
    /// names what it named), runs it again on the fresh list (up to eight times). Otherwise the command fails
    /// and writes nothing. A body that names its item by name only (`sameItems` false: an own item added)
    /// runs again on any fresh list.
    private func retryingTicks<T>(
        tripID: Int, sameItems: Bool = true, _ body: (TravellerList, ListVersion) async throws -> T
    ) async throws -> T {
        var (list, version) = try await read(tripID: tripID)
        var attempts = 0
        while true {
            do {
                return try await body(list, version)
            } catch ListError.changedMeanwhile where attempts < 8 {
                attempts += 1
                let (fresh, freshVersion) = try await read(tripID: tripID)
                guard !sameItems || fresh.entries.prefix(list.entries.count).map(\.key) == list.entries.map(\.key) else {
                    throw ListError.changedMeanwhile(trip: tripID)
                }
                (list, version) = (fresh, freshVersion)
            }
        }
    }

    /// Marks items as a checklist has them (`[x]` packed, `[ ]` not), each line matched by the item's label
    /// (`TravellerList.entry(matchingLine:)`). Lines naming nothing on the list are returned and left alone.
    public func sync(tripID: Int, marks: [(text: String, packed: Bool)]) async throws -> (outcome: TickOutcome, unknown: [String]) {
        try await retryingTicks(tripID: tripID) { list, version in try await sync(marks, list: list, version: version, tripID: tripID) }
    }

    private func sync(
        _ marks: [(text: String, packed: Bool)], list: TravellerList, version: ListVersion, tripID: Int
    ) async throws -> (outcome: TickOutcome, unknown: [String]) {
        guard !list.entries.isEmpty else { throw ListError.emptyList(trip: tripID) }
        // Each item's keys once, and each item's last line by key: linear in the checklist's lines.
        let matcher = TravellerList.LineMatcher(list)
        var last: [String: (line: Int, entry: TravellerList.Entry, packed: Bool)] = [:]
        var unknown: [String] = []
        for (line, mark) in marks.enumerated() {
            if let entry = matcher.entry(matchingLine: mark.text) {
                last[entry.key] = (line, entry, mark.packed)
            } else {
                unknown.append(mark.text)
            }
        }
        // An open box on a partly packed item ("5 of 20") is how the checklist shows it: left as it is.
        let targets = last.values.sorted { $0.line < $1.line }
            .filter { $0.packed || !$0.entry.isPartlyPacked }
            .map { ($0.entry, $0.packed) }
        return (try await mark(targets, list: list, version: version, tripID: tripID), unknown)
    }

    private func mark(
        _ targets: [(TravellerList.Entry, Bool)], list: TravellerList, version: ListVersion, tripID: Int
    ) async throws -> TickOutcome {
        var changes: [NewListChange] = []
        var changed: [TravellerList.Entry] = []
        var unchanged: [TravellerList.Entry] = []
        for (entry, packed) in targets {
            // A partly packed item ("5 of 20") is neither: a tick packs the rest, an untick takes it back.
            if entry.packed == packed && !entry.isPartlyPacked {
                unchanged.append(entry)
            } else {
                // A tick records how many pieces it packed, so a re-pack that asks for more shows the rest.
                changes.append(NewListChange(packed ? .check : .uncheck, entry.item.name, quantity: packed ? entry.item.quantity.map { min($0, 999) } : nil))
                changed.append(entry)
            }
        }
        if !changes.isEmpty {
            try await write(changes, tripID: tripID, version: version)
        }
        return TickOutcome(changed: changed, unchanged: unchanged, list: changes.isEmpty ? list : try await self.list(tripID: tripID))
    }

    // MARK: - Own items

    /// Puts an item of the traveller's on the trip's list (or makes an item already there theirs, with this
    /// quantity and category); `always` remembers it for every later trip.
    public func add(
        tripID: Int, name: String, quantity: Int?, category: String?, always: Bool
    ) async throws -> (entry: TravellerList.Entry, wasOnList: Bool) {
        let name = try Self.typedName(name, limit: ItemKey.maximumLength)
        let category = try category.map { try Self.typedName($0, limit: Self.maximumCategoryLength) }
        // Another `plan` wrote meanwhile (ticks, most often): the add names its item by name, so it is made
        // again on the fresh list.
        return try await retryingTicks(tripID: tripID, sameItems: false) { list, version in
            let existing = list.entry(key: ItemKey.of(name))
            let preferences = always ? [NewPreferenceChange(name, choice: .always, quantity: quantity, category: category)] : []
            try await write(
                [NewListChange(.add, existing?.item.name ?? name, quantity: quantity, category: category)], preferences: preferences,
                tripID: tripID, version: version
            )
            let after = try await self.list(tripID: tripID)
            guard let entry = after.entry(key: ItemKey.of(name)) else { throw ListError.changedMeanwhile(trip: tripID) }
            return (entry, existing != nil)
        }
    }

    /// The longest category an own item may have, in code points (a column CHECK holds it too).
    public static let maximumCategoryLength = 60

    /// A name (or category) the traveller typed, in its one form: refused, not tidied, when it holds control
    /// or invisible format characters (the joiners inside an emoji are fine), or when it is empty or longer
    /// than `limit` code points (SQLite's `length()`, as the column's CHECK counts: a flag is two).
    static func typedName(_ text: String, limit: Int) throws(ListError) -> String {
        guard !ItemName.hasHiddenCharacters(text) else { throw .badName(text) }
        let name = ItemName.normalized(text)
        guard !name.isEmpty else { throw .badName(text) }
        guard ItemName.fits(name, limit: limit) else {
            throw .nameTooLong(text, length: max(ItemName.length(name), ItemName.length(ItemKey.of(name))), limit: limit)
        }
        return name
    }

    /// Puts the traveller's own items of one trip on another (`--like`): what they added there themselves,
    /// with its quantity and category; not their ticks, and not what a remembered choice brings anyway.
    public func copyOwnItems(from oldTripID: Int, to newTripID: Int) async throws {
        let old = try await list(tripID: oldTripID)
        let changes = old.entries.filter { $0.source == .own }.map {
            NewListChange(.add, $0.item.name, quantity: $0.item.quantity, category: $0.item.category)
        }
        guard !changes.isEmpty else { return }
        let version = try await store.listVersion(tripID: newTripID)
        try await write(changes, tripID: newTripID, version: version)
    }

    /// Takes an item off the trip's list; `never` also leaves it off every later list.
    public func remove(tripID: Int, reference: String, never: Bool) async throws -> TravellerList.Entry {
        let (list, version) = try await read(tripID: tripID)
        guard !list.entries.isEmpty else { throw ListError.emptyList(trip: tripID) }
        let entry = try ItemResolver.resolve(reference, in: list, trip: tripID)
        try await write(
            [NewListChange(.remove, entry.item.name)],
            preferences: never ? [NewPreferenceChange(entry.item.name, choice: .never)] : [], tripID: tripID, version: version
        )
        return entry
    }

    // MARK: - Preferences

    /// What is remembered now.
    public func preferences() async throws -> [Preference] {
        try await store.preferences()
    }

    /// Forgets the remembered choice for `name` (its name in any case, or a unique start of it).
    public func forget(_ name: String) async throws -> Preference {
        let remembered = try await store.preferences()
        let key = ItemKey.of(name)
        var matches = remembered.filter { $0.key == key }
        if matches.isEmpty, !key.isEmpty { matches = remembered.filter { $0.key.hasPrefix(key) } }
        guard matches.count == 1, let preference = matches.first else {
            if matches.count > 1 { throw ListError.unknownPreference(name, candidates: matches.map(\.name)) }
            throw ListError.unknownPreference(name, candidates: remembered.map(\.name))
        }
        try await store.recordPreferences([NewPreferenceChange(preference.name, choice: nil)])
        return preference
    }

    // MARK: - Parts

    private func read(tripID: Int) async throws -> (list: TravellerList, version: ListVersion) {
        // Read first: a write after it (or between the reads below) shows as a newer version at write time.
        let version = try await store.listVersion(tripID: tripID)
        return (try await list(tripID: tripID), version)
    }

    private func write(
        _ changes: [NewListChange], preferences: [NewPreferenceChange] = [], tripID: Int, version: ListVersion
    ) async throws {
        let written = try await store.recordListChanges(changes, preferences: preferences, tripID: tripID, expected: version)
        guard written != nil else { throw ListError.changedMeanwhile(trip: tripID) }
    }
}
