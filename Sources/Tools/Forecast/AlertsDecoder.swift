import FoundationEssentials
import Basics
import JSON
import LanguageModels
import Model

/// Reads NWS `/alerts/active?point=…` (a GeoJSON `FeatureCollection`; each feature's `properties` has
/// `event`, `headline`, `severity`, `onset`, `ends`, `expires`, `description`…) into `WeatherAlert`s.
enum AlertsDecoder {
    /// The most alerts kept for one point (a real answer has a handful).
    static let maximumAlerts = 20

    static func isAlerts(_ data: Data) -> Bool {
        (try? alerts(from: data)) != nil
    }

    static func alerts(from data: Data) throws -> [WeatherAlert] {
        guard let document = try? JSONValue.parse(data), let features = document["features"]?.arrayValue else {
            throw ServiceError.malformed(service: "NWS alerts", detail: "the answer has no features")
        }
        var alerts: [WeatherAlert] = []
        for feature in features.prefix(maximumAlerts) {
            guard let properties = feature["properties"], let event = properties["event"]?.stringValue,
                  !event.isEmpty
            else { continue }
            let status = properties["status"]?.stringValue ?? "Actual"
            let type = properties["messageType"]?.stringValue ?? "Alert"
            // Tests, exercises and cancellations are not weather to pack for.
            guard status == "Actual", type != "Cancel" else { continue }
            let onset = (properties["onset"]?.stringValue ?? properties["effective"]?.stringValue)
                .flatMap(NWSForecastDecoder.parseTimestamp)
            let ends = (properties["ends"]?.stringValue ?? properties["expires"]?.stringValue)
                .flatMap(NWSForecastDecoder.parseTimestamp)
            alerts.append(WeatherAlert(
                event: String(event.prefix(80)), headline: String((properties["headline"]?.stringValue ?? event).prefix(300)),
                severity: String((properties["severity"]?.stringValue ?? "Unknown").prefix(20)),
                onset: onset, ends: ends, summary: summary(properties["description"]?.stringValue ?? "")
            ))
        }
        return alerts
    }

    /// "heavy snow expected; travel could be very difficult": the first sentence of the WHAT and IMPACTS
    /// paragraphs NWS writes ("* WHAT...Heavy snow expected. Total snow…"), else of the description.
    static func summary(_ description: String) -> String {
        let flat = description.replacing("\n", with: " ")
        func paragraph(_ label: String) -> String? {
            guard let range = flat.firstRange(of: "* \(label)...") else { return nil }
            var text = flat[range.upperBound...]
            if let next = text.firstRange(of: "* ") { text = text[..<next.lowerBound] }
            return firstSentence(String(text))
        }
        let parts = [paragraph("WHAT"), paragraph("IMPACTS")].compactMap { $0 }.filter { !$0.isEmpty }
        let text = parts.isEmpty ? (firstSentence(flat) ?? "") : parts.joined(separator: "; ")
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }

    private static func firstSentence(_ text: String) -> String? {
        var sentence = text.trimming(.whitespaces)
        if let end = sentence.firstRange(of: ". ") { sentence = String(sentence[..<end.lowerBound]) }
        while sentence.hasSuffix(".") { sentence.removeLast() }
        sentence = sentence.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard let first = sentence.first else { return nil }
        return first.lowercased() + sentence.dropFirst()
    }
}
