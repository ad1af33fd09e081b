import Foundation
import Testing
@testable import Tools

/// What travellers type, resolved offline through `Data/gazetteer.sqlite`.
@Suite struct GazetteerTests {
    /// The gazetteer is read-only and its connection is owned by an actor, so tests share one.
    static let gazetteer: Gazetteer? = try? Gazetteer(path: Gazetteer.defaultPath())

    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let name: String
        /// The first-level region as places show it: US, CA, AU by abbreviation, elsewhere by name.
        let region: String
        let country: String
        /// Labels that must be among the alternatives.
        var alternatives: [String] = []
        var testDescription: String { "\"\(query)\" → \(name), \(region), \(country)" }
    }

    static let cases: [Case] = [
        Case(query: "Raleigh", name: "Raleigh", region: "NC", country: "US"),
        Case(query: "raleigh nc", name: "Raleigh", region: "NC", country: "US"),
        Case(query: "Raleigh, North Carolina", name: "Raleigh", region: "NC", country: "US"),
        Case(query: "Portland, OR", name: "Portland", region: "OR", country: "US"),
        Case(query: "Portland, ME", name: "Portland", region: "ME", country: "US"),
        Case(query: "portland maine", name: "Portland", region: "ME", country: "US"),
        Case(
            query: "Springfield", name: "Springfield", region: "MO", country: "US",
            alternatives: ["Springfield, MA, US", "Springfield, IL, US"]
        ),
        Case(query: "Paris", name: "Paris", region: "Ile-de-France", country: "FR", alternatives: ["Paris, TX, US"]),
        Case(query: "Paris, TX", name: "Paris", region: "TX", country: "US"),
        Case(query: "Sao Paulo", name: "São Paulo", region: "Sao Paulo", country: "BR"),
        Case(query: "São Paulo", name: "São Paulo", region: "Sao Paulo", country: "BR"),
        Case(query: "Victoria, BC", name: "Victoria", region: "BC", country: "CA"),
        Case(query: "London, ON", name: "London", region: "ON", country: "CA"),
        Case(query: "London, Ontario", name: "London", region: "ON", country: "CA"),
        Case(query: "Cairns QLD", name: "Cairns", region: "QLD", country: "AU"),
        Case(query: "Munich, Bavaria", name: "Munich", region: "Bavaria", country: "DE"),
        Case(query: "NYC", name: "New York City", region: "NY", country: "US"),
        Case(query: "New York", name: "New York City", region: "NY", country: "US"),
        Case(query: "St. Louis", name: "St. Louis", region: "MO", country: "US"),
        Case(query: "Saint Louis", name: "St. Louis", region: "MO", country: "US"),
        Case(query: "Denver, Colorado, USA", name: "Denver", region: "CO", country: "US"),
    ]

    @Test(arguments: cases)
    func resolves(_ expected: Case) async throws {
        try await check(expected)
    }

    func check(_ expected: Case) async throws {
        let gazetteer = try #require(Self.gazetteer, "Data/gazetteer.sqlite must be readable")
        let result = try await gazetteer.resolve(expected.query)
        #expect(result.place.name == expected.name)
        #expect(result.place.region == expected.region)
        #expect(result.place.country == expected.country)
        #expect(result.place.source == "gazetteer")
        #expect(!result.place.timeZone.isEmpty)
        let labels = result.alternatives.map(\.label)
        for alternative in expected.alternatives {
            #expect(labels.contains(alternative), "alternatives were \(labels)")
        }
        #expect(!labels.contains(result.place.label), "the chosen place is not its own alternative")
        if expected.alternatives.isEmpty == false {
            #expect(result.ambiguityNote?.contains(expected.alternatives[0]) == true)
        }
    }

    @Test func anAmbiguousNameSaysHowManyMore() async throws {
        let gazetteer = try #require(Self.gazetteer)
        let result = try await gazetteer.resolve("Springfield")
        #expect(result.alternatives.count <= 4)
        #expect(result.matchCount > result.alternatives.count + 1)
        #expect(result.ambiguityNote?.contains("more)") == true)
    }

    @Test func aUniqueQualifiedNameHasNoAmbiguityNote() async throws {
        let gazetteer = try #require(Self.gazetteer)
        let result = try await gazetteer.resolve("Portland, ME")
        #expect(result.alternatives.isEmpty)
        #expect(result.ambiguityNote == nil)
    }

    @Test func anUnknownNameIsNotFound() async throws {
        let gazetteer = try #require(Self.gazetteer)
        do {
            let result = try await gazetteer.resolve("Xyzzyq")
            Issue.record("expected notFound, got \(result.place.label)")
        } catch let GeocodingError.notFound(query, _) {
            #expect(query == "Xyzzyq")
        }
    }

    @Test func aMisspellingSuggestsTheClosestNames() async throws {
        let gazetteer = try #require(Self.gazetteer)
        do {
            let result = try await gazetteer.resolve("Chicgo")
            Issue.record("expected notFound, got \(result.place.label)")
        } catch let GeocodingError.notFound(query, suggestions) {
            #expect(query == "Chicgo")
            #expect(suggestions.contains("Chicago, IL, US"), "suggestions were \(suggestions)")
            let error = GeocodingError.notFound(query: query, suggestions: suggestions)
            #expect(error.recoverySuggestion?.hasPrefix("Did you mean: ") == true)
        }
    }

    @Test(arguments: ["", "   ", ",,", "!!!"])
    func anEmptyQueryIsNotFound(_ query: String) async throws {
        let gazetteer = try #require(Self.gazetteer)
        await #expect(throws: GeocodingError.self) {
            _ = try await gazetteer.resolve(query)
        }
    }

    @Test func aMissingDataFileIsReportedAsSuch() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "no-such-\(UUID().uuidString).sqlite").path
        #expect(throws: GeocodingError.gazetteerUnavailable(path: path)) {
            _ = try Gazetteer(path: path)
        }
    }

    @Test func theDefaultPathHonoursPLAN_GAZETTEER() {
        #expect(Gazetteer.defaultPath(environment: ["PLAN_GAZETTEER": "/x/y.sqlite"]) == "/x/y.sqlite")
        #expect(Gazetteer.defaultPath(environment: [:]).hasSuffix("gazetteer.sqlite"))
    }
}

/// `PlaceName.key` must compute exactly what `scripts/build-gazetteer.py` stored.
@Suite struct PlaceNameTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"),
        ("St. Louis", "st louis"),
        ("Winston-Salem", "winston salem"),
        ("Łódź", "lodz"),
        ("Hafnarfjörður", "hafnarfjordur"),
        ("ß", "ss"),
        ("Straße", "strasse"),
        ("Ærøskøbing", "aeroskobing"),
        ("Þingvellir", "thingvellir"),
        ("  Denver,  CO  ", "denver co"),
        ("Saint-Étienne", "saint etienne"),
        ("ＮＹＣ", "nyc"),
        ("Zürich", "zurich"),
        ("", ""),
        ("...", ""),
    ])
    func key(_ text: String, _ expected: String) {
        #expect(PlaceName.key(text) == expected)
    }

    @Test func editDistance() {
        #expect(PlaceName.distance("chicgo", "chicago") == 1)
        #expect(PlaceName.distance("", "abc") == 3)
        #expect(PlaceName.distance("kitten", "sitting") == 3)
        #expect(PlaceName.distance("same", "same") == 0)
    }
}
