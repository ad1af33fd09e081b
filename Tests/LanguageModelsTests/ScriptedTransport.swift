import Foundation
import HTTPCore
import JSON
import LanguageModels

/// An `HTTPTransport` that answers from a script and records every request, so the OpenAI-compatible
/// backend is driven with no plan module and no socket. `@unchecked Sendable`: its state is only touched
/// under the lock.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    /// One answer: a status, header fields and a body.
    struct Answer {
        var status = 200
        var headers: [String: String] = [:]
        var body: Data
    }

    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    /// The answer for a path under the server (any other path: 404).
    private let answers: @Sendable (_ path: String, _ body: JSONValue?) -> Answer?

    init(answers: @escaping @Sendable (_ path: String, _ body: JSONValue?) -> Answer?) {
        self.answers = answers
    }

    /// The requests sent so far, in order.
    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        let answer = record(request)
        guard answer.body.count <= limits.maximumBytes else { throw TransportError.tooLarge(limit: limits.maximumBytes) }
        return (answer.body, HTTPResponse(url: request.url, statusCode: answer.status, headerFields: answer.headers))
    }

    /// A 2xx body goes to `onChunk` in pieces of 7 bytes (events split mid-line, as on a real wire).
    func stream(
        _ request: HTTPRequest, limits: TransportLimits, onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (HTTPResponse, Data) {
        let answer = record(request)
        let response = HTTPResponse(url: request.url, statusCode: answer.status, headerFields: answer.headers)
        guard (200..<300).contains(answer.status) else { return (response, answer.body) }
        var start = answer.body.startIndex
        while start < answer.body.endIndex {
            let end = answer.body.index(start, offsetBy: 7, limitedBy: answer.body.endIndex) ?? answer.body.endIndex
            try onChunk(answer.body[start..<end])
            start = end
        }
        return (response, Data())
    }

    private func record(_ request: HTTPRequest) -> Answer {
        lock.lock()
        sent.append(request)
        lock.unlock()
        let body = request.httpBody.flatMap { try? JSONValue.parse($0) }
        let path = request.url.path.hasPrefix("/") ? String(request.url.path.dropFirst()) : request.url.path
        return answers(path, body) ?? Answer(status: 404, body: Data(#"{"error":{"message":"not found"}}"#.utf8))
    }

    /// A chat completion carrying one native tool call.
    static func toolCallCompletion(name: String, arguments: String) -> Data {
        let call: JSONValue = ["id": "call_1", "type": "function", "function": ["name": .string(name), "arguments": .string(arguments)]]
        let document: JSONValue = [
            "choices": [["index": 0, "finish_reason": "tool_calls", "message": ["role": "assistant", "content": .null, "tool_calls": [call]]]],
            "usage": ["prompt_tokens": 120, "completion_tokens": 9],
        ]
        return Data(document.compactText.utf8)
    }

    /// A chat completion answering in text.
    static func textCompletion(_ text: String) -> Data {
        let document: JSONValue = [
            "choices": [["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": .string(text)]]],
            "usage": ["prompt_tokens": 130, "completion_tokens": 4],
        ]
        return Data(document.compactText.utf8)
    }
}
