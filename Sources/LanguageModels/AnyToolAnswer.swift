import FoundationEssentials
import JSON

/// A tool's answer with its type erased, as `ToolDefinition` hands it to the session: the text, the value
/// encoded (sorted keys), its type's tag, and whether it is a refusal.
public struct AnyToolAnswer: Sendable, Equatable {
    public var text: String
    /// The value, encoded (null if it would not encode).
    public var payload: JSONValue
    /// `ToolAnswer.answerType` of the value's type.
    public var answerType: String
    public var isRefusal: Bool

    public init<Answer: ToolAnswer>(_ answer: Answer) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.text = answer.text
        self.payload = (try? encoder.encode(answer)).flatMap { try? JSONValue.parse($0) } ?? .null
        self.answerType = Answer.answerType
        self.isRefusal = answer.isRefusal
    }

    /// The entry recording this answer to `call`.
    public func output(for call: ToolCall) -> Transcript.ToolOutput {
        Transcript.ToolOutput(
            toolName: call.name, callID: call.id, text: text, payload: payload.isNull ? Optional.none : payload, answerType: answerType
        )
    }
}
