import Foundation
import Model
import Store
import Testing
@testable import Tools

/// Issue 35, points 6 and 7: a bare name offline is the place travellers mean (the island, the resort town, the
/// famous city) over small namesakes and airports; airports still answer to their codes and names; and "could also
/// be" names only other places, never the city's own prefecture or airport.
@Suite struct FamousPlacesTests {
    static let gazetteer: Gazetteer? = try? Gazetteer(path: Gazetteer.defaultPath())

    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let label: String
        var kind: PlaceKind = .city
        /// Labels that must not be among the alternatives (the place itself, its own region or airport).
        var notAlternatives: [String] = []
        /// Labels that must be among them (real namesakes elsewhere).
        var alternatives: [String] = []
        var testDescription: String { "\"\(query)\" → \(label)" }
    }

    static let cases: [Case] = [
        Case(query: "Bali", label: "Bali, ID", kind: .region, alternatives: ["Bāli, West Bengal, IN"]),
        Case(query: "bali", label: "Bali, ID", kind: .region),
        Case(query: "Bali, India", label: "Bāli, West Bengal, IN", alternatives: ["Bāli, Rajasthan, IN"]),
        Case(query: "Banff", label: "Banff, AB, CA", notAlternatives: ["Banff Airport, AB, CA"],
             alternatives: ["Banff, Scotland, GB"]),
        Case(query: "Banff Airport", label: "Banff Airport, AB, CA", kind: .airport),
        Case(query: "YBA", label: "Banff Airport, AB, CA", kind: .airport),
        Case(query: "Heathrow", label: "London Heathrow Airport, England, GB", kind: .airport),
        Case(query: "Sydney", label: "Sydney, NSW, AU", alternatives: ["Sydney, NS, CA"]),
        Case(query: "Paris", label: "Paris, Ile-de-France, FR", alternatives: ["Paris, TX, US"]),
        Case(query: "Tokyo", label: "Tokyo, Tokyo, JP", notAlternatives: ["Tokyo, JP"]),
        Case(query: "Tokyo, Japan", label: "Tokyo, Tokyo, JP", notAlternatives: ["Tokyo, JP"]),
        Case(query: "Lisbon, Portugal", label: "Lisbon, Lisbon, PT", notAlternatives: ["Lisbon, PT"]),
        Case(query: "Lisbon", label: "Lisbon, Lisbon, PT", notAlternatives: ["Lisbon, PT"],
             alternatives: ["Lisbon, ME, US"]),
        Case(query: "Porto, Portugal", label: "Porto, Porto, PT", notAlternatives: ["Porto, PT"]),
        Case(query: "Porto", label: "Porto, Porto, PT", notAlternatives: ["Porto, PT"]),
        Case(query: "Phuket", label: "Phuket, Phuket, TH", notAlternatives: ["Phuket, TH"]),
        Case(query: "Hanoi", label: "Hanoi, Ha Noi, VN"),
        Case(query: "Cusco", label: "Cusco, Cusco, PE", notAlternatives: ["Cusco, PE"]),
        Case(query: "Zermatt", label: "Zermatt, Valais, CH"),
        Case(query: "Florida", label: "Florida, US", kind: .region, alternatives: ["Florida, Camaguey, CU"]),
        Case(query: "Canterbury", label: "Canterbury, England, GB", alternatives: ["Canterbury, NZ"]),
        Case(query: "Santander", label: "Santander, Cantabria, ES", alternatives: ["Santander, CO"]),
    ]

    @Test(arguments: cases)
    func resolves(_ expected: Case) async throws {
        let gazetteer = try #require(Self.gazetteer, "Data/gazetteer.sqlite must be readable")
        let result = try await gazetteer.resolve(expected.query)
        #expect(result.place.label == expected.label)
        #expect(result.place.kind == expected.kind)
        let others = result.alternatives.map(\.label)
        #expect(!others.contains(result.place.label), "alternatives \(others)")
        #expect(Set(others).count == others.count, "alternatives \(others)")
        for label in expected.notAlternatives {
            #expect(!others.contains(label), "alternatives \(others)")
        }
        for label in expected.alternatives {
            #expect(others.contains(label), "alternatives \(others)")
        }
        if expected.alternatives.isEmpty && expected.query.contains(",") {
            #expect(result.ambiguityNote == nil, "note: \(result.ambiguityNote ?? "")")
        }
    }

    static func place(_ name: String, _ region: String, _ country: String, _ latitude: Double, _ longitude: Double,
                      kind: PlaceKind = .city) -> Place {
        Place(name: name, region: region, country: country, latitude: latitude, longitude: longitude,
              timeZone: "UTC", source: "gazetteer", kind: kind)
    }

    @Test func aRealAlternativeIsAnotherCountryAnotherRegionsTownOrFarAway() {
        let tokyo = Self.place("Tokyo", "Tokyo", "JP", 35.6895, 139.6917)
        #expect(!GeocodingResult.isDistinct(Self.place("Tokyo", "", "JP", 35.6895, 139.6917, kind: .region), from: tokyo))
        #expect(!GeocodingResult.isDistinct(Self.place("Haneda", "Tokyo", "JP", 35.55, 139.78, kind: .airport), from: tokyo))
        #expect(!GeocodingResult.isDistinct(tokyo, from: tokyo))
        let kansasMO = Self.place("Kansas City", "MO", "US", 39.0997, -94.5786)
        #expect(GeocodingResult.isDistinct(Self.place("Kansas City", "KS", "US", 39.1142, -94.6275), from: kansasMO))
        let portland = Self.place("Portland", "OR", "US", 45.5152, -122.6784)
        #expect(GeocodingResult.isDistinct(Self.place("Portland", "ME", "US", 43.6591, -70.2568), from: portland))
        let bali = Self.place("Bali", "", "ID", -8.65, 115.22, kind: .region)
        #expect(GeocodingResult.isDistinct(Self.place("Bāli", "West Bengal", "IN", 22.65, 88.34), from: bali))
        // Two towns of one region 30 km apart are one place as far as a traveller is concerned.
        #expect(!GeocodingResult.isDistinct(Self.place("Hanoi", "Ha Noi", "VN", 21.2, 105.9), from:
            Self.place("Hanoi", "Ha Noi", "VN", 21.0245, 105.8412)))
        let note = GeocodingResult(query: "Tokyo, Japan", place: tokyo, alternatives: [], matchCount: 1)
            .adding(Self.place("Tokyo", "", "JP", 35.6895, 139.6917, kind: .region)).ambiguityNote
        #expect(note == nil)
    }
}
