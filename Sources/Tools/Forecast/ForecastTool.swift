import FoundationEssentials
import Basics
import LanguageModels
import Model
import Store

/// `forecast`: the weather for the trip's days at a point, as compact lines. Stateful for one session:
/// asking again for the same forecast gets a one-line reference instead of the same lines again.
public struct ForecastTool: Tool {
    /// A point.
    public struct Arguments: Generable, Equatable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }

        public static let generationSchema = GenerationSchema.object(Arguments.self, [
            .init(\.latitude, "latitude", .range(-90...90)),
            .init(\.longitude, "longitude", .range(-180...180)),
        ])
    }

    public let provider: any ForecastProvider
    public let start: CalendarDate
    public let end: CalendarDate
    /// The trip's place: used for its name, country and time zone when the point is near it.
    public let place: Place?
    /// Where to pin forecasts used (nil: don't pin, as in replays).
    public let pinning: (store: Store, tripID: Int)?
    /// The places this session may ask the weather for (nil: any point, as a standalone tool).
    public let places: TripPlaces?
    /// Distinct forecasts one session may fetch; later calls are answered with a refusal.
    public static let maximumForecasts = 3
    public let includesSchemaInInstructions: Bool
    /// The trip's stops, when it has several: a stop's forecast covers that stop's days, and each is pinned.
    public var legs: [TripLeg] = []
    /// Told about each forecast obtained (for progress lines).
    let onReport: @Sendable (ForecastReport) -> Void
    private let memory = CallMemory()
    let clock: @Sendable () -> Date

    public init(
        provider: any ForecastProvider, start: CalendarDate, end: CalendarDate, place: Place?,
        pinning: (store: Store, tripID: Int)? = nil, places: TripPlaces? = nil, includesSchemaInInstructions: Bool = true,
        clock: @escaping @Sendable () -> Date = { Date() },
        onReport: @escaping @Sendable (ForecastReport) -> Void = { _ in }
    ) {
        self.provider = provider
        self.start = start
        self.end = end
        self.place = place
        self.pinning = pinning
        self.places = places
        self.includesSchemaInInstructions = includesSchemaInInstructions
        self.clock = clock
        self.onReport = onReport
    }

    public var name: String { "forecast" }
    public var description: String { "Get the weather forecast for the trip's days at a point." }

    public func call(arguments: Arguments) async throws -> ForecastResult {
        var target = placeFor(arguments)
        var isDestination = true
        if let places {
            guard let known = await places.place(nearLatitude: arguments.latitude, longitude: arguments.longitude) else {
                return refusal(arguments, destination: places.destination)
            }
            target = known
            isDestination = await places.isDestination(latitude: known.latitude, longitude: known.longitude)
        }
        let key = ForecastService.pointPath(latitude: target.latitude, longitude: target.longitude)
        if let earlier = await memory.earlierCall(for: key) {
            return ForecastResult(
                place: target.label, outcome: .repeatOf(call: earlier),
                text: "Same forecast as the earlier forecast result (call \(earlier)); nothing new."
            )
        }
        guard await memory.fetched < max(Self.maximumForecasts, legs.count + 1) else {
            return ForecastResult(
                place: target.label, outcome: .refused(reason: "too many forecasts"),
                text: "Not fetched: at most \(Self.maximumForecasts) forecasts per plan. Answer with the forecasts above."
            )
        }
        // A stop's forecast, climate and alerts are asked for that stop's days (the days of every stop at this place).
        let dates = StopDates.range(at: target, legs: legs, tripStart: start, tripEnd: end)
        let report = try await provider.forecast(for: target, from: dates.start, to: dates.end)
        onReport(report)
        // Only the trip's own place is pinned: `show` and `replay` read the trip's forecast.
        if let pinning, isDestination {
            try await report.pin(to: pinning.store, tripID: pinning.tripID, placeID: target.id)
        }
        await memory.remember(key)
        return output(report, place: target, from: dates.start, to: dates.end)
    }

    /// The answer to a point far from every place the session knows: not fetched, and the model told
    /// where the trip is so it can call again.
    private func refusal(_ arguments: Arguments, destination: Place?) -> ForecastResult {
        let asked = Printf.format("%.4f, %.4f", arguments.latitude, arguments.longitude)
        guard let destination else {
            return ForecastResult(
                place: nil, outcome: .refused(reason: "\(asked) is not a place this trip knows"),
                text: "Not fetched: \(asked) is not a place this trip knows. Call geocode for the destination first."
            )
        }
        let kilometres = TripPlaces.distance(from: destination, toLatitude: arguments.latitude, longitude: arguments.longitude) / 1_000
        let text = String(
            "Not fetched: \(asked) is \(FixedDecimal.text(kilometres, places: 0)) km from the trip's destination. The trip is to "
                + "\(destination.label) at latitude \(FixedDecimal.text(destination.latitude, places: 4)), longitude "
                + "\(FixedDecimal.text(destination.longitude, places: 4)); call forecast with those."
        )
        return ForecastResult(place: nil, outcome: .refused(reason: "\(asked) is far from the destination"), text: text)
    }

    private func placeFor(_ arguments: Arguments) -> Place {
        if let place, abs(place.latitude - arguments.latitude) < 0.3, abs(place.longitude - arguments.longitude) < 0.3 {
            return place
        }
        let inUS = (24...50).contains(arguments.latitude) && (-125 ... -66).contains(arguments.longitude)
        return Place(
            name: Printf.format("%.4f,%.4f", arguments.latitude, arguments.longitude), region: "",
            country: inUS ? "US" : "", latitude: arguments.latitude, longitude: arguments.longitude,
            timeZone: place?.timeZone ?? "UTC", source: "typed"
        )
    }

    func output(_ report: ForecastReport, place: Place, from start: CalendarDate, to end: CalendarDate) -> ForecastResult {
        let forecast = report.forecast
        let days = forecast.days(from: start, to: end)
        let missing = forecast.missingDays(from: start, to: end)
        var header = "\(forecast.sourceName) \(forecast.daySources == [.climate] ? "climate" : "forecast") for \(place.label), \(start.shortLabel) to \(end.shortLabel)"
        let age = Age.describe(clock().timeIntervalSince(forecast.fetchedAt))
        switch report.origin {
        case let .stale(_, reason): header += " (stale copy fetched \(age); \(reason))"
        case .offline: header += " (stale copy fetched \(age); offline)"
        case .live, .cached, .revalidated, .pinned: break
        }
        var lines = [header + ":"]
        lines += days.map(\.compactLine)
        lines += forecast.alerts.map { "Alert: \($0.event): \($0.headline)" }
        if let sea = forecast.sea {
            lines.append("Sea: " + sea.reason(units: .us) + " (" + FixedDecimal.text(sea.celsius, places: 0) + "°C), Open-Meteo marine.")
        }
        if !missing.isEmpty {
            let last = forecast.lastDate.map { " (forecast ends \($0.shortLabel))" } ?? ""
            lines.append("No forecast for: " + missing.map(\.shortLabel).joined(separator: ", ") + last + ".")
        }
        return ForecastResult(
            place: place.label, outcome: .forecast(forecast, origin: report.origin, missingDays: missing),
            text: lines.joined(separator: "\n")
        )
    }
}

extension ForecastReport {
    /// "Forecast from NWS, cached 12 min ago" — for progress lines.
    public func summary(now: Date = Date()) -> String {
        let age = Age.describe(now.timeIntervalSince(forecast.fetchedAt))
        switch origin {
        case .cached: return "Forecast from \(forecast.sourceName), cached \(age)"
        case .live: return "Forecast from \(forecast.sourceName), fetched just now"
        case .revalidated: return "Forecast from \(forecast.sourceName), fetched \(age), still current"
        case let .stale(_, reason): return "Forecast from \(forecast.sourceName), a stale copy from \(age) (\(reason))"
        case .offline: return "Forecast from \(forecast.sourceName), a stale copy from \(age) (offline)"
        case .pinned: return "Forecast from \(forecast.sourceName), pinned to the trip"
        }
    }
}

/// Which forecasts a session already received. An actor: tools are shared across tasks.
actor CallMemory {
    private var calls: [String: Int] = [:]
    private var count = 0

    func earlierCall(for key: String) -> Int? { calls[key] }

    /// Distinct forecasts fetched so far.
    var fetched: Int { calls.count }

    func remember(_ key: String) {
        count += 1
        calls[key] = count
    }
}
