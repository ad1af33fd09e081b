import Foundation
import Store
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One bounded exchange through its own URLSession: counts body bytes and cancels past the limit, cancels
/// at the deadline whatever the server is doing, and refuses redirects to another origin.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: every mutable field is touched only under `lock`; the continuation is resumed
    // exactly once (taken out under the lock).
    private let lock = NSLock()
    private let limits: TransferLimits
    private let onChunk: (@Sendable (Data) throws -> Void)?
    private var body = Data()
    private var received = 0
    private var response: HTTPURLResponse?
    private var failure: (any Error)?
    private var isFinished = false
    private var redirects = 0
    private var origin: URL?
    /// When the whole transfer must be over; checked before every chunk is handed on (issue 20).
    private var endsAt = ContinuousClock.now + .seconds(86_400)
    private var continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>?

    /// Redirects followed within one origin before giving up.
    static let maximumRedirects = 5

    init(limits: TransferLimits, onChunk: (@Sendable (Data) throws -> Void)?) {
        self.limits = limits
        self.onChunk = onChunk
    }

    func run(_ request: URLRequest, idleTimeout: TimeInterval) async throws -> (HTTPURLResponse, Data) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = min(idleTimeout, limits.deadline)
        configuration.timeoutIntervalForResource = limits.deadline + 1
        configuration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        var request = request
        request.timeoutInterval = min(idleTimeout, limits.deadline)
        origin = request.url
        let task = session.dataTask(with: request)
        let deadline = limits.deadline
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                self.continuation = continuation
                self.endsAt = ContinuousClock.now + .milliseconds(Int64(clamping: Int(checked: deadline * 1000) ?? 86_400_000))
                lock.unlock()
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [weak self] in
                    self?.fail(TransportError.deadlineExceeded(seconds: deadline), task: task)
                }
            }
        } onCancel: {
            self.fail(CancellationError(), task: task)
        }
    }

    /// Records the first reason to stop and cancels the task (its completion resumes the caller).
    private func fail(_ error: any Error, task: URLSessionTask) {
        if record(error) { task.cancel() }
    }

    /// Records the first reason to stop; true when it was the first.
    @discardableResult
    private func record(_ error: any Error) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isFinished, failure == nil else { return false }
        failure = error
        return true
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(URLError(.badServerResponse), task: dataTask)
            completionHandler(.cancel)
            return
        }
        lock.lock()
        self.response = http
        lock.unlock()
        let expected = http.expectedContentLength
        if (200..<300).contains(http.statusCode), onChunk == nil, expected > Int64(limits.maximumBytes) {  // widening: Int is Int64
            record(TransportError.tooLarge(limit: limits.maximumBytes))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        // Past the deadline, or already failed: the rest is dropped at once, however slow the work on
        // each chunk (a stream's parsing) made the queue of chunks.
        if failure != nil || isFinished {
            lock.unlock()
            return
        }
        if ContinuousClock.now >= endsAt {
            lock.unlock()
            fail(TransportError.deadlineExceeded(seconds: limits.deadline), task: dataTask)
            return
        }
        let status = response?.statusCode ?? 0
        received += data.count
        let isSuccess = (200..<300).contains(status)
        let limit = isSuccess ? limits.maximumBytes : TransferLimits.errorBodyBytes
        if received > limit {
            lock.unlock()
            if isSuccess {
                // Suspend first: it stops the reading at once, where a cancel alone lets the networking
                // layer go on buffering what a fast server keeps sending until the cancel takes effect.
                if record(TransportError.tooLarge(limit: limit)) {
                    dataTask.suspend()
                    dataTask.cancel()
                }
            } else {
                // An error body past its limit: keep what came (only a line of it is ever used).
                lock.lock()
                let room = max(0, limit - body.count)
                body.append(data.prefix(room))
                lock.unlock()
                dataTask.cancel()
            }
            return
        }
        if let onChunk, isSuccess {
            lock.unlock()
            do {
                try onChunk(data)
            } catch {
                fail(error, task: dataTask)
            }
            return
        }
        body.append(data)
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        lock.lock()
        redirects += 1
        let count = redirects
        let start = origin
        lock.unlock()
        // Refusing: the task then completes with the redirect itself, whose completion reports the
        // recorded reason (cancelling here, inside the redirect callback, trips FoundationNetworking).
        guard let target = request.url, let start, URLSessionTransport.isSameOrigin(start, target) else {
            let shown = request.url.map(URLSessionTransport.origin) ?? "an unknown place"
            record(TransportError.redirectRefused(to: shown))
            completionHandler(nil)
            return
        }
        guard count <= Self.maximumRedirects else {
            record(URLError(.httpTooManyRedirects))
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        isFinished = true
        let continuation = self.continuation
        self.continuation = nil
        let failure = self.failure
        let response = self.response
        let body = self.body
        lock.unlock()
        guard let continuation else { return }
        if let failure {
            continuation.resume(throwing: failure)
        } else if let response, error == nil || (error as? URLError)?.code == .cancelled {
            // A cancelled error body (cut at its limit) still answers with what came.
            continuation.resume(returning: (response, body))
        } else {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
        }
    }
}
