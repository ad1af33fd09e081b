import FoundationEssentials
import Basics
import HTTPCore
import JSON

/// What an error answer from a model server means, read from its status, body and headers: an overflow
/// with its numbers (llama-server's `n_prompt_tokens`/`n_ctx`, vLLM's and OpenAI's "maximum context length
/// is N tokens"), a field to drop or rename, a rate limit with its wait, a refused key, an unknown model,
/// or a refusal plan cannot fix (the server's own words).
public enum ServerErrorReader {
    /// What to do about an error answer.
    public enum Reading: Sendable, Equatable {
        /// Fine: not an error.
        case success
        /// The request did not fit the window.
        case overflow(tokens: Int, contextSize: Int)
        /// A field the server refused, and what to do with it.
        case lesson(RequestContract.Lesson)
        /// Wait this long (when the server said) and ask again.
        case rateLimited(retryAfter: TimeInterval?)
        /// Nothing to retry: this error.
        case failure(LanguageModelError)
    }

    /// Reads an answer. `sent` is the body that was sent (a field must have been sent to be learnt from).
    public static func read(
        status: Int, body: Data, headers: [String: String] = [:], sent: [String: JSONValue] = [:], server: String,
        model: String? = nil, available: [String] = []
    ) -> Reading {
        guard !(200..<300).contains(status) else { return .success }
        let document = try? JSONValue.parse(body.prefix(65_536))
        // OpenAI and llama-server: {"error": {...}}; vLLM: {"object": "error", "message": ...} at the top.
        let error = document?["error"] ?? (document?["message"] != nil ? document : nil)
        let type = error?["type"]?.stringValue ?? ""
        let code = error?["code"]?.stringValue ?? ""
        let rawMessage = error?["message"]?.stringValue ?? error?.stringValue ?? document?["detail"]?.stringValue
            ?? document?["message"]?.stringValue ?? String(decoding: body.prefix(1_024), as: UTF8.self)
        // The server's words go to stderr and the session's row: one line, cut.
        let message = ServerText.oneLine(rawMessage)
        let lower = message.lowercased()
        if type == "exceed_context_size_error" || code == "context_length_exceeded" || type == "context_length_exceeded"
            || lower.contains("exceeds the available context size") || lower.contains("maximum context length")
            || lower.contains("context length exceeded") {
            let numbers = overflowNumbers(rawMessage)
            return .overflow(
                tokens: LanguageModelSession.Usage.count(error?["n_prompt_tokens"]) ?? numbers.tokens ?? 0,
                contextSize: LanguageModelSession.Usage.count(error?["n_ctx"]) ?? numbers.contextSize ?? 0
            )
        }
        if status == 429 {
            return .rateLimited(retryAfter: retryAfter(headers: headers))
        }
        if status == 401 || status == 403 {
            return .failure(.refused(status: status, server: server))
        }
        if (300..<400).contains(status) {
            return .failure(.unavailable("HTTP \(status): a redirect, which is not followed; give the server's own address"))
        }
        let aboutModel = code == "model_not_found" || lower.contains("model") && (lower.contains("not found")
            || lower.contains("does not exist") || lower.contains("not loaded"))
        if status == 404 || (status == 400 && aboutModel) {
            // A model the server does not have (it lists others); a 404 from a server that lists nothing is
            // more likely the wrong address.
            if aboutModel || (model != nil && !available.isEmpty) {
                return .failure(.modelNotFound(model: model ?? "(none named)", available: available))
            }
            return .failure(.unavailable("HTTP 404: no /v1/chat/completions here; check the server's address (Ollama's is …:11434)"))
        }
        // A refusal naming a field it was sent is a contract problem, whatever its status: llama-cpp-python
        // answers bad input with a 500 naming the field ('loc': ('body', 'response_format', 'type')).
        if (400..<600).contains(status), let lesson = RequestContract.lesson(
            message: rawMessage, param: error?["param"]?.stringValue, code: code, sent: sent
        ) {
            return .lesson(lesson)
        }
        if (400..<500).contains(status) {
            return .failure(.rejected(status: status, message: message))
        }
        return .failure(.serverFailed(status: status, message: message))
    }

    /// The numbers in an overflow message: "maximum context length is 4096 tokens. However, you requested
    /// 5000 tokens (4800 in the messages, 200 in the completion)" (vLLM), "… your messages resulted in
    /// 5000 tokens" (OpenAI), "request (890 tokens) exceeds the available context size (512 tokens)".
    public static func overflowNumbers(_ message: String) -> (tokens: Int?, contextSize: Int?) {
        let lower = message.lowercased()
        var contextSize: Int?
        var tokens: Int?
        if let range = lower.firstRange(of: "maximum context length is") {
            contextSize = firstNumber(in: lower[range.upperBound...])
            if let requested = lower[range.upperBound...].firstRange(of: "you requested")
                ?? lower[range.upperBound...].firstRange(of: "resulted in") {
                tokens = firstNumber(in: lower[requested.upperBound...])
            }
        } else if let range = lower.firstRange(of: "available context size") {
            contextSize = firstNumber(in: lower[range.upperBound...])
            if let request = lower.firstRange(of: "request (") { tokens = firstNumber(in: lower[request.upperBound...]) }
        }
        return (tokens, contextSize)
    }

    static func firstNumber(in text: Substring) -> Int? {
        let digits = text.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
        guard !digits.isEmpty, digits.count <= 9, let value = Int(String(digits), radix: 10), EngineProfile.contextSizes.contains(value) else {  // parses text
            return nil
        }
        return value
    }

    /// Seconds to wait: `Retry-After` (seconds or an HTTP date), else OpenAI's `x-ratelimit-reset-requests`
    /// / `-tokens` ("1s", "6m0s", "250ms"); the longest said, at most a day.
    public static func retryAfter(headers: [String: String], now: Date = Date()) -> TimeInterval? {
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        var waits: [TimeInterval] = []
        if let value = lowered["retry-after"]?.trimming(.whitespaces) {
            if let seconds = Double(value), seconds.isFinite, seconds >= 0 {
                waits.append(seconds)
            } else if let date = HTTPDate.parse(value) {
                waits.append(max(0, date.timeIntervalSince(now)))
            }
        }
        for name in ["x-ratelimit-reset-requests", "x-ratelimit-reset-tokens"] {
            if let value = lowered[name], let seconds = goDuration(value) { waits.append(seconds) }
        }
        return waits.max().map { min($0, 86_400) }
    }

    /// "6m0s", "1.5s", "250ms", "2h" as seconds.
    static func goDuration(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var number = ""
        var rest = Substring(text.trimming(.whitespaces))
        guard !rest.isEmpty, rest.count <= 32 else { return nil }
        while let character = rest.first {
            if character.isNumber || character == "." {
                number.append(character)
                rest = rest.dropFirst()
                continue
            }
            guard let value = Double(number), value.isFinite else { return nil }
            number = ""
            if rest.hasPrefix("ms") {
                total += value / 1_000
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("h") {
                total += value * 3_600
                rest = rest.dropFirst()
            } else if rest.hasPrefix("m") {
                total += value * 60
                rest = rest.dropFirst()
            } else if rest.hasPrefix("s") {
                total += value
                rest = rest.dropFirst()
            } else {
                return nil
            }
        }
        if !number.isEmpty {
            guard let value = Double(number), value.isFinite else { return nil }
            total += value
        }
        return total
    }

}
