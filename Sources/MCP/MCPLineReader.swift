import FoundationEssentials
import Basics
import Dispatch
import Glibc

/// Lines from a file descriptor (the client's stdin), read on a thread of their own so no blocking
/// `read` ever holds one of the concurrency pool's threads. A line longer than `limit` bytes is dropped
/// (reported as `.oversized`); bytes that are not UTF-8 become U+FFFD. The reader waits for the consumer after `window` lines.
final class MCPLineReader: Sendable {
    let events: AsyncStream<MCPIncoming>
    private let continuation: AsyncStream<MCPIncoming>.Continuation
    private let consumed: DispatchSemaphore
    private let descriptor: Int32
    private let limit: Int

    init(descriptor: Int32, limit: Int, window: Int = 64) {
        (events, continuation) = AsyncStream.makeStream(of: MCPIncoming.self)
        consumed = DispatchSemaphore(value: window)
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Starts reading; the stream finishes at the end of input or a read error.
    func start() {
        DetachedThread.start { [self] in readAll() }
    }

    /// The consumer handled one event.
    func handled() { consumed.signal() }

    private func readAll() {
        var pending: [UInt8] = []
        var dropping = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    if dropping { emit(.oversized(limit: limit)) } else { emit(.line(String(decoding: pending, as: UTF8.self))) }
                    pending.removeAll(keepingCapacity: true)
                    dropping = false
                } else if !dropping {
                    pending.append(byte)
                    if pending.count > limit {
                        dropping = true
                        pending.removeAll(keepingCapacity: false)
                    }
                }
            }
        }
        if dropping { emit(.oversized(limit: limit)) } else if !pending.isEmpty { emit(.line(String(decoding: pending, as: UTF8.self))) }
        continuation.finish()
    }

    private func emit(_ event: MCPIncoming) {
        consumed.wait()
        continuation.yield(event)
    }
}
