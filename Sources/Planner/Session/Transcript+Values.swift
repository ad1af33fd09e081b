import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

extension Transcript.Entry {
    /// The tool output this entry is, if it is one.
    public var toolOutput: Transcript.ToolOutput? {
        if case let .toolOutput(output) = self { return output }
        return nil
    }

    /// The forecast tool's result, when this is its output (found by the answer's type, whatever the
    /// tool was called).
    public var forecastResult: ForecastResult? {
        toolOutput?.answer(ForecastResult.self)
    }

    /// The place a geocode answer found, when this is one (by type, as `forecastResult`).
    public var geocodedPlace: Place? {
        toolOutput?.answer(GeocodeAnswer.self)?.place
    }
}
