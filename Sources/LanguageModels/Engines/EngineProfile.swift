import FoundationEssentials
import Basics

/// What plan knows about one model server: which engine it is, its window and where that came from, how
/// tokens are counted, whether tools go natively, which request fields it takes, and what it taught plan
/// by refusing a request (a field dropped or renamed once, then remembered per base URL).
public struct EngineProfile: Sendable, Codable, Equatable {
    /// How tokens are counted for this server.
    public enum Tokenizer: String, Sendable, Codable {
        /// llama-server's `POST /tokenize {"content"}` → `tokens`.
        case llamacpp
        /// vLLM's `POST /tokenize {"model","prompt"}` → `count`.
        case vllm
        /// llama-cpp-python's `POST /extras/tokenize/count {"input"}` → `count`.
        case llamaCppPython = "llama-cpp-python"
        /// No endpoint: an estimate, corrected by each reply's `usage.prompt_tokens`.
        case estimate
    }

    public var kind: EngineKind
    /// The context window, when the server said (nil: unknown, plan assumes `defaultContextSize`).
    public var contextSize: Int?
    /// Where the window came from ("llama-server's /props", "Ollama's /api/ps").
    public var contextSource: String?
    public var tokenizer: Tokenizer
    /// Whether the chat template takes native tools (nil: unknown; native is tried).
    public var supportsTools: Bool?
    /// The model the server serves, as it names it (a path for llama-server).
    public var modelPath: String?
    public var modelAlias: String?
    /// Models the server lists (for a 404's message), at most a handful.
    public var models: [String] = []
    /// The server's model list could not be read (larger than `EngineDetector.maximumModelListBytes`):
    /// nothing else depends on it, so the server is used all the same and doctor says so.
    public var isModelListUnavailable = false
    /// Fields the server refused with a 400 naming them: never sent again.
    public var droppedFields: [String] = []
    /// Fields the server asked to be sent under another name (`max_tokens` → `max_completion_tokens`).
    public var renamedFields: [String: String] = [:]
    /// Structured output goes as `{"type": "json_object", "schema": …}`: the engine's own form, or learnt
    /// from a refusal naming `response_format` (the nested `json_schema` form downgraded once).
    public var schemaInJSONObject = false
    /// A reasoning model (seen in `LessonRules.reasoningSightings` replies in a row, or configured).
    public var isReasoning = false
    /// Replies in a row that carried reasoning, while the server is not yet taken for a reasoning model.
    public var reasoningReplies = 0
    /// The server accepts only its default temperature (reasoning models): none is sent.
    public var fixedSampling = false
    /// When the server was asked (the profile's age).
    public var learntAt: Date?

    public init(kind: EngineKind, contextSize: Int? = nil, contextSource: String? = nil, tokenizer: Tokenizer = .estimate,
                supportsTools: Bool? = nil) {
        self.kind = kind
        self.contextSize = contextSize
        self.contextSource = contextSource
        self.tokenizer = tokenizer
        self.supportsTools = supportsTools
    }

    /// The window assumed when the server does not say.
    public static let defaultContextSize = 4_096
    /// Context sizes believed from a server; anything else counts as unknown.
    public static let contextSizes = 1...16_777_216

    /// The window to use: the server's when it is believable, else the default.
    public var window: Int {
        contextSize.flatMap { Self.contextSizes.contains($0) ? $0 : nil } ?? Self.defaultContextSize
    }

    /// Where a window learnt from an overflow message is said to come from.
    public static let overflowSource = "the server's overflow message"

    /// Whether the window is known (said by the server, or learnt from its overflow message).
    public var isWindowKnown: Bool {
        contextSize.map { Self.contextSizes.contains($0) } ?? false
    }

    /// "2,048 tokens, from Ollama's /api/ps"; for an engine that never says its window, "unknown" until an
    /// overflow names it; for one that should have said, "4,096 tokens, assumed: the server does not say".
    public var windowDescription: String {
        let size = NumberText.grouped(window)
        guard isWindowKnown, let contextSource else {
            guard kind.reportsWindow else {
                return "unknown: the server does not say (learnt from its first overflow message)"
            }
            return "\(size) tokens, assumed: the server does not say"
        }
        return "\(size) tokens, from \(contextSource)"
    }

    /// A profile seen afresh (doctor's look), keeping only what the server taught by refusing requests
    /// (`remembered`'s dropped and renamed fields, default sampling, the `json_object` form): each was
    /// remembered once a request sent with it was answered, and asking the server's endpoints cannot
    /// teach them again. What the fresh look replaces is not kept: a window learnt from an overflow
    /// message, and a reasoning model seen in replies (both learnt again from the next answers).
    public func keepingRefusals(of remembered: EngineProfile) -> EngineProfile {
        var profile = self
        let taught = remembered.believable
        profile.droppedFields = taught.droppedFields
        profile.renamedFields = taught.renamedFields
        profile.fixedSampling = taught.fixedSampling
        profile.schemaInJSONObject = profile.schemaInJSONObject || taught.schemaInJSONObject
        return profile
    }

