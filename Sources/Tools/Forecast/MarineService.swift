import FoundationEssentials
import JSON
import LanguageModels
import Model
import Store

/// The sea's temperature off a place, from Open-Meteo's marine API (`/v1/marine`, hourly
/// `sea_surface_temperature`), through the HTTP cache. The model runs on an ocean grid: a point on land, a
/// river or a lake answers `null` throughout, so one request asks at the place and at four points about
/// 15 km from it (north, south, east, west), several locations at once as the API allows, and takes the
/// first that has a sea; none has: the place is inland and nothing is said. Trip days within the marine
/// forecast (16 days) get the forecast; days past it, the same dates a year earlier.
public struct MarineService: Sendable {
    /// The cached HTTP client every request goes through.
    public let http: HTTPClient
    /// The marine API's base URL (`PLAN_MARINE_URL`).
    public let base: URL

    /// Days the marine forecast reaches, today included.
    public static let forecastDays = 16
    /// Degrees from the place to each of the four other points asked.
    public static let offset = 0.15

    /// The marine API at `base`, read through `http`.
    public init(http: HTTPClient, base: URL) {
        self.http = http
        self.base = base
    }

    /// The sea off `place` over `first...last` as of `today`, or nil where there is no sea.
    public func seaTemperature(
        at place: Place, from first: CalendarDate, to last: CalendarDate, today: CalendarDate
    ) async throws -> SeaTemperature? {
        let isLastYear = last >= today.adding(days: Self.forecastDays)
        let start = isLastYear ? ClimateWindow.shift(first, yearsBack: 1) : first
        let end = start.adding(days: max(0, first.days(to: last)))
        let url = try Self.url(base: base, latitude: place.latitude, longitude: place.longitude, from: start, to: end)
        let response = try await http.get(url, service: "Open-Meteo marine", kind: isLastYear ? .climate : .forecast,
                                          accepts: { Self.isMarine($0) })
        guard let celsius = try Self.meanSea(from: response.body) else { return nil }
        return SeaTemperature(celsius: celsius, from: start, to: end, isLastYear: isLastYear)
    }

    /// The five points asked: the place, then north, south, east and west of it.
    static func points(latitude: Double, longitude: Double) -> [(Double, Double)] {
        let clampedLatitude = { (value: Double) in min(max(value, -90), 90) }
        let wrapped = { (value: Double) in value > 180 ? value - 360 : value < -180 ? value + 360 : value }
        return [(latitude, longitude), (clampedLatitude(latitude + offset), longitude), (clampedLatitude(latitude - offset), longitude),
                (latitude, wrapped(longitude + offset)), (latitude, wrapped(longitude - offset))]
    }

    /// `/v1/marine?latitude=a,b,..&longitude=..&hourly=sea_surface_temperature&timezone=auto&start_date=..&end_date=..`.
    static func url(base: URL, latitude: Double, longitude: Double, from: CalendarDate, to: CalendarDate) throws -> URL {
        let points = points(latitude: latitude, longitude: longitude)
        var components = URLComponents(url: base.appending(path: "v1/marine"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: points.map { FixedDecimal.text($0.0, places: 4) }.joined(separator: ",")),
            URLQueryItem(name: "longitude", value: points.map { FixedDecimal.text($0.1, places: 4) }.joined(separator: ",")),
            URLQueryItem(name: "hourly", value: "sea_surface_temperature"),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "start_date", value: from.description),
            URLQueryItem(name: "end_date", value: to.description),
        ]
        guard let url = components?.url else {
            throw ServiceError.malformed(service: "Open-Meteo marine", detail: "cannot build the request URL")
        }
        return url
    }

    /// Whether the bytes are a marine answer: one location's object, or an array of them.
    static func isMarine(_ data: Data) -> Bool {
        guard let document = try? JSONValue.parse(data) else { return false }
        let locations = document.arrayValue ?? [document]
        return !locations.isEmpty && locations.allSatisfy { $0["hourly"]?["time"]?.arrayValue != nil }
    }

    /// The mean of the first location with a sea (at least a quarter of its hours with a value from −2 to
    /// 40 °C), one decimal; nil when every location is land.
    static func meanSea(from data: Data) throws -> Double? {
        guard isMarine(data), let document = try? JSONValue.parse(data) else {
            throw ServiceError.malformed(service: "Open-Meteo marine", detail: "the answer has no hourly data")
        }
        for location in document.arrayValue ?? [document] {
            let hours = location["hourly"]?["time"]?.arrayValue?.count ?? 0
            let values = (location["hourly"]?["sea_surface_temperature"]?.arrayValue ?? []).prefix(24 * 400)
                .compactMap { ForecastBounds.number($0.doubleValue, in: -2...40) }
            guard hours > 0, values.count * 4 >= hours else { continue }
            return (values.reduce(0, +) / Double(values.count) * 10).rounded() / 10
        }
        return nil
    }
}
