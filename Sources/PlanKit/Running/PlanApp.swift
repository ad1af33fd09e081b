import FoundationEssentials
import Basics
import LanguageModels
import Model
import Planner
import Store
import Tools

/// Where a use case says what it is doing while a person waits (the command line's progress line on stderr;
/// nothing for a front end that has no such line).
public protocol ProgressDisplay: Sendable {
    /// Shows what is being done now.
    func progress(_ text: String)
    /// Clears it.
    func endProgress()
}

/// The application as one process opens it, whatever the front end: the environment's settings, one database
/// connection (opened on first use, then shared), the forecast and geocoding services over the database's HTTP
/// cache, and the language model. The command line's `Context` holds one; `plan mcp` serves every call from it.
public struct PlanApp: Sendable {
    /// The environment the process was started with.
    public let environment: [String: String]
    /// Where progress goes.
    public let reporter: any ProgressDisplay
    /// The store this process opened (at most one), so `finish()` can write what it holds in memory.
    private var opened = Locked<[Store]>([])
    /// The store of the run that asked NWS with no PLAN_CONTACT set: `finish()` says so, once per database.
    private var askedNWSWithoutContact = Locked<Store?>(nil)
    /// The process's one transport to the services (geocoders, forecasts), made on first use.
    private var transport = Locked<CurlTransport?>(nil)

    /// The application for `environment`, saying its progress to `reporter`.
    public init(environment: [String: String], reporter: any ProgressDisplay) {
        self.environment = environment
        self.reporter = reporter
    }

    /// The same application (its one database, its settings) saying its progress to `reporter` instead: an
    /// MCP server tells the client who asked, not the terminal.
    public func reporting(to reporter: any ProgressDisplay) -> PlanApp {
        var app = PlanApp(environment: environment, reporter: reporter)
        app.opened = opened
        app.askedNWSWithoutContact = askedNWSWithoutContact
        app.transport = transport
        return app
    }

    /// The database path for this process.
    public var databasePath: String { DatabaseLocation.path(environment: environment) }

    /// The database of this run, opened (created and migrated when needed) on the first call; every later call
    /// gives the same connection (one per process: a command, or `plan mcp` over all its calls).
    public func openStore() throws -> Store {
        if let store = opened.current.first { return store }
        let path = databasePath
        // plan makes the folders of its own default location; a PLAN_DB whose folder is missing is almost
        // always a typo, and a new, empty database there would say "No trips yet".
        if let explicit = environment["PLAN_DB"], !explicit.isEmpty {
            let folder = PathText.folder(of: explicit)
            var isFolder = false
            if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder {
                throw StoreError.cannotOpen(path: explicit, reason: "its folder \(folder) does not exist (PLAN_DB)")
            }
        }
        let store = try Store(path: path)
        return opened.withLock { opened in
            // Two tasks that opened it at once keep the first.
            if let first = opened.first { return first }
            opened.append(store)
            return store
        }
    }

    /// The end of the process, whether it succeeded or not: the cache counters gathered in memory are written
    /// now, explicitly, rather than left to the store's `deinit` (which a lingering reference would skip before
    /// `exit`). They are statistics: a database busy for more than a second (another process's long write)
    /// loses only them, and the `deinit` tries once more without waiting. Gives what to tell the person, once
    /// per database (a missing PLAN_CONTACT after NWS was asked).
    public func finish() async -> [String] {
        var notices: [String] = []
        if let store = askedNWSWithoutContact.current, await store.claimNotice(.nwsContact) {
            notices.append("PLAN_CONTACT is not set; NWS asks for a contact (email or URL) in the User-Agent (said once).")
        }
        for store in opened.current {
            try? await store.flushCounters(waitingAtMost: .seconds(1))
        }
        return notices
    }

