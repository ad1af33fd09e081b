import FoundationEssentials
import Model

extension Store {
    // MARK: - Notices shown once per database

    /// A notice plan shows once per database.
    public enum OnceNotice: String, Sendable, CaseIterable {
        /// PLAN_CONTACT is not set and NWS was asked.
        case nwsContact = "nws-contact"
    }

    /// Records that `notice` is being shown; returns true the first time for this database only (show it
    /// then). A database that cannot be written (a full disk) answers true: better said twice than never.
    public func claimNotice(_ notice: OnceNotice) -> Bool {
        let now = clock()
        do {
            return try connection.write {
                try connection.query(
                    "INSERT INTO notices_shown (name, shown_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                    [notice.rawValue, now.timeIntervalSince1970]
                )
                return connection.changes > 0
            }
        } catch {
            return true
        }
    }
}
