import Foundation
import Model
import Store
import Testing
@testable import Tools

/// Issue 43, point 2: the parks, reserves, reefs, deserts, mountains, lakes and islands travellers name resolve
/// offline, and a famous place beats a small namesake, which is said as what else the name could be ("Petra" is
/// the site in Jordan, not the village in Greece; "Petra, Greece" still picks the village).
@Suite struct NamedFeaturesTests {
    static let gazetteer: Gazetteer? = try? Gazetteer(path: Gazetteer.defaultPath())

    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let label: String
        let kind: PlaceKind
        /// Labels that must be among the alternatives (the namesakes a traveller may have meant).
        var alternatives: [String] = []
        var testDescription: String { "\"\(query)\" → \(label)" }
    }

    static let cases: [Case] = [
        Case(query: "Torres del Paine", label: "Torres del Paine, CL", kind: .park),
        Case(query: "Okavango Delta", label: "Okavango Delta, BW", kind: .park),
        Case(query: "Ha Long Bay", label: "Ha Long Bay, VN", kind: .coast),
        Case(query: "Halong Bay", label: "Ha Long Bay, VN", kind: .coast),
        Case(query: "Uluru", label: "Uluru, AU", kind: .landmark),
        Case(query: "Ayers Rock", label: "Uluru, AU", kind: .landmark),
        Case(query: "Mount Fuji", label: "Mount Fuji, JP", kind: .mountain),
        Case(query: "the Dolomites", label: "Dolomites, IT", kind: .mountain),
        Case(query: "Lake Titicaca", label: "Lake Titicaca, PE", kind: .lake),
        Case(query: "Petra", label: "Petra, JO", kind: .landmark, alternatives: ["Pétra, North Aegean, GR"]),
        Case(query: "Petra, Jordan", label: "Petra, JO", kind: .landmark),
        Case(query: "Petra, Greece", label: "Pétra, North Aegean, GR", kind: .city),
        Case(query: "Black Forest", label: "Black Forest, DE", kind: .area, alternatives: ["Black Forest, CO, US"]),
        Case(query: "Zion", label: "Zion National Park, US", kind: .park, alternatives: ["Zion, IL, US"]),
        Case(query: "Serengeti", label: "Serengeti, TZ", kind: .park),
        Case(query: "Galapagos", label: "Galápagos Islands, EC", kind: .island),
        Case(query: "Everest Base Camp", label: "Everest Base Camp, NP", kind: .mountain),
    ]

    @Test(arguments: cases)
    func aFamousPlaceIsFoundOfflineAndChosenFirst(_ expected: Case) async throws {
        let gazetteer = try #require(Self.gazetteer, "Data/gazetteer.sqlite must be readable")
        let result = try await gazetteer.resolve(expected.query)
        #expect(result.place.label == expected.label, "\(result.place.label)")
        #expect(result.place.kind == expected.kind)
        #expect(!result.isTentative)
        let others = result.alternatives.map(\.label)
        for label in expected.alternatives {
            #expect(others.contains(label), "alternatives \(others)")
            #expect(result.ambiguityNote?.contains(label) == true)
        }
    }
}
