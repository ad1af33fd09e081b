import JSON
import LanguageModels

extension Transcript.Kind {
    /// plan's check of a model's answer (what it kept, merged, added and dropped, and the verdict): an
    /// annotation of the framework's, stored under this name.
    public static let check = Transcript.Kind(rawValue: "check")

    /// Every kind plan stores (the transcript table's CHECK lists the same names): the framework's and
    /// plan's `check`.
    public static let stored: [Transcript.Kind] = framework + [.check]
}

extension LanguageModelSession {
    /// Records plan's check of the answer (what it kept, merged, added, dropped) as a `check` annotation.
    public func record(check text: String, payload: JSONValue?) async throws {
        try await annotate(.check, text: text, payload: payload)
    }
}
