import FoundationEssentials

/// Where within a country malaria is, for the countries where it is only in some areas: a stop's
/// coordinates decide whether the antimalarials line is for it (Cape Town and Cancún, no; Kruger and
/// Chiapas, yes). A country not listed here, and a place whose coordinates are not known, keep the
/// country's own answer (`HealthTable.malaria`).
///
/// Source: CDC Yellow Book 2024, chapter 2, "Yellow Fever Vaccine & Malaria Prevention Information, by
/// Country" (each country's "Areas with malaria" and the places it names as having none), read and
/// compiled by hand on 2026-12-06 (`checked`). Only the areas where CDC recommends more than mosquito
/// avoidance are kept as malaria areas; where it lists "rare cases" (Mexico's Quintana Roo, Thailand's
/// tourist islands) the line is left out. The areas are drawn as rough latitude–longitude boxes around the
/// provinces CDC names (a box can take in a little of a neighbouring province): every line still says to
/// ask a travel clinic and check before going.
public enum MalariaAreas {
    /// The day the areas were compiled from the Yellow Book.
    public static let checked = "2026-12-06"

    /// A box of latitudes (south to north) and longitudes (west to east), named as a traveller reads it.
    public struct Area: Sendable, Equatable {
        public let name: String
        let south: Double, north: Double, west: Double, east: Double

        init(_ name: String, _ south: Double, _ north: Double, _ west: Double, _ east: Double) {
            self.name = name
            self.south = south
            self.north = north
            self.west = west
            self.east = east
        }

        /// A city CDC names as free of malaria: a box about 30 km each way around it.
        static func city(_ name: String, _ latitude: Double, _ longitude: Double) -> Area {
            Area(name, latitude - 0.3, latitude + 0.3, longitude - 0.3, longitude + 0.3)
        }

        func contains(latitude: Double, longitude: Double) -> Bool {
            (south...north).contains(latitude) && (west...east).contains(longitude)
        }
    }

    /// How a country's malaria is spread: only in some areas (nil: everywhere), and never in the places CDC
    /// names as having none.
    public struct Extent: Sendable {
        let areas: [Area]?
        let none: [Area]

        static func only(_ areas: [Area], except none: [Area] = []) -> Extent { Extent(areas: areas, none: none) }
        static func except(_ none: [Area]) -> Extent { Extent(areas: nil, none: none) }

        /// Whether a place is in the extent (not in a place named as having none, and in one of the areas when
        /// there are areas), and the area it is in.
        func locate(latitude: Double, longitude: Double) -> (inside: Bool, area: Area?) {
            if none.contains(where: { $0.contains(latitude: latitude, longitude: longitude) }) { return (false, nil) }
            guard let areas else { return (true, nil) }
            let area = areas.first { $0.contains(latitude: latitude, longitude: longitude) }
            return (area != nil, area)
        }
    }

    /// Malaria at a place: in the area named, or somewhere in its country (no coordinates, or the whole country).
    public enum Risk: Sendable, Equatable {
        case area(String)
        case country
    }

