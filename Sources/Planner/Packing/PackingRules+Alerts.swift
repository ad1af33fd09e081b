import FoundationEssentials
import Basics
import Model
import Tools

extension PackingRules {
    // MARK: - Alerts

    /// Items the alerts in force call for, by hazard and by what the trip does: extreme cold asks for mittens
    /// over gloves, a face cover, insulated boots and warmers; a winter storm for traction on foot (not on a
    /// work trip spent indoors) and a car kit only for a trip that drives; heat for water; smoke or dust
    /// for masks. A wind or flood alert is a notice: the forecast's own kit already meets it.
    @Sendable static func alertGear(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        let drives = ActivityKits.resolve(context.activities).kits.contains { $0.name == "road trip" }
        for alert in context.alerts.prefix(3) {
            let reason = alertReason(alert, context: context, citing: true)
            switch alert.hazard {
            case .extremeCold:
                items += extremeColdGear(context, reason: reason)
                if drives { items.append(forecastItem("Rain & weather", "Car emergency kit (scraper, blanket, shovel)", reason)) }
            case .cold:
                items += coldGear(context, reason: reason)
            case .winterStorm:
                if !spendsDaysIndoors(context) || drives {
                    items.append(forecastItem("Footwear", "Traction devices (microspikes or chains)", reason))
                }
                if drives {
                    items.append(forecastItem("Rain & weather", "Winter tyres or chains (check the car has them)", reason))
                    items.append(forecastItem("Rain & weather", "Car emergency kit (scraper, blanket, shovel)", reason))
                }
            case .heat:
                items.append(forecastItem("Health", "Reusable water bottle", fitted(reason, "drink often")))
            case .smoke, .dust:
                let what = alert.hazard == .smoke ? "smoke" : "dust"
                items.append(forecastItem("Health", "N95 or FFP2 masks", fitted(reason, "they filter the \(what)"), quantity: 2))
            case .other:
                break
            }
        }
        return items
    }

    /// Frostbite in minutes: mittens over the gloves, a face cover, insulated boots when the clothing has none,
    /// thermal layers when it has none, and a pair of hand and toe warmers a day for each traveller.
    static func extremeColdGear(_ context: PackingContext, reason: String) -> [PackingItem] {
        let worn = clothing(context)
        var items = [forecastItem("Accessories", "Insulated mittens, worn over gloves", reason)]
        // A face cover each for everyone who goes out (a baby stays in); one line, counted here.
        let wearers = context.party.adults + context.party.olderChildren.count
        items.append(forecastItem("Accessories", "Balaclava or fleece face cover", reason, quantity: wearers > 1 ? wearers : nil))
        if !worn.contains(where: { GarmentFamily.of($0.name) == .boots }) {
            items.append(forecastItem("Footwear", "Insulated waterproof boots", reason))
        }
        if !worn.contains(where: { GarmentFamily.of($0.name) == .baseLayers }) {
            items.append(forecastItem("Clothing", "Thermal base layers (top and bottom)", reason, quantity: context.dayCount >= 4 ? 2 : 1))
        }
        let pairs = min(context.dayCount, 7) * max(1, context.party.people)
        items.append(forecastItem("Accessories", "Hand and toe warmers", fitted(reason, "a pair a day each"), quantity: pairs))
        return items
    }

    /// A cold advisory: a warm hat, gloves and something for the neck, where the clothing has none.
    static func coldGear(_ context: PackingContext, reason: String) -> [PackingItem] {
        let worn = clothing(context)
        var items: [PackingItem] = []
        if !worn.contains(where: { GarmentFamily.of($0.name) == .warmHats }) {
            items.append(forecastItem("Accessories", "Warm hat", reason))
        }
        if !worn.contains(where: { GarmentFamily.of($0.name) == .gloves }) {
            items.append(forecastItem("Accessories", "Gloves", reason))
        }
        if !worn.contains(where: { PackingCheck.key($0.name).contains("neck gaiter") }) {
            items.append(forecastItem("Accessories", "Scarf or neck gaiter", reason))
        }
        return items
    }

