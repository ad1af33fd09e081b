import FoundationEssentials

/// How a request reaches its server: one HTTP exchange within a deadline and a size limit, whole or
/// streamed chunk by chunk. The model backend (`OpenAICompatibleModel`) and Tools' services talk through
/// one; plan's is libcurl's (`CurlTransport` in Tools), tests put scripted ones in its place.
///
/// What a conforming transport promises, because a request may carry an API key and a conversation:
/// - it does not follow a redirect to another scheme, host or port (`TransportError.redirectRefused`);
/// - the whole exchange ends by `limits.deadline` (`deadlineExceeded`) and a body stops at
///   `limits.maximumBytes` (`tooLarge`);
/// - its own failures are `TransportError`s; an error thrown by `onChunk` is thrown as it is.
public protocol HTTPTransport: Sendable {
    /// Sends a request and reads its whole answer (any status).
    func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse)

    /// Sends a request whose 2xx body is handed over chunk by chunk as it arrives (server-sent events).
    /// `onChunk` may throw to stop the transfer. Returns the response and, for a status outside 2xx, its
    /// body (up to `TransportLimits.errorBodyBytes`); `limits.maximumBytes` bounds the stream.
    func stream(
        _ request: HTTPRequest, limits: TransportLimits, onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (HTTPResponse, Data)
}

extension HTTPTransport {
    /// A transport that cannot stream: the whole 2xx body is handed over as one chunk once it has come.
    public func stream(
        _ request: HTTPRequest, limits: TransportLimits, onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (HTTPResponse, Data) {
        let (body, response) = try await send(request, limits: limits)
        guard (200..<300).contains(response.statusCode) else {
            return (response, body.prefix(TransportLimits.errorBodyBytes))
        }
        if !body.isEmpty { try onChunk(body) }
        return (response, Data())
    }
}
