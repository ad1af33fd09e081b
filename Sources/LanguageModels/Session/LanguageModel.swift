import FoundationEssentials
import Basics
import JSON

/// A backend that answers a transcript: a server speaking the OpenAI protocol, or the built-in engine.
public protocol LanguageModel: Sendable {
    /// The name recorded with sessions ("builtin", "SmolLM2-135M-Instruct").
    var name: String { get }
    /// The context window, in tokens.
    func contextSize() async throws -> Int
    /// Tokens `text` takes for this model (exact where the server can count, else an estimate).
    func tokenCount(for text: String) async -> Int
    /// One round: the model answers with tool calls, text, or a structured answer.
    func respond(to request: ModelRequest) async throws -> ModelReply
    /// The name of the model actually served (a server may name it; recorded with sessions).
    func servedName() async -> String
    /// Loads the request's prefix (instructions, tool descriptions) into the backend's prompt cache.
    func prewarm(_ request: ModelRequest) async
    /// Tokens to add to an answer's budget for reasoning that comes before it (0: not a reasoning model).
    func reasoningAllowance() async -> Int
    /// Whether an overlong prompt is cut silently (Ollama) instead of refused: a reply whose prompt count is
    /// well below plan's is then an overflow.
    func truncatesSilently() async -> Bool
    /// What the backend can do, asked of it (never read from its name).
    var capabilities: ModelCapabilities { get }
}

extension LanguageModel {
    public func servedName() async -> String { name }

    /// Nothing to warm by default.
    public func prewarm(_ request: ModelRequest) async {}

    /// No reasoning by default.
    public func reasoningAllowance() async -> Int { 0 }

    /// Servers refuse an overlong prompt by default.
    public func truncatesSilently() async -> Bool { false }

    /// Neither streams nor converses by default (a deterministic engine, a test's stand-in).
    public var capabilities: ModelCapabilities { ModelCapabilities() }
}

/// What a backend can do beyond answering a request.
public struct ModelCapabilities: Sendable, Equatable {
    /// Its answer comes in pieces as it is written (a draft is worth showing while it does).
    public var streams: Bool
    /// It answers free questions in words (a follow-up), not only the structured answers it was built for.
    public var converses: Bool
    /// It answers in this process at once (a deterministic engine): nothing is gained by fetching what its
    /// tools will ask for while it reads the instructions, as is with a server.
    public var answersInProcess: Bool

    /// Capabilities; none by default.
    public init(streams: Bool = false, converses: Bool = false, answersInProcess: Bool = false) {
        self.streams = streams
        self.converses = converses
        self.answersInProcess = answersInProcess
    }
}

/// What one round sends.
public struct ModelRequest: Sendable {
    /// The entries still in context, in order.
    public var entries: [Transcript.Entry]
    /// Tools the model may call this round (none: it must answer).
    public var tools: [ToolDefinition]
    /// Every tool of the session, offered this round or not: guided calling describes them all in the
    /// instructions, so the prompt's prefix stays the same from round to round (the server's prompt cache).
    public var sessionTools: [ToolDefinition]
    /// The schema a structured answer must follow, if one is wanted.
    public var answerSchema: GenerationSchema?
    public var options: GenerationOptions
    /// Called with each piece of text as it streams in.
    public var onText: (@Sendable (String) -> Void)?
    /// The model must call a tool this round (it may not answer yet).
    public var requiresToolCall: Bool
    /// What the round is for.
    public var task: Task
    /// Tokens of the budget set aside for reasoning before the answer (a tool round's cap grows by it).
    public var reasoningAllowance = 0
    /// The most a round that must call a tool may write (before the reasoning allowance), or nil for no cap
    /// beyond `options.maximumResponseTokens`: the session's `Limits.toolCallTokens`.
    public var toolCallTokens: Int?
    /// Told about a reasoning model's thinking as it streams (a progress line, never the answer).
    public var onReasoning: (@Sendable (String) -> Void)?

    /// What a round is for.
    public enum Task: Sendable, Equatable {
        /// Answering the transcript's last prompt.
        case answer
        /// Summarising the conversation the prompt holds (context recovery).
        case summary
    }

    public init(
        entries: [Transcript.Entry], tools: [ToolDefinition], answerSchema: GenerationSchema?, options: GenerationOptions,
        onText: (@Sendable (String) -> Void)? = nil, requiresToolCall: Bool = false, sessionTools: [ToolDefinition]? = nil,
        task: Task = .answer
    ) {
        self.task = task
        self.entries = entries
        self.tools = tools
        self.sessionTools = sessionTools ?? tools
        self.answerSchema = answerSchema
        self.options = options
        self.onText = onText
        self.requiresToolCall = requiresToolCall
    }
}

/// What one round returns.
public struct ModelReply: Sendable, Equatable {
    /// Why the model stopped.
    public enum FinishReason: String, Sendable, Equatable {
        /// It finished its answer.
        case stop
        /// It ran out of tokens: the request's `max_tokens`, or the context window.
        case length
        /// It asked for tools.
        case toolCalls
        /// Anything else a server says (content filters and the like).
        case other
    }

