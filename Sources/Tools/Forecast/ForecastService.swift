import FoundationEssentials
import Basics
import Model
import Store

/// Where forecasts come from: the live services through the cache, or a trip's pinned snapshot.
public protocol ForecastProvider: Sendable {
    /// The forecast for the days ahead at `place`.
    func forecast(for place: Place) async throws -> ForecastReport
    /// The weather for every day of `first...last` at `place`, each day saying where it came from.
    func forecast(for place: Place, from first: CalendarDate, to last: CalendarDate) async throws -> ForecastReport
}

extension ForecastProvider {
    /// A provider without dates answers with its forecast for the days ahead.
    public func forecast(for place: Place, from first: CalendarDate, to last: CalendarDate) async throws -> ForecastReport {
        try await forecast(for: place)
    }
}

/// NWS for US points (`/points` then its `forecast` URL); Open-Meteo elsewhere or where NWS has no data.
/// For a trip's days (`forecast(for:from:to:)`): NWS for the days it covers, Open-Meteo's forecast for the
/// rest of its 16 days (the US included), the usual climate past that (`ClimateService`), and for US
/// places the NWS alerts in force over the trip.
public struct ForecastService: ForecastProvider {
    public let http: HTTPClient
    public let nwsBase: URL
    public let openMeteoBase: URL
    /// Open-Meteo's historical weather API, for the days past the forecast (nil: no climate).
    public let climateBase: URL?
    /// Open-Meteo's marine API, for the sea off the place (nil: the sea is not asked; set for water trips).
    public var marineBase: URL?

    /// Days NWS forecasts, today included.
    public static let nwsDays = 7
    /// Days Open-Meteo forecasts, today included.
    public static let openMeteoDays = ForecastReach.openMeteoDays
    /// Alerts are read for trips starting within this many days (alerts in force rarely reach further).
    public static let alertDays = 7

    public init(http: HTTPClient, nwsBase: URL, openMeteoBase: URL, climateBase: URL? = nil) {
        self.http = http
        self.nwsBase = nwsBase
        self.openMeteoBase = openMeteoBase
        self.climateBase = climateBase
    }

