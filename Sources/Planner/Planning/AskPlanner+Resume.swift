import FoundationEssentials
import Model
import Store

extension AskPlanner {
    /// Before a follow-up: refuses when another live `plan ask` of the trip is running, and carries on from
    /// the trip's interrupted follow-up (unless `--restart`) when that saves something: the same question
    /// asked again (carried on without a new prompt), or tool calls it had answered (the new question is
    /// asked after them), unless a packing list was made since. Returns the session resumed.
    func resumeInterruptedAsk(_ question: String, trip: Trip, into turn: inout SessionChain.Turn) async throws -> InterruptedSession? {
        let store = setup.store
        try await InterruptedSession.claim(tripID: trip.id, purpose: .ask, store: store)
        guard setup.resumesInterrupted,
              let interrupted = try await InterruptedSession.latest(tripID: trip.id, purpose: .ask, store: store)
        else { return nil }
        // A list made since, or a trip changed since, carries facts the interrupted follow-up never had.
        if interrupted.staleReason(for: trip) != nil { return nil }
        if let list = try await store.latestPackingList(tripID: trip.id), list.createdAt > interrupted.startedAt { return nil }
        let carried = interrupted.carried(asking: question)
        guard carried.endsWithQuestion || interrupted.answeredCalls > 0 else { return nil }
        turn.carried = carried.transcript
        turn.parent = (interrupted.id, SessionRelation.resumed)
        turn.resumes = carried.endsWithQuestion
        setup.onProgress(interrupted.progressLine)
        return interrupted
    }
}
