import FoundationEssentials
import Basics
import JSON

/// A conversation with a model that can call tools, in the shape of Foundation Models'
/// `LanguageModelSession`. Every entry is recorded as it happens; the context window is accounted.
public actor LanguageModelSession {
    public let model: any LanguageModel
    public let tools: [ToolDefinition]
    public let contextSize: Int
    public let recorder: any TranscriptRecorder
    /// How far one turn may go: rounds, tool calls, the tool round's cap and the answer's floor.
    public let limits: Limits
    /// Tools the model must have called (in this turn) before it may answer: a packing list without
    /// a forecast would be a guess. Small models otherwise answer straight away.
    public var requiredTools: [String] = []
    public private(set) var transcript: Transcript
    /// Tokens the server counted in the last prompt beyond our own count of it (chat template, guided
    /// tool descriptions): added to the next estimate, so the answer's budget is true.
    private var promptCorrection = 0
    /// The last answer the context window cut short (what came before the cut): when no recovery can make
    /// room, it is what there is to give.
    public private(set) var windowCutOff: Response<String>?
    /// Told about a reasoning model's thinking as it streams (a progress line; never the answer).
    private var onReasoning: (@Sendable (String) -> Void)?

    /// Sets what hears a reasoning model's thinking as it streams.
    public func observeReasoning(_ handler: @escaping @Sendable (String) -> Void) {
        onReasoning = handler
    }

    /// A new session, as Foundation Models' `init(model:tools:instructions:)`: the instructions (when given)
    /// become its first entry. The options: `contextSize`, the window in tokens (nil: the model's own,
    /// asked now); `recorder`, what hears every entry as it happens (by default kept in memory); `limits`,
    /// how far one turn may go (by default the framework's).
    public init(
        model: any LanguageModel, tools: [ToolDefinition] = [], instructions: String? = nil,
        contextSize: Int? = nil, recorder: any TranscriptRecorder = MemoryTranscriptRecorder(), limits: Limits = Limits()
    ) async throws {
        try await self.init(
            model: model, tools: tools,
            transcript: Transcript(entries: instructions.map { [.instructions(Transcript.Instructions(text: $0))] } ?? []),
            contextSize: contextSize, recorder: recorder, limits: limits
        )
    }

    /// A session continuing from existing entries (resumed from the database, or condensed), as Foundation
    /// Models' `init(model:tools:transcript:)`, with the same options; its entries are recorded now, as this
    /// session's first, keeping their ids.
    public init(
        model: any LanguageModel, tools: [ToolDefinition] = [], transcript: Transcript,
        contextSize: Int? = nil, recorder: any TranscriptRecorder = MemoryTranscriptRecorder(), limits: Limits = Limits()
    ) async throws {
        let window: Int
        if let contextSize { window = contextSize } else { window = try await model.contextSize() }
        self.model = model
        self.tools = tools
        self.contextSize = window
        self.recorder = recorder
        self.limits = limits
        self.transcript = Transcript()
        for entry in transcript.entries {
            try await append(entry)
        }
    }

    /// The answer to one prompt, as Foundation Models' `Response<Content>`: `content` is the text, or the
    /// generated value for `respond(to:generating:)`.
    public struct Response<Content: Sendable>: Sendable {
        public var content: Content
        /// The answer as text (a structured answer's compact JSON).
        public var text: String
        /// The generated JSON, for a structured answer.
        public var rawContent: JSONValue?
        /// Rounds the model took (tool rounds plus the answer).
        public var rounds: Int
        /// The answer stopped at the caller's own token limit (`maximumResponseTokens`): what is here is
        /// what came before the cut. (A cut by the context window is an overflow instead, and recovered.)
        public var isCutOff = false
        /// Tokens the answer took, when the server said.
        public var answerTokens: Int?

        /// The same answer with other content.
        func with<Other>(content: Other) -> Response<Other> {
            var other = Response<Other>(content: content, text: text, rawContent: rawContent, rounds: rounds)
            other.isCutOff = isCutOff
            other.answerTokens = answerTokens
            return other
        }
    }

    /// Whether a request is being answered now (a second one is refused with `concurrentRequests`).
    public private(set) var isResponding = false

    // MARK: - Responding

    /// Sends a prompt and runs the tool loop until the model answers in text.
    public func respond(
        to prompt: String, payload: JSONValue? = nil, options: GenerationOptions = GenerationOptions(),
        onText: (@Sendable (String) -> Void)? = nil
    ) async throws -> Response<String> {
        try await prompted(prompt, payload: payload, schema: nil, options: options, onText: onText)
    }

    /// Sends a prompt and runs the tool loop until the model answers with a `Content` that fits its schema
    /// and guides (enforced while generating where the backend can, checked after in any case).
    public func respond<Content: Generable>(
        to prompt: String, payload: JSONValue? = nil, generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(), onText: (@Sendable (String) -> Void)? = nil
    ) async throws -> Response<Content> {
        let raw = try await prompted(prompt, payload: payload, schema: Content.generationSchema, options: options, onText: onText)
        guard let json = raw.rawContent else { throw LanguageModelError.decodingFailure("no structured answer") }
        do {
            return raw.with(content: try Content(json: json))
        } catch let error as GenerationDecodingError {
            throw LanguageModelError.decodingFailure(error.detail)
        }
    }

    /// Sends a prompt and answers with JSON fitting `schema` (text when nil): the one path the planner's
    /// commands share (they pick the schema at run time).
    public func respond(
        to prompt: String, payload: JSONValue? = nil, schema: GenerationSchema?,
        options: GenerationOptions = GenerationOptions(), onText: (@Sendable (String) -> Void)? = nil
    ) async throws -> Response<String> {
        try await prompted(prompt, payload: payload, schema: schema, options: options, onText: onText)
    }

    /// Growing snapshots of the answer text as it streams, as Foundation Models' `streamResponse(to:)`.
    public nonisolated func streamResponse(
        to prompt: String, options: GenerationOptions = GenerationOptions()
    ) -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            let snapshot = SnapshotBox()
            let task = Task {
                do {
                    let response = try await self.respond(to: prompt, options: options, onText: { piece in
                        continuation.yield(snapshot.append(piece))
                    })
                    if snapshot.current != response.text { continuation.yield(response.text) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Snapshots of a `Content` as it is generated, as Foundation Models' `streamResponse(to:generating:)`:
    /// each a `Content.PartiallyGenerated` that only adds to the one before, the last one complete (the
    /// answer as checked). Tool rounds stream nothing; a guided answer's `{"response": …}` wrapper is
    /// taken off. A backend that does not stream (the built-in engine) yields the whole answer at once.
    public nonisolated func streamResponse<Content: Generable>(
        to prompt: String, payload: JSONValue? = nil, generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions()
    ) -> AsyncThrowingStream<Content.PartiallyGenerated, any Error> {
        AsyncThrowingStream { continuation in
            let last = LastSnapshot()
            let task = Task {
                do {
                    let response = try await self.respond(
                        to: prompt, payload: payload, schema: Content.generationSchema, options: options,
                        onSnapshot: { content in
                            last.set(content)
                            continuation.yield(GeneratedSnapshot<Content>(content: content))
                        }
                    )
                    // The answer as checked, unless the stream already ended with exactly it.
                    if let json = response.rawContent, !(last.value.map { $0.isComplete && $0.json == json } ?? false) {
                        continuation.yield(GeneratedSnapshot<Content>(content: GeneratedContent(complete: json)))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends a prompt and answers with JSON fitting `schema`, telling `onSnapshot` about the answer as it
    /// grows (monotone: a snapshot that would take something back is not sent).
    public func respond(
        to prompt: String, payload: JSONValue? = nil, schema: GenerationSchema, options: GenerationOptions = GenerationOptions(),
        onSnapshot: @escaping @Sendable (GeneratedContent) -> Void
    ) async throws -> Response<String> {
        try await prompted(prompt, payload: payload, schema: schema, options: options, onSnapshot: onSnapshot)
    }

    /// The one body of every `respond`: the prompt recorded, then the tool loop, as the one request in flight.
    private func prompted(
        _ prompt: String, payload: JSONValue?, schema: GenerationSchema?, options: GenerationOptions,
        onText: (@Sendable (String) -> Void)? = nil, onSnapshot: (@Sendable (GeneratedContent) -> Void)? = nil
    ) async throws -> Response<String> {
        try await exclusively {
            try await append(.prompt(Transcript.Prompt(text: prompt, payload: payload)))
            return try await run(schema: schema, options: options, onText: onText, onSnapshot: onSnapshot)
        }
    }

    /// Puts the instructions and the tools' descriptions into the backend's prompt cache, so the first
    /// answer starts sooner (llama-server); nothing for backends without one. Failures are ignored.
    public func prewarm() async {
        guard !isResponding else { return }
        await model.prewarm(ModelRequest(
            entries: transcript.entries, tools: tools, answerSchema: nil, options: GenerationOptions(), sessionTools: tools
        ))
    }

    /// Runs `body` as the one request in flight.
    private func exclusively<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        guard !isResponding else { throw LanguageModelError.concurrentRequests }
        isResponding = true
        defer { isResponding = false }
        return try await body()
    }

    /// Sets the tools the model must call before answering.
    public func require(tools names: [String]) {
        requiredTools = names
    }

    /// Runs the loop again without a new prompt (after recovery, the transcript already ends with one).
    public func resume(
        generating schema: GenerationSchema?, options: GenerationOptions = GenerationOptions(),
        onText: (@Sendable (String) -> Void)? = nil, onSnapshot: (@Sendable (GeneratedContent) -> Void)? = nil
    ) async throws -> Response<String> {
        try await exclusively {
            try await run(schema: schema, options: options, onText: onText, onSnapshot: onSnapshot)
        }
    }

    /// Records the application's own note on the session (an annotation of the kind it names), kept in the
    /// transcript and never sent to the model.
    public func annotate(_ kind: Transcript.Kind, text: String, payload: JSONValue?) async throws {
        try await append(.annotation(Transcript.Annotation(kind: kind, text: text, payload: payload)))
    }

    // MARK: - The tool loop

    private func run(
        schema: GenerationSchema?, options: GenerationOptions, onText: (@Sendable (String) -> Void)?,
        onSnapshot: (@Sendable (GeneratedContent) -> Void)? = nil
    ) async throws -> Response<String> {
        var policy = ToolCallPolicy(mayCallTools: !tools.isEmpty)
        var rounds = 0
        while true {
            rounds += 1
            let round = policy.offer(tools, required: requiredTools, round: rounds, maximumRounds: limits.maximumRounds)
            let floor = limits.answerFloor
            let budget = try await roundBudget(
                offering: round.offered, options: options,
                floor: round.requiresCall ? floor.toolCall : (schema == nil ? floor.text : floor.structured),
                cap: round.requiresCall ? limits.toolCallTokens : nil
            )
            var roundOptions = options
            roundOptions.maximumResponseTokens = budget.tokens
            // Each round's text is parsed afresh: a tool round's JSON never reaches the snapshots.
            let roundText = onSnapshot.map { AnswerSnapshots(onSnapshot: $0) }
            var request = ModelRequest(
                entries: transcript.entries, tools: round.offered, answerSchema: schema, options: roundOptions,
                onText: roundText.map { box in { @Sendable piece in box.add(piece) } } ?? onText,
                requiresToolCall: round.requiresCall, sessionTools: tools
            )
            request.reasoningAllowance = budget.allowance
            request.toolCallTokens = limits.toolCallTokens
            request.onReasoning = onReasoning
            let reply = try await model.respond(to: request)
            try await account(reply, budget: budget, rounds: rounds)
            if round.requiresCall, reply.toolCalls.isEmpty, reply.isCutOff {
                // Cut at the round's own cap before a call was complete: asking again asks the same.
                throw LanguageModelError.decodingFailure(
                    "the tool call was cut off\(reply.answerTokens.map { " after \($0) tokens" } ?? "") before it was complete"
                )
            }
            if !reply.toolCalls.isEmpty, !round.offered.isEmpty {
                try await runCalls(reply.toolCalls, policy: &policy)
                if rounds >= limits.maximumRounds { policy.mayCallTools = false }
                continue
            }
            // Tools withdrawn (the round cap, the turn's call cap, a repeated call) and the model still calls
            // them: it will not answer. As Foundation Models, `toolLoopLimit` (a model failure to the caller).
            if !reply.toolCalls.isEmpty, !tools.isEmpty {
                throw LanguageModelError.toolLoopLimit(rounds: rounds - 1)
            }
            return try await checkedAnswer(reply, schema: schema, rounds: rounds)
        }
    }

    /// One round's tokens: the prompt's estimate, the reasoning allowance, the answer the caller wants (its
    /// limit plus the allowance) and the budget the window leaves for it.
    struct RoundBudget: Sendable {
        var estimate: Int
        var allowance: Int
        var wanted: Int
        var tokens: Int
    }

    /// The budget of a round offering `offered`: an overflow, before anything is sent, when the window
    /// leaves less than `floor` for the answer.
    /// `cap` bounds what the caller's options ask for (a round that must call a tool).
    private func roundBudget(
        offering offered: [ToolDefinition], options: GenerationOptions, floor: Int, cap: Int? = nil
    ) async throws -> RoundBudget {
        let estimate = await promptTokens(offering: offered)
        // A reasoning model pays for its thinking out of the same budget: room for it comes on top.
        let allowance = await model.reasoningAllowance()
        var wanted = options
        if let cap { wanted.maximumResponseTokens = min(wanted.maximumResponseTokens, cap) }
        wanted.maximumResponseTokens += allowance
        let budget = try answerBudget(promptTokens: estimate, options: wanted, floor: floor)
        return RoundBudget(estimate: estimate, allowance: allowance, wanted: wanted.maximumResponseTokens, tokens: budget)
    }

    /// What a reply says of the window: its reasoning recorded apart, its usage recorded (and the prompt
    /// count corrected by it), a prompt cut silently or an answer cut by the window thrown as an overflow.
    private func account(_ reply: ModelReply, budget: RoundBudget, rounds: Int) async throws {
        if let reasoning = reply.reasoning?.trimming(.whitespacesAndNewlines), !reasoning.isEmpty {
            // Kept apart: in the transcript, never in the answer, never sent back.
            try await append(.reasoning(Transcript.Reasoning(
                text: reasoning, tokens: reply.usage.map { $0.output.reasoningTokenCount } ?? 0
            )))
        }
        if let usage = reply.usage {
            try await recorder.recordUsage(usage)
            let counted = budget.estimate - promptCorrection
            // A server that cuts an overlong prompt silently (Ollama) counts well under what was sent:
            // the instructions and the trip were dropped, so the answer is no answer. An overflow, in the
            // window the session knows: a usage figure is one request's prompt, never the window (a server
            // reporting 10 prompt tokens would otherwise shrink the recovery's window to 10).
            if counted >= 256, usage.input.totalTokenCount * 10 < counted * 7, await model.truncatesSilently() {
                throw LanguageModelError.contextSizeExceeded(tokenCount: counted, contextSize: contextSize)
            }
            promptCorrection = max(0, min(usage.input.totalTokenCount - counted, contextSize))
        }
        if reply.isCutOff {
            let completion = reply.answerTokens
            // Cut by the caller's limit only when the whole limit was granted and spent; a smaller
            // budget, or a server stopping short of it, means the window ran out: an overflow.
            let byCaller = budget.tokens >= budget.wanted && (completion.map { $0 >= budget.tokens } ?? true)
            if !byCaller {
                if reply.toolCalls.isEmpty, !(reply.text.isEmpty && reply.structured == nil) {
                    var partial = Response(content: reply.text, text: reply.text, rawContent: reply.structured, rounds: rounds)
                    partial.isCutOff = true
                    partial.answerTokens = completion
                    windowCutOff = partial
                }
                throw LanguageModelError.contextSizeExceeded(
                    tokenCount: budget.estimate + (completion ?? budget.tokens), contextSize: contextSize
                )
            }
        }
    }

    /// Runs a reply's tool calls under the turn's policy (`ToolCallPolicy`), each answered by an output entry.
    private func runCalls(_ requested: [ToolCall], policy: inout ToolCallPolicy) async throws {
        let calls = Array(requested.prefix(max(1, limits.callsPerReply)))
        let extra = requested.count - calls.count
        var text = calls.map(\.line).joined(separator: "\n")
        if extra > 0 { text += "\n(\(extra) more call\(extra == 1 ? "" : "s") not run: at most \(calls.count) per answer)" }
        try await append(.toolCalls(Transcript.ToolCalls(calls, text: text)))
        for call in calls {
            let signature = call.line
            if policy.seenCalls.contains(signature) {
                // A repeated identical call: the loop stops, and the model must answer now.
                policy.mayCallTools = false
                try await appendOutput(for: call, text: "Already answered above. Answer now without tools.")
                continue
            }
            if policy.callsRun >= limits.callsPerTurn {
                policy.mayCallTools = false
                try await appendOutput(for: call, text: "Too many tool calls (\(limits.callsPerTurn)). Answer now without tools.")
                continue
            }
            policy.seenCalls.insert(signature)
            policy.callsRun += 1
            guard let tool = tools.first(where: { $0.name == call.name }) else {
                let problem = ToolArgumentError(["no tool named \"\(call.name.prefix(40))\"; tools: " + tools.map(\.name).joined(separator: ", ")])
                if policy.warned.insert("unknown").inserted {
                    try await appendOutput(for: call, text: "Error: \(problem.errorDescription ?? "")")
                    continue
                }
                throw ToolCallError(toolName: String(call.name.prefix(40)), underlyingError: problem)
            }
            do {
                let answer = try await tool.invoke(call.arguments)
                if !answer.isRefusal { policy.satisfied.insert(tool.name) }
                try await append(.toolOutput(answer.output(for: call)))
            } catch let error as ToolArgumentError {
                if policy.warned.insert("arguments:" + call.name).inserted {
                    try await appendOutput(for: call, text: "Error: \(error.errorDescription ?? ""). Call again with valid arguments.")
                    continue
                }
                throw ToolCallError(toolName: call.name, underlyingError: error)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw ToolCallError(toolName: call.name, underlyingError: error)
            }
        }
    }

    /// The answer checked: a structured one must parse and fit its schema (a cut-off one with its missing lists
    /// empty), then it is recorded as the response.
    private func checkedAnswer(
        _ reply: ModelReply, schema: GenerationSchema?, rounds: Int
    ) async throws -> Response<String> {
        var response: Response<String>
        if let schema {
            guard let answered = reply.structured ?? (try? JSONValue.parse(reply.text)) else {
                throw LanguageModelError.decodingFailure(
                    reply.isCutOff ? "the answer was cut off\(reply.answerTokens.map { " after \($0) tokens" } ?? "") with nothing complete in it"
                        : "the answer is not JSON"
                )
            }
            // A cut-off answer may stop before a required list began: that list is empty, not missing.
            let structured = reply.isCutOff ? schema.withMissingListsEmpty(answered) : answered
            let problems = JSONSchemaValidator.problems(structured, against: schema.jsonSchema)
            guard problems.isEmpty else {
                let cut = reply.isCutOff ? "the answer was cut off\(reply.answerTokens.map { " after \($0) tokens" } ?? ""), and what it completed fails the schema: " : ""
                throw LanguageModelError.decodingFailure(cut + problems.prefix(3).joined(separator: "; "))
            }
            try await append(.response(Transcript.Response(text: structured.compactText, content: structured)))
            response = Response(content: structured.compactText, text: structured.compactText, rawContent: structured, rounds: rounds)
        } else {
            try await append(.response(Transcript.Response(text: reply.text)))
            response = Response(content: reply.text, text: reply.text, rawContent: nil, rounds: rounds)
        }
        response.isCutOff = reply.isCutOff
        response.answerTokens = reply.answerTokens
        return response
    }

    // MARK: - Context

    /// Tokens the next request will send: entries in context, tool definitions, per-message framing, and
    /// what the server counted beyond our count last time.
    public func promptTokens(offering offered: [ToolDefinition]) async -> Int {
        // A reasoning entry is never sent back, so it takes no room.
        var counts = transcript.entries.map { $0.kind == .reasoning ? 0 : [$0.tokens, 4].saturatingSum }
        // Guided calling describes every tool of the session in every round.
        for tool in tools {
            counts.append(await model.tokenCount(for: tool.name + tool.description + tool.parameters.compactText))
        }
        // Saturating: a count is a stored or served number, and a sum of them must not trap.
        return (counts + [promptCorrection]).saturatingSum
    }

    /// Tokens the answer may take: the caller's limit, or what the window leaves after the prompt and a
    /// margin (1/32 of the window, at least 16 tokens, for our count's error). Below `floor` the round is an
    /// overflow before anything is sent.
    func answerBudget(promptTokens: Int, options: GenerationOptions, floor: Int) throws -> Int {
        let margin = max(16, contextSize / 32)
        let room = contextSize - [promptTokens, margin].saturatingSum
        let budget = min(options.maximumResponseTokens, room)
        guard budget >= min(floor, options.maximumResponseTokens) else {
            throw LanguageModelError.contextSizeExceeded(tokenCount: [promptTokens, margin, floor].saturatingSum, contextSize: contextSize)
        }
        return budget
    }

    // MARK: - Recording

    /// A text-only output answering `call` (a warning or an error the model reads; no typed answer).
    private func appendOutput(for call: ToolCall, text: String) async throws {
        try await append(.toolOutput(Transcript.ToolOutput(toolName: call.name, callID: call.id, text: text)))
    }

    private func append(_ entry: Transcript.Entry) async throws {
        var entry = entry
        if entry.tokens == 0 { entry.tokens = await model.tokenCount(for: entry.text) }
        try await recorder.record(entry)
        transcript.entries.append(entry)
    }
}

/// Accumulates streamed text into snapshots. `@unchecked Sendable`: the text is only touched under the lock.
final class SnapshotBox: @unchecked Sendable {
    private let lock = Lock()
    private var text = ""

    func append(_ piece: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        text += piece
        return text
    }

    var current: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }
}

/// One round's streamed text, parsed into monotone snapshots of the answer. A guided round's
/// `{"response": …}` is unwrapped and its `{"tool_call": …}` ignored. `@unchecked Sendable`: the text and
/// the last snapshot are only touched under the lock.
///
/// Parsing is linear in the answer's size whatever the server does (issue 20): every piece is parsed while
/// the answer is small (a packing list is a few kilobytes), then only once a quarter more has arrived or
/// `interval` has passed since the last parse, so a 1 MB answer in 200-byte events costs a few passes
/// over it instead of 5,000 (each snapshot also redraws the draft, at the same bounded rate).
final class AnswerSnapshots: @unchecked Sendable {
    /// Up to this many bytes, every piece is parsed.
    static let eagerBytes = 8 * 1024
    /// Beyond `eagerBytes`, at most this often by time (when less than a quarter more has arrived).
    static let interval: Duration = .milliseconds(250)

    private let lock = Lock()
    private var bytes: [UInt8] = []
    private var parsedCount = 0
    private var parsedAt = ContinuousClock.now
    /// The pause by time: `interval`, or four times the last parse when that took longer (parsing then
    /// takes at most a fifth of the time, however slow the machine).
    private var pause = AnswerSnapshots.interval
    private var last: GeneratedContent?
    private let onSnapshot: @Sendable (GeneratedContent) -> Void

    init(onSnapshot: @escaping @Sendable (GeneratedContent) -> Void) {
        self.onSnapshot = onSnapshot
    }

    /// Whether the text so far is due for a parse.
    private func isDue(now: ContinuousClock.Instant) -> Bool {
        bytes.count <= Self.eagerBytes || bytes.count - parsedCount >= parsedCount / 4
            || now - parsedAt >= pause
    }

    func add(_ piece: String) {
        lock.lock()
        bytes.append(contentsOf: piece.utf8)
        let now = ContinuousClock.now
        guard isDue(now: now) else {
            lock.unlock()
            return
        }
        parsedCount = bytes.count
        var next = PartialJSONParser.parse(bytes: bytes)
        parsedAt = ContinuousClock.now
        pause = max(Self.interval, (parsedAt - now) * 4)
        if case let .object(members, _)? = next, let first = members.first {
            if first.key == "tool_call" {
                next = nil
            } else if first.key == "response" {
                next = first.value
            }
        }
        guard let next, next != last, last.map({ next.extends($0) }) ?? true else {
            lock.unlock()
            return
        }
        last = next
        lock.unlock()
        onSnapshot(next)
    }
}

/// The last snapshot a stream yielded. `@unchecked Sendable`: the value is only touched under the lock.
final class LastSnapshot: @unchecked Sendable {
    private let lock = Lock()
    private var content: GeneratedContent?

    func set(_ value: GeneratedContent) {
        lock.withLock { content = value }
    }

    var value: GeneratedContent? {
        lock.withLock { content }
    }
}
