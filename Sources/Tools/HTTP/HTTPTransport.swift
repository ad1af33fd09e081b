import Foundation
import LanguageModels

/// Sends one HTTP request within limits. The real one is `CurlTransport`; tests may put their own behind it.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, limits: ModelTransportLimits) async throws -> (Data, HTTPResponse)
}
