import FoundationEssentials

extension LanguageModelSession {
    /// How far a session lets one turn go: rounds, tool calls and the answers it asks for. Whatever a model
    /// replies, its calls and rounds are bounded. The defaults are the framework's own, loose enough for any
    /// application; an application with its own policy passes its values when it creates the session.
    public struct Limits: Sendable, Equatable {
        /// Rounds of tool calls before the model must answer.
        public var maximumRounds: Int
        /// Tool calls run from one reply; more are not run (they are named in the calls' entry instead).
        public var callsPerReply: Int
        /// Tool calls run in one turn; past it the model must answer.
        public var callsPerTurn: Int
        /// The most a round that must call a tool may write (plus any reasoning allowance), or nil for the
        /// caller's `maximumResponseTokens`. The session sets this cap itself, so a call cut at it is read as
        /// the model's failure, not as a full context window (with greedy decoding, a recovered session would
        /// be sent the same prompt and write the same tokens again).
        public var toolCallTokens: Int?
        /// The smallest answer worth asking for, by what the round must produce.
        public var answerFloor: AnswerFloor

        /// Limits with the framework's defaults for anything not given.
        public init(
            maximumRounds: Int = 10, callsPerReply: Int = 10, callsPerTurn: Int = 50, toolCallTokens: Int? = nil,
            answerFloor: AnswerFloor = AnswerFloor()
        ) {
            self.maximumRounds = maximumRounds
            self.callsPerReply = callsPerReply
            self.callsPerTurn = callsPerTurn
            self.toolCallTokens = toolCallTokens
            self.answerFloor = answerFloor
        }
    }

    /// The smallest answer worth asking for, by what the round must produce: below it the round is an
    /// overflow before anything is sent. The defaults fit a short tool call or sentence.
    public struct AnswerFloor: Sendable, Equatable {
        /// A round that must call a tool.
        public var toolCall: Int
        /// A text answer.
        public var text: Int
        /// A structured answer (one fitting a schema).
        public var structured: Int

        /// Floors with the framework's defaults for anything not given.
        public init(toolCall: Int = 32, text: Int = 32, structured: Int = 32) {
            self.toolCall = toolCall
            self.text = text
            self.structured = structured
        }
    }
}
