import FoundationEssentials
import Basics
import HTTPCore
import JSON

/// A model behind an OpenAI-compatible server: llama-server, Ollama (`/v1`), vLLM, LM Studio or a hosted API.
/// The whole transcript is sent every round; tools go natively when the server's template supports them,
/// and through guided JSON-schema decoding otherwise.
public struct OpenAICompatibleModel: LanguageModel {
    public let baseURL: URL
    public let modelName: String?
    let apiKey: String?
    /// The tool-calling mode every session gets unless its options choose (`.automatic`: from the profile).
    let forcedMode: ToolCallingMode
    let timeout: TimeInterval
    /// The engine the caller names (nil: detected).
    public var forcedEngine: EngineKind?
    /// The effort asked of a reasoning model (nil: none asked; detected from replies).
    public var reasoning: ReasoningEffort?
    /// Where profiles are remembered between runs (nil: learnt afresh each run).
    public var memory: (any EngineProfileMemory)?
    /// The `User-Agent` of every request ("plan/0.3"; nil: none sent).
    public var userAgent: String?
    /// The longest plan waits out a rate limit (429) in one request before giving up.
    public var maximumRateLimitWait: TimeInterval = 60
    /// The least time between two tries after a rate limit, whatever the server says (a second).
    public var minimumRetryWait: TimeInterval = 1
    private let facts = ServerFacts()
    /// Answers to requests that would be answered the same again (`ReplyMemo`).
    private let memo = ReplyMemo()
    /// How requests reach the server (plan's: libcurl, Tools' `CurlTransport`). It must not follow a redirect
    /// to another origin: the API key and the conversation go only to `baseURL`'s host.
    private let transport: any HTTPTransport

    public init(
        baseURL: URL, modelName: String?, apiKey: String?, forcedMode: GenerationOptions.ToolCallingMode, timeout: TimeInterval,
        transport: any HTTPTransport,
        engine: EngineKind? = nil, reasoning: ReasoningEffort? = nil, memory: (any EngineProfileMemory)? = nil
    ) {
        self.baseURL = baseURL
        self.modelName = modelName
        self.apiKey = apiKey
        self.forcedMode = forcedMode
        self.timeout = timeout
        self.forcedEngine = engine
        self.reasoning = reasoning
        self.memory = memory
        self.transport = transport
    }

    public var name: String { modelName ?? Self.withoutCredentials(baseURL) }

    /// A server streams its answers and answers follow-up questions in words.
    public var capabilities: ModelCapabilities { ModelCapabilities(streams: true, converses: true) }

    /// The base URL for showing: a user name or password in it appears as `***`.
    public var displayURL: String { Self.masked(baseURL) }

    /// The model the server serves: the name the caller gives, when it gives one, else the file llama-server loaded
    /// (`/props` `model_alias` or `model_path`, without folders and `.gguf`), else the model the engine
    /// lists, else the endpoint.
    public func servedName() async -> String {
        if let modelName { return modelName }
        guard let profile = try? await profile() else { return name }
        // llama-server's alias is the model's path unless --alias named it: the file's name without `.gguf`.
        let served = (profile.modelAlias ?? profile.modelPath ?? profile.models.first).map { path in
            let file = PathText.lastComponent(of: path)
            return file.hasSuffix(".gguf") ? String(file.dropLast(5)) : file
        }
        // Outside text: printable characters only, a sensible length.
        let cleaned = String((served ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0.properties.generalCategory != .format }
            .prefix(80).map(Character.init))
        return cleaned.isEmpty ? name : cleaned
    }

    /// Whether native tool calling is forced on a server whose chat template cannot do tools (the server
    /// then drops the tools without a word, and the model never sees them).
    public func isNativeForcedWithoutToolSupport() async -> Bool {
        guard forcedMode == .native, let profile = try? await profile() else { return false }
        return profile.supportsTools == false
    }

    // MARK: - What the server says about itself

