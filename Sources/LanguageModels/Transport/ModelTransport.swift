import Foundation

/// How a backend reaches its server: one HTTP exchange within a deadline and a size limit, whole or
/// streamed chunk by chunk. `OpenAICompatibleModel` talks through one; plan gives it libcurl's
/// (`CurlModelTransport` in Planner), tests a scripted one.
///
/// What a conforming transport promises, because the request carries the API key and the conversation:
/// - it does not follow a redirect to another scheme, host or port (`ModelTransportError.redirectRefused`);
/// - the whole exchange ends by `limits.deadline` (`deadlineExceeded`) and a body stops at
///   `limits.maximumBytes` (`tooLarge`);
/// - its own failures are `ModelTransportError`s; an error thrown by `onChunk` is thrown as it is.
public protocol ModelTransport: Sendable {
    /// Sends a request and reads its whole answer (any status).
    func send(_ request: ModelTransportRequest, limits: ModelTransportLimits) async throws
        -> (ModelTransportResponse, Data)

    /// Sends a request whose 2xx body is handed over chunk by chunk as it arrives (server-sent events).
    /// `onChunk` may throw to stop the transfer. Returns the response and, for a status outside 2xx, its
    /// body (up to `ModelTransportLimits.errorBodyBytes`); `limits.maximumBytes` bounds the stream.
    func stream(
        _ request: ModelTransportRequest, limits: ModelTransportLimits,
        onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (ModelTransportResponse, Data)
}
