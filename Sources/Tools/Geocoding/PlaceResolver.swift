import FoundationEssentials
import Basics
import Model
import Store

/// Resolves what a traveller typed: the offline gazetteer first; then a lookup stored earlier; then the online
/// geocoders, whose answer is stored (in `places` and `place_lookups`) so a repeat makes no request.
public struct PlaceResolver: Sendable {
    public let gazetteer: Gazetteer?
    /// Built only when the offline data has no confident answer (opening the database costs).
    let online: @Sendable () async throws -> OnlineGeocoder?

    public init(gazetteer: Gazetteer?, online: OnlineGeocoder?) {
        self.gazetteer = gazetteer
        self.online = { online }
    }

    public init(gazetteer: Gazetteer?, online: @escaping @Sendable () async throws -> OnlineGeocoder?) {
        self.gazetteer = gazetteer
        self.online = online
    }

    /// The lookup key for stored answers: the place-name key, or for text with no Latin letters ("東京") the text
    /// itself, lowercased.
    static func lookupKey(_ text: String) -> String {
        let key = PlaceName.key(text)
        return key.isEmpty ? UnicodeForms.composed(UnicodeForms.compatibilityDecomposed(text)).lowercased() : key
    }

    public func resolve(_ query: String) async throws -> GeocodingResult {
        var damaged: GeocodingError?
        do {
            return try await resolve(query, damaged: &damaged)
        } catch let error as GeocodingError {
            // A damaged place-data file is what to fix when online lookup could not stand in for it.
            throw damaged ?? error
        }
    }

    private func resolve(_ query: String, damaged: inout GeocodingError?) async throws -> GeocodingResult {
        let trimmed = query.trimming(.whitespacesAndNewlines)
        var suggestions: [String] = []
        var tentative: GeocodingResult?
        if let gazetteer {
            do {
                let result = try await gazetteer.resolve(trimmed)
                guard result.isTentative else { return result }
                tentative = result
            } catch let GeocodingError.notFound(_, offered) {
                suggestions = offered
            } catch let error as GeocodingError {
                // Damaged place data: online lookup goes on, as for a missing file.
                guard case .gazetteerDamaged = error else { throw error }
                damaged = error
            }
        }
        guard !trimmed.isEmpty, let online = try await online() else {
            if let tentative { return tentative }
            throw GeocodingError.notFound(query: trimmed, suggestions: suggestions)
        }
        let key = Self.lookupKey(trimmed)
        let stored = try await online.store.placeLookup(key: key)
        if let stored, online.isOffline || stored.isFresh(at: online.now, maximumLifetime: ResourceKind.place.maximumLifetime) {
            return Self.result(trimmed, stored)
        }
        if online.isOffline {
            if let tentative { return tentative }
            throw GeocodingError.notInOfflineData(query: trimmed, suggestions: suggestions, reason: "offline mode")
        }
        do {
            guard var found = try await online.lookUp(trimmed) else {
                if let tentative { return tentative }
                throw GeocodingError.notFound(query: trimmed, suggestions: suggestions)
            }
            if let tentative { found = found.adding(tentative.place) }
            let saved = try await online.store.savePlaceLookup(
                key: key, place: found.place, alternatives: found.alternatives,
                lifetime: ResourceKind.place.maximumLifetime
            )
            found.place = saved.place
            return found
        } catch let error as ServiceError {
            if let stored { return Self.result(trimmed, stored) }
            if let tentative { return tentative }
            throw GeocodingError.notInOfflineData(query: trimmed, suggestions: suggestions, reason: Self.reason(error))
        }
    }

    static func result(_ query: String, _ lookup: PlaceLookup) -> GeocodingResult {
        GeocodingResult(
            query: query, place: lookup.place, alternatives: lookup.alternatives,
            matchCount: lookup.alternatives.count + 1
        )
    }

    static func reason(_ error: ServiceError) -> String {
        switch error {
        case let .unavailable(service, reason): return "\(service) unavailable: \(reason)"
        case let .problem(service, status, title, _, _): return "\(service) answered \(status) \(title)"
        case let .offline(service): return "offline, nothing cached from \(service)"
        case let .malformed(service, detail): return "\(service) sent an unreadable answer: \(detail)"
        }
    }
}
