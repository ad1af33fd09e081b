import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// Online geocoding's manners: Nominatim's rate limit across processes, Retry-After, failures that store nothing,
/// offline mode, and stored answers standing in when the services are down.
@Suite struct GeocodingOnlineTests {
    @Test func twoNominatimLookupsFromTwoProcessesAreASecondApart() async throws {
        let harness = try GeocodingHarness()
        // Two Store values on one file stand for two plan processes: the slot is kept in the database.
        let other = try Store(path: harness.store.path)
        let one = PlaceResolver(gazetteer: GeocodingHarness.gazetteer, online: harness.online())
        let two = PlaceResolver(gazetteer: GeocodingHarness.gazetteer, online: harness.online(store: other))
        async let first = one.resolve("Maui")
        async let second = two.resolve("Mammoth Mountain")
        let places = try await [first, second]
        #expect(places.map(\.place.source) == ["nominatim", "nominatim"])
        let times = try await harness.arrivals("/nominatim/search").map(\.time).sorted()
        try #require(times.count == 2)
        #expect(times[1] - times[0] >= 0.95, "Nominatim was asked twice within \(times[1] - times[0]) s")
    }

    @Test func aRepeatedNominatimLookupIsAnsweredFromTheDatabase() async throws {
        let harness = try GeocodingHarness()
        _ = try await harness.resolver().resolve("Crater Lake")
        _ = try await harness.resolver().resolve("crater lake")
        _ = try await harness.resolver().resolve("Crater  Lake!")
        #expect(harness.transport.count == 2)
        #expect(try await harness.arrivals("/nominatim/search").count == 1)
    }

    @Test func a429WithRetryAfterIsWaitedOutThenAnswered() async throws {
        let harness = try GeocodingHarness()
        try await harness.services.server.control(
            "_control/fault", body: ["match": "/nominatim/search", "mode": "ratelimit", "times": 1, "retryAfter": 2]
        )
        let result = try await harness.resolver().resolve("Mammoth Mountain")
        #expect(result.place.source == "nominatim")
        let arrivals = try await harness.arrivals("/nominatim/search")
        try #require(arrivals.count == 2)
        #expect(arrivals[0].status == 429)
        #expect(arrivals[1].status == 200)
        #expect(arrivals[1].time - arrivals[0].time >= 1.95, "Retry-After: 2 was not honoured")
    }