    /// The server's facts, from llama-server's `/props` where it has one.
    public struct Properties: Sendable, Equatable {
        public var contextSize: Int?
        public var supportsTools: Bool?
        public var modelPath: String?
        public var modelAlias: String?
        public var canTokenize: Bool
    }

    public func properties() async throws -> Properties {
        let profile = try await profile()
        return Properties(
            contextSize: profile.contextSize, supportsTools: profile.supportsTools, modelPath: profile.modelPath,
            modelAlias: profile.modelAlias, canTokenize: profile.tokenizer != .estimate
        )
    }

    /// What this server is (its engine, window, tokenizer, tools, what it refused before): learnt once a run,
    /// from the database while its lifetime lasts, else from the server (`fresh` asks the server always).
    public func profile(fresh: Bool = false) async throws -> EngineProfile {
        if !fresh, let known = await facts.profile { return known }
        let key = Self.withoutCredentials(baseURL)
        if !fresh, let remembered = await rememberedProfile(), forcedEngine.map({ $0 == remembered.kind }) ?? true {
            await facts.setProfile(remembered)
            return remembered
        }
        let timeout = min(self.timeout, 10)
        let detector = EngineDetector(modelName: modelName, server: displayURL) { path, body in
            try await self.post(path: path, body: body, timeout: timeout)
        }
        var profile = try await detector.detect(forced: forcedEngine)
        profile.learntAt = Date()
        if reasoning != nil { profile.isReasoning = true }
        if fresh, let memory {
            // A fresh look replaces what was learnt in passing (an overflow's window, a reasoning model seen
            // in replies); what the server taught by refusing requests outlives it (`keepingRefusals`).
            if let remembered = await rememberedProfile(), remembered.kind == profile.kind {
                profile = profile.keepingRefusals(of: remembered)
            }
            await memory.remember(profile, for: key, model: modelName ?? "")
        }
        // Otherwise remembered once a request has been answered with it: a command refused before that
        // leaves the database as it was.
        await facts.setProfile(profile)
        return profile
    }

    /// The profile remembered for this server and model (unless it expired), as `LessonRules` believe it.
    public func rememberedProfile() async -> EngineProfile? {
        await memory?.profile(for: Self.withoutCredentials(baseURL), model: modelName ?? "")?.believable
    }

    /// Forgets every profile remembered for this server (its base URL, any model): the next request asks
    /// the server afresh. The profiles forgotten, for saying what was forgotten.
    public func forgetLearnt() async -> [EngineProfile] {
        await facts.forget()
        return await memory?.forget(baseURL: Self.withoutCredentials(baseURL)) ?? []
    }

    /// Changes the profile (a window an overflow named), remembering it at once.
    private func update(_ change: (inout EngineProfile) -> Void) async throws -> EngineProfile {
        var profile = try await profile()
        change(&profile)
        await facts.setProfile(profile)
        await memory?.remember(profile, for: Self.withoutCredentials(baseURL), model: modelName ?? "")
        return profile
    }

    public func contextSize() async throws -> Int {
        try await profile().window
    }

    /// The tool-calling mode a round is sent in, never `.automatic`: the session's options when they choose,
    /// else the one forced by the user, else native when the server says the template
    /// supports tools or does not say (hosted APIs), guided otherwise.
    public func toolMode(
        requested: GenerationOptions.ToolCallingMode = .automatic
    ) async throws -> GenerationOptions.ToolCallingMode {
        if requested != .automatic { return requested }
        if forcedMode != .automatic { return forcedMode }
        return try await profile().supportsTools ?? true ? .native : .guided
    }

    public func reasoningAllowance() async -> Int {
        if let reasoning { return reasoning.allowance }
        return (try? await profile())?.isReasoning == true ? ReasoningEffort.medium.allowance : 0
    }

    public func truncatesSilently() async -> Bool {
        (try? await profile())?.kind.truncatesSilently ?? false
    }

