import FoundationEssentials
import LanguageModels

/// Builds a model from `PLAN_MODEL`-style settings.
public enum ModelConfiguration {
    public static func model(
        base: String, name: String?, apiKey: String?, toolMode: String?, timeout: TimeInterval,
        engine: String? = nil, reasoning: String? = nil, userAgent: String? = nil
    ) throws -> OpenAICompatibleModel {
        guard let url = URL(string: base), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ModelConfigurationError.badBaseURL(base)
        }
        // PLAN_TOOL_MODE: auto (or unset), native or guided, the three of `GenerationOptions.ToolCallingMode`.
        var mode = GenerationOptions.ToolCallingMode.automatic
        if let toolMode, !toolMode.isEmpty {
            guard let parsed = GenerationOptions.ToolCallingMode(rawValue: toolMode) else {
                throw ModelConfigurationError.badToolMode(toolMode)
            }
            mode = parsed
        }
        var kind: EngineKind?
        if let engine, !engine.isEmpty, engine != "auto" {
            guard let parsed = EngineKind(setting: engine) else { throw ModelConfigurationError.badEngine(engine) }
            kind = parsed
        }
        var effort: ReasoningEffort?
        if let reasoning, !reasoning.isEmpty {
            guard let parsed = ReasoningEffort(rawValue: reasoning.lowercased()) else {
                throw ModelConfigurationError.badReasoning(reasoning)
            }
            effort = parsed
        }
        var model = OpenAICompatibleModel(
            baseURL: url, modelName: name.flatMap { $0.isEmpty ? nil : $0 }, apiKey: apiKey.flatMap { $0.isEmpty ? nil : $0 },
            forcedMode: mode, timeout: timeout, engine: kind, reasoning: effort
        )
        model.userAgent = userAgent
        return model
    }
}

/// Settings that name no usable model server.
public enum ModelConfigurationError: Error, LocalizedError, Sendable, Equatable {
    case badBaseURL(String)
    case badToolMode(String)
    case badEngine(String)
    case badReasoning(String)

    public var errorDescription: String? {
        switch self {
        case let .badBaseURL(text): return "'\(text)' is not a model: use builtin or an http(s) base URL."
        case let .badToolMode(text): return "PLAN_TOOL_MODE '\(text)' is not auto, native or guided."
        case let .badEngine(text): return "PLAN_ENGINE '\(text.prefix(40))' is not llamacpp, ollama, vllm, lmstudio, llama-cpp-python or openai."
        case let .badReasoning(text): return "PLAN_REASONING '\(text.prefix(40))' is not low, medium or high."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .badBaseURL: return "For example: --model http://127.0.0.1:8080 (llama-server) or --model builtin."
        case .badToolMode: return "Unset PLAN_TOOL_MODE to let plan choose."
        case .badEngine: return "Unset PLAN_ENGINE to let plan detect the server's kind."
        case .badReasoning: return "Unset PLAN_REASONING unless the model reasons (o-series, Qwen3, DeepSeek-R1)."
        }
    }
}
