import Foundation
import Store
import Tools

/// What the rules look at: the trip and the forecast for its days.
public struct PackingContext: Sendable {
    public var start: CalendarDate
    public var end: CalendarDate
    public var activities: [String]
    /// Forecast days that fall within the trip.
    public var days: [ForecastDay]
    /// Trip days the forecast does not reach.
    public var missingDays: [CalendarDate]
    public var latitude: Double?
    /// ISO country code of the destination ("US").
    public var country: String?
    /// The forecast was a stale copy.
    public var isStale: Bool
    /// The forecast's last day, if any.
    public var forecastEnds: CalendarDate?
    /// How many days ahead the forecast reaches (7 for NWS, 16 for Open-Meteo); 7 when unknown.
    public var horizonDays: Int = 7
    /// Why there is no forecast at all, when the service could not be reached (or offline, nothing cached).
    public var unavailableReason: String?

    public init(
        start: CalendarDate, end: CalendarDate, activities: [String], days: [ForecastDay], missingDays: [CalendarDate],
        latitude: Double?, country: String?, isStale: Bool = false, forecastEnds: CalendarDate? = nil
    ) {
        self.start = start
        self.end = end
        self.activities = activities
        self.days = days
        self.missingDays = missingDays
        self.latitude = latitude
        self.country = country
        self.isStale = isStale
        self.forecastEnds = forecastEnds
    }

    /// The rules' view of a trip and the forecast obtained for it (nil: none could be had).
    public init(trip: Trip, forecast: Forecast?, isStale: Bool = false, unavailableReason: String? = nil) {
        let days = forecast?.days(from: trip.start, to: trip.end) ?? []
        let covered = Set(days.map(\.date))
        let missing = (0...max(0, trip.start.days(to: trip.end))).map { trip.start.adding(days: $0) }.filter { !covered.contains($0) }
        self.init(
            start: trip.start, end: trip.end, activities: trip.activities, days: days, missingDays: missing,
            latitude: trip.place?.latitude, country: trip.place?.country, isStale: isStale, forecastEnds: forecast?.lastDate
        )
        if let forecast, let first = forecast.days.first?.date, let last = forecast.lastDate {
            horizonDays = first.days(to: last) + 1
        }
        self.unavailableReason = unavailableReason
    }

    public var nights: Int { start.days(to: end) }
    /// Days away, counting the first and the last.
    public var dayCount: Int { nights + 1 }
}

/// The built-in engine's rules: small named functions of the trip and forecast, each giving items with reasons.
public enum PackingRules {
    /// Every rule, in the order their items are listed.
    public static let all: [(name: String, rule: @Sendable (PackingContext) -> [PackingItem])] = [
        ("clothingBasics", clothingBasics),
        ("temperatureLayers", temperatureLayers),
        ("daySpread", daySpread),
        ("rainGear", rainGear),
        ("snowGear", snowGear),
        ("windLayer", windLayer),
        ("sunProtection", sunProtection),
        ("seasonalFallback", seasonalFallback),
        ("activityGear", activityGear),
        ("essentials", essentials),
    ]

