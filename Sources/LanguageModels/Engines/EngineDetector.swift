import FoundationEssentials
import JSON

/// Learns what a model server is from the endpoints each engine has: llama-server's `/props`, Ollama's
/// `/api/version`, `/api/ps` and `/api/show`, LM Studio's `/api/v0/models`, vLLM's `max_model_len` in
/// `/v1/models`; anything else is a generic (hosted) OpenAI-compatible API. Every number read is
/// range-checked; a probe that fails or answers nonsense is simply not that engine.
public struct EngineDetector: Sendable {
    /// GETs (body nil) or POSTs a path under the base URL: the status, the body and the headers.
    public typealias Fetch = @Sendable (_ path: String, _ body: JSONValue?) async throws -> (Int, Data, [String: String])

    public let fetch: Fetch
    /// The model the caller asks for, to pick the right one of several loaded.
    public let modelName: String?
    /// The server as shown to the user (in a refusal of the key).
    public let server: String

    public init(modelName: String?, server: String = "the model server", fetch: @escaping Fetch) {
        self.modelName = modelName
        self.server = server
        self.fetch = fetch
    }

    /// The profile of the server: of `forced` when given (only its endpoints are asked), else detected.
    /// Throws only when the server cannot be reached at all.
    public func detect(forced: EngineKind? = nil) async throws -> EngineProfile {
        if forced == .llamaCppPython, let profile = try await llamaCppPython(forced: true) { return profile }
        if let forced {
            return try await profile(of: forced) ?? EngineProfile(kind: forced)
        }
        for kind in [EngineKind.llamacpp, .ollama, .lmstudio, .vllm, .llamaCppPython] {
            if let found = try await profile(of: kind) { return found }
        }
        return try await openAIProfile()
    }

    func profile(of kind: EngineKind) async throws -> EngineProfile? {
        switch kind {
        case .llamacpp: return try await llamaServer()
        case .ollama: return try await ollama()
        case .lmstudio: return try await lmStudio()
        case .vllm: return try await vllm()
        case .openai: return try await openAIProfile()
        case .llamaCppPython: return try await llamaCppPython(forced: false)
        }
    }

    // MARK: - Each engine

    func llamaServer() async throws -> EngineProfile? {
        guard let props = try await json("props"), props["default_generation_settings"] != nil || props["n_ctx"] != nil else {
            return nil
        }
        var profile = EngineProfile(
            kind: .llamacpp, contextSize: size(props["default_generation_settings"]?["n_ctx"] ?? props["n_ctx"]),
            contextSource: "llama-server's /props", tokenizer: .llamacpp,
            supportsTools: props["chat_template_caps"]?["supports_tools"]?.boolValue
        )
        profile.modelPath = props["model_path"]?.stringValue.map { String($0.prefix(300)) }
        profile.modelAlias = props["model_alias"]?.stringValue.flatMap { $0.isEmpty ? nil : String($0.prefix(120)) }
        return profile
    }

    func ollama() async throws -> EngineProfile? {
        guard let version = try await json("api/version"), version["version"]?.stringValue != nil else { return nil }
        var profile = EngineProfile(kind: .ollama)
        // The loaded model's window (what it truncates to), else the model's num_ctx parameter.
        let loaded = (try await json("api/ps"))?["models"]?.arrayValue ?? []
        let names = loaded.compactMap { $0["name"]?.stringValue ?? $0["model"]?.stringValue }
        let running = loaded.first { entry in
            modelName.map { wanted in [entry["name"]?.stringValue, entry["model"]?.stringValue].contains(wanted) } ?? true
        }
        if let running, let window = size(running["context_length"]) {
            profile.contextSize = window
            profile.contextSource = "Ollama's /api/ps"
        }
        let listing = try await modelList()
        let listed = (listing.entries ?? []).compactMap { $0["id"]?.stringValue }
        profile.models = Array((names + listed.filter { !names.contains($0) }).prefix(8))
        profile.isModelListUnavailable = listing.isUnavailable
        let model = modelName ?? profile.models.first
        if profile.contextSize == nil, let model, let shown = try await json("api/show", body: ["model": .string(model)]) {
            if let window = Self.numContext(in: shown["parameters"]?.stringValue ?? "") {
                profile.contextSize = window
                profile.contextSource = "Ollama's /api/show (num_ctx)"
            } else {
                // num_ctx unset: Ollama runs the model at its default window, not the trained one
                // (model_info's <arch>.context_length), and cuts longer prompts silently.
                profile.contextSize = Self.ollamaDefaultContext
                profile.contextSource = "Ollama's default num_ctx (set num_ctx in a Modelfile for more)"
            }
        }
        profile.modelAlias = model
        return profile
    }

    func lmStudio() async throws -> EngineProfile? {
        guard let listing = try await json("api/v0/models"), let models = listing["data"]?.arrayValue,
              models.contains(where: { $0["max_context_length"] != nil || $0["loaded_context_length"] != nil || $0["state"] != nil })
        else { return nil }
        var profile = EngineProfile(kind: .lmstudio)
        let llms = models.filter { ($0["type"]?.stringValue ?? "llm") != "embeddings" }
        profile.models = Array(llms.compactMap { $0["id"]?.stringValue }.prefix(8))
        let chosen = llms.first { entry in
            modelName.map { entry["id"]?.stringValue == $0 } ?? (entry["state"]?.stringValue == "loaded")
        } ?? llms.first
        if let chosen {
            if let loaded = size(chosen["loaded_context_length"]) {
                profile.contextSize = loaded
                profile.contextSource = "LM Studio's /api/v0/models (loaded_context_length)"
            } else if let maximum = size(chosen["max_context_length"]) {
                profile.contextSize = maximum
                profile.contextSource = "LM Studio's /api/v0/models (max_context_length)"
            }
            profile.modelAlias = chosen["id"]?.stringValue
        }
        return profile
    }