    /// `resolve` without printing: the place and what a front end should say about it (which others it could
    /// have been, what kind of place a non-city is, the data's licence), for the command line's stderr or an
    /// assistant's answer.
    public func lookUp(_ destination: String, offline: Bool = false, store: Store? = nil) async throws -> (place: Place, notes: [String]) {
        reporter.progress("Resolving \(destination)…")
        let gazetteerPath = Gazetteer.defaultPath(environment: environment)
        var gazetteerError = GeocodingError.gazetteerUnavailable(path: gazetteerPath)
        let gazetteer: Gazetteer?
        do {
            gazetteer = try Gazetteer(path: gazetteerPath)
        } catch let error as GeocodingError {
            (gazetteer, gazetteerError) = (nil, error)
        }
        let settings = try ServiceSettings(environment: environment)
        let app = self
        let resolver = PlaceResolver(gazetteer: gazetteer, online: {
            app.onlineGeocoder(store: try store ?? app.openStore(), gazetteer: gazetteer, offline: offline, settings: settings)
        })
        let result: GeocodingResult
        do {
            result = try await resolver.resolve(destination)
        } catch is GeocodingError where gazetteer == nil {
            // Without the offline data, the missing file is what to fix first.
            reporter.endProgress()
            throw gazetteerError
        }
        reporter.endProgress()
        var notes: [String] = []
        if let note = result.ambiguityNote {
            notes.append("using \(result.place.label); \(note). Add the region or country to pick another.")
        }
        if result.place.kind != .city {
            notes.append(
                "\(result.place.label) is \(result.place.kind.phrase); its weather is taken at "
                    + Printf.format("%.4f, %.4f.", result.place.latitude, result.place.longitude)
            )
        }
        if result.place.source == "nominatim" {
            notes.append("place data © OpenStreetMap contributors (ODbL), via Nominatim.")
        }
        return (result.place, notes)
    }

    /// The online geocoders over the store's cache, with the same User-Agent, retries and offline mode as forecasts.
    public func onlineGeocoder(store: Store, gazetteer: Gazetteer?, offline: Bool, settings: ServiceSettings) -> OnlineGeocoder {
        let reporter = self.reporter
        return OnlineGeocoder(
            store: store, transport: serviceTransport(settings),
            configuration: HTTPClient.Configuration(userAgent: settings.userAgent, maxAttempts: settings.retries),
            mode: (offline || settings.isOffline) ? .offline : .normal,
            openMeteoBase: settings.geocoderBase, nominatimBase: settings.nominatimBase, gazetteer: gazetteer,
            onRequest: { service, _ in reporter.progress("Looking the place up with \(service)…") }
        )
    }

    /// The forecast services, reading through the store's cache. Warns once when no contact is set.
    /// `sea`: the trip goes on or in the water, so the marine API is asked for the sea's temperature too.
    public func forecastService(store: Store, fresh: Bool, offline: Bool, sea: Bool = false) throws -> ForecastService {
        let settings = try ServiceSettings(environment: environment)
        let mode: FetchMode = (offline || settings.isOffline) ? .offline : (fresh ? .fresh : .normal)
        let reporter = self.reporter
        let hasContact = settings.contact != nil
        let nwsBase = settings.nwsBase
        let askedNWS = askedNWSWithoutContact
        let http = HTTPClient(
            store: store, transport: serviceTransport(settings),
            configuration: HTTPClient.Configuration(
                userAgent: settings.userAgent, contact: settings.contact, contactOrigins: [settings.nwsBase],
                maxAttempts: settings.retries, deadline: settings.timeout
            ),
            mode: mode,
            onRequest: { service, url in
                // Only a request to NWS wants the contact; the notice is said at the end, once per database.
                if !hasContact, CurlTransport.isSameOrigin(nwsBase, url) {
                    askedNWS.withLock { $0 = store }
                }
                reporter.progress("Fetching the forecast from \(service)…")
            }
        )
        var service = ForecastService(
            http: http, nwsBase: settings.nwsBase, openMeteoBase: settings.openMeteoBase, climateBase: settings.climateBase
        )
        if sea { service.marineBase = settings.marineBase }
        return service
    }