    public func tokenCount(for text: String) async -> Int {
        guard let profile = try? await profile(), profile.tokenizer != .estimate, await facts.tokenizerWorks else {
            return TokenEstimate.count(text)
        }
        // The same texts (instructions, tool descriptions) are counted every round: asked once each.
        if let known = await facts.tokens(for: text) { return known }
        let body: JSONValue
        var path = "tokenize"
        switch profile.tokenizer {
        case .vllm:
            var fields: [String: JSONValue] = ["prompt": .string(text), "add_special_tokens": false]
            if let model = requestModel(profile) { fields["model"] = .string(model) }
            body = .object(fields)
        case .llamaCppPython:
            path = "extras/tokenize/count"
            body = ["input": .string(text)]
        case .llamacpp, .estimate:
            body = ["content": .string(text)]
        }
        if let (status, data) = try? await send(path: path, body: body, timeout: min(timeout, 10)), status == 200,
           let answer = try? JSONValue.parse(data) {
            let counted = LanguageModelSession.Usage.count(answer["count"]) ?? answer["tokens"]?.arrayValue?.count
            if let counted {
                await facts.remember(tokens: counted, for: text)
                return counted
            }
        }
        await facts.tokenizerFailed()
        return TokenEstimate.count(text)
    }

    /// The `model` field: the caller's model name, else (for engines that need one) the model the server lists.
    func requestModel(_ profile: EngineProfile) -> String? {
        if let modelName { return modelName }
        guard profile.kind != .llamacpp else { return nil }
        return profile.modelAlias ?? profile.models.first
    }

    // MARK: - Responding

    public func respond(to request: ModelRequest) async throws -> ModelReply {
        let mode = request.sessionTools.isEmpty ? ToolCallingMode.native : try await toolMode(requested: request.options.toolCallingMode)
        let profile = try await profile()
        var body = OpenAIMessages.body(for: request, mode: mode, model: requestModel(profile))
        // A guided round offering tools streams only when a structured answer is wanted: its text is then
        // JSON that the session's snapshot parser unwraps (`{"response":…}`), where a text answer's pieces
        // would show the wrapper.
        let streaming = request.onText != nil && (request.answerSchema != nil || !(mode == .guided && !request.tools.isEmpty))
        if streaming {
            body["stream"] = true
            body["stream_options"] = ["include_usage": true]
        }
        // The same request again, sampled so its answer would be the same: the answer already had. Not where
        // the server keeps its own sampling (a reasoning model that refuses temperature 0 answers at random).
        let repeatable = ReplyMemo.isRepeatable(request.options.sampling) && !profile.fixedSampling
        let memoKey = repeatable ? JSONValue.object(body).compactText : nil
        if let memoKey, let kept = await memo.reply(for: memoKey) {
            Self.replay(kept, onText: streaming ? request.onText : nil, onReasoning: request.onReasoning)
            return kept
        }
        let reply = try await answer(request, body: body, mode: mode, streaming: streaming, profile: profile)
        if let memoKey, let learnt = try? await self.profile(), !learnt.fixedSampling { await memo.keep(reply, for: memoKey) }
        await learn(from: reply)
        return reply
    }

    /// What an answered request teaches: the prompt it answered (no window an overflow names later in the run
    /// may be smaller), whether it carried reasoning (`LessonRules.reasoningSightings` in a row make a
    /// reasoning model). The profile is remembered after the run's first answer, and again whenever it
    /// changed: a lesson from a refusal is kept only once a request sent with it was answered.
    private func learn(from reply: ModelReply) async {
        await facts.answered(promptTokens: reply.usage?.input.totalTokenCount ?? 0)
        let seen = reply.reasoning.map { !$0.isEmpty } ?? false || (reply.usage?.output.reasoningTokenCount ?? 0) > 0
        await facts.change { $0.observeReasoning(seen) }
        if await facts.claimRemembering(), let memory, let known = await facts.profile {
            await memory.remember(known, for: Self.withoutCredentials(baseURL), model: modelName ?? "")
        }
    }