    /// The whole list: every rule's items, merged by name, sorted by category; plus notices.
    public static func list(for context: PackingContext) -> PackingList {
        var merged: [PackingItem] = []
        for (_, rule) in all {
            for item in rule(context) {
                if let index = merged.firstIndex(where: { $0.name == item.name }) {
                    merged[index].quantity = [merged[index].quantity, item.quantity].compactMap { $0 }.max()
                    merged[index].weather = merged[index].weather || item.weather
                    let joined = merged[index].reason + "; " + item.reason
                    if merged[index].reason != item.reason, item.weather, joined.count <= 100 {
                        merged[index].reason = joined
                    } else if item.weather, !merged[index].weather {
                        merged[index].reason = item.reason  // the forecast's reason says more than a generic one
                    }
                } else {
                    merged.append(item)
                }
            }
        }
        let order = PackingInstructions.categories
        let sorted = merged.enumerated().sorted { a, b in
            let left = order.firstIndex(of: a.element.category) ?? order.count
            let right = order.firstIndex(of: b.element.category) ?? order.count
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        return PackingList(items: sorted, notices: notices(for: context))
    }

    // MARK: - Notices

    public static func notices(for context: PackingContext) -> [String] {
        var notices: [String] = []
        if !context.missingDays.isEmpty {
            let missing = context.missingDays
            let names = missing.count > 3
                ? "\(missing[0].shortLabel) to \(missing[missing.count - 1].shortLabel)"
                : missing.map(\.shortLabel).joined(separator: ", ")
            if context.days.isEmpty, let reason = context.unavailableReason {
                notices.append("No forecast could be had (\(reason)); this is a general list for the season. Run pack again when the forecast service is reachable.")
            } else if context.days.isEmpty {
                notices.append("No forecast for \(names) yet; this is a general list for the season. Run pack again when the trip is within a week for weather-driven items.")
            } else {
                // A day comes into reach `horizonDays - 1` days before it.
                let lead = max(0, context.horizonDays - 1)
                let first = missing[0].adding(days: -lead)
                let all = missing[missing.count - 1].adding(days: -lead)
                let when = missing.count == 1 || first == all
                    ? "from \(first.shortLabel)"
                    : "from \(first.shortLabel) for the first of them, \(all.shortLabel) for all"
                notices.append("No forecast yet for \(names); run pack again \(when).")
            }
        }
        if context.isStale {
            notices.append("The forecast is a stale copy (the weather service failed); check again before you leave.")
        }
        for day in context.days where day.hasThunder {
            notices.append("Thunderstorms forecast \(day.date.shortLabel): plan indoor options.")
            break
        }
        if context.nights > 7 {
            notices.append("Clothes are counted for a week; plan on laundry for \(context.nights) nights.")
        }
        return notices
    }

    // MARK: - Clothing

    /// Quantities scale with nights and cap at a week (laundry).
    @Sendable static func clothingBasics(_ context: PackingContext) -> [PackingItem] {
        let days = context.dayCount
        let capped = min(days, 7)
        let laundry = days > 7 ? " (a week's worth; do laundry)" : ""
        return [
            PackingItem(category: "Clothing", name: "Underwear", quantity: min(days + 1, 8),
                        reason: "One a day plus a spare for \(days) day\(days == 1 ? "" : "s")\(laundry)"),
            PackingItem(category: "Clothing", name: "Socks", quantity: min(days + 1, 8),
                        reason: "One pair a day plus a spare\(laundry)"),
            PackingItem(category: "Clothing", name: "Tops", quantity: capped, reason: "One a day\(laundry)"),
            PackingItem(category: "Clothing", name: "Trousers or skirts", quantity: max(1, min((days + 1) / 2, 4)),
                        reason: "One for every two days"),
            PackingItem(category: "Clothing", name: "Sleepwear", quantity: 1, reason: "For \(context.nights) night\(context.nights == 1 ? "" : "s")"),
        ]
    }

    /// Temperature bands (hot, warm, mild, cool, cold, freezing) drive layers.
    @Sendable static func temperatureLayers(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        let highs = context.days.compactMap { day in day.high.map { (day, $0) } }
        let lows = context.days.compactMap { day in day.low.map { (day, $0) } }
        if let coldest = lows.min(by: { $0.1 < $1.1 }) {
            let (day, low) = coldest
            if low < 25 {
                items.append(weather("Outerwear", "Insulated winter coat", "Low of \(low)°F \(day.date.shortLabel)"))
                items.append(weather("Clothing", "Thermal base layers", "Low of \(low)°F \(day.date.shortLabel)", quantity: 2))
                items.append(weather("Outerwear", "Warm hat and gloves", "Freezing: \(low)°F \(day.date.shortLabel)"))
                items.append(weather("Outerwear", "Scarf", "Low of \(low)°F \(day.date.shortLabel)"))
            } else if low < 40 {
                items.append(weather("Outerwear", "Warm coat", "Low of \(low)°F \(day.date.shortLabel)"))
                items.append(weather("Outerwear", "Warm hat and gloves", "Cold: \(low)°F \(day.date.shortLabel)"))
            } else if low < 55 {
                items.append(weather("Outerwear", "Light jacket", "Low of \(low)°F \(day.date.shortLabel)"))
            }
        }
        if let coolest = highs.min(by: { $0.1 < $1.1 }), coolest.1 < 55 {
            items.append(weather("Clothing", "Warm sweaters or fleeces", "High only \(coolest.1)°F \(coolest.0.date.shortLabel)",
                                 quantity: min(3, max(1, context.dayCount / 3))))
        }
        if let hottest = highs.max(by: { $0.1 < $1.1 }) {
            let (day, high) = hottest
            if high >= 85 {
                let hotDays = highs.filter { $0.1 >= 85 }.count
                items.append(weather("Clothing", "Shorts", "High of \(high)°F \(day.date.shortLabel)", quantity: min(4, max(1, (hotDays + 1) / 2))))
                items.append(weather("Clothing", "Breathable short-sleeved tops", "High of \(high)°F \(day.date.shortLabel)", quantity: min(7, hotDays)))
                items.append(weather("Health", "Reusable water bottle", "Heat: \(high)°F \(day.date.shortLabel); drink often"))
            } else if high >= 70 {
                items.append(weather("Clothing", "Short-sleeved tops", "Warm days: \(high)°F \(day.date.shortLabel)", quantity: min(4, highs.filter { $0.1 >= 70 }.count)))
            }
        }
        return items
    }

    /// A wide swing between the day's high and the night's low adds a layer.
    @Sendable static func daySpread(_ context: PackingContext) -> [PackingItem] {
        let spreads = context.days.compactMap { day -> (ForecastDay, Int, Int)? in
            guard let high = day.high, let low = day.low else { return nil }
            return (day, high, low)
        }
        // Only when the night is cool: a 110°F day and an 84°F night call for no fleece.
        let coolNights = spreads.filter { $0.2 < 60 }
        guard let widest = coolNights.max(by: { $0.1 - $0.2 < $1.1 - $1.2 }), widest.1 - widest.2 >= 25 else { return [] }
        return [weather("Clothing", "Mid layer (fleece or light sweater)",
                        "\(widest.1)°F by day, \(widest.2)°F at night \(widest.0.date.shortLabel)")]
    }

    // MARK: - Weather gear

    /// Precipitation probability drives rain gear.
    @Sendable static func rainGear(_ context: PackingContext) -> [PackingItem] {
        // Days with snow, or too cold for rain to be likely, are left to the snow rule.
        let wet = context.days.filter { !$0.hasSnow && ($0.high ?? 50) > 36 }
            .compactMap { day in day.precipitationChance.map { (day, $0) } }
        guard let wettest = wet.max(by: { $0.1 < $1.1 }) else { return [] }
        let (day, chance) = wettest
        let reason = "\(chance)% chance of rain \(day.date.shortLabel)"
        var items: [PackingItem] = []
        if chance >= 50 {
            items.append(weather("Rain & weather", "Waterproof rain jacket", reason))
            items.append(weather("Rain & weather", "Compact umbrella", reason))
            let rainyDays = wet.filter { $0.1 >= 60 }
            if rainyDays.count >= 2 {
                let wettestRainy = rainyDays.max(by: { $0.1 < $1.1 }) ?? wettest
                items.append(weather("Footwear", "Waterproof shoes",
                                     "Rain likely on \(rainyDays.count) days: \(wettestRainy.1)% \(wettestRainy.0.date.shortLabel)"))
            }
        } else if chance >= 30 {
            items.append(weather("Rain & weather", "Compact umbrella", reason))
        }
        return items
    }

    /// Snow in the forecast drives snow gear and boots.
    @Sendable static func snowGear(_ context: PackingContext) -> [PackingItem] {
        let snowy = context.days.filter { $0.hasSnow && (($0.precipitationChance ?? 50) >= 40 || ($0.snowfall ?? 0) > 0) }
        guard let first = snowy.first else { return [] }
        let worst = snowy.max { ($0.precipitationChance ?? 0) < ($1.precipitationChance ?? 0) } ?? first
        let what = [worst.summary, worst.nightSummary ?? ""].first(where: WeatherText.isSnowy) ?? "Snow"
        // Every weather reason names a figure of its day: the chance, else the snowfall, else the high.
        var chance = ""
        if let percent = worst.precipitationChance {
            chance = " (\(percent)%)"
        } else if let snowfall = worst.snowfall, snowfall.isFinite, (0..<10_000).contains(snowfall) {
            chance = " (\(Int(checkedRounding: snowfall) ?? 0) cm)"
        } else if let high = worst.high {
            chance = ", \(high)°F"
        }
        let reason = "\(what)\(chance) \(worst.date.shortLabel)"
        return [
            weather("Footwear", "Insulated waterproof boots", reason),
            weather("Clothing", "Wool socks", reason, quantity: min(context.dayCount, 4)),
            weather("Outerwear", "Waterproof gloves", reason),
        ]
    }

    /// Strong wind or gusts drive a wind layer.
    @Sendable static func windLayer(_ context: PackingContext) -> [PackingItem] {
        let windy = context.days.filter { ($0.gust ?? 0) >= 35 || ($0.wind ?? 0) >= 25 }
        guard let worst = windy.max(by: { max($0.gust ?? 0, $0.wind ?? 0) < max($1.gust ?? 0, $1.wind ?? 0) }) else { return [] }
        let figure = worst.gust.map { "Gusts to \($0) mph" } ?? "Wind \(worst.wind ?? 0) mph"
        return [weather("Outerwear", "Windproof shell", "\(figure) \(worst.date.shortLabel)")]
    }

    /// Sunny, warm days or a high UV index drive sun protection.
    @Sendable static func sunProtection(_ context: PackingContext) -> [PackingItem] {
        let sunny = context.days.filter { day in
            let clear = ["sunny", "clear", "fair"].contains { day.summary.lowercased().contains($0) }
            return (clear && (day.high ?? 0) >= 70) || (day.uvIndex ?? 0) >= 6 || (day.high ?? 0) >= 85
        }
        guard let brightest = sunny.max(by: { ($0.uvIndex ?? Double($0.high ?? 0) / 15) < ($1.uvIndex ?? Double($1.high ?? 0) / 15) })
        else { return [] }
        let figure = brightest.uvIndex.map { String(format: "UV index %.0f", $0) }
            ?? "\(brightest.summary), \(brightest.high ?? 0)°F"
        let reason = "\(figure) \(brightest.date.shortLabel)"
        var items = [
            weather("Toiletries", "Sunscreen (SPF 30+)", reason),
            weather("Outerwear", "Sunglasses", reason),
        ]
        if (brightest.high ?? 0) >= 85 || (brightest.uvIndex ?? 0) >= 8 {
            items.append(weather("Outerwear", "Sun hat", reason))
        }
        return items
    }

    /// Without a forecast for any day: what the season usually needs at that latitude.
    @Sendable static func seasonalFallback(_ context: PackingContext) -> [PackingItem] {
        guard context.days.isEmpty else { return [] }
        let latitude = context.latitude ?? 40
        let month = context.start.month
        let northern = latitude >= 0
        let winter = northern ? [12, 1, 2].contains(month) : [6, 7, 8].contains(month)
        let summer = northern ? [6, 7, 8].contains(month) : [12, 1, 2].contains(month)
        let tropical = abs(latitude) < 23.5
        let season = "no forecast yet; usual for \(monthName(month)) at \(Int(checkedRounding: abs(latitude)) ?? 0)°\(northern ? "N" : "S")"
        if tropical {
            return [
                PackingItem(category: "Clothing", name: "Light, breathable clothes", reason: "Tropical latitude (\(season))"),
                PackingItem(category: "Rain & weather", name: "Compact umbrella", reason: "Tropical showers are common (\(season))"),
                PackingItem(category: "Toiletries", name: "Sunscreen (SPF 30+)", reason: "Strong sun near the equator"),
            ]
        }
        if winter {
            return [
                PackingItem(category: "Outerwear", name: "Warm coat", reason: "Winter (\(season))"),
                PackingItem(category: "Outerwear", name: "Warm hat and gloves", reason: "Winter (\(season))"),
                PackingItem(category: "Clothing", name: "Warm sweaters or fleeces", quantity: 2, reason: "Winter (\(season))"),
                PackingItem(category: "Rain & weather", name: "Compact umbrella", reason: "In case of rain or sleet"),
            ]
        }
        if summer {
            return [
                PackingItem(category: "Clothing", name: "Short-sleeved tops", quantity: min(4, context.dayCount), reason: "Summer (\(season))"),
                PackingItem(category: "Toiletries", name: "Sunscreen (SPF 30+)", reason: "Summer sun (\(season))"),
                PackingItem(category: "Outerwear", name: "Light jacket", reason: "For cooler evenings"),
            ]
        }
        return [
            PackingItem(category: "Outerwear", name: "Light jacket", reason: "Spring or autumn (\(season))"),
            PackingItem(category: "Clothing", name: "Warm sweaters or fleeces", quantity: 1, reason: "Cool mornings and evenings"),
            PackingItem(category: "Rain & weather", name: "Compact umbrella", reason: "Showers are common in spring and autumn"),
        ]
    }

    // MARK: - Activities and essentials

    /// Gear for the activities the traveller named.
    @Sendable static func activityGear(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        var others: [String] = []
        let days = context.dayCount
        for activity in context.activities {
            let why = "For \(activity)"
            switch activity {
            case "hiking", "hike", "trekking":
                items += [
                    PackingItem(category: "Footwear", name: "Hiking boots", reason: why),
                    PackingItem(category: "Activity gear", name: "Daypack", reason: why),
                    PackingItem(category: "Health", name: "Reusable water bottle", reason: why),
                    PackingItem(category: "Health", name: "Blister plasters", reason: why),
                ]
            case "beach", "swimming", "swim":
                items += [
                    PackingItem(category: "Clothing", name: "Swimsuit", quantity: days > 3 ? 2 : 1, reason: why),
                    PackingItem(category: "Activity gear", name: "Beach towel", reason: why),
                    PackingItem(category: "Footwear", name: "Sandals or flip-flops", reason: why),
                    PackingItem(category: "Toiletries", name: "Sunscreen (SPF 30+)", reason: why),
                ]
            case "business", "work", "conference":
                items += [
                    PackingItem(category: "Clothing", name: "Business outfits", quantity: min(days, 5), reason: why),
                    PackingItem(category: "Footwear", name: "Dress shoes", reason: why),
                    PackingItem(category: "Electronics", name: "Laptop and charger", reason: why),
                    PackingItem(category: "Documents & money", name: "Business cards", reason: why),
                ]
            case "ski", "skiing", "snowboard", "snowboarding":
                items += [
                    PackingItem(category: "Activity gear", name: "Ski jacket and trousers", reason: why),
                    PackingItem(category: "Activity gear", name: "Goggles", reason: why),
                    PackingItem(category: "Clothing", name: "Thermal base layers", quantity: 2, reason: why),
                    PackingItem(category: "Outerwear", name: "Waterproof gloves", reason: why),
                    PackingItem(category: "Clothing", name: "Ski socks", quantity: min(days, 4), reason: why),
                ]
            case "running", "run", "gym":
                items += [
                    PackingItem(category: "Footwear", name: "Running shoes", reason: why),
                    PackingItem(category: "Clothing", name: "Workout clothes", quantity: min(days, 3), reason: why),
                ]
            case "camping":
                items += [
                    PackingItem(category: "Activity gear", name: "Headlamp", reason: why),
                    PackingItem(category: "Activity gear", name: "Sleeping bag", reason: why),
                    PackingItem(category: "Health", name: "Insect repellent", reason: why),
                ]
            default:
                others.append(activity)
            }
        }
        if !others.isEmpty {
            // One line for all the activities without rules, so the list stays short.
            items.append(PackingItem(
                category: "Activity gear", name: "Gear for \(others.joined(separator: ", "))".prefix(50).description,
                reason: "You listed \(others.joined(separator: ", "))".prefix(100).description
            ))
        }
        return items
    }

    /// Documents, chargers, toiletries and medication: always.
    @Sendable static func essentials(_ context: PackingContext) -> [PackingItem] {
        let abroad = context.country.map { $0 != "US" && !$0.isEmpty } ?? false
        var items = [
            PackingItem(category: "Toiletries", name: "Toothbrush and toothpaste", reason: "Every trip"),
            PackingItem(category: "Toiletries", name: "Deodorant and toiletries", reason: "Every trip"),
            PackingItem(category: "Health", name: "Medications", reason: "Your usual prescriptions, in your carry-on"),
            PackingItem(category: "Documents & money", name: abroad ? "Passport" : "ID or driver's licence",
                        reason: abroad ? "Travelling abroad" : "Every trip"),
            PackingItem(category: "Documents & money", name: "Wallet, cards and some cash", reason: "Every trip"),
            PackingItem(category: "Electronics", name: "Phone and charger", reason: "Every trip"),
        ]
        if abroad {
            items.append(PackingItem(category: "Electronics", name: "Plug adapter", reason: "Sockets differ abroad"))
        }
        if context.nights >= 4 {
            items.append(PackingItem(category: "Health", name: "Small first-aid kit", reason: "\(context.nights) nights away"))
        }
        return items
    }

    // MARK: - Helpers

    static func weather(_ category: String, _ name: String, _ reason: String, quantity: Int? = nil) -> PackingItem {
        PackingItem(category: category, name: name, quantity: quantity, reason: reason, weather: true)
    }

    static func monthName(_ month: Int) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"]
        return names[max(0, min(11, month - 1))]
    }
}