    func vllm() async throws -> EngineProfile? {
        guard let models = try await modelList().entries, models.contains(where: { $0["max_model_len"] != nil })
        else { return nil }
        // Guided calling by default: native tool calls need the server started with --enable-auto-tool-choice
        // and a --tool-call-parser (else "auto" is a 400), while guided decoding (response_format) always works.
        var profile = EngineProfile(kind: .vllm, tokenizer: .vllm, supportsTools: false)
        profile.models = Array(models.compactMap { $0["id"]?.stringValue }.prefix(8))
        let chosen = models.first { entry in modelName.map { entry["id"]?.stringValue == $0 } ?? true } ?? models[0]
        if let window = size(chosen["max_model_len"]) {
            profile.contextSize = window
            profile.contextSource = "vLLM's /v1/models (max_model_len)"
        }
        profile.modelAlias = chosen["id"]?.stringValue
        return profile
    }

    /// llama-cpp-python: FastAPI under uvicorn (`server: uvicorn`), the model file's path as the model id in
    /// `/v1/models`, and no `/props` (404). It says no window; its tools work only with a named
    /// `tool_choice`, so tools are guided. `forced` (the caller names the engine): the profile whatever the server shows.
    func llamaCppPython(forced: Bool) async throws -> EngineProfile? {
        let status: Int, data: Data, headers: [String: String]
        do {
            (status, data, headers) = try await fetch("v1/models", nil)
        } catch LanguageModelError.decodingFailure {
            // A listing past its cap is no path-shaped model id (and fails nothing).
            guard forced else { return nil }
            (status, data, headers) = (0, Data(), [:])
        }
        if status == 401 || status == 403 { throw LanguageModelError.refused(status: status, server: server) }
        let entries = status == 200 ? (try? JSONValue.parse(data))?["data"]?.arrayValue ?? [] : []
        let ids = entries.compactMap { $0["id"]?.stringValue }
        if !forced {
            let isUvicorn = headers.contains { $0.key.lowercased() == "server" && $0.value.lowercased().contains("uvicorn") }
            // A model file's path ("/models/x.gguf", "./x.gguf"), not a hosted name such as "openai/gpt-4o"
            // (LiteLLM's proxy runs under uvicorn too).
            let isPath = ids.contains { id in
                id.lowercased().hasSuffix(".gguf") || id.hasPrefix("/") || id.hasPrefix("./") || id.hasPrefix("../")
            }
            guard isUvicorn, isPath, try await fetch("props", nil).0 == 404 else { return nil }
        }
        var profile = EngineProfile(kind: .llamaCppPython, tokenizer: .llamaCppPython, supportsTools: false)
        profile.models = Array(ids.prefix(8).map { String($0.prefix(300)) })
        profile.modelPath = ids.first { id in modelName.map { $0 == id } ?? true }.map { String($0.prefix(300)) }
        profile.schemaInJSONObject = true
        return profile
    }

    func openAIProfile() async throws -> EngineProfile {
        var profile = EngineProfile(kind: .openai)
        let listing = try await modelList()
        profile.models = Array((listing.entries ?? []).compactMap { $0["id"]?.stringValue }.prefix(8))
        profile.isModelListUnavailable = listing.isUnavailable
        return profile
    }

    // MARK: - Reading

    /// Ollama's default window when a model sets no `num_ctx`.
    public static let ollamaDefaultContext = 2_048

    /// `num_ctx` in Ollama's `parameters` text ("num_ctx                        8192\nstop …").
    static func numContext(in parameters: String) -> Int? {
        for line in parameters.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count >= 2, words[0] == "num_ctx", let value = Int(String(words[1]), radix: 10), EngineProfile.contextSizes.contains(value) {  // parses text
                return value
            }
        }
        return nil
    }

    /// A window believed from a server: an integer in range, else nil.
    func size(_ value: JSONValue?) -> Int? {
        guard let number = value?.intValue, EngineProfile.contextSizes.contains(number) else { return nil }
        return number
    }

    /// The largest `/v1/models` listing read (a hosted API lists hundreds of models); the caller's fetch
    /// is expected to cut the body there (`OpenAICompatibleModel` does).
    public static let maximumModelListBytes = 4 * 1_048_576

    /// `/v1/models`' `data` entries. A listing past its size (a failure to decode, not to reach) is
    /// "unavailable": only a 404's message and doctor use it, so it must not fail a pack.
    func modelList() async throws -> (entries: [JSONValue]?, isUnavailable: Bool) {
        do {
            return (try await json("v1/models")?["data"]?.arrayValue, false)
        } catch LanguageModelError.decodingFailure {
            return (nil, true)
        }
    }

    /// The JSON a probe answered with, nil for any status but 200 or a body that is not JSON. A server that
    /// cannot be reached throws, and so does one that refuses the key (nothing can be learnt without it,
    /// and a profile learnt from refusals would be remembered wrong).
    func json(_ path: String, body: JSONValue? = nil) async throws -> JSONValue? {
        let (status, data, _) = try await fetch(path, body)
        if status == 401 || status == 403 { throw LanguageModelError.refused(status: status, server: server) }
        guard status == 200, let value = try? JSONValue.parse(data), case .object = value else { return nil }
        return value
    }
}