    /// A kept answer handed over as a streamed one would be: its thinking, then its text in one piece.
    private static func replay(_ reply: ModelReply, onText: (@Sendable (String) -> Void)?, onReasoning: (@Sendable (String) -> Void)?) {
        if let reasoning = reply.reasoning, !reasoning.isEmpty { onReasoning?(reasoning) }
        if let onText, reply.toolCalls.isEmpty, !reply.text.isEmpty { onText(reply.text) }
    }

    /// One round sent and read: streamed or not, the finish checked against the budget, and a native text
    /// answer where a structured one was wanted asked once more, constrained.
    private func answer(
        _ request: ModelRequest, body: [String: JSONValue], mode: ToolCallingMode, streaming: Bool, profile: EngineProfile
    ) async throws -> ModelReply {
        var reply: ModelReply
        if streaming, let onText = request.onText {
            let (streamed, isComplete) = try await streamCompletion(body: body, onText: onText, onReasoning: request.onReasoning)
            if isComplete {
                reply = streamed
                if reply.toolCalls.isEmpty {
                    reply = OpenAIMessages.interpret(
                        content: reply.text, reply: reply, mode: mode, wantsStructured: request.answerSchema != nil
                    )
                }
            } else {
                reply = try await unstreamed(body, mode: mode, wantsStructured: request.answerSchema != nil,
                                             shown: streamed.text, onText: onText)
            }
        } else {
            let data = try await complete(body)
            reply = try OpenAIMessages.reply(from: data, mode: mode, wantsStructured: request.answerSchema != nil)
        }
        reply = Self.checkingFinish(reply, budget: body["max_tokens"]?.intValue)
        // Native mode answered in text where a structured answer was wanted: ask once more, constrained.
        if mode == .native, let schema = request.answerSchema, reply.toolCalls.isEmpty, reply.structured == nil {
            var constrained = request
            constrained.tools = []
            constrained.onText = nil
            var retry = OpenAIMessages.body(for: constrained, mode: .native, model: requestModel(profile))
            retry["response_format"] = OpenAIMessages.responseFormat(schema.jsonSchema)
            let data = try await complete(retry)
            let second = try OpenAIMessages.reply(from: data, mode: .native, wantsStructured: true)
            reply.structured = second.structured
            reply.text = second.text
            reply.usage = Self.sum(reply.usage, second.usage)
            reply.reasoning = [reply.reasoning, second.reasoning].compactMap { $0 }.joined(separator: "\n\n")
            if reply.reasoning?.isEmpty == true { reply.reasoning = nil }
        }
        return reply
    }

    /// A reply said to have stopped by itself that counts more tokens than its budget allowed was cut short
    /// (a proxy in front of llama-cpp-python turns an overflow while streaming into "stop"): it is read as
    /// cut off, so the session salvages or recovers it instead of taking it as whole.
    static func checkingFinish(_ reply: ModelReply, budget: Int?) -> ModelReply {
        guard reply.finishReason == .stop, let budget, budget > 0, let used = reply.usage?.output.totalTokenCount,
              used - (reply.usage?.output.reasoningTokenCount ?? 0) > budget else { return reply }
        var cut = reply
        cut.finishReason = .length
        return cut
    }

    /// A stream that ended without `[DONE]` and without a finish reason asked once more without streaming,
    /// where the server's refusal (an overflow with its window) or its whole answer can be read. The text
    /// not yet shown is shown.
    private func unstreamed(
        _ body: [String: JSONValue], mode: ToolCallingMode, wantsStructured: Bool, shown: String,
        onText: @Sendable (String) -> Void
    ) async throws -> ModelReply {
        var plain = body
        plain["stream"] = nil
        plain["stream_options"] = nil
        let reply = try OpenAIMessages.reply(from: try await complete(plain), mode: mode, wantsStructured: wantsStructured)
        if reply.toolCalls.isEmpty, reply.structured == nil, reply.text.hasPrefix(shown), reply.text.count > shown.count {
            onText(String(reply.text.dropFirst(shown.count)))
        }
        return reply
    }