    public var toolCalls: [ToolCall]
    public var text: String
    /// The structured answer, when a schema was asked for. For an answer cut off by the token limit,
    /// the complete items salvaged from it.
    public var structured: JSONValue?
    public var usage: LanguageModelSession.Usage?
    /// Why the model stopped, when the server says (nil: it did not say; read as `stop`).
    public var finishReason: FinishReason?
    /// A reasoning model's thinking, kept apart from the answer (`reasoning_content`, a `<think>` block).
    public var reasoning: String?

    public init(
        toolCalls: [ToolCall] = [], text: String = "", structured: JSONValue? = nil, usage: LanguageModelSession.Usage? = nil,
        finishReason: FinishReason? = nil, reasoning: String? = nil
    ) {
        self.reasoning = reasoning
        self.toolCalls = toolCalls
        self.text = text
        self.structured = structured
        self.usage = usage
        self.finishReason = finishReason
    }

    /// Whether the answer stopped because it ran out of tokens.
    public var isCutOff: Bool { finishReason == .length }

    /// How many tokens the answer took, as the server counted them; nil when it gave no count (no `usage`,
    /// or a zero that only stands in for a missing `completion_tokens`), so nothing says a number it did not.
    public var answerTokens: Int? {
        guard let tokens = usage?.output.totalTokenCount, tokens > 0 else { return nil }
        return tokens
    }
}

extension ModelReply.FinishReason {
    /// Reads a server's `finish_reason`.
    public init?(serverValue: String?) {
        guard let serverValue else { return nil }
        switch serverValue {
        case "stop", "eos", "end_turn": self = .stop
        case "length", "max_tokens": self = .length
        case "tool_calls", "function_call", "tool_use": self = .toolCalls
        default: self = .other
        }
    }
}

extension LanguageModelSession {
    /// Tokens a server reports for one round, shaped as Foundation Models 27's `LanguageModelSession.Usage`:
    /// the input with the part a prompt cache held, the output with the part a reasoning model spent thinking.
    public struct Usage: Sendable, Equatable {
        /// What the model read.
        public struct Input: Sendable, Equatable {
            /// Every input token of the round.
            public var totalTokenCount: Int
            /// Of those, the tokens the server's prompt cache already held (0 when it did not say).
            public var cachedTokenCount: Int

            public init(totalTokenCount: Int, cachedTokenCount: Int = 0) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// What the model wrote.
        public struct Output: Sendable, Equatable {
            /// Every output token, reasoning included.
            public var totalTokenCount: Int
            /// Of those, the tokens a reasoning model spent thinking (hidden or shown apart).
            public var reasoningTokenCount: Int

            public init(totalTokenCount: Int, reasoningTokenCount: Int = 0) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }

        public var input: Input
        public var output: Output

        public init(input: Input, output: Output) {
            self.input = input
            self.output = output
        }

        /// The four counts, flat.
        public init(inputTokens: Int, outputTokens: Int, cachedTokens: Int = 0, reasoningTokens: Int = 0) {
            self.init(
                input: Input(totalTokenCount: inputTokens, cachedTokenCount: cachedTokens),
                output: Output(totalTokenCount: outputTokens, reasoningTokenCount: reasoningTokens)
            )
        }
    }
}

/// How to sample, and how long an answer may be, as Foundation Models' `GenerationOptions`.
public struct GenerationOptions: Sendable, Equatable {
    /// How the next token is chosen.
    public struct SamplingMode: Sendable, Equatable {
        /// The rule, for a backend to translate (Foundation Models keeps it opaque).
        public enum Kind: Sendable, Equatable {
            case greedy
            case topK(Int)
            case topP(Double)
        }

        /// The rule.
        public let kind: Kind
        /// The random seed (nil: the server picks one, so answers differ run to run).
        public let seed: UInt64?

        /// Always the most likely token: the same answer every time.
        public static let greedy = SamplingMode(kind: .greedy, seed: nil)

        /// From the `k` most likely tokens.
        public static func random(top k: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .topK(max(1, k)), seed: seed)
        }

        /// From the most likely tokens whose probabilities add up to `threshold` (nucleus sampling).
        public static func random(probabilityThreshold threshold: Double, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .topP(min(1, max(0, threshold))), seed: seed)
        }

        /// "greedy", "top-k 40", "top-p 0.9" (what a session records).
        public var label: String {
            switch kind {
            case .greedy: return "greedy"
            case let .topK(k): return "top-k \(k)"
            case let .topP(p): return "top-p \(NumberText.upTo(p, places: 3))"
            }
        }
    }

    /// How tokens are chosen (nil: greedy, plan's default, so lists are reproducible).
    public var sampling: SamplingMode?
    /// Higher is more varied; nil leaves the backend's default (greedy ignores it).
    public var temperature: Double?
    public var maximumResponseTokens: Int
    /// How tools reach the server (`.automatic`: the backend decides, as it always did).
    public var toolCallingMode: ToolCallingMode = .automatic

    public init(
        sampling: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int = 1_024,
        toolCallingMode: ToolCallingMode = .automatic
    ) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.toolCallingMode = toolCallingMode
    }
}

/// Estimates tokens where no tokenizer is at hand: one per four UTF-8 bytes, rounded up
/// (close to what BPE tokenizers give for English and JSON).
public enum TokenEstimate {
    public static func count(_ text: String) -> Int {
        (text.utf8.count + 3) / 4
    }
}
