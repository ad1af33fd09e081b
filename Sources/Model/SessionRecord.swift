import FoundationEssentials
import Basics

/// A stored language-model session.
public struct SessionRecord: Sendable, Equatable {
    public var id: Int
    public var tripID: Int?
    /// The session this one was condensed, summarised, resumed or replayed from.
    public var parentID: Int?
    /// How it is linked to `parentID`.
    public var relation: SessionRelation?
    public var purpose: SessionPurpose
    public var model: String
    public var contextSize: Int
    public var status: SessionStatus
    public var error: String?
    public var promptTokens: Int
    public var completionTokens: Int
    public var startedAt: Date
    public var endedAt: Date?
    /// Entries in the transcript.
    public var entryCount: Int
    /// Tokens of the entries still in the model's context.
    public var contextTokens: Int
    /// How the model sampled (nil for sessions recorded before this was).
    public var sampling: SessionSampling? = nil
    /// The process that ran it (nil for sessions recorded before owners were).
    public var owner: SessionOwner? = nil
    /// The revision of its trip it began with (`Trip.revision`); nil for sessions recorded before revisions were.
    public var tripRevision: Int? = nil

    /// `running` whose process is gone (a kill, a crash): it is interrupted, whatever the row says.
    public var isOrphaned: Bool {
        status == .running && owner.map { !$0.isAlive } == true
    }

    /// The status as it really is: an orphaned `running` session reads as `interrupted`.
    public var effectiveStatus: SessionStatus { isOrphaned ? .interrupted : status }

    /// A SessionRecord of these parts.
    public init(
        id: Int, tripID: Int? = nil, parentID: Int? = nil, relation: SessionRelation? = nil, purpose: SessionPurpose,
        model: String, contextSize: Int, status: SessionStatus, error: String? = nil, promptTokens: Int,
        completionTokens: Int, startedAt: Date, endedAt: Date? = nil, entryCount: Int, contextTokens: Int,
        sampling: SessionSampling? = nil, owner: SessionOwner? = nil, tripRevision: Int? = nil
    ) {
        self.id = id
        self.tripID = tripID
        self.parentID = parentID
        self.relation = relation
        self.purpose = purpose
        self.model = model
        self.contextSize = contextSize
        self.status = status
        self.error = error
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.entryCount = entryCount
        self.contextTokens = contextTokens
        self.sampling = sampling
        self.owner = owner
        self.tripRevision = tripRevision
    }
}

/// One stored transcript entry.
public struct TranscriptRecord: Sendable, Equatable {
    public var id: Int
    public var sessionID: Int
    public var seq: Int
    /// The entry's kind, by the name its framework gives it (`Transcript.Kind`'s raw value; the table's
    /// CHECK lists the names it takes).
    public var kind: String
    /// The entry's own id (`Transcript.Entry.id`); nil for rows written before entries had one.
    public var entryID: String?
    public var tool: String?
    public var text: String
    /// JSON: tool call arguments, structured answers.
    public var payload: String?
    public var tokens: Int
    public var isInContext: Bool
    public var createdAt: Date

    /// A TranscriptRecord of these parts.
    public init(
        id: Int, sessionID: Int, seq: Int, kind: String, entryID: String? = nil, tool: String? = nil, text: String,
        payload: String? = nil, tokens: Int, isInContext: Bool, createdAt: Date
    ) {
        self.id = id
        self.sessionID = sessionID
        self.seq = seq
        self.kind = kind
        self.entryID = entryID
        self.tool = tool
        self.text = text
        self.payload = payload
        self.tokens = tokens
        self.isInContext = isInContext
        self.createdAt = createdAt
    }
}

/// A stored packing list (the JSON the planner produced).
public struct StoredPackingList: Sendable, Equatable {
    public var id: Int
    public var tripID: Int
    public var sessionID: Int?
    public var model: String
    public var json: String
    public var createdAt: Date
    /// Why the list no longer fits its trip (the trip was changed after it was made); nil while it does.
    public var outOfDate: String? = nil
    /// The revision of the trip the list was made for (`Trip.revision`).
    public var tripRevision: Int = 0

    /// A StoredPackingList of these parts.
    public init(
        id: Int, tripID: Int, sessionID: Int? = nil, model: String, json: String, createdAt: Date, outOfDate: String? = nil,
        tripRevision: Int = 0
    ) {
        self.id = id
        self.tripID = tripID
        self.sessionID = sessionID
        self.model = model
        self.json = json
        self.createdAt = createdAt
        self.outOfDate = outOfDate
        self.tripRevision = tripRevision
    }
}

/// Which sessions `plan history` lists.
public struct SessionFilter: Sendable, Equatable {
    public var tripID: Int?
    public var tool: String?
    public var model: String?
    public var since: Date?
    public var limit: Int

    public init(tripID: Int? = nil, tool: String? = nil, model: String? = nil, since: Date? = nil, limit: Int = 20) {
        self.tripID = tripID
        self.tool = tool
        self.model = model
        self.since = since
        self.limit = limit
    }
}

/// One full-text search hit.
public struct SearchHit: Sendable, Equatable {
    public var entryID: Int
    public var sessionID: Int
    public var tripID: Int?
    /// The entry's kind (`Transcript.Kind`'s raw value).
    public var kind: String
    public var tool: String?
    public var snippet: String
    public var createdAt: Date

    /// A SearchHit of these parts.
    public init(
        entryID: Int, sessionID: Int, tripID: Int? = nil, kind: String, tool: String? = nil, snippet: String,
        createdAt: Date
    ) {
        self.entryID = entryID
        self.sessionID = sessionID
        self.tripID = tripID
        self.kind = kind
        self.tool = tool
        self.snippet = snippet
        self.createdAt = createdAt
    }
}

/// How a session's model sampled, as recorded: the mode ("greedy", "top-k 40", "top-p 0.9"), the
/// temperature and the seed, when set.
public struct SessionSampling: Sendable, Equatable {
    public var mode: String
    public var temperature: Double?
    public var seed: Int?

    public init(mode: String, temperature: Double?, seed: Int?) {
        self.mode = mode
        self.temperature = temperature
        self.seed = seed
    }

    /// "top-k 40, temperature 0.8, seed 7".
    public var summary: String {
        var parts = [mode]
        if let temperature { parts.append("temperature \(NumberText.upTo(temperature, places: 2))") }
        if let seed { parts.append("seed \(seed)") }
        return parts.joined(separator: ", ")
    }
}
