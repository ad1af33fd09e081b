import FoundationEssentials
import Basics
import HTTPCore
import LanguageModels
import Model
import Store

/// Looks places up online, through the HTTP cache: Open-Meteo's geocoding first, then Nominatim for what it lacks
/// (parks, lakes, islands, coasts), or when the words name a feature and Open-Meteo knows only towns.
public struct OnlineGeocoder: Sendable {
    let openMeteo: OpenMeteoGeocoder
    let nominatim: NominatimGeocoder
    /// Region labels, time zones and qualifiers come from the offline data when it is there.
    let gazetteer: Gazetteer?
    /// Counts Open-Meteo's HTTP answers: when a lookup got none (no network at all), Nominatim is not asked,
    /// so its request slot is not taken and a failed command writes nothing.
    let openMeteoAnswers: AnswerCounter?
    /// Where lookups are stored.
    public let store: any PlaceStore

    /// Both geocoders over one store and transport; Nominatim's requests are spaced a second apart across
    /// processes (`RateLimitedTransport`).
    public init(
        store: any PlaceStore, transport: any HTTPTransport, configuration: HTTPClient.Configuration, mode: FetchMode,
        openMeteoBase: URL, nominatimBase: URL, gazetteer: Gazetteer?,
        clock: @escaping @Sendable () -> Date = { Date() },
        onRequest: @escaping @Sendable (_ service: String, _ url: URL) -> Void = { _, _ in },
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: seconds.sleepNanoseconds)
        }
    ) {
        let spaced = RateLimitedTransport(
            base: transport, store: store, service: "nominatim", clock: clock, sleep: sleep
        )
        let answers = AnswerCounter(base: transport)
        openMeteoAnswers = answers
        openMeteo = OpenMeteoGeocoder(
            http: HTTPClient(store: store, transport: answers, configuration: configuration, mode: mode, clock: clock,
                             onRequest: onRequest, sleep: sleep),
            base: openMeteoBase
        )
        nominatim = NominatimGeocoder(
            http: HTTPClient(store: store, transport: spaced, configuration: configuration, mode: mode, clock: clock,
                             onRequest: onRequest, sleep: sleep),
            base: nominatimBase
        )
        self.gazetteer = gazetteer
        self.store = store
    }
    /// Whether the network is off limits (`--offline`, `PLAN_OFFLINE=1`).
    public var isOffline: Bool { openMeteo.http.mode == .offline }
    var now: Date { openMeteo.http.clock() }

    /// The best candidate and the others; nil when every service asked answered that it knows nothing.
    /// Throws `ServiceError` when no service could answer.
    public func lookUp(_ query: String) async throws -> GeocodingResult? {
        let parts = query.split(separator: ",").map { $0.trimming(.whitespaces) }.filter { !$0.isEmpty }
        let name = parts.first ?? query
        let qualifiers = Array(parts.dropFirst())
        var failures: [ServiceError] = []
        var everyoneAnswered = true

        var found: [OnlineCandidate] = []
        let answersBefore = openMeteoAnswers?.count ?? 0
        do {
            found = try await matching(try await openMeteo.search(name), qualifiers: qualifiers)
        } catch let error as ServiceError {
            failures.append(error)
            everyoneAnswered = false
            if let openMeteoAnswers, openMeteoAnswers.count == answersBefore {
                throw error  // nothing answered at all: the network is down, Nominatim would not answer either
            }
        }
        let wantsFeature = Gazetteer.namesAFeature(PlaceName.key(query))
        if found.isEmpty || (wantsFeature && found.allSatisfy { $0.kind == .city }) {
            do {
                let features = try await nominatim.search(query)
                found = features + found
            } catch let error as ServiceError {
                failures.append(error)
                everyoneAnswered = false
            }
        }
        guard let best = found.first else {
            if everyoneAnswered { return nil }
            throw Self.combined(failures)
        }
        let place = try await place(from: best)
        var others: [Place] = []
        for candidate in found.dropFirst() {
            others.append(try await self.place(from: candidate))
        }
        let alternatives = GeocodingResult.distinct(others, from: place)
        return GeocodingResult(
            query: query, place: place, alternatives: Array(alternatives.prefix(4)), matchCount: alternatives.count + 1
        )
    }

    /// Candidates that fit every qualifier ("Bali, Indonesia"; "London, Ontario"): a country, or the region.
    func matching(_ candidates: [OnlineCandidate], qualifiers: [String]) async throws -> [OnlineCandidate] {
        guard !qualifiers.isEmpty else { return candidates }
        var kept: [OnlineCandidate] = []
        for candidate in candidates {
            var fits = true
            for qualifier in qualifiers {
                let key = PlaceName.key(qualifier)
                if key == PlaceName.key(candidate.regionName) { continue }
                if let gazetteer {
                    // A damaged place-data file helps with nothing (nil, false), it fails nothing.
                    if (try? await gazetteer.countryCodes(matching: qualifier))?.contains(candidate.country) == true { continue }
                    if (try? await gazetteer.isRegion(qualifier, of: candidate.country, named: candidate.regionName)) == true {
                        continue
                    }
                } else if key == PlaceName.key(candidate.country) {
                    continue
                }
                fits = false
            }
            if fits { kept.append(candidate) }
        }
        return kept
    }

    /// A candidate as a place: its region labelled as the offline data labels it ("CA", "ON"), its time zone the
    /// service's or the nearest known place's.
    func place(from candidate: OnlineCandidate) async throws -> Place {
        var region = candidate.regionName
        if let gazetteer, !region.isEmpty, !candidate.country.isEmpty,
           let label = (try? await gazetteer.regionLabel(country: candidate.country, name: region)) ?? nil {
            region = label
        }
        if candidate.kind == .region || PlaceName.key(region) == PlaceName.key(candidate.name) { region = "" }
        var zone = candidate.timeZone.flatMap { ZoneRules(identifier: $0) == nil ? nil : $0 }
        if zone == nil, let gazetteer {
            zone = (try? await gazetteer.timeZone(nearLatitude: candidate.latitude, longitude: candidate.longitude)) ?? nil
        }
        return Place(
            name: candidate.name, region: region, country: candidate.country, latitude: candidate.latitude,
            longitude: candidate.longitude, timeZone: zone ?? "UTC", source: candidate.source,
            sourceID: candidate.sourceID, population: candidate.population, kind: candidate.kind
        )
    }

    static func combined(_ failures: [ServiceError]) -> ServiceError {
        if failures.count == 1, let only = failures.first { return only }
        let reasons = failures.map { failure -> String in
            switch failure {
            case let .unavailable(service, reason): return "\(service): \(reason)"
            case let .problem(service, status, title, _, _): return "\(service): HTTP \(status) \(title)"
            case let .offline(service): return "\(service): offline"
            case let .malformed(service, detail): return "\(service): \(detail)"
            }
        }
        return .unavailable(service: "Open-Meteo geocoding and Nominatim", reason: reasons.joined(separator: "; "))
    }
}
