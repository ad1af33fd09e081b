import FoundationEssentials

/// What the traveller chose for an item on every later trip: `plan item add --always`, `plan item rm --never`.
public enum ItemChoice: String, Sendable, CaseIterable, Codable {
    /// Put it on every list ("always bring my CPAP").
    case always
    /// Leave it off every list ("never suggest an umbrella").
    case never
}
