import FoundationEssentials

/// Where one day's weather came from: a forecast service, or the place's usual climate for that date.
public enum DaySource: String, Codable, Sendable, Equatable, CaseIterable {
    /// The National Weather Service's forecast (US, about 7 days).
    case nws
    /// Open-Meteo's forecast (worldwide, 16 days).
    case openMeteo = "open-meteo"
    /// The climate of that calendar day: the same dates over recent years (Open-Meteo's archive, ERA5).
    case climate

    /// "NWS", "Open-Meteo", "climate".
    public var name: String {
        switch self {
        case .nws: return "NWS"
        case .openMeteo: return "Open-Meteo"
        case .climate: return "climate"
        }
    }

    /// Whether the day is a forecast (not the usual climate).
    public var isForecast: Bool { self != .climate }
}
