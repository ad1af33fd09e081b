import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether a service answers at all (any HTTP status counts as reachable), for `plan doctor`.
public enum ServiceProbe {
    public struct Outcome: Sendable, Equatable {
        public var isReachable: Bool
        /// "HTTP 200 in 12 ms", "connection refused".
        public var detail: String
    }

    public static func check(_ url: URL, userAgent: String, timeout: TimeInterval = 5) async -> Outcome {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let started = Date()
        do {
            let (_, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
            return Outcome(isReachable: true, detail: "HTTP \(status) in \(milliseconds) ms")
        } catch let error as URLError {
            return Outcome(isReachable: false, detail: HTTPClient.describe(error))
        } catch {
            return Outcome(isReachable: false, detail: error.localizedDescription)
        }
    }
}
