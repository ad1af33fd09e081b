import FoundationEssentials
import LanguageModels
import Tools

extension OpenAICompatibleModel {
    /// A model reached through plan's libcurl transport (Tools' `CurlTransport`), `timeout` also its
    /// silence bound.
    public init(
        baseURL: URL, modelName: String?, apiKey: String?, forcedMode: GenerationOptions.ToolCallingMode, timeout: TimeInterval,
        engine: EngineKind? = nil, reasoning: ReasoningEffort? = nil, memory: (any EngineProfileMemory)? = nil
    ) {
        self.init(
            baseURL: baseURL, modelName: modelName, apiKey: apiKey, forcedMode: forcedMode, timeout: timeout,
            transport: CurlTransport(timeout: timeout), engine: engine, reasoning: reasoning, memory: memory
        )
    }
}
