import FoundationEssentials
import Model

/// What Tools' geocoders need of the database, and nothing more: the lookups they stored, the request slots
/// that space their calls to a service across processes, and the HTTP cache their client reads (issue 42:
/// narrow protocols for what each caller needs). `Store` conforms.
public protocol PlaceStore: HTTPCacheStore {
    /// The stored answer for a looked-up key, fresh or not.
    func placeLookup(key: String) throws -> PlaceLookup?
    /// Stores the answer for `key` (the place and the alternatives), kept `lifetime` seconds.
    func savePlaceLookup(key: String, place: Place, alternatives: [Place], lifetime: TimeInterval) throws -> PlaceLookup
    /// Reserves the next moment `service` may be asked, at least `spacing` after the last any process reserved;
    /// returns the seconds to wait (a wait longer than `maximumWait` reserves nothing: the caller gives up).
    func reserveRequestSlot(service: String, spacing: TimeInterval, maximumWait: TimeInterval, now: Date) throws -> TimeInterval
    /// Pushes `service`'s next moment back to `date` (a 429's or 503's `Retry-After`).
    func deferRequests(to service: String, until date: Date) throws
}

extension Store: PlaceStore {}