    /// "Heat Advisory from Tue Jul 7: drink often", when it fits an answer's reason.
    static func fitted(_ reason: String, _ tail: String) -> String {
        let joined = reason + "; " + tail
        return joined.count <= maximumReason ? joined : reason
    }

    /// "Winter Storm Warning from Thu Dec 3": the first trip day the alert is in force (at its stop, on a
    /// trip of several: "… from Thu Dec 3 in Denver"), so the reason names a day, and a place, as weather
    /// reasons do; "… in force over the trip" when no trip day can be told. `citing`: with the alert's own
    /// figure when it is more extreme than the forecast's ("…: wind chills as low as -40°F").
    static func alertReason(_ alert: WeatherAlert, context: PackingContext, citing: Bool = false) -> String {
        let zone = ZoneRules.named(alert.stop?.timeZone ?? context.timeZone)
        let first = max(context.start, alert.stop?.start ?? context.start)
        let last = min(context.end, alert.stop?.end ?? context.end)
        let days = first <= last ? (0...first.days(to: last)).map { first.adding(days: $0) } : []
        let place = alert.stop.map { " in \($0.name)" } ?? ""
        let said: String
        if let day = days.first(where: { alert.overlaps(from: $0, to: $0, timeZone: zone) }) {
            said = "\(alert.event) from \(day.shortLabel)\(place)"
        } else {
            said = "\(alert.event) in force over the trip\(place)"
        }
        guard citing, let figure = moreExtremeFigure(alert, context: context) else { return said }
        let cited = said + ": " + figure.text(units: context.traveller.units)
        return cited.count <= maximumReason ? cited : said
    }

    /// The alert's own temperature when it is colder (a cold alert) or hotter (a heat alert) than every
    /// figure of the forecast; nil otherwise.
    static func moreExtremeFigure(_ alert: WeatherAlert, context: PackingContext) -> AlertFigure? {
        guard let figure = alert.figure else { return nil }
        let weather = TripWeather(context)
        switch alert.hazard {
        case .extremeCold, .cold, .winterStorm:
            guard figure.fahrenheit < 50 else { return nil }
            return figure.fahrenheit < (weather.coldestLow?.value ?? .max) ? figure : nil
        case .heat:
            guard figure.fahrenheit >= 80 else { return nil }
            return figure.fahrenheit > (weather.hottestHigh?.value ?? .min) ? figure : nil
        case .smoke, .dust, .other:
            return nil
        }
    }

    // MARK: - The alert's figure in other reasons

    /// Items whose reason cites the forecast's coldest low (or hottest high) cite the alert's own figure
    /// instead, where the alert in force is more extreme: "Freezing: wind chills as low as -40°F (Extreme
    /// Cold Warning from Mon Jan 4)", not the milder "low of -8°F".
    static func alertFiguresCited(_ items: [PackingItem], context: PackingContext) -> [PackingItem] {
        let weather = TripWeather(context)
        let units = context.traveller.units
        var replacements: [(old: String, new: String)] = []
        for alert in context.alerts.prefix(3) {
            guard let figure = moreExtremeFigure(alert, context: context) else { continue }
            let said = alertReason(alert, context: context)
            let text = figure.text(units: units) + " (\(said))"
            if alert.hazard == .heat, let hot = weather.hottestHigh, hot.day != nil {
                replacements.append(("high of \(units.temperature(hot.value))", text))
            } else if alert.hazard != .heat, let cold = weather.coldestLow, cold.day != nil {
                replacements.append(("low of \(units.temperature(cold.value))", text))
            }
        }
        guard !replacements.isEmpty else { return items }
        return items.map { item in
            var item = item
            for (old, new) in replacements {
                guard let range = item.reason.firstRange(of: old) else { continue }
                let lead = item.reason[..<range.lowerBound]
                let rewritten = lead + new
                if rewritten.count <= maximumReason {
                    item.reason = String(rewritten)
                } else if new.count <= maximumReason {
                    item.reason = WeatherCitation.capitalized(new)
                } else {
                    break
                }
                item.weather = true
                break
            }
            return item
        }
    }
}
