import FoundationEssentials
import Model

extension Store {
    // MARK: - Session owners

    /// The owner stored with a session row (nil when none was recorded, or the stored one is malformed).
    static func owner(from row: Row) throws -> SessionOwner? {
        guard let pid = try row.optionalInt("owner_pid"), pid > 0, pid <= Int(Int32.max),  // widening: Int32.max
              let token = try row.optionalString("owner_token"), !token.isEmpty else { return nil }
        return SessionOwner(pid: pid, token: token)
    }

    /// The trip's `running` sessions of `purpose`, newest first.
    public func runningSessions(tripID: Int, purpose: SessionPurpose) throws -> [SessionRecord] {
        try connection.query(
            Store.sessionSelect + " WHERE s.trip_id = ? AND s.purpose = ? AND s.status = 'running' ORDER BY s.id DESC",
            [tripID, purpose.rawValue]
        ).map(Store.session(from:))
    }

    /// Marks the trip's `running` sessions of `purpose` whose process is gone (killed, crashed) as
    /// `interrupted`, saying so, and returns their ids: the next pack or ask resumes them. Sessions whose
    /// owner is alive, or unknown (recorded before owners were), are left alone.
    @discardableResult
    public func interruptOrphanedSessions(tripID: Int, purpose: SessionPurpose) throws -> [Int] {
        let orphans = try runningSessions(tripID: tripID, purpose: purpose).filter(\.isOrphaned)
        guard !orphans.isEmpty else { return [] }
        let now = clock().timeIntervalSince1970
        try connection.write {
            for orphan in orphans {
                let pid = orphan.owner.map { " (pid \($0.pid))" } ?? ""
                try connection.query(
                    "UPDATE sessions SET status = 'interrupted', error = ?, ended_at = coalesce(ended_at, ?) WHERE id = ? AND status = 'running'",
                    [Store.errorLine("its process\(pid) ended before the session finished"), now, orphan.id]
                )
            }
        }
        return orphans.map(\.id)
    }

    /// A `running` session of the trip and `purpose` whose owner is another live process: another command
    /// at work on the same trip.
    public func sessionInProgress(tripID: Int, purpose: SessionPurpose) throws -> SessionRecord? {
        try runningSessions(tripID: tripID, purpose: purpose).first { session in
            guard let owner = session.owner else { return false }
            return owner.isAlive && !owner.isCurrent
        }
    }
}
