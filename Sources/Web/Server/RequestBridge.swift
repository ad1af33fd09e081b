import FoundationEssentials
import Basics
import CMicroHTTPD
import Dispatch
import Glibc
import Model

/// Where libmicrohttpd's threads meet Swift's concurrency: a request is read on its connection's own thread
/// (libmicrohttpd's, never the cooperative pool's), answered by an async task, and that thread waits for the
/// answer (at most `limits.answerSeconds`) before queueing it.
final class RequestBridge: Sendable {
    let respond: @Sendable (WebRequest) async -> WebResponse
    let limits: WebLimits

    init(limits: WebLimits, respond: @escaping @Sendable (WebRequest) async -> WebResponse) {
        self.limits = limits
        self.respond = respond
    }

    /// The answer to `request`, waited for on the calling thread.
    func answer(_ request: WebRequest) -> WebResponse {
        let result = Locked<WebResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let respond = self.respond
        Task.detached {
            let response = await respond(request)
            result.withLock { $0 = response }
            done.signal()
        }
        guard done.wait(timeout: .now() + limits.answerSeconds) == .success else { return .unavailable }
        return result.current ?? .unavailable
    }

    /// The request libmicrohttpd is asking about, read from its connection.
    static func request(_ connection: OpaquePointer, url: String, method: String) -> WebRequest {
        func header(_ name: String) -> String? {
            plan_mhd_header(connection, name).map { String(cString: $0) }
        }
        var arguments: [String: String] = [:]
        for name in WebRequest.argumentNames {
            if let value = plan_mhd_argument(connection, name) { arguments[name] = String(cString: value) }
        }
        return WebRequest(
            method: method, path: url, arguments: arguments, origin: header("Origin"), host: header("Host"),
            ifNoneMatch: header("If-None-Match")
        )
    }

    /// Queues `response` on `connection`; 1 when queued.
    static func queue(_ response: WebResponse, on connection: OpaquePointer) -> Int32 {
        let names = response.fields.map { strdup($0.name) }
        let values = response.fields.map { strdup($0.value) }
        defer {
            names.forEach { free($0) }
            values.forEach { free($0) }
        }
        guard !names.contains(where: { $0 == nil }), !values.contains(where: { $0 == nil }) else { return 0 }
        let constantNames = names.map { UnsafePointer($0) }
        let constantValues = values.map { UnsafePointer($0) }
        guard let status = UInt32(exactly: response.status) else { return 0 }
        return response.body.withUnsafeBytes { body in
            constantNames.withUnsafeBufferPointer { namePointers in
                constantValues.withUnsafeBufferPointer { valuePointers in
                    plan_mhd_respond(
                        connection, status, body.baseAddress, body.count, namePointers.baseAddress, valuePointers.baseAddress,
                        response.fields.count
                    )
                }
            }
        }
    }
}

/// libmicrohttpd's call for each request (a plain function: it runs on the server's threads, isolated to no actor).
func answerRequest(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?
) -> Int32 {
    guard let context, let connection, let url, let method else { return 0 }
    let bridge = Unmanaged<RequestBridge>.fromOpaque(context).takeUnretainedValue()
    let request = RequestBridge.request(connection, url: String(cString: url), method: String(cString: method))
    return RequestBridge.queue(bridge.answer(request), on: connection)
}
