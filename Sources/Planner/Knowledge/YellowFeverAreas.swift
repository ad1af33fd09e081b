import FoundationEssentials

/// Where within a country yellow fever vaccination is recommended, for the countries of `HealthTable.yellowFever`
/// where it is only some areas: a stop's coordinates decide whether the certificate line is for it (Lima, Cusco
/// and Machu Picchu, no; the Peruvian Amazon, yes). A country not listed here, and a place whose coordinates are
/// not known, keep the country's own answer.
///
/// Source: CDC Yellow Book 2024, chapter 2, "Yellow Fever Vaccine & Malaria Prevention Information, by Country"
/// (each country's yellow fever areas, and the places where vaccination is "generally not recommended" or "not
/// recommended"), compiled by hand on 2026-12-06 (`checked`). Drawn as rough boxes, as `MalariaAreas` are; every
/// line still says to check before going.
public enum YellowFeverAreas {
    /// The day the areas were compiled.
    public static let checked = "2026-12-06"

    typealias Area = MalariaAreas.Area

    /// The countries where CDC names the areas with yellow fever, or the places without it.
    static let extents: [String: MalariaAreas.Extent] = [
        // The Americas: the Amazon and the lowlands east of the Andes, not the Andes' cities or the Pacific coast.
        "PE": .only([Area("the Amazon and the eastern lowlands", -14.5, 0.0, -76.9, -68.6)],
                    except: [Area("Cusco, the Sacred Valley and Machu Picchu", -13.8, -13.0, -72.8, -71.6), Area.city("Huancayo", -12.07, -75.2)]),
        "EC": .only([Area("the Amazon east of the Andes", -5.0, 0.5, -78.2, -75.2)]),
        "CO": .except([Area.city("Bogotá", 4.71, -74.07), Area.city("Medellín", 6.24, -75.58), Area.city("Cali", 3.45, -76.53),
                       Area.city("Cartagena", 10.39, -75.51), Area.city("Barranquilla", 10.96, -74.8), Area("San Andrés", 12.0, 13.5, -82.0, -81.0)]),
        "BO": .only([Area("the Amazon lowlands of Beni and Pando", -15.0, -9.6, -69.7, -63.0), Area("Santa Cruz and the eastern lowlands", -22.9, -15.0, -66.0, -57.4)]),
        "AR": .only([Area("Misiones and Corrientes (Iguazú)", -30.8, -25.5, -59.7, -53.6)]),
        "BR": .except([Area.city("Fortaleza", -3.73, -38.52), Area.city("Recife", -8.05, -34.9)]),
        "PA": .only([Area("Darién and the mainland east of the Canal", 7.2, 9.6, -79.2, -77.1)]),
        "VE": .except([Area.city("Caracas", 10.49, -66.88), Area("Margarita Island", 10.8, 11.2, -64.5, -63.7)]),
        "TT": .except([Area.city("Port of Spain", 10.66, -61.51), Area("Tobago", 11.0, 11.4, -60.95, -60.45)]),
        "PY": .except([Area.city("Asunción", -25.26, -57.58)]),
        // Africa: Kenya's capital and coast.
        "KE": .except([Area.city("Nairobi", -1.29, 36.82), Area("Mombasa, Malindi and the coast", -4.7, -2.0, 39.0, 41.6)]),
    ]

    /// Whether yellow fever vaccination is recommended at `country` near these coordinates: false where CDC
    /// names none (a country without it, or a place outside its areas), true for the rest and when the place
    /// is not known.
    public static func hasRisk(country: String, latitude: Double?, longitude: Double?) -> Bool {
        let code = country.uppercased()
        guard HealthTable.hasYellowFever(code) else { return false }
        guard let extent = extents[code], let latitude, let longitude else { return true }
        return extent.locate(latitude: latitude, longitude: longitude).inside
    }
}
