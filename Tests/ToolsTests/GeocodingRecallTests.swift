import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// What travellers type, each resolved offline or through the stand-ins to within 25 km of where it really is (a
/// region: its largest city, the documented representative point), or to the documented suggestion. Every
/// destination is then looked up again: the repeat makes no request.
@Suite struct GeocodingRecallTests {
    /// One stand-in for the whole table; each case counts its own requests.
    static let services: WeatherServices? = try? WeatherServices()

    enum Route: Sendable, Equatable {
        /// The offline gazetteer, no request.
        case offline
        /// Open-Meteo's geocoding.
        case openMeteo
        /// Nominatim, after Open-Meteo had nothing (or only towns for a feature's name).
        case nominatim
        /// Not found; the error suggests this label.
        case suggestion(String)
    }

    struct Destination: Sendable, CustomTestStringConvertible {
        let query: String
        let latitude: Double
        let longitude: Double
        let route: Route
        var kind: PlaceKind = .city
        /// A label the ambiguity note must name.
        var couldAlsoBe: String?
        /// No "could also be" at all: the name with its country is one place (not the city and its prefecture).
        var isUnambiguous = false
        var testDescription: String { "\"\(query)\"" }
    }

    static let table: [Destination] = [
        // Cities, with and without region
        Destination(query: "Denver", latitude: 39.7392, longitude: -104.9903, route: .offline),
        Destination(query: "Portland, OR", latitude: 45.5152, longitude: -122.6784, route: .offline),
        Destination(query: "Portland, ME", latitude: 43.6591, longitude: -70.2568, route: .offline),
        Destination(query: "raleigh nc", latitude: 35.7796, longitude: -78.6382, route: .offline),
        Destination(query: "Paris", latitude: 48.8566, longitude: 2.3522, route: .offline, couldAlsoBe: "Paris, TX, US"),
        Destination(query: "Paris, TX", latitude: 33.6609, longitude: -95.5555, route: .offline),
        Destination(query: "Springfield", latitude: 37.2090, longitude: -93.2923, route: .offline,
                    couldAlsoBe: "Springfield, IL, US"),
        Destination(query: "NYC", latitude: 40.7128, longitude: -74.0060, route: .offline),
        Destination(query: "St. Louis", latitude: 38.6270, longitude: -90.1994, route: .offline),
        Destination(query: "London", latitude: 51.5074, longitude: -0.1278, route: .offline, couldAlsoBe: "London, ON, CA"),
        // Non-US regions: as qualifiers and as destinations
        Destination(query: "Victoria, BC", latitude: 48.4284, longitude: -123.3656, route: .offline),
        Destination(query: "London, ON", latitude: 42.9849, longitude: -81.2453, route: .offline),
        Destination(query: "London, Ontario", latitude: 42.9849, longitude: -81.2453, route: .offline),
        Destination(query: "Cairns QLD", latitude: -16.9186, longitude: 145.7781, route: .offline),
        Destination(query: "Munich, Bavaria", latitude: 48.1351, longitude: 11.5820, route: .offline),
        Destination(query: "Bavaria", latitude: 48.1351, longitude: 11.5820, route: .offline, kind: .region),
        Destination(query: "Queensland", latitude: -27.4698, longitude: 153.0251, route: .offline, kind: .region,
                    couldAlsoBe: "Queensland, AB, CA"),
        Destination(query: "Tasmania", latitude: -42.8821, longitude: 147.3272, route: .offline, kind: .region),
        Destination(query: "Hawaii", latitude: 21.3069, longitude: -157.8583, route: .offline, kind: .region),
        Destination(query: "Bali, Indonesia", latitude: -8.6705, longitude: 115.2126, route: .offline, kind: .region),
        // Famous places first (issue 35): the island province, not Bāli in West Bengal; the town, not its airport
        Destination(query: "Bali", latitude: -8.6705, longitude: 115.2126, route: .offline, kind: .region,
                    couldAlsoBe: "Bāli, West Bengal, IN"),
        Destination(query: "Banff", latitude: 51.1784, longitude: -115.5708, route: .offline,
                    couldAlsoBe: "Banff, Scotland, GB"),
        Destination(query: "Banff Airport", latitude: 51.2073, longitude: -115.5419, route: .offline, kind: .airport),
        Destination(query: "YBA", latitude: 51.2073, longitude: -115.5419, route: .offline, kind: .airport),
        Destination(query: "Sydney", latitude: -33.8688, longitude: 151.2093, route: .offline,
                    couldAlsoBe: "Sydney, NS, CA"),
        Destination(query: "Tokyo, Japan", latitude: 35.6762, longitude: 139.6503, route: .offline, isUnambiguous: true),
        Destination(query: "Lisbon, Portugal", latitude: 38.7223, longitude: -9.1393, route: .offline,
                    isUnambiguous: true),
        Destination(query: "Porto, Portugal", latitude: 41.1579, longitude: -8.6291, route: .offline,
                    isUnambiguous: true),
        Destination(query: "Phuket", latitude: 7.8804, longitude: 98.3923, route: .offline, isUnambiguous: true),
        Destination(query: "Hanoi", latitude: 21.0278, longitude: 105.8342, route: .offline, isUnambiguous: true),
        Destination(query: "Cusco", latitude: -13.5320, longitude: -71.9675, route: .offline),
        // Ski resorts, beaches, coasts that are towns
        Destination(query: "Whistler", latitude: 50.1163, longitude: -122.9574, route: .offline),
        Destination(query: "Aspen", latitude: 39.1911, longitude: -106.8175, route: .offline),
        Destination(query: "Zermatt", latitude: 46.0207, longitude: 7.7491, route: .offline),
        Destination(query: "Niseko", latitude: 42.8048, longitude: 140.6874, route: .offline),
        Destination(query: "Chamonix", latitude: 45.9237, longitude: 6.8694, route: .offline),
        Destination(query: "Jackson Hole", latitude: 43.4799, longitude: -110.7624, route: .offline),
        Destination(query: "Miami Beach", latitude: 25.7907, longitude: -80.1300, route: .offline),
        Destination(query: "Myrtle Beach", latitude: 33.6891, longitude: -78.8867, route: .offline),
        Destination(query: "Bondi Beach", latitude: -33.8915, longitude: 151.2767, route: .offline),
        Destination(query: "Waikiki", latitude: 21.2793, longitude: -157.8292, route: .offline),
        Destination(query: "Key West", latitude: 24.5551, longitude: -81.7800, route: .offline),
        // Airports by code and by name
        Destination(query: "JFK", latitude: 40.6413, longitude: -73.7781, route: .offline, kind: .airport),
        Destination(query: "LHR", latitude: 51.4700, longitude: -0.4543, route: .offline, kind: .airport),
        Destination(query: "ORD", latitude: 41.9742, longitude: -87.9073, route: .offline, kind: .airport),
        Destination(query: "KSFO", latitude: 37.6213, longitude: -122.3790, route: .offline, kind: .airport),
        Destination(query: "Heathrow", latitude: 51.4700, longitude: -0.4543, route: .offline, kind: .airport,
                    couldAlsoBe: "Heathrow, FL, US"),
        Destination(query: "O'Hare airport", latitude: 41.9742, longitude: -87.9073, route: .offline, kind: .airport),
        Destination(query: "Charles de Gaulle Airport", latitude: 49.0097, longitude: 2.5479, route: .offline,
                    kind: .airport),
        // Accented and non-Latin names
        Destination(query: "São Paulo", latitude: -23.5505, longitude: -46.6333, route: .offline),
        Destination(query: "Sao Paulo", latitude: -23.5505, longitude: -46.6333, route: .offline),
        Destination(query: "Zürich", latitude: 47.3769, longitude: 8.5417, route: .offline),
        Destination(query: "Reykjavík", latitude: 64.1466, longitude: -21.9426, route: .offline),
        Destination(query: "Kraków", latitude: 50.0647, longitude: 19.9450, route: .offline),
        Destination(query: "Montréal", latitude: 45.5017, longitude: -73.5673, route: .offline),
        Destination(query: "東京", latitude: 35.6762, longitude: 139.6503, route: .openMeteo),
        Destination(query: "Москва", latitude: 55.7558, longitude: 37.6173, route: .openMeteo),
        Destination(query: "北京", latitude: 39.9042, longitude: 116.4074, route: .openMeteo),
        Destination(query: "القاهرة", latitude: 30.0444, longitude: 31.2357, route: .openMeteo),
        // Misspellings
        Destination(query: "Pheonix", latitude: 33.4484, longitude: -112.0740, route: .openMeteo,
                    couldAlsoBe: "Phoenix, IL, US"),
        Destination(query: "Chicgo", latitude: 0, longitude: 0, route: .suggestion("Chicago, IL, US")),
        Destination(query: "Albuquerqe", latitude: 0, longitude: 0, route: .suggestion("Albuquerque, NM, US")),
        // An area Open-Meteo knows as a populated place
        Destination(query: "Big Sur", latitude: 36.2704, longitude: -121.8081, route: .offline, kind: .coast),
        // Famous places travellers name, found offline (Data/named-features.tsv; issue 43): they were online
        // look-ups before, which Crater Lake, Maui and Mammoth Mountain still are
        // US national parks
        Destination(query: "Yosemite National Park", latitude: 37.8651, longitude: -119.5383, route: .offline,
                    kind: .park),
        Destination(query: "Yellowstone", latitude: 44.4280, longitude: -110.5885, route: .offline, kind: .park),
        Destination(query: "Zion National Park", latitude: 37.2982, longitude: -113.0263, route: .offline, kind: .park),
        Destination(query: "Grand Teton National Park", latitude: 43.7904, longitude: -110.6818, route: .offline,
                    kind: .park),
        Destination(query: "Glacier National Park", latitude: 48.7596, longitude: -113.7870, route: .offline,
                    kind: .park),
        Destination(query: "Acadia National Park", latitude: 44.3386, longitude: -68.2733, route: .offline, kind: .park),
        Destination(query: "Great Smoky Mountains", latitude: 35.6118, longitude: -83.4895, route: .offline,
                    kind: .park),
        // Lakes
        Destination(query: "Lake Tahoe", latitude: 39.0968, longitude: -120.0324, route: .offline, kind: .lake),
        Destination(query: "Lake Como", latitude: 46.0160, longitude: 9.2572, route: .offline, kind: .lake,
                    couldAlsoBe: "Lake Como, NJ, US"),
        Destination(query: "Crater Lake", latitude: 42.9446, longitude: -122.1090, route: .nominatim, kind: .lake),
        // Islands
        Destination(query: "Maui", latitude: 20.7984, longitude: -156.3319, route: .nominatim, kind: .island),
        Destination(query: "Isle of Skye", latitude: 57.2736, longitude: -6.2155, route: .offline, kind: .island),
        Destination(query: "Santorini", latitude: 36.3932, longitude: 25.4615, route: .offline, kind: .island),
        Destination(query: "Florida Keys", latitude: 24.7100, longitude: -81.0900, route: .offline, kind: .island),  // Marathon, mid-Keys
        // Coasts, mountains, ski areas
        Destination(query: "Outer Banks", latitude: 35.5585, longitude: -75.4665, route: .offline, kind: .island),
        Destination(query: "Cape Cod", latitude: 41.6688, longitude: -70.2962, route: .offline, kind: .coast),
        Destination(query: "Amalfi Coast", latitude: 40.6333, longitude: 14.6029, route: .offline, kind: .coast),
        Destination(query: "Mount Rainier", latitude: 46.8523, longitude: -121.7603, route: .offline, kind: .mountain,
                    couldAlsoBe: "Mount Rainier, MD, US"),
        Destination(query: "Mammoth Mountain", latitude: 37.6308, longitude: -119.0326, route: .nominatim,
                    kind: .skiArea),
    ]

