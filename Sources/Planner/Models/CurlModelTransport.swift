import Foundation
import LanguageModels
import Tools

/// The model backend's transport in plan: Tools' `CurlTransport` (libcurl, loaded on the first request;
/// redirects to another origin refused, so the API key stays with its host), its failures told in
/// LanguageModels' terms with the same words.
public struct CurlModelTransport: ModelTransport {
    private let curl: CurlTransport

    /// `timeout`: seconds of silence after which the connection counts as dead (PLAN_MODEL_TIMEOUT).
    public init(timeout: TimeInterval) {
        curl = CurlTransport(timeout: timeout)
    }

    public func send(_ request: ModelTransportRequest, limits: ModelTransportLimits) async throws
        -> (ModelTransportResponse, Data) {
        do {
            let (data, response) = try await curl.send(Self.httpRequest(request), limits: limits)
            return (Self.response(response), data)
        } catch let error as TransportError {
            throw error.modelTransportError
        }
    }

    public func stream(
        _ request: ModelTransportRequest, limits: ModelTransportLimits,
        onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (ModelTransportResponse, Data) {
        do {
            let (response, body) = try await curl.stream(
                Self.httpRequest(request), limits: limits, onChunk: onChunk
            )
            return (Self.response(response), body)
        } catch let error as TransportError {
            throw error.modelTransportError
        }
    }

    static func httpRequest(_ request: ModelTransportRequest) -> HTTPRequest {
        var http = HTTPRequest(url: request.url)
        http.httpMethod = request.method
        http.httpBody = request.body
        for field in request.headerFields {
            http.setValue(field.value, forHTTPHeaderField: field.name)
        }
        return http
    }

    static func response(_ response: HTTPResponse) -> ModelTransportResponse {
        ModelTransportResponse(statusCode: response.statusCode, headerFields: response.allHeaderFields)
    }
}
