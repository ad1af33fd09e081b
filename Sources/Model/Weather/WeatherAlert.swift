import FoundationEssentials
import Basics

/// A weather alert in force for a point (NWS `/alerts/active`): a warning, watch or advisory.
public struct WeatherAlert: Codable, Sendable, Equatable {
    /// "Winter Storm Warning".
    public var event: String
    /// The service's one-line headline.
    public var headline: String
    /// `Extreme`, `Severe`, `Moderate`, `Minor` or `Unknown`.
    public var severity: String
    /// When the hazard begins (else when the alert was sent).
    public var onset: Date?
    /// When the hazard ends (else when the alert expires).
    public var ends: Date?
    /// A short digest of what and the impacts ("heavy snow; travel could be very difficult").
    public var summary: String
    /// On a trip of several stops: the stop the alert was read for and that stop's dates (set where the
    /// stops' forecasts are combined), so a notice and a reason name the place; nil on a one-place trip.
    public var stop: Stop?

    /// The stop of a trip an alert belongs to: its name ("Denver"), the days from arriving to leaving, and
    /// its time zone (the alert's window is said in the stop's own clock, not the first stop's).
    public struct Stop: Codable, Sendable, Equatable {
        public var name: String
        public var start: CalendarDate
        public var end: CalendarDate
        public var timeZone: String?

        public init(name: String, start: CalendarDate, end: CalendarDate, timeZone: String? = nil) {
            self.name = name
            self.start = start
            self.end = end
            self.timeZone = timeZone
        }
    }

    public init(event: String, headline: String, severity: String, onset: Date?, ends: Date?, summary: String) {
        self.event = event
        self.headline = headline
        self.severity = severity
        self.onset = onset
        self.ends = ends
        self.summary = summary
    }

    /// Whether the alert's time overlaps the local days `first...last` in `timeZone`; an open end
    /// overlaps everything after the onset.
    public func overlaps(from first: CalendarDate, to last: CalendarDate, timeZone: any UTCOffsetSource) -> Bool {
        let start = onset ?? .distantPast
        let end = ends ?? .distantFuture
        return start < Self.midnight(before: last.adding(days: 1), in: timeZone)
            && end > Self.midnight(before: first, in: timeZone)
    }

    /// The instant a local day begins in `timeZone`.
    static func midnight(before date: CalendarDate, in timeZone: any UTCOffsetSource) -> Date {
        let utc = Date(timeIntervalSince1970: TimeInterval(date.dayNumber) * 86_400)
        // The offset at that instant, then again at the corrected instant (DST changes near midnight).
        let first = utc.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utc)))
        return utc.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: first)))
    }

    /// Snow, ice or a blizzard: roads and paths that call for traction.
    public var isWinter: Bool {
        let event = event.lowercased()
        return ["winter", "snow", "blizzard", "ice storm", "freezing", "avalanche", "lake effect"].contains { event.contains($0) }
    }

    /// Heat warnings and advisories.
    public var isHeat: Bool { event.lowercased().contains("heat") }

    /// High wind warnings, wind advisories.
    public var isWind: Bool {
        let event = event.lowercased()
        return event.contains("wind") && !event.contains("chill")
    }
}
