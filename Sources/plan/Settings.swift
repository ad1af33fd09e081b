import Foundation
import Store
import Tools

/// Configuration from the environment (flags win where both exist).
struct Settings {
    let nwsBase: URL
    let openMeteoBase: URL
    let geocoderBase: URL
    let nominatimBase: URL
    let contact: String?
    let isOffline: Bool
    let timeout: TimeInterval
    let retries: Int

    init(environment: [String: String]) throws {
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
        contact = environment["PLAN_CONTACT"].flatMap { $0.isEmpty ? nil : $0 }
        isOffline = ["1", "true", "yes"].contains(environment["PLAN_OFFLINE"]?.lowercased() ?? "")
        timeout = try Self.number(environment["PLAN_HTTP_TIMEOUT"], default: 15, range: 0.1...600, name: "PLAN_HTTP_TIMEOUT")
        retries = Int(try Self.number(environment["PLAN_HTTP_RETRIES"], default: 3, range: 1...10, name: "PLAN_HTTP_RETRIES"))
    }

    var userAgent: String {
        contact.map { "plan/\(Help.version) (\($0))" } ?? "plan/\(Help.version)"
    }

    private static func url(_ value: String?, default fallback: String, name: String) throws -> URL {
        let text = value.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw CLIError(code: ExitCode.usage, message: "\(name) '\(ArgumentParser.printable(text))' is not an http(s) URL.",
                           hint: "Unset it to use \(fallback).")
        }
        return url
    }

    private static func number(_ value: String?, default fallback: Double, range: ClosedRange<Double>, name: String) throws -> Double {
        guard let value, !value.isEmpty else { return fallback }
        guard let number = Double(value), range.contains(number) else {
            throw CLIError(code: ExitCode.usage, message: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound).",
                           hint: "Unset it to use \(fallback).")
        }
        return number
    }
}
