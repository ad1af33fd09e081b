import FoundationEssentials
import Model
import Store

/// The usual weather of a place on given calendar days, from Open-Meteo's historical weather API
/// (`/v1/archive`, ERA5 reanalysis): one request per place and window, through the HTTP cache with a
/// lifetime of a year (history does not change), so a second pack and `--offline` make no request.
public struct ClimateService: Sendable {
    public let http: HTTPClient
    public let base: URL

    public init(http: HTTPClient, base: URL) {
        self.http = http
        self.base = base
    }

    /// The climate of `first...last` at `place` as of `today`: a forecast whose days are `climate` days.
    public func climate(
        for place: Place, from first: CalendarDate, to last: CalendarDate, today: CalendarDate
    ) async throws -> (forecast: Forecast, origin: FetchedResponse.Origin) {
        let window = ClimateWindow(from: first, to: last, today: today)
        let url = try Self.url(base: base, latitude: place.latitude, longitude: place.longitude, window: window)
        let name = place.name
        let timeZone = place.timeZone
        let latitude = place.latitude
        let response = try await http.getDecoded(
            url, service: "Open-Meteo archive", kind: .climate, accepts: { ClimateDecoder.isArchive($0) },
            decode: {
                try ClimateDecoder.forecast(
                    from: $0.body, window: window, place: name, url: $0.url, timeZone: timeZone, fetchedAt: $0.fetchedAt,
                    latitude: latitude
                )
            }
        )
        var forecast = response.value
        // The same window a year on asks for the same archive days: the record is re-dated to this trip's days,
        // each day by its own month and day (a trip day with too few readings has no climate day to count by).
        forecast.days = Self.redated(forecast.days, to: window.days)
        return (forecast, response.origin)
    }

    /// `/v1/archive?latitude=..&longitude=..&start_date=..&end_date=..&daily=..&timezone=auto&…` (°F, mph, mm).
    static func url(base: URL, latitude: Double, longitude: Double, window: ClimateWindow) throws -> URL {
        var components = URLComponents(url: base.appending(path: "v1/archive"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: FixedDecimal.text(latitude, places: 4)),
            URLQueryItem(name: "longitude", value: FixedDecimal.text(longitude, places: 4)),
            URLQueryItem(name: "start_date", value: window.requestStart.description),
            URLQueryItem(name: "end_date", value: window.requestEnd.description),
            URLQueryItem(name: "daily", value: ClimateDecoder.variables.joined(separator: ",")),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "temperature_unit", value: "fahrenheit"),
            URLQueryItem(name: "wind_speed_unit", value: "mph"),
        ]
        guard let url = components?.url else {
            throw ServiceError.malformed(service: "Open-Meteo archive", detail: "cannot build the request URL")
        }
        return url
    }

    /// Each day dated to the trip day of its month and day (kept when it is one already); a day no trip
    /// day matches is left out. Matched by date, never by position: a missing day shifts nothing.
    static func redated(_ days: [ForecastDay], to tripDays: [CalendarDate]) -> [ForecastDay] {
        return days.compactMap { day in
            if tripDays.contains(day.date) { return day }
            guard let match = tripDays.first(where: { $0.month == day.date.month && $0.day == day.date.day }) else { return nil }
            var day = day
            day.date = match
            return day
        }
    }
}
