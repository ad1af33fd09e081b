import Foundation
import Store

/// A forecast and how it was obtained (for "NWS, fetched 12 min ago" and stale warnings).
public struct ForecastReport: Sendable, Equatable {
    public var forecast: Forecast
    /// How the forecast document itself was obtained.
    public var origin: ForecastOrigin
    /// Why NWS was not used, when it was not ("outside NWS coverage").
    public var note: String?

    public init(forecast: Forecast, origin: ForecastOrigin, note: String? = nil) {
        self.forecast = forecast
        self.origin = origin
        self.note = note
    }
}

/// Where forecasts come from: the live services through the cache, or a trip's pinned snapshot.
public protocol ForecastProvider: Sendable {
    func forecast(for place: Place) async throws -> ForecastReport
}

/// NWS for US points (`/points` then its `forecast` URL); Open-Meteo elsewhere or where NWS has no data.
public struct ForecastService: ForecastProvider {
    public let http: HTTPClient
    public let nwsBase: URL
    public let openMeteoBase: URL

    public init(http: HTTPClient, nwsBase: URL, openMeteoBase: URL) {
        self.http = http
        self.nwsBase = nwsBase
        self.openMeteoBase = openMeteoBase
    }

    public func forecast(for place: Place) async throws -> ForecastReport {
        if Self.isNWSCandidate(place) {
            do {
                return try await nws(place)
            } catch let NWSMiss.noData(note) {
                // NWS answers 404 InvalidPoint outside its coverage (or for a grid it lost): Open-Meteo covers the world.
                var report = try await openMeteo(place)
                report.note = note
                return report
            }
        }
        return try await openMeteo(place)
    }

    /// US places and US territories go to NWS first.
    static func isNWSCandidate(_ place: Place) -> Bool {
        ["US", "PR", "GU", "VI", "AS", "MP"].contains(place.country)
    }

    /// "39.7392,-104.9847": four decimals, trailing zeros dropped, as NWS wants them (more gets a 301).
    static func pointPath(latitude: Double, longitude: Double) -> String {
        func format(_ value: Double) -> String {
            var text = FixedDecimal.text(value, places: 4)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        }
        return "\(format(latitude)),\(format(longitude))"
    }

    private func nws(_ place: Place) async throws -> ForecastReport {
        let pointsURL = nwsBase.appending(path: "points/" + Self.pointPath(latitude: place.latitude, longitude: place.longitude))
        let point: NWSForecastDecoder.Point
        do {
            point = try await http.getDecoded(
                pointsURL, service: "NWS", kind: .point, accept: "application/geo+json",
                accepts: { NWSForecastDecoder.isPoint($0) },
                decode: { try NWSForecastDecoder.point(from: $0.body) }
            ).value
        } catch let error as ServiceError where error.status == 404 {
            throw NWSMiss.noData("outside NWS coverage; using Open-Meteo")
        }
        // The forecast link must be on the NWS host plan asked (scheme, host and port): a /points answer
        // naming another host is not followed (the contact and the trip's location would go there).
        guard point.forecastURL.scheme?.lowercased() == pointsURL.scheme?.lowercased(),
              point.forecastURL.host?.lowercased() == pointsURL.host?.lowercased(),
              point.forecastURL.port == pointsURL.port
        else {
            throw ServiceError.malformed(
                service: "NWS", detail: "the points answer links a forecast on another host (\(point.forecastURL.host ?? "none"))"
            )
        }
        let timeZone = point.timeZone ?? place.timeZone
        let response: DecodedFetch<Forecast>
        do {
            response = try await http.getDecoded(
                point.forecastURL, service: "NWS", kind: .forecast, accept: "application/geo+json",
                accepts: { NWSForecastDecoder.isForecast($0) },
                decode: {
                    try NWSForecastDecoder.forecast(from: $0.body, url: $0.url, timeZone: timeZone, fetchedAt: $0.fetchedAt)
                }
            )
        } catch let error as ServiceError where error.status == 404 {
            throw NWSMiss.noData("NWS has no forecast for this point's grid; using Open-Meteo")
        }
        var forecast = response.value
        // The days come from the document alone; the zone is this place's (two places may share a grid).
        forecast.timeZone = timeZone
        return ForecastReport(
            forecast: forecast, origin: ForecastOrigin(response.origin, age: max(0, Date().timeIntervalSince(response.fetchedAt)))
        )
    }

    private func openMeteo(_ place: Place) async throws -> ForecastReport {
        var components = URLComponents(
            url: openMeteoBase.appending(path: "v1/forecast"), resolvingAgainstBaseURL: false
        )
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: FixedDecimal.text(place.latitude, places: 4)),
            URLQueryItem(name: "longitude", value: FixedDecimal.text(place.longitude, places: 4)),
            URLQueryItem(name: "daily", value: OpenMeteoForecastDecoder.variables.joined(separator: ",")),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "forecast_days", value: "16"),
            URLQueryItem(name: "temperature_unit", value: "fahrenheit"),
            URLQueryItem(name: "wind_speed_unit", value: "mph"),
        ]
        guard let url = components?.url else {
            throw ServiceError.malformed(service: "Open-Meteo", detail: "cannot build the request URL")
        }
        let response = try await http.getDecoded(
            url, service: "Open-Meteo", kind: .forecast, accepts: { OpenMeteoForecastDecoder.isForecast($0) },
            decode: {
                try OpenMeteoForecastDecoder.forecast(
                    from: $0.body, url: $0.url, fallbackTimeZone: place.timeZone, fetchedAt: $0.fetchedAt
                )
            }
        )
        let forecast = response.value
        return ForecastReport(
            forecast: forecast, origin: ForecastOrigin(response.origin, age: max(0, Date().timeIntervalSince(response.fetchedAt)))
        )
    }
}

/// NWS has nothing for a point (404): the caller falls back to Open-Meteo with this note.
enum NWSMiss: Error {
    case noData(String)
}

/// Answers from a forecast pinned to a trip: no network at all (replays).
public struct PinnedForecastProvider: ForecastProvider {
    public let forecast: Forecast

    public init(forecast: Forecast) {
        self.forecast = forecast
    }

    public func forecast(for place: Place) async throws -> ForecastReport {
        ForecastReport(forecast: forecast, origin: .pinned, note: "pinned to the trip")
    }
}