    /// One request of a single token carrying the session's prefix (the instructions and the tools, as the
    /// real rounds render them), so llama-server's prompt cache holds it before the first real round.
    /// Only llama-server keeps such a cache; elsewhere the request would be paid for and thrown away.
    public func prewarm(_ request: ModelRequest) async {
        guard let profile = try? await profile(), profile.kind == .llamacpp else { return }
        let mode = request.sessionTools.isEmpty
            ? ToolCallingMode.native : ((try? await toolMode(requested: request.options.toolCallingMode)) ?? .native)
        var body = OpenAIMessages.body(for: request, mode: mode, model: requestModel(profile))
        body["max_tokens"] = 1
        body["response_format"] = nil
        _ = try? await send(path: "v1/chat/completions", body: .object(RequestContract.shape(body, for: profile, reasoning: reasoning)), timeout: timeout)
    }

    /// An overflow as the error the session recovers from. The window it names is believed only as
    /// `LessonRules.believedWindow` says (a 16-token window, or one smaller than a prompt the server just
    /// answered, is not a window); a believed one is kept where the server never said its own, so doctor
    /// shows it and the next session counts against it. An unbelieved one is not passed on either: the
    /// error carries the window plan already counts with, so recovery does not shrink the model to nothing.
    private func overflow(tokens: Int, named window: Int, profile: EngineProfile) async throws -> LanguageModelError {
        let answered = await facts.answeredPrompt
        guard let believed = LessonRules.believedWindow(named: window, answered: answered) else {
            return .contextSizeExceeded(tokenCount: tokens, contextSize: profile.window)
        }
        if believed != profile.contextSize, !profile.isWindowKnown || profile.contextSource == EngineProfile.overflowSource {
            _ = try await update {
                $0.contextSize = believed
                $0.contextSource = EngineProfile.overflowSource
            }
        }
        return .contextSizeExceeded(tokenCount: tokens, contextSize: believed)
    }

    /// Sends a completion shaped to the server's contract: a refused field is dropped or renamed (once each,
    /// remembered) and the request sent again; a rate limit is waited out up to `maximumRateLimitWait`.
    private func complete(_ body: [String: JSONValue]) async throws -> Data {
        try await exchange(body) { shaped in
            let (status, data, headers) = try await self.post(path: "v1/chat/completions", body: .object(shaped))
            return (status, data, headers, data)
        }
    }

    /// The retry loop shared by plain and streamed completions: `attempt` sends one shaped body and says
    /// the status, the error body, the headers and its value.
    private func exchange<Value>(
        _ body: [String: JSONValue], attempt: ([String: JSONValue]) async throws -> (Int, Data, [String: String], Value)
    ) async throws -> Value {
        var profile = try await profile()
        var waited: TimeInterval = 0
        var waits = 0
        var lessons = 0
        while true {
            let shaped = RequestContract.shape(body, for: profile, reasoning: reasoning)
            let (status, data, headers, value) = try await attempt(shaped)
            let reading = ServerErrorReader.read(
                status: status, body: data, headers: headers, sent: shaped, server: displayURL,
                model: requestModel(profile), available: profile.models
            )
            switch reading {
            case .success:
                return value
            case let .overflow(tokens, contextSize):
                throw try await overflow(tokens: tokens, named: contextSize, profile: profile)
            case let .lesson(lesson):
                lessons += 1
                let taught = RequestContract.apply(lesson, to: profile)
                guard lessons <= 4, taught != profile else {
                    throw LanguageModelError.rejected(status: status, message: Self.message(of: data))
                }
                // Used for this run at once; remembered once the request sent with it is answered.
                profile = taught
                await facts.change { $0 = taught }
            case let .rateLimited(retryAfter):
                // Without a word on how long: 1, 2, 4, 8 s. Never less than `minimumRetryWait`: a Retry-After
                // of 0 or a date past is no reason to send eight requests in half a second.
                let wait = max(retryAfter ?? Double(1 << min(waits, 3)), minimumRetryWait)
                waits += 1
                guard waits <= 8, waited + wait <= maximumRateLimitWait else {
                    throw LanguageModelError.rateLimited(retryAfter: retryAfter)
                }
                try await Task.sleep(nanoseconds: UInt64(clamping: Int(checked: wait * 1_000_000_000) ?? 1_000_000_000))
                waited += wait
            case let .failure(.modelNotFound(model, available)) where available.isEmpty:
                // The models it has, asked now (a profile may have been learnt before the model was loaded).
                let listed = (try? await send(path: "v1/models", body: nil, timeout: min(timeout, 10))).flatMap { status, data in
                    status == 200 ? (try? JSONValue.parse(data))?["data"]?.arrayValue : nil
                } ?? []
                throw LanguageModelError.modelNotFound(
                    model: model, available: Array(listed.compactMap { $0["id"]?.stringValue }.prefix(8))
                )
            case let .failure(error):
                throw error
            }
        }
    }

