import FoundationEssentials
import Model
import Planner

/// What a pack or a replay made: the session, the model's checked list and how it was stored, what the
/// session recovered from, and the forecast it was made from.
public struct PackOutcome: Sendable {
    public let trip: Trip
    /// The session that made it (the last, after any recovery).
    public let sessionID: Int
    public let model: String
    /// The model's list after plan's check.
    public let list: PackingList
    /// Recoveries that happened, in order.
    public let recoveries: [SessionRelation]
    public let stored: StoredPackingList
    /// An interrupted session this pack carried on from, and its tool calls not asked again.
    public var resumed: (session: Int, answeredCalls: Int)?
    /// Why an interrupted session was not carried on from (the trip changed since).
    public var notResumed: String?
    /// The forecast the list was made from; nil when none was pinned.
    public var forecast: PinnedForecast?

    /// The engine's list as a checklist, as it was made (no ticks, own items or remembered choices): what a
    /// replay prints.
    public var engineChecklist: TravellerList {
        ListMerge.build(base: stored, earlier: [], changes: [], preferences: [])
    }

    init(_ result: PackPlanner.Result) {
        (trip, sessionID, model, list, recoveries, stored) = (result.trip, result.sessionID, result.model, result.list, result.recoveries, result.stored)
        (resumed, notResumed) = (result.resumed, result.notResumed)
    }

    init(_ result: ReplayPlanner.Result) {
        (trip, sessionID, model, list, recoveries, stored) = (result.trip, result.sessionID, result.model, result.list, result.recoveries, result.stored)
    }
}

/// A trip's list as the traveller packs from it after a pack: their ticks, own items and remembered choices
/// on the new list, and what changed since the last.
public struct ListAfterPack: Sendable {
    public let list: TravellerList
    /// What changed against the list before; nil for a first list.
    public let changes: ListChangeReport?
}
