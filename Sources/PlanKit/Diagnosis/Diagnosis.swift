import FoundationEssentials
import LanguageModels
import Model
import Store

/// What `plan doctor` found: the database, the place data, the online services and the model, as typed values
/// (`Diagnostician` gathers them; Interface's `DoctorPrinter` prints them as text or JSON).
public struct Diagnosis: Sendable {
    /// The database file and what SQLite and a row-by-row read said of it.
    public struct Database: Sendable {
        public var path: String
        public var schemaVersion: Int
        public var journalMode: String
        /// `PRAGMA quick_check`'s answer ("ok", or up to 20 problems).
        public var integrity: String
        public var trips: Int
        public var damagedRows: [Store.DamagedRow]
    }

    /// The offline place data.
    public enum PlaceDataState: String, Sendable {
        case ok, damaged, missing
    }

    /// An online service asked once (nil `outcome`: offline, not asked).
    public struct Service: Sendable {
        public var name: String
        public var url: URL
        /// Whether it answered, and how; nil when working offline.
        public var isReachable: Bool?
        public var detail: String
    }

    /// What the model server said when asked afresh.
    public struct ModelServer: Sendable {
        public var endpoint: String
        public var profile: EngineProfile
        public var servedName: String
        public var toolMode: GenerationOptions.ToolCallingMode
        public var isEngineForced: Bool
        /// The user forced native tool calling on a server whose chat template cannot do tools.
        public var isNativeForcedWithoutToolSupport: Bool
        /// What plan had learnt in passing and the fresh look replaced (an overflow's window, a reasoning model).
        public var replaced: [EngineProfile.LearntFact] = []

        /// What the server's refusals taught (and a window its overflow named), in words.
        public var learnt: [String] {
            profile.learntFacts.filter { $0 != .reasoning }.map(\.description)
        }

        /// Whether the window is too small for a follow-up.
        public var isWindowTooSmall: Bool { profile.window < ContextTooSmallError.minimum }
    }

    /// The model: the built-in engine, a server that answered, or one that did not.
    public enum Model: Sendable {
        case builtin
        case server(ModelServer)
        case unreachable(endpoint: String, detail: String)
    }

    public var database: Database
    public var placeDataPath: String
    public var placeData: PlaceDataState
    /// The tz database plan reads local days from (ZoneRules), and whether it reads.
    public var timeZonePath: String
    public var timeZonesRead: Bool
    public var geocoders: [Service]
    public var forecastServices: [Service]
    /// `PLAN_CONTACT` (NWS asks for one).
    public var contact: String?
    public var model: Model

    /// What needs the traveller's attention, in the order doctor prints it (doctor exits 69 when anything does).
    public var found: [DoctorProblem] {
        var found: [DoctorProblem] = database.integrity == "ok" ? [] : [.integrity]
        found += database.damagedRows.map { .damagedRow(table: $0.table, id: $0.id) }
        if placeData != .ok { found.append(.placeData(placeData)) }
        if !timeZonesRead { found.append(.timeZoneData) }
        found += forecastServices.filter { $0.isReachable == false }.map { .unreachable(service: $0.name) }
        switch model {
        case .builtin: break
        case .unreachable: found.append(.modelUnreachable)
        case let .server(server):
            if server.isNativeForcedWithoutToolSupport { found.append(.nativeToolsDropped) }
            if server.isWindowTooSmall { found.append(.windowTooSmall) }
        }
        return found
    }

    /// How many problems doctor found: exactly the ones it names (`found`).
    public var problems: Int { found.count }
}
