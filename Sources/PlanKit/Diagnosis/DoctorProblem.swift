import FoundationEssentials

/// One thing `plan doctor` lists as a problem: doctor's count is how many of these it found, and its closing
/// line names them. A geocoder that does not answer is not one: the offline place data stands in, and only
/// places outside it cannot be found (its line says so).
public enum DoctorProblem: Sendable, Equatable {
    /// SQLite's quick check did not answer "ok".
    case integrity
    /// A row that cannot be read, by table and id.
    case damagedRow(table: String, id: Int)
    /// The offline place data is missing or damaged.
    case placeData(Diagnosis.PlaceDataState)
    /// The system's tz database is missing: a stop's local days fall back to UTC.
    case timeZoneData
    /// A forecast service did not answer.
    case unreachable(service: String)
    /// The model server did not answer.
    case modelUnreachable
    /// The model's window is too small for a follow-up.
    case windowTooSmall
    /// Native tool calling forced on a chat template that drops tools.
    case nativeToolsDropped

    /// Whether it is the model server's (the built-in engine would not have it).
    public var isModelServers: Bool {
        switch self {
        case .modelUnreachable, .windowTooSmall, .nativeToolsDropped: return true
        case .integrity, .damagedRow, .placeData, .timeZoneData, .unreachable: return false
        }
    }
}
