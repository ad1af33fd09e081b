import FoundationEssentials
import Basics
import JSON
import LanguageModels

/// An `application/problem+json` error document as NWS sends them (or Open-Meteo's `{error, reason}`).
struct Problem: Equatable {
    var type: String?
    var title: String
    var status: Int?
    var detail: String?
    var correlationID: String?

    /// Nil when the body is not a problem document (an HTML page, say).
    init?(data: Data) {
        guard let object = try? JSONValue.parse(data) else { return nil }
        // Error text from outside goes to stderr and the database: one line each, cut.
        if let title = object["title"]?.stringValue {
            self.title = TerminalText.oneLine(title, limit: 120)
            self.detail = object["detail"]?.stringValue.map { TerminalText.oneLine($0, limit: 200) }
        } else if let reason = object["reason"]?.stringValue {
            // Open-Meteo: {"error": true, "reason": "..."}
            self.title = "Error"
            self.detail = TerminalText.oneLine(reason, limit: 200)
        } else {
            return nil
        }
        self.type = object["type"]?.stringValue.map { TerminalText.oneLine($0, limit: 120) }
        self.status = object["status"]?.intValue
        self.correlationID = object["correlationId"]?.stringValue.map { TerminalText.oneLine($0, limit: 64) }
    }
}
