import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport made on the first request: a command answered from the cache never builds a
/// `URLSession`, so it never loads libcurl (about 25 million instructions and 30 shared libraries).
public final class LazyTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: `made` is only read and written while holding `lock`.
    private let lock = NSLock()
    private let make: @Sendable () -> any HTTPTransport
    private var made: (any HTTPTransport)?

    /// `make` runs once, on the first `send`.
    public init(_ make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    /// Whether the real transport has been made (for tests).
    public var isMade: Bool {
        lock.lock()
        defer { lock.unlock() }
        return made != nil
    }

    public func send(_ request: URLRequest, limits: TransferLimits) async throws -> (Data, HTTPURLResponse) {
        try await transport().send(request, limits: limits)
    }

    private func transport() -> any HTTPTransport {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let transport = make()
        made = transport
        return transport
    }
}
