import FoundationEssentials
import LanguageModels
import Model
import Store

/// What the forecast tool answers (its `Tool.Output`): the text the model reads, and for the program the
/// forecast with the trip days it does not cover and where it came from, or why there is none, or which
/// earlier call it repeats. Coded (place and outcome) as the tool output's payload; read back by type with
/// `Transcript.ToolOutput.answer(ForecastResult.self)`.
public struct ForecastResult: ToolAnswer, Equatable {
    /// What the call came to.
    public enum Outcome: Codable, Sendable, Equatable {
        /// A forecast for the trip's days.
        case forecast(Forecast, origin: ForecastOrigin, missingDays: [CalendarDate])
        /// The same point as an earlier call (its number in this session): nothing new.
        case repeatOf(call: Int)
        /// Not fetched: a point far from the trip, or too many forecasts (`reason`).
        case refused(reason: String)
        /// The forecast services could not answer and nothing cached could stand in.
        case unavailable(reason: String)
    }

    /// The place's label ("Denver, CO, US"), when the call reached one.
    public var place: String?
    public var outcome: Outcome
    /// What the model reads (not coded: the transcript stores it as the entry's text, so a result read
    /// back from a transcript has it empty).
    public var text: String = ""

    private enum CodingKeys: String, CodingKey {
        case place, outcome
    }

    public init(place: String?, outcome: Outcome, text: String = "") {
        self.place = place
        self.outcome = outcome
        self.text = text
    }

    /// A point far from the trip, or one forecast too many: the call does not count as made.
    public var isRefusal: Bool {
        if case .refused = outcome { return true }
        return false
    }

    public static var answerType: String { "ForecastResult" }

    /// The forecast, when there is one.
    public var forecast: Forecast? {
        if case let .forecast(forecast, _, _) = outcome { return forecast }
        return nil
    }

    /// Where the forecast came from, when there is one.
    public var origin: ForecastOrigin? {
        if case let .forecast(_, origin, _) = outcome { return origin }
        return nil
    }

    /// Why there is no forecast, when the services failed.
    public var unavailableReason: String? {
        if case let .unavailable(reason) = outcome { return reason }
        return nil
    }
}
