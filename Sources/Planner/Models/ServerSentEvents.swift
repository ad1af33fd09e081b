import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streams a POST whose answer is server-sent events, handing each `data:` payload over as it arrives.
/// On Linux `URLSession.bytes` is missing, so this reads through a data delegate.
final class ServerSentEvents: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: the buffers are touched only on the delegate's serial queue, and the
    // continuation is resumed exactly once under the lock.
    private let onData: @Sendable (String) -> Void
    private var buffer = Data()
    private var errorBody = Data()
    private var status = 0
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Int, Data), any Error>?

    init(onData: @escaping @Sendable (String) -> Void) {
        self.onData = onData
    }

    /// Sends the request; returns the status and, for an error status, the body.
    func send(_ request: URLRequest, timeout: TimeInterval) async throws -> (Int, Data) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            self.continuation = continuation
            lock.unlock()
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        status = (response as? HTTPURLResponse)?.statusCode ?? 0
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard (200..<300).contains(status) else {
            errorBody.append(data)
            return
        }
        buffer.append(data)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex...newline)
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("data:") {
                onData(String(trimmed.dropFirst(5)).trimmingCharacters(in: .whitespaces))
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(returning: (status, errorBody))
        }
    }
}