    @Test func aLongRetryAfterFailsAtOnceAndStoresNothing() async throws {
        let harness = try GeocodingHarness()
        try await harness.services.server.control(
            "_control/fault", body: ["match": "/nominatim/search", "mode": "ratelimit", "retryAfter": 3600]
        )
        // Nothing waits the hour: the second attempt is refused before it is sent (no timing asserted here;
        // the request log says it).
        await #expect(throws: GeocodingError.self) {
            _ = try await harness.resolver().resolve("Mammoth Mountain")
        }
        #expect(try await harness.arrivals("/nominatim/search").count == 1, "no second request inside the hour")
    }

    @Test func bothServicesDownSaysNotInTheOfflineDataAndStoresNothing() async throws {
        let harness = try GeocodingHarness()
        try await harness.services.server.control("_control/fault", body: ["match": "/v1/search", "mode": "500"])
        try await harness.services.server.control("_control/fault", body: ["match": "/nominatim/search", "mode": "503"])
        do {
            let result = try await harness.resolver().resolve("Crater Lake")
            Issue.record("expected an error, got \(result.place.label)")
        } catch let error as GeocodingError {
            guard case let .notInOfflineData(query, _, reason) = error else {
                Issue.record("expected notInOfflineData, got \(error)")
                return
            }
            #expect(query == "Crater Lake")
            #expect(reason.contains("Open-Meteo") && reason.contains("Nominatim"))
            #expect(error.errorDescription?.contains("not in the offline place data") == true)
            #expect(error.recoverySuggestion?.contains("looks places up online") == true)
        }
        #expect(try await harness.count("places") == 0)
        #expect(try await harness.count("place_lookups") == 0)
        #expect(try await harness.count("http_cache") == 0)
    }

    @Test func offlineModeMakesNoRequestAndSaysSo() async throws {
        let harness = try GeocodingHarness()
        do {
            let result = try await harness.resolver(mode: .offline).resolve("Maui")
            Issue.record("expected an error, got \(result.place.label)")
        } catch let GeocodingError.notInOfflineData(_, _, reason) {
            #expect(reason == "offline mode")
        }
        #expect(harness.transport.count == 0)
        #expect(try await harness.count("places") == 0)
    }

    @Test func offlineModeAnswersWhatWasLookedUpBefore() async throws {
        let harness = try GeocodingHarness()
        let online = try await harness.resolver().resolve("Maui")
        let offline = try await harness.resolver(mode: .offline).resolve("Maui")
        #expect(offline.place == online.place)
        #expect(harness.transport.count == 2)
    }

    @Test func anExpiredLookupIsAskedAgainAndAStaleOneStandsInWhenTheServicesFail() async throws {
        let harness = try GeocodingHarness()
        let first = try await harness.resolver().resolve("Crater Lake")
        harness.clock.advance(by: ResourceKind.place.maximumLifetime + 86_400)
        try await harness.services.server.control("_control/fault", body: ["match": "search", "mode": "500"])
        let stale = try await harness.resolver().resolve("Crater Lake")
        #expect(stale.place == first.place)
        #expect(harness.transport.count > 2, "an expired lookup is asked again")
    }

    @Test func noResultsAnywhereIsNotFoundWithOfflineSuggestions() async throws {
        let harness = try GeocodingHarness()
        do {
            let result = try await harness.resolver().resolve("Albuquerqe")
            Issue.record("expected notFound, got \(result.place.label)")
        } catch let GeocodingError.notFound(_, suggestions) {
            #expect(suggestions.contains("Albuquerque, NM, US"))
        }
        let omitted = try await harness.arrivals("/v1/search")
        #expect(omitted.count == 1, "Open-Meteo's answer without a results key was read as none")
        #expect(try await harness.count("place_lookups") == 0)
    }

    @Test func everyRequestIdentifiesPlan() async throws {
        let harness = try GeocodingHarness()
        _ = try await harness.resolver().resolve("Maui")
        let agents = try await harness.services.requestLog().compactMap { $0["userAgent"] as? String }
        #expect(!agents.isEmpty)
        #expect(agents.allSatisfy { $0 == GeocodingHarness.userAgent })
    }

    @Test func theGeocodeToolAsksOnlineWhenGivenAGeocoder() async throws {
        let harness = try GeocodingHarness()
        let tool = GeocodeTool(gazetteer: GeocodingHarness.gazetteer, online: harness.online())
        let output = try await tool.call(arguments: .init(place: "Crater Lake"))
        #expect(output.text.contains("Crater Lake"))
        #expect(output.text.contains("lake"))
        #expect(output.place?.kind == .lake)
        let offlineTool = GeocodeTool(gazetteer: GeocodingHarness.gazetteer)
        await #expect(throws: GeocodingError.self) {
            _ = try await offlineTool.call(arguments: .init(place: "Crater Lake"))
        }
    }

    @Test func retryAfterIsReadAndBounded() {
        let now = Date()
        #expect(RateLimitedTransport.retryAfter("60", now: now) == 60)
        #expect(RateLimitedTransport.retryAfter("0", now: now) == 0)
        #expect(RateLimitedTransport.retryAfter("999999", now: now) == 86_400)
        #expect(RateLimitedTransport.retryAfter("-5", now: now) == nil)
        #expect(RateLimitedTransport.retryAfter("soon", now: now) == nil)
        #expect(RateLimitedTransport.retryAfter(nil, now: now) == nil)
    }

    @Test func retryAfterMayBeADate() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let later = try #require(RateLimitedTransport.retryAfter("Tue, 14 Nov 2023 22:13:40 GMT", now: now))
        #expect(abs(later - 20) < 0.001)
    }

    @Test func placesFromBeforeKindsAreCitiesAndKindsSurviveTheDatabase() async throws {
        let harness = try GeocodingHarness()
        let old = try JSONDecoder().decode(Place.self, from: Data(
            #"{"name":"Denver","region":"CO","country":"US","latitude":39.7,"longitude":-105,"timeZone":"America/Denver","source":"gazetteer"}"#.utf8
        ))
        #expect(old.kind == .city)
        let park = Place(name: "Zion National Park", region: "UT", country: "US", latitude: 37.3, longitude: -113,
                         timeZone: "America/Denver", source: "nominatim", kind: .park)
        let saved = try await harness.store.savePlaceLookup(key: "zion", place: park, alternatives: [old], lifetime: 60)
        let read = try #require(try await harness.store.placeLookup(key: "zion"))
        #expect(read.place == saved.place)
        #expect(read.place.kind == .park)
        #expect(read.alternatives == [old])
    }
}
