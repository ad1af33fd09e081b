import Foundation
import LanguageModels
import Tools

extension Transcript.Entry {
    /// The entry's payload as the typed value it was recorded from (a tool's result, the trip a prompt
    /// carries); nil when there is none or it is of another type.
    public func value<Value: Decodable>(_ type: Value.Type) -> Value? {
        guard let payload, !payload.isNull else { return nil }
        return try? JSONDecoder().decode(Value.self, from: Data(payload.compactText.utf8))
    }

    /// The forecast tool's result, when this is its output.
    public var forecastResult: ForecastResult? {
        guard kind == .toolOutput, toolName == "forecast" else { return nil }
        return value(ForecastResult.self)
    }
}
