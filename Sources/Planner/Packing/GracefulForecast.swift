import FoundationEssentials
import LanguageModels
import Tools

/// The forecast tool as the planner offers it: when the services are down or the user is offline with
/// nothing cached, the tool answers "no forecast" instead of failing, so the pack still gives a general
/// list with a notice.
struct GracefulForecast: Tool {
    let base: ForecastTool

    init(_ base: ForecastTool) {
        self.base = base
    }

    var name: String { base.name }
    var description: String { base.description }
    var includesSchemaInInstructions: Bool { base.includesSchemaInInstructions }

    func call(arguments: ForecastTool.Arguments) async throws -> ForecastResult {
        do {
            return try await base.call(arguments: arguments)
        } catch let error as ServiceError {
            let reason = error.errorDescription ?? "the forecast service failed"
            return ForecastResult(
                place: nil, outcome: .unavailable(reason: reason),
                text: "No forecast available: \(reason) Recommend a general list for the season."
            )
        }
    }
}
