import Foundation
@testable import LanguageModels
@testable import Planner
import Testing

/// `PLAN_TOOL_MODE` (and the other model settings) onto the backend: the three tool-calling modes of
/// `GenerationOptions.ToolCallingMode`, anything else refused with the setting's name.
@Suite struct ModelConfigurationTests {
    /// What a pack does differently for the built-in engine (no forecast fetched ahead of it) is asked of the
    /// model's capabilities, never read from its name: a server's model says it does not answer in-process.
    @Test func theBuiltinEngineSaysItAnswersInProcessAndAServerDoesNot() throws {
        #expect(BuiltinPackingModel().capabilities.answersInProcess)
        let server = OpenAICompatibleModel(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), modelName: "builtin", apiKey: nil, forcedMode: .automatic, timeout: 10
        )
        #expect(!server.capabilities.answersInProcess && server.name == "builtin")
    }

    @Test(arguments: [
        (String?.none, GenerationOptions.ToolCallingMode.automatic), ("", .automatic), ("auto", .automatic),
        ("native", .native), ("guided", .guided),
    ])
    func theToolModeSettingMapsOntoTheOptionsMode(_ setting: String?, _ mode: GenerationOptions.ToolCallingMode) throws {
        let model = try ModelConfiguration.model(base: "http://127.0.0.1:8080", name: nil, apiKey: nil, toolMode: setting, timeout: 5)
        #expect(model.forcedMode == mode)
    }

    @Test(arguments: ["automatic", "Native", "tools", "json"])
    func anyOtherToolModeIsRefusedByName(_ setting: String) {
        #expect(throws: ModelConfigurationError.badToolMode(setting)) {
            try ModelConfiguration.model(base: "http://127.0.0.1:8080", name: nil, apiKey: nil, toolMode: setting, timeout: 5)
        }
    }

    @Test func theUserAgentIsPassedOnAndNoneByDefault() throws {
        let named = try ModelConfiguration.model(
            base: "http://127.0.0.1:8080", name: nil, apiKey: nil, toolMode: nil, timeout: 5, userAgent: "plan/1.2"
        )
        #expect(named.userAgent == "plan/1.2")
        #expect(try ModelConfiguration.model(base: "http://127.0.0.1:8080", name: nil, apiKey: nil, toolMode: nil, timeout: 5).userAgent == nil)
    }
}