    /// Counts a reply that did or did not carry reasoning: `LessonRules.reasoningSightings` in a row make a
    /// reasoning model; a reply without any resets the count (a model already believed stays one).
    public mutating func observeReasoning(_ seen: Bool) {
        guard !isReasoning else { return }
        reasoningReplies = seen ? min(reasoningReplies + 1, LessonRules.reasoningSightings) : 0
        if reasoningReplies >= LessonRules.reasoningSightings { isReasoning = true }
    }

    /// The profile with what `LessonRules` does not believe left out: lessons touching a protected field,
    /// and a window from an overflow message below `LessonRules.minimumLearntWindow` (a profile remembered
    /// by an earlier plan, or written into the database by hand).
    public var believable: EngineProfile {
        var profile = self
        profile.droppedFields = droppedFields.filter { !LessonRules.isProtected($0) }
        profile.renamedFields = renamedFields.filter { !LessonRules.isProtected($0.key) && !LessonRules.isProtected($0.value) }
        if contextSource == Self.overflowSource, let size = contextSize, size < LessonRules.minimumLearntWindow {
            profile.contextSize = nil
            profile.contextSource = nil
        }
        return profile
    }

    /// The name a field goes under for this server (after what it taught plan), nil when it must not be sent.
    public func sentName(of field: String) -> String? {
        if LessonRules.isProtected(field) { return field }
        if droppedFields.contains(field) { return nil }
        return renamedFields[field] ?? field
    }

    enum CodingKeys: String, CodingKey {
        case kind, contextSize, contextSource, tokenizer, supportsTools, modelPath, modelAlias, models, droppedFields,
             renamedFields, isReasoning, fixedSampling, learntAt, isModelListUnavailable, schemaInJSONObject,
             reasoningReplies
    }

    /// Reads a stored profile; keys a profile from another version lacks take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(EngineKind.self, forKey: .kind)
        contextSize = try container.decodeIfPresent(Int.self, forKey: .contextSize)
        contextSource = try container.decodeIfPresent(String.self, forKey: .contextSource).map { String($0.prefix(120)) }
        tokenizer = try container.decodeIfPresent(Tokenizer.self, forKey: .tokenizer) ?? .estimate
        supportsTools = try container.decodeIfPresent(Bool.self, forKey: .supportsTools)
        modelPath = try container.decodeIfPresent(String.self, forKey: .modelPath).map { String($0.prefix(300)) }
        modelAlias = try container.decodeIfPresent(String.self, forKey: .modelAlias).map { String($0.prefix(120)) }
        models = try container.decodeIfPresent([String].self, forKey: .models) ?? []
        droppedFields = try container.decodeIfPresent([String].self, forKey: .droppedFields) ?? []
        renamedFields = try container.decodeIfPresent([String: String].self, forKey: .renamedFields) ?? [:]
        isReasoning = try container.decodeIfPresent(Bool.self, forKey: .isReasoning) ?? false
        reasoningReplies = min(max(try container.decodeIfPresent(Int.self, forKey: .reasoningReplies) ?? 0, 0),
                               LessonRules.reasoningSightings)
        fixedSampling = try container.decodeIfPresent(Bool.self, forKey: .fixedSampling) ?? false
        schemaInJSONObject = try container.decodeIfPresent(Bool.self, forKey: .schemaInJSONObject) ?? false
        learntAt = try container.decodeIfPresent(Date.self, forKey: .learntAt)
        isModelListUnavailable = try container.decodeIfPresent(Bool.self, forKey: .isModelListUnavailable) ?? false
    }

    /// The profile as stored.
    public func jsonText() -> String? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A stored profile read back; nil when it is not one (the database is outside input too).
    public static func from(jsonText text: String) -> EngineProfile? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard var profile = try? decoder.decode(EngineProfile.self, from: Data(text.utf8)) else { return nil }
        if let size = profile.contextSize, !contextSizes.contains(size) { profile.contextSize = nil }
        profile.droppedFields = Array(profile.droppedFields.prefix(16)).filter(RequestContract.isFieldName)
        profile.renamedFields = profile.renamedFields.filter { RequestContract.isFieldName($0.key) && RequestContract.isFieldName($0.value) }
        profile.models = Array(profile.models.prefix(8))
        return profile.believable
    }
}

/// Where profiles are remembered between runs (plan's database; nothing in tests).
public protocol EngineProfileMemory: Sendable {
    /// The profile remembered for a model (the name asked for, "" when none) on a base URL, unless it expired.
    func profile(for baseURL: String, model: String) async -> EngineProfile?
    /// Remembers a profile for a model on a base URL: one server's models have windows of their own.
    func remember(_ profile: EngineProfile, for baseURL: String, model: String) async
    /// Forgets every profile remembered for a base URL (any model); the ones that had not expired.
    func forget(baseURL: String) async -> [EngineProfile]
}
