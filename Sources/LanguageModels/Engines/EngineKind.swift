import FoundationEssentials
import Basics

/// The kinds of OpenAI-compatible server whose contracts are known here.
public enum EngineKind: String, Sendable, Codable, CaseIterable {
    /// llama.cpp's llama-server: `/props`, `/tokenize`, takes `cache_prompt` and `top_k`.
    case llamacpp
    /// Ollama's `/v1`: its window in `/api/ps`; an overlong prompt is cut silently, not refused.
    case ollama
    /// vLLM: `max_model_len` in `/v1/models`; prompt plus `max_tokens` over it is a 400.
    case vllm
    /// LM Studio: `loaded_context_length` in `/api/v0/models`.
    case lmstudio
    /// OpenAI or an OpenAI-style hosted API: unknown body fields are a 400, `max_completion_tokens`.
    case openai
    /// llama-cpp-python's server (`python -m llama_cpp.server`): FastAPI (`server: uvicorn`), the model file's
    /// path in `/v1/models`, no `/props`; structured output as `json_object` with a `schema`, tools only with
    /// a named `tool_choice`, bad input a 500 naming the field, `/extras/tokenize/count` for token counts.
    case llamaCppPython = "llama-cpp-python"

    /// How the engine is named to the user.
    public var displayName: String {
        switch self {
        case .llamacpp: return "llama-server"
        case .ollama: return "Ollama"
        case .vllm: return "vLLM"
        case .lmstudio: return "LM Studio"
        case .openai: return "OpenAI-compatible API"
        case .llamaCppPython: return "llama-cpp-python"
        }
    }

    /// Request fields beyond OpenAI's own that the engine is known to take.
    public var extraFields: Set<String> {
        switch self {
        case .llamacpp: return ["cache_prompt", "top_k", "seed"]
        case .vllm, .llamaCppPython: return ["top_k", "seed"]
        case .ollama, .lmstudio: return ["seed"]
        case .openai: return ["seed"]
        }
    }

    /// Whether an overlong prompt is cut without a word (the oldest messages dropped) instead of refused.
    public var truncatesSilently: Bool { self == .ollama }

    /// Whether the answer's limit is `max_completion_tokens` (OpenAI's name) rather than `max_tokens`.
    public var takesMaxCompletionTokens: Bool { self == .openai }

    /// Whether structured output goes as `{"type": "json_object", "schema": …}` (the only form the engine
    /// takes: `json_schema` is a 500) rather than OpenAI's nested `json_schema`.
    public var takesSchemaInJSONObject: Bool { self == .llamaCppPython }

    /// Whether the engine says how large its window is (a window it does not say is unknown until an
    /// overflow message names it).
    public var reportsWindow: Bool { self != .openai && self != .llamaCppPython }

    /// Whether the engine takes OpenAI's `reasoning_effort` (vLLM and llama-server ignore it silently at best).
    public var takesReasoningEffort: Bool { self == .openai || self == .ollama }

    /// Reads an engine's name (also the engines' everyday names: `llama.cpp`, `llama-server`, `lm-studio`).
    public init?(setting: String) {
        let text = setting.lowercased().trimming(.whitespaces)
        switch text {
        case "llamacpp", "llama.cpp", "llama-server", "llama": self = .llamacpp
        case "ollama": self = .ollama
        case "vllm": self = .vllm
        case "lmstudio", "lm-studio", "lm studio": self = .lmstudio
        case "openai", "generic", "hosted": self = .openai
        case "llama-cpp-python", "llama_cpp_python", "llamacpppython", "llama_cpp.server": self = .llamaCppPython
        default: return nil
        }
    }
}