    static func message(of body: Data) -> String {
        let document = try? JSONValue.parse(body.prefix(65_536))
        let text = document?["error"]?["message"]?.stringValue ?? document?["message"]?.stringValue
            ?? String(decoding: body.prefix(1_024), as: UTF8.self)
        return ServerText.oneLine(text)
    }

    private func streamCompletion(
        body: [String: JSONValue], onText: @escaping @Sendable (String) -> Void, onReasoning: (@Sendable (String) -> Void)?
    ) async throws -> (ModelReply, Bool) {
        try await exchange(body) { shaped in
            let accumulator = StreamAccumulator(maximumBytes: Self.maximumAnswerBytes)
            let events = ServerSentEvents()
            // The body as it came, kept up to the answer's limit: a server that answers a streamed request
            // with one plain JSON completion (Content-Type application/json) sends no events at all.
            let body = Locked(Data())
            var request = urlRequest(path: "v1/chat/completions", body: .object(shaped))
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            let limits = TransportLimits(deadline: timeout, maximumBytes: Self.maximumStreamBytes)
            let response: HTTPResponse
            let errorBody: Data
            do {
                (response, errorBody) = try await transport.stream(request, limits: limits) { chunk in
                    body.withLock { kept in
                        if kept.count <= Self.maximumAnswerBytes { kept.append(chunk.prefix(Self.maximumAnswerBytes + 1 - kept.count)) }
                    }
                    for line in try events.feed(chunk) {
                        if line == "[DONE]" { accumulator.markDone() }
                        guard line != "[DONE]", let chunk = try? JSONValue.parse(line) else { continue }
                        let pieces = try accumulator.add(chunk)
                        if let piece = pieces.text { onText(piece) }
                        if let thought = pieces.reasoning { onReasoning?(thought) }
                    }
                }
            } catch {
                throw Self.generationError(error, base: baseURL)
            }
            if (200..<300).contains(response.statusCode), Self.isPlainJSON(response) {
                try Self.readPlainCompletion(body.withLock { $0 }, into: accumulator, onText: onText, onReasoning: onReasoning)
                accumulator.markDone()
            }
            return (response.statusCode, errorBody, Self.headers(of: response), (accumulator.reply(), accumulator.isComplete))
        }
    }

    /// Whether a streamed request was answered with plain JSON (`application/json`, no `text/event-stream`).
    static func isPlainJSON(_ response: HTTPResponse) -> Bool {
        let type = response.allHeaderFields.first { $0.key.lowercased() == "content-type" }?.value.lowercased() ?? ""
        return type.contains("json") && !type.contains("event-stream")
    }

