import FoundationEssentials

/// Health risks at the border and on the way, by country: where yellow fever is transmitted (so that a
/// vaccination certificate may be asked for, there or at the next border) and where malaria is.
///
/// Sources, hand-compiled on 2026-12-05 (`checked`):
/// - Yellow fever: WHO, International Travel and Health, "Countries with risk of yellow fever transmission"
///   (the country list as WHO publishes it yearly; here as reproduced by the US Embassy in Nepal's page
///   "Countries with high risk of Yellow fever and Polio"). Trinidad and Tobago: Trinidad only.
/// - Malaria: CDC Yellow Book 2024, "Yellow Fever Vaccine & Malaria Prevention Information, by Country":
///   countries with malaria transmission in all or part of their land, less those WHO has since certified
///   malaria-free (Belize 2023, Tajikistan 2023, Cabo Verde 2024, Egypt 2024, Georgia 2025, Suriname 2025,
///   Timor-Leste 2025). Many have malaria only in some areas: a line says "in parts of" and sends the
///   traveller to a travel clinic, never naming a drug.
public enum HealthTable {
    /// The day the lists were compiled from their sources.
    public static let checked = "2026-12-05"

    /// Countries with risk of yellow fever transmission (WHO).
    public static let yellowFever: Set<String> = [
        // Africa
        "AO", "BJ", "BF", "BI", "CM", "CF", "TD", "CG", "CI", "CD", "GQ", "ET", "GA", "GM", "GH", "GN", "GW",
        "KE", "LR", "ML", "MR", "NE", "NG", "SN", "SL", "SS", "SD", "TG", "UG",
        // The Americas
        "AR", "BO", "BR", "CO", "EC", "GF", "GY", "PA", "PY", "PE", "SR", "TT", "VE",
    ]

    /// Countries with malaria in all or part of their land (CDC).
    public static let malaria: Set<String> = [
        // Africa
        "AO", "BJ", "BW", "BF", "BI", "CM", "CF", "TD", "KM", "CG", "CD", "CI", "DJ", "GQ", "ER", "SZ", "ET",
        "GA", "GM", "GH", "GN", "GW", "KE", "LR", "MG", "MW", "ML", "MR", "YT", "MZ", "NA", "NE", "NG", "RW",
        "ST", "SN", "SL", "SO", "ZA", "SS", "SD", "TZ", "TG", "UG", "ZM", "ZW",
        // Asia, the Middle East and the Pacific
        "AF", "BD", "BT", "KH", "IN", "ID", "IR", "KP", "KR", "LA", "MY", "MM", "NP", "PK", "PG", "PH", "SA",
        "SB", "TH", "VN", "VU", "YE",
        // The Americas
        "BO", "BR", "CO", "CR", "DO", "EC", "GF", "GT", "GY", "HT", "HN", "MX", "NI", "PA", "PE", "VE",
    ]

    /// Whether WHO lists `code` as a country with yellow fever risk.
    public static func hasYellowFever(_ code: String) -> Bool { yellowFever.contains(code.uppercased()) }

    /// Whether CDC lists malaria in all or part of `code`.
    public static func hasMalaria(_ code: String) -> Bool { malaria.contains(code.uppercased()) }
}
