import FoundationEssentials
import Store

/// The traveller's settings (`plan config`): the environment's over the database's.
extension PlanApp {
    /// The traveller's settings now, each with where it comes from.
    public func travellerSettings() async throws -> TravellerSettings {
        try TravellerSettings(environment: environment, stored: try await openStore().travellerSettings())
    }

    /// Stores one setting (`plan config set`; the caller checked the key and the value).
    public func setTravellerSetting(_ key: String, to value: String) async throws {
        try await openStore().setTravellerSetting(key, to: value)
    }
}
