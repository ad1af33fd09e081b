import Foundation
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
        let lists = try await store.packingLists(tripID: tripID)
        var list = ListMerge.build(
            base: lists.last, earlier: Array(lists.dropLast().reversed()), changes: try await store.listChanges(tripID: tripID),
            preferences: try await store.preferenceChanges()
        )
        if var base = list.base, base.outOfDate == nil, let trip = try await store.trip(id: tripID),
           let reason = trip.outOfDateReason(listRevision: base.tripRevision) {
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

    /// What a tick command did.
    public struct TickOutcome: Sendable {
        /// Items whose mark changed.
        public var changed: [TravellerList.Entry]
        /// Items already as asked.
        public var unchanged: [TravellerList.Entry]
        /// The list afterwards.
        public var list: TravellerList
    }

    /// Ticks (`packed`) or unticks the items `references` name (numbers or names); `all` takes every item.
    public func tick(tripID: Int, references: [String], all: Bool = false, packed: Bool) async throws -> TickOutcome {
        try await retryingTicks(tripID: tripID) { list, version in
            guard !list.entries.isEmpty else { throw ListError.emptyList(trip: tripID) }
            let targets = all ? list.entries : try ItemResolver.resolveAll(references, in: list, trip: tripID)
            return try await mark(targets.map { ($0, packed) }, list: list, version: version, tripID: tripID)
        }
    }

    /// Runs `body` against the list as read; when another `plan` wrote meanwhile and the list still holds
    /// the same items in the same order (only ticks changed, so every number names what it named), runs
    /// it again on the fresh list (up to eight times). Otherwise the command fails and writes nothing.
    private func retryingTicks<T>(
        tripID: Int, _ body: (TravellerList, ListVersion) async throws -> T
    ) async throws -> T {
        var (list, version) = try await read(tripID: tripID)
        var attempts = 0
        while true {
            do {
                return try await body(list, version)
            } catch ListError.changedMeanwhile where attempts < 8 {
                attempts += 1
                let (fresh, freshVersion) = try await read(tripID: tripID)
                guard fresh.entries.map(\.key) == list.entries.map(\.key) else { throw ListError.changedMeanwhile(trip: tripID) }
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
        var targets: [(TravellerList.Entry, Bool)] = []
        var unknown: [String] = []
        for mark in marks {
            if let entry = list.entry(matchingLine: mark.text) {
                targets.removeAll { $0.0.key == entry.key }
                targets.append((entry, mark.packed))
            } else {
                unknown.append(mark.text)
            }
        }
        return (try await mark(targets, list: list, version: version, tripID: tripID), unknown)
    }

    private func mark(
        _ targets: [(TravellerList.Entry, Bool)], list: TravellerList, version: ListVersion, tripID: Int
    ) async throws -> TickOutcome {
        var changes: [NewListChange] = []
        var changed: [TravellerList.Entry] = []
        var unchanged: [TravellerList.Entry] = []
        for (entry, packed) in targets {
            if entry.packed == packed {
                unchanged.append(entry)
            } else {
                changes.append(NewListChange(packed ? .check : .uncheck, entry.item.name))
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
        // What the traveller types is refused, not tidied, when it holds control or invisible format characters.
        let typed = [name] + (category.map { [$0] } ?? [])
        guard !typed.contains(where: Self.hasHiddenCharacters), let name = ItemKey.tidy(name) else {
            throw ListError.badName(name)
        }
        if let category, ItemKey.tidy(category) == nil { throw ListError.badName(category) }
        var category = category.flatMap(ItemKey.tidy)
        if let given = category, given.count > 60 { category = String(given.prefix(60)) }
        let (list, version) = try await read(tripID: tripID)
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

    static func hasHiddenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator
        }
    }

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
