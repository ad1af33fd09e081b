import FoundationEssentials
import Model
import Tools

/// The temperature an alert itself gives, in °F as NWS writes it: "wind chills as low as 40 below zero"
/// (−40), "as low as -35", "heat index values up to 112", "temperatures up to 115". NWS's WHAT paragraph
/// says it this way (see the descriptions at api.weather.gov/alerts); nil when the alert gives no figure.
public struct AlertFigure: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case windChill = "wind chills"
        case heatIndex = "heat index"
        case temperature = "temperatures"
    }

    public var kind: Kind
    /// °F.
    public var fahrenheit: Int

    public init(kind: Kind, fahrenheit: Int) {
        self.kind = kind
        self.fahrenheit = fahrenheit
    }

    /// The figure in `text` (an alert's summary or headline), or nil: a number said as a temperature ("as low
    /// as", "up to", "of … below") after words that say what it measures (wind chills, heat index,
    /// temperatures, lows, highs), or followed by "below", "above" or "degrees".
    public init?(text: String) {
        let spaced = text.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : " " }
        let tokens = String(spaced).split(separator: " ").map(String.init)
        for (index, token) in tokens.enumerated() {
            guard var value = Int(token), abs(value) <= 150 else { continue }  // parses text
            let before = tokens[max(0, index - 8)..<index]
            let near = tokens[max(0, index - 3)..<index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : ""
            guard near.contains(where: Self.leads.contains) else { continue }
            let kind: Kind = before.contains { $0.hasPrefix("chill") } ? .windChill
                : before.contains { $0 == "heat" || $0 == "index" } ? .heatIndex : .temperature
            let measured = kind != .temperature || ["below", "above", "degrees"].contains(next)
                || before.contains { Self.temperatureWords.contains($0) }
            guard measured else { continue }
            if next == "below" || near.last == "minus" { value = -abs(value) }
            self.init(kind: kind, fahrenheit: value)
            return
        }
        return nil
    }

    /// Words that put a number as a temperature reached.
    static let leads: Set<String> = ["low", "to", "of", "near", "around", "minus", "reach", "reaching"]
    /// Words that say the number is the air's temperature.
    static let temperatureWords: Set<String> = ["temperatures", "temperature", "temps", "lows", "highs"]

    /// "wind chills as low as -40°C", "heat index up to 44°C" in the traveller's units.
    public func text(units: MeasurementUnits) -> String {
        let degrees = units.temperature(fahrenheit)
        switch kind {
        case .windChill: return "wind chills as low as \(degrees)"
        case .heatIndex: return "heat index up to \(degrees)"
        case .temperature: return fahrenheit < 50 ? "temperatures as low as \(degrees)" : "temperatures up to \(degrees)"
        }
    }
}

extension WeatherAlert {
    /// The alert's own temperature, from its summary, else its headline.
    public var figure: AlertFigure? {
        AlertFigure(text: summary) ?? AlertFigure(text: headline)
    }
}
