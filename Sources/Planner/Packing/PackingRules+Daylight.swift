import FoundationEssentials
import Model
import Store
import Tools

extension PackingRules {
    // MARK: - Daylight

    /// The sun over each trip day where the traveller is that day (`SolarDay`; a trip of several stops at each
    /// stop's latitude), with the place's name, first day to last; a day without a latitude is left out.
    static func solarDays(_ context: PackingContext) -> [(sun: SolarDay, place: String?)] {
        (0...max(0, context.nights)).compactMap { offset in
            let date = context.start.adding(days: offset)
            let place = context.place(on: date)
            guard let latitude = place.latitude, latitude.isFinite else { return nil }
            return (SolarDay(date: date, latitude: latitude), place.name)
        }
    }

    /// Whether the sun never rises on any trip day (the polar night): no glare, no sunburn.
    static func isPolarNightThroughout(_ context: PackingContext) -> Bool {
        let days = solarDays(context)
        return !days.isEmpty && days.count == context.nights + 1 && days.allSatisfy { $0.sun.kind == .polarNight }
    }

    /// " in Tromsø" for a reason (a long name cut).
    static func inPlace(_ name: String?) -> String {
        name.map { " in " + ($0.count > 24 ? String($0.prefix(23)) + "…" : $0) } ?? ""
    }

    /// Days of under 20 hours' light need nothing; from 20 hours (and under the midnight sun) sleep wants an eye mask.
    static let eyeMaskHours = 20.0

    /// Short days (under `SolarDay.shortDayHours` of daylight, the polar night too) bring a headlamp, and on
    /// days out a reflector for walking on dark roads; the midnight sun (or 20 hours of light) an eye mask.
    /// The reason names the darkest (or lightest) day and its daylight, worked out from the date and latitude.
    @Sendable static func daylight(_ context: PackingContext) -> [PackingItem] {
        let days = solarDays(context)
        var items: [PackingItem] = []
        if let (darkest, name) = days.min(by: { $0.sun.daylightHours < $1.sun.daylightHours }), darkest.isShort {
            let said = darkest.kind == .polarNight ? "Polar night: no sunrise" : "Short days: \(darkest.daylightText)"
            let reason = "\(said) \(darkest.date.shortLabel)\(inPlace(name))"
            items.append(PackingItem(category: "Activity gear", name: "Headlamp", reason: reason, weather: true))
            if !spendsDaysIndoors(context) {
                items.append(PackingItem(category: "Accessories", name: "Reflector or reflective band", reason: reason + "; be seen in the dark", weather: true))
            }
        }
        if let (lightest, name) = days.max(by: { $0.sun.daylightHours < $1.sun.daylightHours }),
           lightest.daylightHours >= eyeMaskHours, !context.isDayTrip {
            let said = lightest.kind == .midnightSun ? "Midnight sun: no sunset" : "Light nights: \(lightest.daylightText)"
            let reason = "\(said) \(lightest.date.shortLabel)\(inPlace(name)); sleep in the light"
            items.append(PackingItem(category: "Health", name: "Eye mask", reason: reason, weather: true))
        }
        return items
    }

    // MARK: - Winter driving

    /// A low at which roads ice over (°F).
    static let icyRoadLow = 28

    /// A road trip through snow or a freezing night: winter tyres or chains, and the car kit (scraper,
    /// blanket, shovel: the same item a winter-storm alert brings, so the two merge), whether or not an
    /// alert is in force. The reason names the snowy or coldest day.
    @Sendable static func winterDriving(_ context: PackingContext) -> [PackingItem] {
        let kits = ActivityKits.resolve(context.activities).kits
        guard kits.contains(where: { $0.name == "road trip" }) else { return [] }
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        let reason: String
        if let snow = weather.snowDay {
            reason = cite.reason(.snowfall, of: snow, lead: "Snow on the roads")
        } else if let cold = weather.coldestLow, let day = cold.day, cold.value < icyRoadLow {
            reason = cite.reason(.low, of: day, lead: "Icy roads")
        } else {
            return []
        }
        return [
            forecastItem("Rain & weather", "Winter tyres or chains (check the car has them)", reason),
            forecastItem("Rain & weather", "Car emergency kit (scraper, blanket, shovel)", reason),
        ]
    }
}
