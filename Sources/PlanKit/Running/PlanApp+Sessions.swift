import FoundationEssentials
import LanguageModels
import Model
import Store

/// A front end's own record in the history (`plan history`): `plan mcp` keeps each client's calls as one
/// session, its entries in the framework's kinds (`Transcript.Kind`'s raw values).
extension PlanApp {
    /// Starts a session of `purpose` with no trip, labelled `label` (shown where a model's name would be), its
    /// first entry the instructions `opening`; gives its id.
    public func startSession(purpose: SessionPurpose, label: String, opening: String) async throws -> Int {
        let store = try openStore()
        let id = try await store.createSession(tripID: nil, purpose: purpose, model: label, contextSize: 1)
        try await store.appendEntry(sessionID: id, kind: Transcript.Kind.instructions.rawValue, text: opening, tokens: 0)
        return id
    }

    /// Appends one entry to session `id`.
    public func appendEntry(session id: Int, kind: String, tool: String?, text: String, payload: String?) async throws {
        try await openStore().appendEntry(sessionID: id, kind: kind, tool: tool, text: text, payload: payload, tokens: 0)
    }

    /// Ends session `id` with `status`.
    public func finishSession(_ id: Int, status: SessionStatus) async throws {
        try await openStore().finishSession(id: id, status: status)
    }
}
