import Foundation
import Interface
import Planner
import Store
import Tools

/// What plan's tools need from the command line's context: the same database, geocoder, forecast cache
/// and packing setup `plan add`, `plan show` and `plan pack` use, so an assistant's answers are theirs.
public struct PlanServices: Sendable {
    /// Opens the database (once; the catalog keeps it).
    public var openStore: @Sendable () throws -> Store
    /// Resolves a place as `plan add` does (offline data, stored lookups, then online through the cache), with
    /// what to tell the assistant about it (which others it could have been, what kind of place it is).
    public var resolve: @Sendable (String) async throws -> (place: Place, notes: [String])
    /// The forecast services reading through the store's cache, as `plan show` (the sea too, for a trip on the water).
    public var forecastService: @Sendable (Store, _ sea: Bool) throws -> ForecastService
    /// Resolves a checked trip's places as `plan add` does, with who travels (the call's adults and children,
    /// else `plan config`'s); gives what to tell the assistant about the places (`Context.lookUp`'s notes).
    public var resolveTrip: @Sendable (_ trip: NewTrip, _ adults: Int?, _ children: [Int]?) async throws -> (trip: NewTrip, notes: [String])
    /// Packs a stored trip as `plan pack <trip>` does (the built-in engine unless the server was given `--model`).
    public var pack: @Sendable (Store, Trip) async throws -> PackPlanner.Result
    /// The traveller's units (`plan config`), for a trip's when given one: the text renderings use them.
    public var units: @Sendable (Store, Int?) async throws -> MeasurementUnits
    /// A failure as the one line plan prints after "plan: ".
    public var describe: @Sendable (any Error) -> String
    /// Today on the local calendar.
    public var today: @Sendable () -> CalendarDate

    /// The services.
    public init(
        openStore: @escaping @Sendable () throws -> Store, resolve: @escaping @Sendable (String) async throws -> (place: Place, notes: [String]),
        forecastService: @escaping @Sendable (Store, Bool) throws -> ForecastService,
        resolveTrip: @escaping @Sendable (NewTrip, Int?, [Int]?) async throws -> (trip: NewTrip, notes: [String]),
        pack: @escaping @Sendable (Store, Trip) async throws -> PackPlanner.Result,
        units: @escaping @Sendable (Store, Int?) async throws -> MeasurementUnits,
        describe: @escaping @Sendable (any Error) -> String, today: @escaping @Sendable () -> CalendarDate
    ) {
        self.openStore = openStore
        self.resolve = resolve
        self.forecastService = forecastService
        self.resolveTrip = resolveTrip
        self.pack = pack
        self.units = units
        self.describe = describe
        self.today = today
    }
}
