import FoundationEssentials
import Model

/// What a session's recorder needs of the database, and nothing more: its entries, the tokens it used, and the
/// entries a recovery took out of its context (issue 42: narrow protocols for what each caller needs).
/// `Store` conforms.
public protocol TranscriptStore: Actor {
    /// Appends an entry to session `sessionID` (`kind` by the name the framework gives it).
    @discardableResult
    func appendEntry(
        sessionID: Int, kind: String, entryID: String?, tool: String?, text: String, payload: String?, tokens: Int
    ) throws -> TranscriptRecord
    /// Adds a reply's tokens to the session's usage.
    func addUsage(sessionID: Int, promptTokens: Int, completionTokens: Int) throws
    /// Adds a reply's reasoning tokens to the session's.
    func addReasoningTokens(sessionID: Int, tokens: Int) throws
    /// Marks the entries with these ids as out of the session's context (kept, shown, not sent again).
    func dropFromContext(sessionID: Int, entryIDs: [String]) throws
}

extension Store: TranscriptStore {}