    /// A streamed request answered as if it were not streamed: the completion is read as the one chunk of a
    /// stream (its message as the delta), so its text reaches `onText` and its size, `<think>` block, tool
    /// calls and usage are judged as a streamed answer's are. Past the answer's limit it is too large.
    static func readPlainCompletion(
        _ body: Data, into accumulator: StreamAccumulator, onText: @Sendable (String) -> Void,
        onReasoning: (@Sendable (String) -> Void)?
    ) throws {
        guard body.count <= maximumAnswerBytes else {
            throw LanguageModelError.decodingFailure("the answer is larger than \(TransportLimits.describe(bytes: maximumAnswerBytes))")
        }
        guard let document = try? JSONValue.parse(body), let choice = document["choices"]?.arrayValue?.first,
              case var .object(message)? = choice["message"] else {
            throw LanguageModelError.decodingFailure("the server's answer has no choices[0].message")
        }
        // Fragments carry their index in a stream; a whole call's arguments may be an object, not a string.
        if let calls = message["tool_calls"]?.arrayValue {
            message["tool_calls"] = .array(calls.enumerated().map { index, call in
                guard case var .object(fields) = call else { return call }
                fields["index"] = .number(Double(index))
                if case var .object(function)? = fields["function"], let arguments = function["arguments"], arguments.stringValue == nil {
                    function["arguments"] = .string(arguments.compactText)
                    fields["function"] = .object(function)
                }
                return .object(fields)
            })
        }
        let chunk: JSONValue = [
            "choices": [["delta": .object(message), "finish_reason": choice["finish_reason"] ?? .null]],
            "usage": document["usage"] ?? .null,
        ]
        let pieces = try accumulator.add(chunk)
        if let piece = pieces.text { onText(piece) }
        if let thought = pieces.reasoning { onReasoning?(thought) }
    }

    // MARK: - HTTP

    /// A request to `path` under the base URL (the only place a request is built: the API key goes with it
    /// to the base URL's own origin and nowhere else).
    private func urlRequest(path: String, body: JSONValue?) -> HTTPRequest {
        var request = HTTPRequest(url: baseURL.appending(path: path))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.compactText.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        return request
    }

    private func send(path: String, body: JSONValue?, timeout: TimeInterval) async throws -> (Int, Data) {
        let (status, data, _) = try await post(path: path, body: body, timeout: timeout)
        return (status, data)
    }

    private func post(path: String, body: JSONValue?, timeout: TimeInterval? = nil) async throws -> (Int, Data, [String: String]) {
        let request = urlRequest(path: path, body: body)
        let limit = path == "tokenize" || path == "extras/tokenize/count" ? Self.maximumTokenizeBytes
            : path == "v1/chat/completions" ? Self.maximumAnswerBytes
            : path == "v1/models" ? EngineDetector.maximumModelListBytes : Self.maximumPropsBytes
        do {
            let (data, response) = try await transport.send(
                request, limits: TransportLimits(deadline: timeout ?? self.timeout, maximumBytes: limit)
            )
            return (response.statusCode, data, Self.headers(of: response))
        } catch {
            throw Self.generationError(error, base: baseURL)
        }
    }

