import FoundationEssentials
import Basics
import HTTPCore
import LanguageModels
import Model
import Store

/// A transport that adds header fields under the cache (never replacing one the client set) and records every
/// exchange it makes, for `CacheProbe`: what the outside suite needs to see of plan's requests.
final class RecordingTransport: HTTPTransport {
    /// One request and what came of it.
    struct Record: Sendable {
        var request: HTTPRequest
        var response: HTTPResponse?
        var body: Data
        var error: String?
    }

    let base: any HTTPTransport
    let extraHeaders: [(name: String, value: String)]
    private let records = Locked<[Record]>([])

    init(base: any HTTPTransport, extraHeaders: [(name: String, value: String)]) {
        self.base = base
        self.extraHeaders = extraHeaders
    }

    /// The exchanges so far, oldest first.
    var exchanges: [Record] { records.withLock { $0 } }

    /// `request` with the extra header fields it does not set itself.
    func withExtraHeaders(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        for field in extraHeaders where request.value(forHTTPHeaderField: field.name) == nil {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return request
    }

    func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        let sent = withExtraHeaders(request)
        do {
            let (data, response) = try await base.send(sent, limits: limits)
            records.withLock { $0.append(Record(request: sent, response: response, body: data)) }
            return (data, response)
        } catch {
            let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            records.withLock { $0.append(Record(request: sent, response: nil, body: Data(), error: reason)) }
            throw error
        }
    }

    func stream(
        _ request: HTTPRequest, limits: TransportLimits, onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (HTTPResponse, Data) {
        try await base.stream(withExtraHeaders(request), limits: limits, onChunk: onChunk)
    }
}
