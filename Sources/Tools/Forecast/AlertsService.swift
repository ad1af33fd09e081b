import FoundationEssentials
import Basics
import Model
import Store

/// The NWS alerts in force for a point (`/alerts/active?point=lat,lon`), cached for minutes, kept when
/// their time overlaps the trip's days.
public struct AlertsService: Sendable {
    public let http: HTTPClient
    public let base: URL

    public init(http: HTTPClient, base: URL) {
        self.http = http
        self.base = base
    }

    /// The alerts at `place` overlapping `first...last` (the place's local days).
    public func alerts(for place: Place, from first: CalendarDate, to last: CalendarDate) async throws -> [WeatherAlert] {
        var components = URLComponents(url: base.appending(path: "alerts/active"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "point", value: ForecastService.pointPath(latitude: place.latitude, longitude: place.longitude)),
        ]
        guard let url = components?.url else {
            throw ServiceError.malformed(service: "NWS alerts", detail: "cannot build the request URL")
        }
        // Decoded once per document: a fresh hit reads the kept `AlertList`, not the GeoJSON.
        let fetched = try await http.getDecoded(
            url, service: "NWS alerts", kind: .alerts, accept: "application/geo+json",
            accepts: { AlertsDecoder.isAlerts($0) }, decode: { AlertList(try AlertsDecoder.alerts(from: $0.body)) }
        )
        let zone = ZoneRules.named(place.timeZone)
        return fetched.value.alerts.filter { $0.overlaps(from: first, to: last, timeZone: zone) }
    }
}
