import FoundationEssentials
import LanguageModels

extension LanguageModelSession.Limits {
    /// plan's policy for every planning session (pack, ask, replay; `SessionChain` creates them with it):
    /// eight rounds of tool calls; at most four calls run from one reply (a reply with a thousand calls
    /// costs four) and twelve in a turn; a round that must call a tool is capped at 256 tokens (a call needs
    /// about 35, and a small model that rambles is cut there); and the floors below.
    public static let planning = LanguageModelSession.Limits(
        maximumRounds: 8, callsPerReply: 4, callsPerTurn: 12, toolCallTokens: 256, answerFloor: .planning
    )
}

extension LanguageModelSession.AnswerFloor {
    /// plan's floors: a tool call needs about 35 tokens
    /// (`{"tool_call":{"name":"forecast","arguments":{"latitude":39.7392,"longitude":-104.9847}}}`),
    /// a packing list with its first few items about 150.
    public static let planning = LanguageModelSession.AnswerFloor(toolCall: 48, text: 48, structured: 160)
}