    static func headers(of response: HTTPResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[name] = String(value.prefix(200))
        }
        return headers
    }

    // MARK: - Bounds

    /// The largest answer accepted, streamed (text and tool-call arguments) or not (the whole body).
    static let maximumAnswerBytes = 1_048_576
    /// The most bytes a streamed answer may take on the wire (each token comes wrapped in JSON).
    static let maximumStreamBytes = 8 * 1_048_576
    static let maximumPropsBytes = 1_048_576
    static let maximumTokenizeBytes = 4 * 1_048_576
    /// Context sizes believed from a server; anything else counts as unknown.
    static let contextSizes = EngineProfile.contextSizes

    /// A transport failure as the matching `LanguageModelError`: no answer in time and a refused redirect
    /// are an unavailable server; an answer past its size is an answer that cannot be used.
    static func generationError(_ error: any Error, base: URL) -> any Error {
        switch error {
        case let TransportError.deadlineExceeded(seconds):
            return LanguageModelError.timeout(
                "no complete answer from \(masked(base)) within \(TransportLimits.describe(seconds: seconds))"
            )
        case let TransportError.tooLarge(limit):
            return LanguageModelError.decodingFailure("the answer is larger than \(TransportLimits.describe(bytes: limit))")
        case let TransportError.redirectRefused(target):
            return LanguageModelError.unavailable(
                "\(masked(base)) redirected to \(target); the API key and the conversation go only to the host they were meant for"
            )
        case let error as TransportError:
            return LanguageModelError.unavailable(describe(error, base: base))
        default:
            return error
        }
    }

    /// The URL with any user name and password left out (what is stored and recorded).
    static func withoutCredentials(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? origin(of: url)
    }

    /// The URL with any user name and password shown as `***` (what doctor and errors print).
    static func masked(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        let plain = components.string ?? origin(of: url)
        guard let schemeEnd = plain.firstRange(of: "://") else { return plain }
        return plain[..<schemeEnd.lowerBound] + "://***@" + plain[schemeEnd.upperBound...]
    }

    /// "http://host:port" of a URL, without any user name or password.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "?"
        let host = url.host ?? "?"
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    static func describe(_ error: TransportError, base: URL) -> String {
        switch error {
        case .timedOut:
            return "the server at \(masked(base)) did not finish its answer in time (it may be up but slow)"
        case .hostNotFound: return "cannot find \(base.host ?? masked(base))"
        default: return error.describe(at: masked(base))
        }
    }

    static func sum(_ a: LanguageModelSession.Usage?, _ b: LanguageModelSession.Usage?) -> LanguageModelSession.Usage? {
        guard let a else { return b }
        guard let b else { return a }
        return LanguageModelSession.Usage(
            inputTokens: a.input.totalTokenCount + b.input.totalTokenCount,
            outputTokens: a.output.totalTokenCount + b.output.totalTokenCount,
            cachedTokens: a.input.cachedTokenCount + b.input.cachedTokenCount,
            reasoningTokens: a.output.reasoningTokenCount + b.output.reasoningTokenCount
        )
    }
}

/// What the server said about itself, learnt once per run.
actor ServerFacts {
    var profile: EngineProfile?
    var tokenizerWorks = true

    private var counted: [String: Int] = [:]

    private var remembered = false
    /// The profile changed since it was last remembered (a lesson, a reply's reasoning).
    private var isChanged = false
    /// The largest prompt the server answered in this run, in tokens.
    private(set) var answeredPrompt = 0

    func setProfile(_ value: EngineProfile) { profile = value }

    /// Changes the profile of this run (nothing when none is known yet), to be remembered after the next answer.
    func change(_ body: @Sendable (inout EngineProfile) -> Void) {
        guard var changed = profile else { return }
        body(&changed)
        guard changed != profile else { return }
        profile = changed
        isChanged = true
    }

    func answered(promptTokens: Int) { answeredPrompt = max(answeredPrompt, min(max(promptTokens, 0), 16_777_216)) }

    /// True the first time, and after a change: the profile is then written to the memory.
    func claimRemembering() -> Bool {
        defer {
            remembered = true
            isChanged = false
        }
        return !remembered || isChanged
    }

    /// Forgets the profile (the next request asks the server afresh).
    func forget() {
        profile = nil
        remembered = false
        isChanged = false
    }
    func tokenizerFailed() { tokenizerWorks = false }

    func tokens(for text: String) -> Int? { counted[text] }

    /// Remembers a count (at most 256 texts: a session's entries and tool descriptions).
    func remember(tokens: Int, for text: String) {
        if counted.count >= 256 { counted.removeAll(keepingCapacity: true) }
        counted[text] = tokens
    }
}
