import FoundationEssentials
import JSON

extension LanguageModelSession.Usage {
    /// Token counts believed from a server: whole numbers from 0 to 16,777,216.
    static let believable = 0...16_777_216

    /// A server's token count, or nil when it is missing, fractional, negative or absurd (1e300).
    static func count(_ value: JSONValue?) -> Int? {
        guard let number = value?.intValue, believable.contains(number) else { return nil }
        return number
    }

    /// The `usage` object of a completion, when its prompt count is believable.
    static func from(_ usage: JSONValue?) -> LanguageModelSession.Usage? {
        guard let usage, let prompt = count(usage["prompt_tokens"]) else { return nil }
        // OpenAI's cached prompt tokens (part of prompt_tokens) and hidden reasoning (part of completion_tokens),
        // each no more than the total it is part of.
        let cached = count(usage["prompt_tokens_details"]?["cached_tokens"]).map { min($0, prompt) } ?? 0
        let completion = count(usage["completion_tokens"]) ?? 0
        let reasoning = count(usage["completion_tokens_details"]?["reasoning_tokens"]) ?? 0
        return LanguageModelSession.Usage(
            inputTokens: prompt, outputTokens: completion, cachedTokens: cached, reasoningTokens: reasoning
        )
    }
}
