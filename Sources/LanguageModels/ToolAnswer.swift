import FoundationEssentials

/// What a tool answers (its `Tool.Output`), in the place of Foundation Models' `PromptRepresentable` output:
/// the text the model reads, whether the tool refused, and a value the program reads back from the
/// transcript by its type (`Transcript.ToolOutput.answer(_:)`). Its `Codable` form is the stored payload; the
/// text is stored once, as the entry's text, so a type may leave it out of its coding.
public protocol ToolAnswer: Codable, Sendable {
    /// What goes into the transcript and the model's context.
    var text: String { get }
    /// The tool did not do what was asked and tells the model why (a point far from the trip, a place it
    /// does not know): the call does not count as made.
    var isRefusal: Bool { get }
    /// The tag stored beside the payload, by which the transcript finds answers of this type (not the tool's
    /// name: a tool may be renamed or wrapped). Keep it stable once stored.
    static var answerType: String { get }
}

extension ToolAnswer {
    public var isRefusal: Bool { false }
    public static var answerType: String { String(describing: Self.self) }
}

/// Plain text is an answer: what a tool with nothing for the program returns.
extension String: ToolAnswer {
    public var text: String { self }
    public static var answerType: String { "String" }
}
