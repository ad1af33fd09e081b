import FoundationEssentials
import LanguageModels
import Store
import Tools

/// `plan doctor` as a use case: the database, the place data, the services and the model, checked.
extension PlanApp {
    /// The process's database as doctor finds it: nil when it opens and has every one of plan's tables; else
    /// what can be read of it (a table gone since the last migration opens fine and fails later, "no such
    /// table": doctor looks). Any other failure to open is thrown.
    public func databaseDamage() async throws -> DatabaseDamage? {
        let store: Store
        do {
            store = try openStore()
        } catch let error as StoreError where DatabaseDamage.isDamage(error) {
            return await DatabaseDamage.read(path: databasePath, error: error)
        }
        let tables = Set(try await store.rows("SELECT name AS n FROM sqlite_schema WHERE type = 'table'").map { try $0.string("n") })
        let missing = DatabaseDamage.planTables.filter { !tables.contains($0) }
        guard missing.isEmpty else {
            let error = StoreError.damagedSchema(path: store.path, detail: "no such table: \(missing.joined(separator: ", "))")
            return await DatabaseDamage.read(path: databasePath, error: error)
        }
        return nil
    }

    /// The whole diagnosis of a database that opens (`databaseDamage()` first): its checks, the place data,
    /// the geocoders and forecast services (asked unless `offline` or PLAN_OFFLINE), and `model`. `describe`
    /// words a failure (the front end's error report); `progress` says what is being asked (nil: done).
    public func diagnose(
        offline: Bool, model: any LanguageModel, describe: (any Error) -> String, progress: @escaping @Sendable (String?) -> Void
    ) async throws -> Diagnosis {
        let settings = try ServiceSettings(environment: environment)
        let doctor = Diagnostician(offline: offline || settings.isOffline, progress: progress)
        return try await doctor.diagnose(
            store: openStore(), gazetteerPath: Gazetteer.defaultPath(environment: environment),
            geocoders: [
                .init(name: "Open-Meteo geocoding", url: settings.geocoderBase, userAgent: settings.userAgent),
                .init(name: "Nominatim", url: settings.nominatimBase, userAgent: settings.userAgent),
            ],
            forecastServices: [
                .init(name: "NWS", url: settings.nwsBase, userAgent: settings.userAgent(for: settings.nwsBase)),
                .init(name: "Open-Meteo", url: settings.openMeteoBase, userAgent: settings.userAgent(for: settings.openMeteoBase)),
            ],
            contact: settings.contact, model: model, describe: describe
        )
    }

    /// `doctor --forget`: drops what plan learnt about `model`'s server (asking it nothing) and says what.
    public func forgetLearnt(about model: any LanguageModel) async throws -> EngineForgetting {
        _ = try openStore()
        return await Diagnostician(offline: true) { _ in }.forget(model)
    }
}