    /// The process's one transport to the weather and place services, with the settings' deadline (the
    /// model server has its own, with the model's deadline).
    func serviceTransport(_ settings: ServiceSettings) -> CurlTransport {
        transport.withLock { current in
            if let current { return current }
            let made = CurlTransport(timeout: settings.timeout)
            current = made
            return made
        }
    }

    /// The language model: `--model`, else `PLAN_MODEL`, else the built-in engine.
    public func languageModel(named flag: String?) async throws -> any LanguageModel {
        let choice = flag ?? environment["PLAN_MODEL"].flatMap { $0.isEmpty ? nil : $0 } ?? "builtin"
        if choice == "builtin" { return BuiltinPackingModel() }
        var model = try ModelConfiguration.model(
            base: choice, name: environment["PLAN_MODEL_NAME"], apiKey: environment["PLAN_API_KEY"],
            toolMode: environment["PLAN_TOOL_MODE"], timeout: try ServiceSettings.modelTimeout(environment),
            engine: environment["PLAN_ENGINE"], reasoning: environment["PLAN_REASONING"], userAgent: ServiceSettings.userAgent
        )
        // What the server is, and what it refused before, is remembered per base URL in the database.
        if let store = try? openStore() { model.memory = StoreEngineProfileMemory(store: store) }
        return model
    }


    /// Who travels on a new trip: `adults` and `children` as given, else what `plan config` holds, else one adult.
    public func party(adults: Int?, children: [Int]?) async throws -> TripParty {
        let stored = try await travellerSettings().party
        return TripParty(adults: adults ?? stored.adults, children: children ?? stored.children)
    }

    /// The traveller from the environment and the database's stored settings, with a trip's own laundry
    /// interval and a one-off `laundry` over them.
    public func traveller(store: Store, tripID: Int? = nil, laundry: Int? = nil) async throws -> Traveller {
        var traveller = try TravellerSettings(environment: environment, stored: try await store.travellerSettings()).traveller
        if let laundry {
            traveller.laundryDays = laundry
        } else if let tripID, let days = try await store.tripLaundryDays(tripID: tripID) {
            traveller.laundryDays = days
        }
        return traveller
    }

    /// What a planner is given: the store, model and forecasts, the engine's settings, progress to the display.
    /// `offline`: nil keeps the geocode tool to the offline data (replays: no network at all).
    public func planningSetup(
        store: Store, model: any LanguageModel, forecasts: any ForecastProvider, engine: EngineSettings, offline: Bool? = nil
    ) -> PlanningSetup {
        let reporter = self.reporter
        let gazetteer = try? Gazetteer(path: Gazetteer.defaultPath(environment: environment))
        var setup = PlanningSetup(
            store: store, model: model, forecasts: forecasts, gazetteer: gazetteer, recovery: engine.recovery,
            options: GenerationOptions(
                sampling: engine.sampling, temperature: engine.temperature, maximumResponseTokens: PackPlanner.answerTokens
            ),
            contextSize: engine.contextSize, onProgress: { reporter.progress($0) }
        )
        setup.resumesInterrupted = engine.resumesInterrupted
        if let offline, let settings = try? ServiceSettings(environment: environment) {
            setup.onlineGeocoder = onlineGeocoder(store: store, gazetteer: gazetteer, offline: offline, settings: settings)
        }
        return setup
    }

    /// What a pack of `trip` is given, whatever the front end: the forecasts through the cache (the sea's
    /// temperature for a trip on or in the water), the planner's set-up, the traveller with the trip's own
    /// laundry interval, today. `plan pack` adds its streaming; MCP's packing_list packs with it as it is.
    public func packSetup(
        for trip: Trip, model: any LanguageModel, store: Store, engine: EngineSettings, fresh: Bool = false, offline: Bool
    ) async throws -> PlanningSetup {
        let service = try forecastService(store: store, fresh: fresh, offline: offline, sea: PackingRules.asksTheSea(trip.activities))
        var setup = planningSetup(store: store, model: model, forecasts: service, engine: engine, offline: offline)
        setup.traveller = try await traveller(store: store, tripID: trip.id)
        setup.today = CalendarDate(Date())
        return setup
    }
}