    @Test func theTableHasSixtyDestinationsOrMore() {
        #expect(Self.table.count >= 60)
    }

    @Test(arguments: table)
    func resolves(_ destination: Destination) async throws {
        let services = try #require(Self.services, "the stand-in must start")
        let harness = try GeocodingHarness(services: services)
        let resolver = harness.resolver()
        switch destination.route {
        case let .suggestion(label):
            do {
                let result = try await resolver.resolve(destination.query)
                Issue.record("expected not found, got \(result.place.label)")
            } catch let GeocodingError.notFound(_, suggestions) {
                #expect(suggestions.contains(label), "suggestions were \(suggestions)")
            }
            #expect(try await harness.count("place_lookups") == 0)
            return
        case .offline, .openMeteo, .nominatim:
            break
        }
        let result = try await resolver.resolve(destination.query)
        let distance = kilometres((result.place.latitude, result.place.longitude), (destination.latitude, destination.longitude))
        #expect(distance <= 25, "\(result.place.label) is \(Int(distance)) km away")
        #expect(result.place.kind == destination.kind)
        #expect(TimeZone(identifier: result.place.timeZone) != nil, "time zone \(result.place.timeZone)")
        let requests = harness.transport.count
        switch destination.route {
        case .offline:
            #expect(result.place.source == "gazetteer")
            #expect(requests == 0)
        case .openMeteo:
            #expect(result.place.source == "open-meteo")
            #expect(requests == 1)
        case .nominatim:
            #expect(result.place.source == "nominatim")
            #expect(requests == 2)
        case .suggestion:
            break
        }
        if let other = destination.couldAlsoBe {
            #expect(result.ambiguityNote?.contains(other) == true, "note was \(result.ambiguityNote ?? "none")")
        }
        if destination.isUnambiguous {
            #expect(result.ambiguityNote == nil, "note was \(result.ambiguityNote ?? "none")")
        }
        if destination.route != .offline {
            #expect(try await harness.count("place_lookups") == 1, "the online answer is stored")
        }

        // The repeat, through a new resolver on the same database: no request at all.
        let again = try await harness.resolver().resolve(destination.query)
        #expect(harness.transport.count == requests, "a repeat lookup made requests")
        #expect(again.place.label == result.place.label)
        #expect(again.place.latitude == result.place.latitude && again.place.longitude == result.place.longitude)
        #expect(again.alternatives.map(\.label) == result.alternatives.map(\.label))
    }
}
