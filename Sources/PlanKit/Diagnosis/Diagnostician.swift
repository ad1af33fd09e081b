import FoundationEssentials
import Basics
import LanguageModels
import Model
import Planner
import Store
import Tools

/// Gathers a `Diagnosis`: reads the database, checks the place data, asks each service once (unless offline)
/// and asks the model server afresh (the profile replaces what was remembered; only what the server taught
/// by refusing requests is kept). `forget` drops what plan learnt about a model server.
public struct Diagnostician: Sendable {
    /// A service to ask: its name, its base URL and the User-Agent it gets.
    public struct Endpoint: Sendable {
        public var name: String
        public var url: URL
        public var userAgent: String

        public init(name: String, url: URL, userAgent: String) {
            self.name = name
            self.url = url
            self.userAgent = userAgent
        }
    }

    public var offline: Bool
    /// Told what is being asked ("Checking NWS…"), nil when the work is done.
    public var progress: @Sendable (String?) -> Void

    public init(offline: Bool, progress: @escaping @Sendable (String?) -> Void) {
        self.offline = offline
        self.progress = progress
    }

    /// The whole diagnosis; `describe` words a model server's failure (plan's error report).
    public func diagnose(
        store: Store, gazetteerPath: String, geocoders: [Endpoint], forecastServices: [Endpoint], contact: String?,
        model: any LanguageModel, describe: (any Error) -> String
    ) async throws -> Diagnosis {
        let database = try await Self.database(store)
        let placeData = await Self.placeData(at: gazetteerPath)
        let geocoding = await ask(geocoders)
        let forecasting = await ask(forecastServices)
        progress(nil)
        let checked = await self.model(model, describe: describe)
        return Diagnosis(
            database: database, placeDataPath: gazetteerPath, placeData: placeData,
            timeZonePath: ZoneRules.systemDirectory, timeZonesRead: ZoneRules.databaseReads(), geocoders: geocoding,
            forecastServices: forecasting, contact: contact, model: checked
        )
    }

    /// A bounded check (quick_check, at most 20 problems), then every row decoded one at a time, so a damaged
    /// row is reported by table and id instead of failing doctor itself.
    static func database(_ store: Store) async throws -> Diagnosis.Database {
        Diagnosis.Database(
            path: store.path, schemaVersion: try await store.schemaVersion(), journalMode: try await store.journalMode(),
            integrity: try await store.quickCheck(maximumErrors: 20),
            trips: try await store.rows("SELECT count(*) AS n FROM trips").first?.int("n") ?? 0,
            damagedRows: try await store.damagedRows(limit: 20, entryKinds: Set(Transcript.Kind.stored.map(\.rawValue)))
        )
    }

    /// Opened and checked (its tables, no views, a row of each, and SQLite's quick_check when under 1 GB).
    static func placeData(at path: String) async -> Diagnosis.PlaceDataState {
        do {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            try await Gazetteer(path: path).check(quick: size > 1 << 30)
            return .ok
        } catch GeocodingError.gazetteerDamaged {
            return .damaged
        } catch {
            return .missing
        }
    }

    func ask(_ endpoints: [Endpoint]) async -> [Diagnosis.Service] {
        var services: [Diagnosis.Service] = []
        for endpoint in endpoints {
            if offline {
                services.append(Diagnosis.Service(name: endpoint.name, url: endpoint.url, isReachable: nil, detail: "offline"))
                continue
            }
            progress("Checking \(endpoint.name)…")
            let outcome = await ServiceProbe.check(endpoint.url, userAgent: endpoint.userAgent)
            services.append(Diagnosis.Service(name: endpoint.name, url: endpoint.url, isReachable: outcome.isReachable, detail: outcome.detail))
        }
        return services
    }

    /// Forgets what plan learnt about the model's server (nothing to forget for the built-in engine); asks
    /// nothing of the server.
    public func forget(_ model: any LanguageModel) async -> EngineForgetting {
        guard let server = model as? OpenAICompatibleModel else { return EngineForgetting(endpoint: nil, profiles: 0, facts: []) }
        let forgotten = await server.forgetLearnt()
        var facts: [EngineProfile.LearntFact] = []
        for fact in forgotten.flatMap(\.learntFacts) where !facts.contains(fact) { facts.append(fact) }
        return EngineForgetting(endpoint: server.displayURL, profiles: forgotten.count, facts: facts)
    }

    func model(_ model: any LanguageModel, describe: (any Error) -> String) async -> Diagnosis.Model {
        guard let server = model as? OpenAICompatibleModel else { return .builtin }
        progress("Asking the model server…")
        defer { progress(nil) }
        do {
            let before = await server.rememberedProfile()?.learntFacts ?? []
            let profile = try await server.profile(fresh: true)
            let kept = profile.learntFacts
            return .server(Diagnosis.ModelServer(
                endpoint: server.displayURL, profile: profile, servedName: await server.servedName(),
                toolMode: try await server.toolMode(), isEngineForced: server.forcedEngine != nil,
                isNativeForcedWithoutToolSupport: await server.isNativeForcedWithoutToolSupport(),
                replaced: before.filter { !kept.contains($0) }
            ))
        } catch {
            return .unreachable(endpoint: server.displayURL, detail: describe(error))
        }
    }
}
