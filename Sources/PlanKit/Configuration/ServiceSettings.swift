import FoundationEssentials
import Model
import Store
import Tools

/// The services' configuration from the environment (`PLAN_NWS_URL`, `PLAN_CONTACT`, `PLAN_HTTP_TIMEOUT`…; a
/// front end's flags win where both exist). A bad value is a `ConfigurationProblem` naming the variable.
public struct ServiceSettings: Sendable {
    public let nwsBase: URL
    public let openMeteoBase: URL
    public let geocoderBase: URL
    public let nominatimBase: URL
    /// Open-Meteo's historical weather API (`PLAN_CLIMATE_URL`), for the days past the forecast.
    public let climateBase: URL
    /// Open-Meteo's marine API (`PLAN_MARINE_URL`), for the sea's temperature on water trips.
    public let marineBase: URL
    public let contact: String?
    public let isOffline: Bool
    public let timeout: TimeInterval
    public let retries: Int

    public init(environment: [String: String]) throws {
        nwsBase = try Self.url(environment["PLAN_NWS_URL"], default: "https://api.weather.gov", name: "PLAN_NWS_URL")
        openMeteoBase = try Self.url(
            environment["PLAN_OPEN_METEO_URL"], default: "https://api.open-meteo.com", name: "PLAN_OPEN_METEO_URL"
        )
        geocoderBase = try Self.url(
            environment["PLAN_GEOCODER_URL"], default: "https://geocoding-api.open-meteo.com", name: "PLAN_GEOCODER_URL"
        )
        nominatimBase = try Self.url(
            environment["PLAN_NOMINATIM_URL"], default: "https://nominatim.openstreetmap.org", name: "PLAN_NOMINATIM_URL"
        )
        climateBase = try Self.url(
            environment["PLAN_CLIMATE_URL"], default: "https://archive-api.open-meteo.com", name: "PLAN_CLIMATE_URL"
        )
        marineBase = try Self.url(
            environment["PLAN_MARINE_URL"], default: "https://marine-api.open-meteo.com", name: "PLAN_MARINE_URL"
        )
        contact = environment["PLAN_CONTACT"].flatMap { $0.isEmpty ? nil : $0 }
        // A CR or LF (or any control character) would make the User-Agent header invalid, and it was dropped
        // without a word: refused instead.
        if let contact, contact.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) || contact.count > 200 {
            throw ConfigurationProblem(message: "PLAN_CONTACT '\(ConfigurationProblem.printable(contact))' must be one line of at most 200 characters.",
                           hint: "Set PLAN_CONTACT to your email or a URL, e.g. PLAN_CONTACT=you@example.com.")
        }
        isOffline = ["1", "true", "yes"].contains(environment["PLAN_OFFLINE"]?.lowercased() ?? "")
        timeout = try Self.number(environment["PLAN_HTTP_TIMEOUT"], default: 15, range: 0.1...600, name: "PLAN_HTTP_TIMEOUT")
        retries = Int(checked: try Self.number(environment["PLAN_HTTP_RETRIES"], default: 3, range: 1...10, name: "PLAN_HTTP_RETRIES")) ?? 3
    }

    /// The User-Agent without the contact (HTTPClient adds it for NWS hosts only).
    public var userAgent: String { Self.userAgent }

    /// "plan/0.3": the User-Agent of every request, the model server's too (never with the contact).
    public static var userAgent: String { "plan/\(PlanRelease.version)" }

    /// The User-Agent for `url`: with the contact only when it is an NWS URL (the rule is
    /// `HTTPClient.Configuration.userAgent(for:)`'s, which every forecast and geocoding request uses).
    public func userAgent(for url: URL) -> String {
        HTTPClient.Configuration(userAgent: userAgent, contact: contact, contactOrigins: [nwsBase]).userAgent(for: url)
    }

    /// `PLAN_MODEL_TIMEOUT`: seconds one model answer may take, start to finish (default 300).
    public static func modelTimeout(_ environment: [String: String]) throws -> TimeInterval {
        try number(environment["PLAN_MODEL_TIMEOUT"], default: 300, range: 0.1...3_600, name: "PLAN_MODEL_TIMEOUT")
    }

    private static func url(_ value: String?, default fallback: String, name: String) throws -> URL {
        let text = value.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ConfigurationProblem(message: "\(name) '\(ConfigurationProblem.printable(text))' is not an http(s) URL.",
                           hint: "Unset it to use \(fallback).")
        }
        // The weather services are public: a user name or password here would only end up in the cache's keys.
        guard url.user == nil, url.password == nil else {
            throw ConfigurationProblem(message: "\(name) must not carry a user name or password.",
                           hint: "Remove the 'user:password@' part.")
        }
        return url
    }

    private static func number(_ value: String?, default fallback: Double, range: ClosedRange<Double>, name: String) throws -> Double {
        guard let value, !value.isEmpty else { return fallback }
        guard let number = Double(value), range.contains(number) else {
            throw ConfigurationProblem(message: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound).",
                           hint: "Unset it to use \(fallback).")
        }
        return number
    }
}
