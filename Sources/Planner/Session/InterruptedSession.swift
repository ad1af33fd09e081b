import FoundationEssentials
import LanguageModels
import Model
import Store

/// A trip's session that was cut short (Ctrl-C, a kill, the model's deadline, a server gone), as a
/// transcript the next pack or ask carries on from: the tool calls it answered are not asked again.
struct InterruptedSession: Sendable {
    /// The interrupted session.
    var id: Int
    /// Its entries still in context, without plan's checks and the model's reasoning, and without a
    /// trailing tool call or answer that never got its output (a call is never separated from its output).
    var transcript: Transcript
    /// Tool outputs it holds.
    var answeredCalls: Int
    /// The question it was answering (its last prompt).
    var prompt: String?
    /// When it started (facts it carries are as of then).
    var startedAt: Date
    /// The revision of the trip it began with (nil: recorded before revisions were).
    var tripRevision: Int?

    /// Before a pack or ask of `trip` starts: sessions whose process died are marked interrupted, and one
    /// a live process is running stops this command (`SessionInProgressError`, exit 75).
    static func claim(tripID: Int, purpose: SessionPurpose, store: Store) async throws {
        try await store.interruptOrphanedSessions(tripID: tripID, purpose: purpose)
        if let busy = try await store.sessionInProgress(tripID: tripID, purpose: purpose), let owner = busy.owner {
            throw SessionInProgressError(tripID: tripID, sessionID: busy.id, purpose: purpose, pid: owner.pid)
        }
    }

    /// The trip's newest interrupted session of `purpose`, not resumed yet, when it got as far as its prompt.
    static func latest(tripID: Int, purpose: SessionPurpose, store: Store) async throws -> InterruptedSession? {
        guard let interrupted = try await store.interruptedSession(tripID: tripID, purpose: purpose) else { return nil }
        let entries = try await store.entries(sessionID: interrupted.id).filter(\.isInContext)
            .map(Transcript.Entry.init(record:))
            .filter { $0.kind.isFramework && $0.kind != .reasoning }
        guard entries.contains(where: { $0.kind == .prompt }) else { return nil }
        var kept = entries
        while let last = kept.last, last.kind == .toolCalls || last.kind == .response { kept.removeLast() }
        return InterruptedSession(
            id: interrupted.id, transcript: Transcript(entries: kept),
            answeredCalls: kept.filter { $0.kind == .toolOutput }.count,
            prompt: kept.last { $0.kind == .prompt }?.text, startedAt: interrupted.startedAt,
            tripRevision: interrupted.tripRevision
        )
    }

    /// Why it cannot be carried on for `trip` as it is now, or nil when it can: its prompt, its forecast
    /// and its tool calls were for the trip it began with, so a trip changed since starts afresh.
    func staleReason(for trip: Trip) -> String? {
        if let tripRevision, tripRevision == trip.revision { return nil }
        if tripRevision == nil, trip.revision == 0 { return nil }
        let what = trip.changeNote.map { " (\(Self.clipped($0)))" } ?? ""
        return "interrupted session \(id) was for trip \(trip.id) before it changed\(what); starting afresh."
    }

    static func clipped(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(119)) + "…" : text
    }

    /// For a follow-up asking `question`: the transcript to carry and whether it already ends with the
    /// question (the same question asked again: carry on without a new prompt). A different question is
    /// asked after what was answered; an unanswered question with nothing after it is left out, so two
    /// questions never follow each other unanswered.
    func carried(asking question: String) -> (transcript: Transcript, endsWithQuestion: Bool) {
        if let prompt, Self.same(prompt, question) { return (transcript, true) }
        var entries = transcript.entries
        if entries.last?.kind == .prompt { entries.removeLast() }
        return (Transcript(entries: entries), false)
    }

    /// A progress line: "Resuming interrupted session 4 (1 tool call already answered)…".
    var progressLine: String {
        "Resuming interrupted session \(id) (\(answeredCalls) tool call\(answeredCalls == 1 ? "" : "s") already answered)…"
    }

    static func same(_ a: String, _ b: String) -> Bool {
        func key(_ text: String) -> String {
            text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        return key(a) == key(b)
    }
}
