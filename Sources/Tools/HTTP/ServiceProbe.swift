import FoundationEssentials
import Basics
import HTTPCore
import LanguageModels
import Model
import Store

/// Whether a service answers at all (any HTTP status counts as reachable), for `plan doctor`.
public enum ServiceProbe {
    public struct Outcome: Sendable, Equatable {
        public var isReachable: Bool
        /// "HTTP 200 in 12 ms", "connection refused".
        public var detail: String
    }

    /// GETs `url` once within `timeout` seconds (the whole exchange), reading at most 64 KB.
    public static func check(_ url: URL, userAgent: String, timeout: TimeInterval = 5) async -> Outcome {
        var request = HTTPRequest(url: url)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let transport = CurlTransport(timeout: timeout)
        let started = Date()
        do {
            let (_, response) = try await transport.send(
                request, limits: TransportLimits(deadline: timeout, maximumBytes: 64 * 1_024)
            )
            let milliseconds = Int(checked: min(Date().timeIntervalSince(started), 86_400) * 1000) ?? 0
            return Outcome(isReachable: true, detail: "HTTP \(response.statusCode) in \(milliseconds) ms")
        } catch TransportError.tooLarge {
            return Outcome(isReachable: true, detail: "answers (a large page)")
        } catch let error as TransportError {
            return Outcome(isReachable: false, detail: error.errorDescription ?? "no answer")
        } catch {
            return Outcome(isReachable: false, detail: ErrorText.describe(error))
        }
    }
}
