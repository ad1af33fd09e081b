import Foundation
import Store
import Tools

/// A conversation with a model that can call tools, in the shape of Foundation Models'
/// `LanguageModelSession`. Every entry is recorded as it happens; the context window is accounted.
public actor LanguageModelSession {
    public let model: any LanguageModel
    public let tools: [ToolDefinition]
    public let contextSize: Int
    public let recorder: any TranscriptRecorder
    /// Rounds of tool calls before the model must answer.
    public let maximumRounds: Int
    /// Tools the model must have called (in this turn) before it may answer: a packing list without
    /// a forecast would be a guess. Small models otherwise answer straight away.
    public var requiredTools: [String] = []
    public private(set) var transcript: Transcript

    /// A new session: the instructions become its first entry.
    public init(
        model: any LanguageModel, tools: [ToolDefinition], instructions: String, contextSize: Int,
        recorder: any TranscriptRecorder, maximumRounds: Int = 8
    ) async throws {
        self.model = model
        self.tools = tools
        self.contextSize = contextSize
        self.recorder = recorder
        self.maximumRounds = maximumRounds
        self.transcript = Transcript()
        try await append(Transcript.Entry(kind: .instructions, text: instructions))
    }

    /// A session continuing from existing entries (resumed from the database, or condensed);
    /// entries without a `seq` are recorded now.
    public init(
        model: any LanguageModel, tools: [ToolDefinition], transcript: Transcript, contextSize: Int,
        recorder: any TranscriptRecorder, maximumRounds: Int = 8
    ) async throws {
        self.model = model
        self.tools = tools
        self.contextSize = contextSize
        self.recorder = recorder
        self.maximumRounds = maximumRounds
        self.transcript = Transcript()
        for entry in transcript.entries {
            if entry.seq == nil {
                try await append(entry)
            } else {
                self.transcript.entries.append(entry)
            }
        }
    }

    /// The answer to one prompt.
    public struct Response: Sendable {
        public var text: String
        public var structured: JSONValue?
        /// Rounds the model took (tool rounds plus the answer).
        public var rounds: Int
    }

    // MARK: - Responding

    /// Sends a prompt and runs the tool loop until the model answers in text.
    public func respond(
        to prompt: String, payload: JSONValue? = nil, options: GenerationOptions = GenerationOptions(),
        onText: (@Sendable (String) -> Void)? = nil
    ) async throws -> Response {
        try await append(Transcript.Entry(kind: .prompt, text: prompt, payload: payload))
        return try await run(schema: nil, options: options, onText: onText)
    }

    /// Sends a prompt and runs the tool loop until the model answers with JSON that fits `schema`.
    public func respond(
        to prompt: String, payload: JSONValue? = nil, generating schema: JSONValue,
        options: GenerationOptions = GenerationOptions(), onText: (@Sendable (String) -> Void)? = nil
    ) async throws -> Response {
        try await append(Transcript.Entry(kind: .prompt, text: prompt, payload: payload))
        return try await run(schema: schema, options: options, onText: onText)
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

    /// Sets the tools the model must call before answering.
    public func require(tools names: [String]) {
        requiredTools = names
    }

    /// Runs the loop again without a new prompt (after recovery, the transcript already ends with one).
    public func resume(generating schema: JSONValue?, options: GenerationOptions = GenerationOptions()) async throws -> Response {
        try await run(schema: schema, options: options, onText: nil)
    }

    // MARK: - The tool loop

    private func run(schema: JSONValue?, options: GenerationOptions, onText: (@Sendable (String) -> Void)?) async throws
        -> Response
    {
        var seenCalls: Set<String> = []
        var warned: Set<String> = []
        var mayCallTools = !tools.isEmpty
        var rounds = 0
        while true {
            rounds += 1
            var offered = mayCallTools && rounds <= maximumRounds ? tools : []
            let missing = requiredTools.filter { name in !seenCalls.contains { $0.hasPrefix(name + "(") } && tools.contains { $0.name == name } }
            let requiring = !offered.isEmpty && !missing.isEmpty && rounds < maximumRounds
            if requiring {
                // Until each required tool has been called, only those not yet called are offered.
                offered = offered.filter { missing.contains($0.name) }
            }
            try await checkContext(offering: offered, options: options)
            let reply = try await model.respond(to: ModelRequest(
                entries: transcript.entries, tools: offered, answerSchema: schema, options: options, onText: onText,
                requiresToolCall: requiring
            ))
            if let usage = reply.usage { try await recorder.recordUsage(usage) }

            if !reply.toolCalls.isEmpty, !offered.isEmpty {
                let calls = reply.toolCalls
                try await append(Transcript.Entry(kind: .toolCalls, text: calls.map(\.line).joined(separator: "\n"), toolCalls: calls))
                for call in calls {
                    let signature = call.line
                    if seenCalls.contains(signature) {
                        // A repeated identical call: the loop stops, and the model must answer now.
                        mayCallTools = false
                        try await appendOutput(for: call, text: "Already answered above. Answer now without tools.")
                        continue
                    }
                    seenCalls.insert(signature)
                    guard let tool = tools.first(where: { $0.name == call.name }) else {
                        let problem = ToolArgumentError(["no tool named \"\(call.name)\"; tools: " + tools.map(\.name).joined(separator: ", ")])
                        if warned.insert("unknown:" + call.name).inserted {
                            try await appendOutput(for: call, text: "Error: \(problem.errorDescription ?? "")")
                            continue
                        }
                        throw ToolCallError(toolName: call.name, underlyingError: problem)
                    }
                    do {
                        let output = try await tool.invoke(call.arguments)
                        try await appendOutput(for: call, text: output.text, payload: output.payload)
                    } catch let error as ToolArgumentError {
                        if warned.insert("arguments:" + call.name).inserted {
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
                if rounds >= maximumRounds { mayCallTools = false }
                continue
            }

            if let schema {
                guard let structured = reply.structured ?? (try? JSONValue.parse(reply.text)) else {
                    throw GenerationError.decodingFailure("the answer is not JSON")
                }
                let problems = JSONSchemaValidator.problems(structured, against: schema)
                guard problems.isEmpty else {
                    throw GenerationError.decodingFailure(problems.prefix(3).joined(separator: "; "))
                }
                try await append(Transcript.Entry(kind: .response, text: structured.compactText, payload: structured))
                return Response(text: structured.compactText, structured: structured, rounds: rounds)
            }
            try await append(Transcript.Entry(kind: .response, text: reply.text))
            return Response(text: reply.text, structured: nil, rounds: rounds)
        }
    }

    // MARK: - Context

    /// Tokens the next request will send: entries in context, tool definitions, and per-message framing.
    public func promptTokens(offering offered: [ToolDefinition]) async -> Int {
        var total = transcript.entries.reduce(0) { $0 + $1.tokens + 4 }
        for tool in offered {
            total += await model.tokenCount(of: tool.name + tool.description + tool.parameters.compactText)
        }
        return total
    }

    private func checkContext(offering offered: [ToolDefinition], options: GenerationOptions) async throws {
        let needed = await promptTokens(offering: offered)
        // Room for the answer: what the options ask, but never more than a quarter of the window.
        let reserve = min(options.maximumResponseTokens, contextSize / 4)
        if needed + reserve > contextSize {
            throw GenerationError.exceededContextWindowSize(tokens: needed + reserve, contextSize: contextSize)
        }
    }

    // MARK: - Recording

    private func appendOutput(for call: ToolCall, text: String, payload: JSONValue? = nil) async throws {
        try await append(Transcript.Entry(
            kind: .toolOutput, text: text, toolName: call.name, toolCallID: call.id, payload: payload
        ))
    }

    private func append(_ entry: Transcript.Entry) async throws {
        var entry = entry
        if entry.tokens == 0 { entry.tokens = await model.tokenCount(of: entry.text) }
        entry.seq = try await recorder.record(entry)
        transcript.entries.append(entry)
    }
}

/// Accumulates streamed text into snapshots. `@unchecked Sendable`: the text is only touched under the lock.
final class SnapshotBox: @unchecked Sendable {
    private let lock = NSLock()
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