    /// The countries of `HealthTable.malaria` where CDC names areas with malaria, or places without it.
    public static let extents: [String: Extent] = [
        // The Americas
        "MX": .only([Area("Chiapas", 14.5, 17.9, -94.2, -90.3), Area("southern Chihuahua", 25.5, 28.5, -108.8, -106.0)]),
        "BR": .only([Area("the Amazon", -13.5, 5.3, -74.0, -44.0)]),
        "PE": .only([Area("the Amazon", -11.0, 0.0, -77.0, -69.9), Area("the southern Amazon", -13.4, -9.0, -72.0, -68.6)]),
        "EC": .only([Area("the Amazon", -5.0, 0.5, -78.2, -75.2), Area("Esmeraldas", 0.3, 1.5, -80.2, -78.5)]),
        "BO": .only([Area("the Amazon lowlands of Beni and Pando", -15.0, -9.6, -69.7, -63.0)]),
        "CO": .except([Area.city("Bogotá", 4.71, -74.07), Area.city("Medellín", 6.24, -75.58),
                       Area.city("Cartagena", 10.39, -75.51), Area("San Andrés", 12.0, 13.5, -82.0, -81.0)]),
        "VE": .except([Area.city("Caracas", 10.49, -66.88), Area("Margarita Island", 10.8, 11.2, -64.5, -63.7)]),
        "CR": .only([Area("Limón province", 9.3, 11.0, -83.7, -82.5)]),
        "NI": .only([Area("the Caribbean coast and Jinotega", 11.0, 15.1, -86.2, -82.6)]),
        "PA": .only([Area("Darién and eastern Panamá", 7.2, 9.6, -79.2, -77.1), Area("Bocas del Toro", 8.7, 9.7, -82.95, -81.5)]),
        "GT": .except([Area.city("Guatemala City", 14.63, -90.51), Area.city("Antigua", 14.56, -90.73),
                       Area.city("Lake Atitlán", 14.69, -91.2)]),
        "DO": .except([Area.city("Santo Domingo", 18.49, -69.93), Area.city("Santiago de los Caballeros", 19.45, -70.7)]),
        "GF": .only([Area("the interior", 2.1, 4.5, -54.6, -51.6)]),
        // Africa
        "ZA": .only([Area("Kruger and the north-east", -25.6, -22.1, 29.8, 32.1), Area("northern KwaZulu-Natal", -28.6, -26.8, 31.8, 32.95)]),
        "BW": .only([Area("Okavango, Chobe and the north", -22.5, -17.7, 19.9, 29.4)]),
        "NA": .only([Area("Etosha, Caprivi and the north", -20.5, -16.9, 11.7, 25.3)]),
        "SZ": .only([Area("the Lubombo east", -27.4, -25.7, 31.6, 32.2)]),
        "KE": .except([Area.city("Nairobi", -1.29, 36.82)]),
        "ET": .except([Area.city("Addis Ababa", 9.03, 38.74)]),
        "ER": .except([Area.city("Asmara", 15.33, 38.93)]),
        // Asia and the Middle East
        "TH": .only([Area("the Myanmar border", 9.5, 20.5, 97.3, 99.3), Area("the far north", 19.3, 20.5, 99.3, 101.4),
                     Area("the Mekong border with Laos", 17.2, 18.6, 100.9, 104.8), Area("the Mekong border with Laos", 14.2, 17.5, 104.0, 105.7),
                     Area("the Cambodian border", 13.3, 14.7, 102.0, 105.5), Area("Chanthaburi and Trat", 11.6, 13.3, 101.9, 102.95)],
                    except: [Area.city("Chiang Mai", 18.79, 98.98), Area.city("Chiang Rai", 19.91, 99.83)]),
        "VN": .only([Area("the Central Highlands", 11.0, 15.5, 107.0, 109.0)]),
        "KH": .except([Area.city("Phnom Penh", 11.56, 104.92), Area("Siem Reap and Angkor", 13.2, 13.6, 103.6, 104.1)]),
        "LA": .except([Area.city("Vientiane", 17.97, 102.63)]),
        "ID": .except([Area("Java and Bali", -9.0, -5.8, 105.0, 115.75), Area.city("Jakarta", -6.2, 106.85)]),
        "MY": .except([Area("Peninsular Malaysia", 1.2, 6.8, 99.5, 104.5), Area.city("Kota Kinabalu", 5.98, 116.07), Area.city("Kuching", 1.55, 110.34)]),
        "PH": .only([Area("Palawan", 8.3, 12.4, 117.0, 120.3), Area("Mindanao", 5.5, 9.9, 121.8, 126.7)]),
        "BD": .only([Area("the Chittagong Hill Tracts", 21.2, 23.7, 91.6, 92.7)]),
        "BT": .only([Area("the southern border districts", 26.6, 27.1, 88.7, 92.2)]),
        "NP": .except([Area.city("Kathmandu", 27.71, 85.32), Area.city("Pokhara", 28.21, 83.99)]),
        "KR": .only([Area("the northern border area", 37.7, 38.65, 126.0, 128.5)]),
        "SA": .only([Area("Asir and Jazan", 16.3, 19.5, 41.5, 44.5)]),
        "IR": .only([Area("Sistan-Baluchestan and Hormozgan", 25.0, 29.5, 56.0, 63.4)]),
        "YE": .except([Area.city("Sana'a", 15.37, 44.19)]),
    ]

    /// Malaria at `country` near these coordinates: nil where CDC lists none (a country without it, or a place
    /// outside its areas); `.country` for a country with malaria everywhere, or when the place is not known.
    public static func risk(country: String, latitude: Double?, longitude: Double?) -> Risk? {
        let code = country.uppercased()
        guard HealthTable.hasMalaria(code) else { return nil }
        guard let extent = extents[code], let latitude, let longitude else { return .country }
        let found = extent.locate(latitude: latitude, longitude: longitude)
        guard found.inside else { return nil }
        return found.area.map { .area($0.name) } ?? .country
    }
}
