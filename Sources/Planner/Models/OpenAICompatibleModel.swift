import Foundation
import Store
import Tools
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A model behind an OpenAI-compatible server: llama-server, Ollama (`/v1`), vLLM, LM Studio or a hosted API.
/// The whole transcript is sent every round; tools go natively when the server's template supports them,
/// and through guided JSON-schema decoding otherwise.
public struct OpenAICompatibleModel: LanguageModel {
    public let baseURL: URL
    public let modelName: String?
    let apiKey: String?
    let forcedMode: ToolCallingMode?
    let timeout: TimeInterval
    private let facts = ServerFacts()
    private let transport: URLSessionTransport

    public init(baseURL: URL, modelName: String?, apiKey: String?, forcedMode: ToolCallingMode?, timeout: TimeInterval) {
        self.baseURL = baseURL
        self.modelName = modelName
        self.apiKey = apiKey
        self.forcedMode = forcedMode
        self.timeout = timeout
        self.transport = URLSessionTransport(timeout: timeout)
    }

    public var name: String { modelName ?? Self.withoutCredentials(baseURL) }

    /// The base URL for showing: a user name or password in it appears as `***`.
    public var displayURL: String { Self.masked(baseURL) }

    /// The model the server serves: `PLAN_MODEL_NAME` when set, else the file llama-server loaded
    /// (`/props` `model_alias` or `model_path`, without folders and `.gguf`), else the endpoint.
    public func servedName() async -> String {
        if let modelName { return modelName }
        guard let properties = try? await properties() else { return name }
        // llama-server's alias is the model's path unless --alias named it: the file's name without `.gguf`.
        let served = (properties.modelAlias ?? properties.modelPath).map { path in
            let file = (path as NSString).lastPathComponent
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
        guard forcedMode == .native, let properties = try? await properties() else { return false }
        return properties.supportsTools == false
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
        if let known = await facts.properties { return known }
        var properties = Properties(contextSize: nil, supportsTools: nil, modelPath: nil, modelAlias: nil, canTokenize: false)
        let (status, data) = try await send(path: "props", body: nil, timeout: min(timeout, 10))
        if status == 200, let props = try? JSONValue.parse(data) {
            properties.contextSize = props["default_generation_settings"]?["n_ctx"]?.intValue ?? props["n_ctx"]?.intValue
            properties.supportsTools = props["chat_template_caps"]?["supports_tools"]?.boolValue
            properties.modelPath = props["model_path"]?.stringValue
            properties.modelAlias = props["model_alias"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            properties.canTokenize = true
        }
        await facts.setProperties(properties)
        return properties
    }

    public func contextSize() async throws -> Int {
        // n_ctx ≤ 0 or absurd (a server's misreport) counts as unknown.
        try await properties().contextSize.flatMap { Self.contextSizes.contains($0) ? $0 : nil } ?? 4_096
    }

    /// The tool-calling mode this server gets: forced by the user, native when `/props` says the template
    /// supports tools or when the server has no `/props` (hosted APIs), guided otherwise.
    public func toolMode() async throws -> ToolCallingMode {
        if let forcedMode { return forcedMode }
        let properties = try await properties()
        return properties.supportsTools ?? true ? .native : .guided
    }

    public func tokenCount(of text: String) async -> Int {
        guard let properties = try? await properties(), properties.canTokenize, await facts.tokenizerWorks else {
            return TokenEstimate.count(text)
        }
        // The same texts (instructions, tool descriptions) are counted every round: asked once each.
        if let known = await facts.tokens(for: text) { return known }
        if let (status, data) = try? await send(path: "tokenize", body: ["content": .string(text)], timeout: min(timeout, 10)),
           status == 200, let tokens = (try? JSONValue.parse(data))?["tokens"]?.arrayValue {
            await facts.remember(tokens: tokens.count, for: text)
            return tokens.count
        }
        await facts.tokenizerFailed()
        return TokenEstimate.count(text)
    }

    // MARK: - Responding

    public func respond(to request: ModelRequest) async throws -> ModelReply {
        let mode = request.sessionTools.isEmpty ? ToolCallingMode.native : try await toolMode()
        var body = OpenAIMessages.body(for: request, mode: mode, model: modelName)
        // A guided round offering tools streams only when a structured answer is wanted: its text is then
        // JSON that the session's snapshot parser unwraps (`{"response":…}`), where a text answer's pieces
        // would show the wrapper.
        let streaming = request.onText != nil && (request.answerSchema != nil || !(mode == .guided && !request.tools.isEmpty))
        if streaming {
            body["stream"] = true
            body["stream_options"] = ["include_usage": true]
        }
        var reply: ModelReply
        if streaming, let onText = request.onText {
            reply = try await streamCompletion(body: body, onText: onText)
            if reply.toolCalls.isEmpty {
                reply = OpenAIMessages.interpret(
                    content: reply.text, reply: reply, mode: mode, wantsStructured: request.answerSchema != nil
                )
            }
        } else {
            let (status, data) = try await send(path: "v1/chat/completions", body: .object(body), timeout: timeout)
            try Self.check(status: status, body: data)
            reply = try OpenAIMessages.reply(from: data, mode: mode, wantsStructured: request.answerSchema != nil)
        }
        // Native mode answered in text where a structured answer was wanted: ask once more, constrained.
        if mode == .native, let schema = request.answerSchema, reply.toolCalls.isEmpty, reply.structured == nil {
            var constrained = request
            constrained.tools = []
            constrained.onText = nil
            var retry = OpenAIMessages.body(for: constrained, mode: .native, model: modelName)
            retry["response_format"] = OpenAIMessages.responseFormat(schema.jsonSchema)
            let (status, data) = try await send(path: "v1/chat/completions", body: .object(retry), timeout: timeout)
            try Self.check(status: status, body: data)
            let second = try OpenAIMessages.reply(from: data, mode: .native, wantsStructured: true)
            reply.structured = second.structured
            reply.text = second.text
            reply.usage = Self.sum(reply.usage, second.usage)
        }
        return reply
    }

    /// One request of a single token carrying the session's prefix (the instructions and the tools, as the
    /// real rounds render them), so llama-server's prompt cache holds it before the first real round.
    public func prewarm(_ request: ModelRequest) async {
        let mode = request.sessionTools.isEmpty ? ToolCallingMode.native : ((try? await toolMode()) ?? .native)
        var body = OpenAIMessages.body(for: request, mode: mode, model: modelName)
        body["max_tokens"] = 1
        body["response_format"] = nil
        _ = try? await send(path: "v1/chat/completions", body: .object(body), timeout: timeout)
    }

    private func streamCompletion(body: [String: JSONValue], onText: @escaping @Sendable (String) -> Void) async throws
        -> ModelReply
    {
        let accumulator = StreamAccumulator(maximumBytes: Self.maximumAnswerBytes)
        let events = ServerSentEvents()
        var request = try urlRequest(path: "v1/chat/completions", body: .object(body), timeout: timeout)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        let limits = TransferLimits(deadline: timeout, maximumBytes: Self.maximumStreamBytes)
        let response: HTTPURLResponse
        let errorBody: Data
        do {
            (response, errorBody) = try await transport.stream(request, limits: limits) { chunk in
                for line in try events.feed(chunk) {
                    guard line != "[DONE]", let chunk = try? JSONValue.parse(line) else { continue }
                    if let piece = try accumulator.add(chunk) { onText(piece) }
                }
            }
        } catch {
            throw Self.generationError(error, base: baseURL)
        }
        try Self.check(status: response.statusCode, body: errorBody)
        return accumulator.reply()
    }

    // MARK: - HTTP

    private func urlRequest(path: String, body: JSONValue?, timeout: TimeInterval) throws -> URLRequest {
        var request = URLRequest(url: baseURL.appending(path: path), timeoutInterval: timeout)
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.compactText.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        return request
    }

    private func send(path: String, body: JSONValue?, timeout: TimeInterval) async throws -> (Int, Data) {
        let request = try urlRequest(path: path, body: body, timeout: timeout)
        let limit = path == "tokenize" ? Self.maximumTokenizeBytes : path == "props" ? Self.maximumPropsBytes : Self.maximumAnswerBytes
        do {
            let (data, response) = try await transport.send(request, limits: TransferLimits(deadline: timeout, maximumBytes: limit))
            return (response.statusCode, data)
        } catch {
            throw Self.generationError(error, base: baseURL)
        }
    }

    // MARK: - Bounds

    /// The largest answer accepted, streamed (text and tool-call arguments) or not (the whole body).
    static let maximumAnswerBytes = 1_048_576
    /// The most bytes a streamed answer may take on the wire (each token comes wrapped in JSON).
    static let maximumStreamBytes = 8 * 1_048_576
    static let maximumPropsBytes = 1_048_576
    static let maximumTokenizeBytes = 4 * 1_048_576
    /// Context sizes believed from a server; anything else counts as unknown.
    static let contextSizes = 1...16_777_216

    /// A transport failure as the matching `GenerationError`: no answer in time and a refused redirect
    /// are an unavailable server; an answer past its size is an answer that cannot be used.
    static func generationError(_ error: any Error, base: URL) -> any Error {
        switch error {
        case let error as URLError:
            return GenerationError.unavailable(describe(error, base: base))
        case let TransportError.deadlineExceeded(seconds):
            return GenerationError.unavailable(
                "no complete answer from \(masked(base)) within \(TransferLimits.describe(seconds: seconds)) (PLAN_MODEL_TIMEOUT)"
            )
        case let TransportError.tooLarge(limit):
            return GenerationError.decodingFailure("the answer is larger than \(TransferLimits.describe(bytes: limit))")
        case let TransportError.redirectRefused(target):
            return GenerationError.unavailable(
                "\(masked(base)) redirected to \(target); plan sends the API key and the conversation only to the host in PLAN_MODEL"
            )
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
        return components.string ?? URLSessionTransport.origin(of: url)
    }

    /// The URL with any user name and password shown as `***` (what doctor and errors print).
    static func masked(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        let plain = components.string ?? URLSessionTransport.origin(of: url)
        guard let schemeEnd = plain.range(of: "://") else { return plain }
        return plain.replacingCharacters(in: schemeEnd, with: "://***@")
    }

    static func describe(_ error: URLError, base: URL) -> String {
        let shown = masked(base)
        switch error.code {
        case .cannotConnectToHost: return "connection refused at \(shown)"
        case .timedOut:
            return "the server at \(shown) did not finish its answer within PLAN_MODEL_TIMEOUT (it may be up but slow: raise PLAN_MODEL_TIMEOUT, or use a smaller --context-size)"
        case .networkConnectionLost: return "the connection to \(shown) was lost"
        case .cannotFindHost, .dnsLookupFailed: return "cannot find \(base.host ?? shown)"
        case .httpTooManyRedirects: return "\(shown) redirected too many times"
        default: return "network error \(error.code.rawValue) talking to \(shown)"
        }
    }

    /// Turns an error status into the matching `GenerationError` (overflow keeps both token counts).
    static func check(status: Int, body: Data) throws {
        guard !(200..<300).contains(status) else { return }
        let document = try? JSONValue.parse(body)
        let error = document?["error"]
        let type = error?["type"]?.stringValue ?? error?["code"]?.stringValue ?? ""
        // The server's words go to stderr and the session's row: one line, cut.
        let message = TerminalText.oneLine(
            error?["message"]?.stringValue ?? error?.stringValue ?? String(decoding: body.prefix(1_024), as: UTF8.self)
        )
        if type == "exceed_context_size_error" || type == "context_length_exceeded"
            || message.contains("exceeds the available context size") || message.contains("maximum context length") {
            throw GenerationError.exceededContextWindowSize(
                tokens: TokenUsage.count(error?["n_prompt_tokens"]) ?? 0, contextSize: TokenUsage.count(error?["n_ctx"]) ?? 0
            )
        }
        if status == 429 { throw GenerationError.rateLimited }
        if status == 401 || status == 403 {
            throw GenerationError.unavailable("HTTP \(status) unauthorized; check PLAN_API_KEY")
        }
        if (300..<400).contains(status) {
            throw GenerationError.unavailable("HTTP \(status): a redirect plan does not follow; point PLAN_MODEL at the server itself")
        }
        if status == 404 {
            throw GenerationError.unavailable("HTTP 404: no /v1/chat/completions here; check PLAN_MODEL (Ollama wants …:11434)")
        }
        throw GenerationError.unavailable("HTTP \(status): \(message)")
    }

    static func sum(_ a: TokenUsage?, _ b: TokenUsage?) -> TokenUsage? {
        guard let a else { return b }
        guard let b else { return a }
        return TokenUsage(promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens)
    }
}

/// What the server said about itself, learnt once per run.
actor ServerFacts {
    var properties: OpenAICompatibleModel.Properties?
    var tokenizerWorks = true

    private var counted: [String: Int] = [:]

    func setProperties(_ value: OpenAICompatibleModel.Properties) { properties = value }
    func tokenizerFailed() { tokenizerWorks = false }

    func tokens(for text: String) -> Int? { counted[text] }

    /// Remembers a count (at most 256 texts: a session's entries and tool descriptions).
    func remember(tokens: Int, for text: String) {
        if counted.count >= 256 { counted.removeAll(keepingCapacity: true) }
        counted[text] = tokens
    }
}