    public func forecast(for place: Place, from first: CalendarDate, to last: CalendarDate) async throws -> ForecastReport {
        let today = CalendarDate(http.clock(), in: ZoneRules(identifier: place.timeZone))
        let plan = DayPlan(from: first, to: last, today: today, isNWSCandidate: Self.isNWSCandidate(place))
        var parts: [ForecastReport] = []
        var notes: [String] = []
        var failure: (any Error)?
        if plan.asksNWS { parts += try await nwsWhereCovered(place, notes: &notes) }
        let covered = parts.flatMap { $0.forecast.days.map(\.date) }
        if let range = plan.openMeteoRange(covered: covered) {
            do {
                parts.append(try await openMeteo(place, from: range.lowerBound, to: range.upperBound))
            } catch let error as ServiceError {
                failure = error
                notes.append("Open-Meteo's forecast could not be had (\(Self.reason(error)))")
            }
        }
        // A day once: a service answering days it was not asked for (or already covered) adds none of them.
        var days = Self.distinctDays(parts.map(\.forecast))
        var origins = parts.map(\.origin)
        let remaining = plan.tripDays.filter { day in !days.contains { $0.date == day } }
        if !remaining.isEmpty, let climateBase {
            do {
                let climate = try await ClimateService(http: http, base: climateBase)
                    .climate(for: place, from: first, to: last, today: today)
                let wanted = remaining
                days += climate.forecast.days.filter { wanted.contains($0.date) }
                origins.append(ForecastOrigin(climate.origin, age: max(0, Date().timeIntervalSince(climate.forecast.fetchedAt))))
                if parts.isEmpty {
                    parts.append(ForecastReport(forecast: climate.forecast, origin: origins[origins.count - 1]))
                }
            } catch let error as ServiceError {
                failure = failure ?? error
                notes.append("the usual climate could not be had (\(Self.reason(error)))")
            }
        }
        if parts.isEmpty, let failure {
            // Nothing for the trip's days: the forecast for the days ahead, so the trip still shows what
            // there is and says which days it lacks; when that fails too, the first failure stands.
            guard var ahead = try? await forecast(for: place) else { throw failure }
            ahead.note = notes.joined(separator: "; ")
            return ahead
        }
        guard let primary = parts.first else {
            throw failure ?? ServiceError.unavailable(service: "Open-Meteo", reason: "no forecast or climate for the trip's days")
        }
        days.sort { $0.date < $1.date }
        var forecast = primary.forecast
        forecast.days = days
        forecast.elevation = parts.lazy.compactMap(\.forecast.elevation).first
        if Self.isNWSCandidate(place), plan.asksAlerts {
            try await readAlerts(into: &forecast, place: place, from: first, to: last, notes: &notes)
        }
        await readSea(into: &forecast, place: place, from: first, to: last, today: today, notes: &notes)
        let origin = origins.first(where: \.isStale) ?? primary.origin
        notes.insert(contentsOf: parts.compactMap(\.note), at: 0)
        return ForecastReport(forecast: forecast, origin: origin, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The sea off the place, when the marine API is asked (water trips); a failure is a note, never the forecast's.
    private func readSea(
        into forecast: inout Forecast, place: Place, from first: CalendarDate, to last: CalendarDate, today: CalendarDate,
        notes: inout [String]
    ) async {
        guard let marineBase else { return }
        do {
            forecast.sea = try await MarineService(http: http, base: marineBase).seaTemperature(at: place, from: first, to: last, today: today)
        } catch let error as ServiceError {
            notes.append("the sea's temperature could not be had (\(Self.reason(error)))")
        } catch {
            notes.append("the sea's temperature could not be had")
        }
    }

    /// NWS's forecast, or none (its note kept) where NWS has no data for the point.
    private func nwsWhereCovered(_ place: Place, notes: inout [String]) async throws -> [ForecastReport] {
        do {
            return [try await nws(place)]
        } catch let NWSMiss.noData(note) {
            notes.append(note)
            return []
        }
    }

    /// The NWS alerts in force over `first...last` onto `forecast`; when they cannot be read, why, on the
    /// forecast (`alertsUnavailable`, for pack's notice) and in `notes` (for show's source line).
    private func readAlerts(
        into forecast: inout Forecast, place: Place, from first: CalendarDate, to last: CalendarDate, notes: inout [String]
    ) async throws {
        do {
            forecast.alerts = try await AlertsService(http: http, base: nwsBase).alerts(for: place, from: first, to: last)
        } catch let error as ServiceError {
            forecast.alertsUnavailable = Self.reason(error)
            notes.append("the NWS alerts could not be read (\(Self.reason(error)))")
        }
    }

    /// The days of `forecasts`, each date once: the first forecast to give a date keeps it.
    static func distinctDays(_ forecasts: [Forecast]) -> [ForecastDay] {
        // A short array, not a Set<CalendarDate>: a set makes the runtime look up `CalendarDate: Hashable` by
        // its mangled name, scanning every conformance record of the binary (0.34M instructions of a show).
        var seen: [CalendarDate] = []
        return forecasts.flatMap(\.days).filter { day in
            guard !seen.contains(day.date) else { return false }
            seen.append(day.date)
            return true
        }
    }

    /// A service error as a short reason, without its closing full stop.
    static func reason(_ error: ServiceError) -> String {
        var text = error.errorDescription ?? "failed"
        if text.hasSuffix(".") { text.removeLast() }
        return text
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

    /// Open-Meteo's forecast: its 16 days, or with dates (`start_date`/`end_date`) only those.
    private func openMeteo(_ place: Place, from first: CalendarDate? = nil, to last: CalendarDate? = nil) async throws
        -> ForecastReport
    {
        var components = URLComponents(
            url: openMeteoBase.appending(path: "v1/forecast"), resolvingAgainstBaseURL: false
        )
        var range = [URLQueryItem(name: "forecast_days", value: String(Self.openMeteoDays))]
        if let first, let last {
            range = [
                URLQueryItem(name: "start_date", value: first.description),
                URLQueryItem(name: "end_date", value: last.description),
            ]
        }
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: FixedDecimal.text(place.latitude, places: 4)),
            URLQueryItem(name: "longitude", value: FixedDecimal.text(place.longitude, places: 4)),
            URLQueryItem(name: "daily", value: OpenMeteoForecastDecoder.variables.joined(separator: ",")),
            URLQueryItem(name: "timezone", value: "auto"),
        ] + range + [
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
