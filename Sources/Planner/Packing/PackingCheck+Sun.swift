import FoundationEssentials
import Model
import Store
import Tools

extension PackingCheck {
    /// Whether a reason cites the trip's daylight or sea truly: a trip day named with its daylight as
    /// `SolarDay` works it out ("no sunrise" in the polar night, "no sunset" under the midnight sun, "4 h 7
    /// min of daylight"), or the sea's temperature the marine API gave ("sea about 15°C").
    func citesSunOrSea(_ reason: String) -> Bool {
        let text = " " + Self.key(reason) + " "
        if text.contains(" sea about ") {
            let figures = Self.figures(in: text)
            // The trip's sea, or any of its stops' (a trip of several stops).
            for sea in [context.sea].compactMap({ $0 }) + context.stopSeas {
                let celsius = sea.celsius, fahrenheit = sea.celsius * 9 / 5 + 32
                if figures.contains(where: { abs($0 - celsius) <= 1 || abs($0 - fahrenheit) <= 1 }) { return true }
            }
        }
        guard text.contains(" daylight ") || text.contains(" sunrise ") || text.contains(" sunset ") else { return false }
        for offset in 0...max(0, context.nights) {
            let date = context.start.adding(days: offset)
            // The sun where the traveller is that day (a trip of several stops: that stop's latitude).
            guard Self.aliases(of: date).contains(where: { text.contains(" \($0) ") }),
                  let latitude = context.place(on: date).latitude else { continue }
            let sun = SolarDay(date: date, latitude: latitude)
            switch sun.kind {
            case .polarNight: if text.contains(" no sunrise ") { return true }
            case .midnightSun: if text.contains(" no sunset ") { return true }
            case .ordinary:
                let hours = sun.daylightHours.rounded(.down)
                if text.contains(" of daylight "), Self.figures(in: text).contains(hours) { return true }
            }
        }
        return false
    }
}
