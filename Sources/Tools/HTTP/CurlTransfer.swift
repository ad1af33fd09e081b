import FoundationEssentials
import Basics
import CCurlLoader
import HTTPCore
import LanguageModels
import Model
import Store

/// One request carried through libcurl's easy API, synchronously, on the calling thread (`CurlTransport`
/// gives each request a thread of its own): the redirects plan follows, each hop one `curl_easy_perform`.
///
/// curl enforces the whole-transfer deadline (`CURLOPT_TIMEOUT_MS`), the connect and silence bounds, the
/// protocols (http and https only) and TLS verification; plan's callbacks enforce the body caps (Debian 12's
/// curl 7.88 has no cap on a transfer in progress), hand a streamed 2xx body over chunk by chunk, and stop
/// at a cancellation. Redirects are followed here, not by curl, so a request goes only to its own origin.
final class CurlTransfer {
    private let limits: TransportLimits
    private let idle: TimeInterval
    private let endsAt: ContinuousClock.Instant
    private let onChunk: (@Sendable (Data) throws -> Void)?
    private let cancelled: Locked<Bool>

    // Filled by the callbacks during one perform (they run on this thread, inside it).
    private var status = 0
    private var headers: [String: String] = [:]
    private var headerBytes = 0
    private var body = Data()
    private var received = 0
    private var failure: (any Error)?
    /// An error body cut at `TransportLimits.errorBodyBytes`: what came is the answer.
    private var errorBodyCut = false

    /// Redirects followed within one origin before giving up.
    static let maximumRedirects = 5
    /// The most header bytes one answer may send.
    static let maximumHeaderBytes = 256 * 1_024

    init(limits: TransportLimits, idle: TimeInterval, onChunk: (@Sendable (Data) throws -> Void)?, cancelled: Locked<Bool>) {
        self.limits = limits
        self.idle = idle
        self.onChunk = onChunk
        self.cancelled = cancelled
        endsAt = ContinuousClock.now + .milliseconds(Self.milliseconds(limits.deadline))
    }

    /// Sends `request`, following same-origin redirects, and returns the final answer with its body (empty
    /// for a streamed 2xx: the chunks went to `onChunk`).
    func run(_ request: HTTPRequest) throws -> (HTTPResponse, Data) {
        guard plan_curl_load() == 0 else {
            throw TransportError.curlUnavailable(String(cString: plan_curl_load_error()))
        }
        let start = request.url
        guard Self.isWeb(start) else { throw TransportError.unsupportedURL }
        var url = start
        var method = request.httpMethod
        var payload = request.httpBody
        for hop in 0...Self.maximumRedirects {
            let (response, data) = try perform(url: url, method: method, body: payload, headers: request.headerFields)
            guard [301, 302, 303, 307, 308].contains(response.statusCode),
                  let location = response.value(forHTTPHeaderField: "Location")?.trimming(.whitespaces),
                  let target = URL(string: location, relativeTo: url)?.absoluteURL else {
                return (response, data)
            }
            guard Self.isWeb(target), CurlTransport.isSameOrigin(start, target) else {
                throw TransportError.redirectRefused(to: CurlTransport.origin(of: target))
            }
            guard hop < Self.maximumRedirects else { throw TransportError.tooManyRedirects }
            // What browsers and URLSession do: 303, and 301/302 after a POST, continue as a GET.
            if response.statusCode == 303 || (method == "POST" && [301, 302].contains(response.statusCode)) {
                method = "GET"
                payload = nil
            }
            url = target
        }
        throw TransportError.tooManyRedirects
    }

    // MARK: - One hop

    private func perform(
        url: URL, method: String, body payload: Data?, headers fields: [HTTPRequest.HeaderField]
    ) throws -> (HTTPResponse, Data) {
        resetHop()
        let remaining = endsAt - ContinuousClock.now
        guard remaining > .zero else { throw TransportError.deadlineExceeded(seconds: limits.deadline) }

        guard let handle = plan_curl_easy_init() else { throw TransportError.failed(code: -1, message: "curl_easy_init failed") }
        defer { plan_curl_easy_cleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        defer { plan_curl_slist_free_all(list) }

        try setLimits(handle, url: url, milliseconds: max(1, Self.milliseconds(remaining)))
        list = try setHeaders(handle, fields)
        try setMethod(handle, method, payload: payload)
        try setCallbacks(handle)

        let code = withExtendedLifetime(self) { plan_curl_easy_perform(handle) }

        if cancelled.current { throw CancellationError() }
        if let failure { throw failure }
        if code == CURLE_OK || (errorBodyCut && code == CURLE_WRITE_ERROR) {
            if status == 0 {
                var answered = 0
                if plan_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &answered) == CURLE_OK { status = answered }
            }
            return (HTTPResponse(url: url, statusCode: status, headerFields: headers), body)
        }
        throw error(for: code)
    }

    /// What one hop gathers starts empty.
    private func resetHop() {
        status = 0
        headers = [:]
        headerBytes = 0
        body = Data()
        received = 0
        failure = nil
        errorBodyCut = false
    }

    /// The URL, the protocols, no redirects of curl's own, the whole-transfer deadline, the idle limit and TLS checks.
    private func setLimits(_ handle: UnsafeMutableRawPointer, url: URL, milliseconds remainingMilliseconds: Int) throws {
        try set(handle, CURLOPT_URL, text: url.absoluteString)
        try set(handle, CURLOPT_PROTOCOLS_STR, text: "http,https")
        try set(handle, CURLOPT_REDIR_PROTOCOLS_STR, text: "http,https")
        try set(handle, CURLOPT_FOLLOWLOCATION, 0)
        try set(handle, CURLOPT_NOSIGNAL, 1)  // threads: no SIGALRM for name lookups
        try set(handle, CURLOPT_TIMEOUT_MS, remainingMilliseconds)
        try set(handle, CURLOPT_CONNECTTIMEOUT_MS, min(remainingMilliseconds, max(1, Self.milliseconds(idle))))
        if idle < limits.deadline {
            // Silence for `idle` seconds (under a byte a second) ends the transfer.
            try set(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
            try set(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(checked: idle.rounded(.up)) ?? 1))
        }
        try set(handle, CURLOPT_SSL_VERIFYPEER, 1)
        try set(handle, CURLOPT_SSL_VERIFYHOST, 2)
        try set(handle, CURLOPT_ACCEPT_ENCODING, text: "")  // what curl can decode; the caps count decoded bytes
        try set(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
    }

    /// The request's header fields as curl's list (the caller frees it once the transfer is over).
    private func setHeaders(
        _ handle: UnsafeMutableRawPointer, _ fields: [HTTPRequest.HeaderField]
    ) throws -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        // Header fields: a name or value with a line break would start another field, so such a field is dropped.
        for field in fields where !Self.breaksLine(field.name) && !Self.breaksLine(field.value) {
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = plan_curl_slist_append(list, line)
        }
        list = plan_curl_slist_append(list, "Expect:")  // no 100-continue round trip before a body
        try check(plan_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, list))
        return list
    }

    /// The method, and the body a POST or another method carries (copied by curl now).
    private func setMethod(_ handle: UnsafeMutableRawPointer, _ method: String, payload: Data?) throws {
        switch method {
        case "GET": try set(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": try set(handle, CURLOPT_NOBODY, 1)
        default:
            if method == "POST" {
                try set(handle, CURLOPT_POST, 1)
            } else {
                try set(handle, CURLOPT_CUSTOMREQUEST, text: method)
            }
            let bytes = payload ?? Data()
            try check(plan_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count)))
            try bytes.withUnsafeBytes { raw in
                // COPYPOSTFIELDS copies the bytes now; an empty body still needs a valid pointer.
                try "".withCString { empty in
                    try check(plan_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, raw.baseAddress ?? UnsafeRawPointer(empty)))
                }
            }
        }
    }

    /// The body, header and progress callbacks, each handed this transfer (unretained: it outlives the perform).
    private func setCallbacks(_ handle: UnsafeMutableRawPointer) throws {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(plan_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: CurlTransfer.product(size, count)))
        })
        try check(plan_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(plan_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: CurlTransfer.product(size, count)))
        })
        try check(plan_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        // Called at least once a second while the transfer waits: how a cancellation reaches a quiet transfer.
        try check(plan_curl_setopt_progress_callback(handle, CURLOPT_XFERINFOFUNCTION) { context, _, _, _, _ in
            guard let context else { return 1 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().cancelled.current ? 1 : 0
        })
        try check(plan_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
        try set(handle, CURLOPT_NOPROGRESS, 0)
    }

    // MARK: - Callbacks (on this thread, inside curl_easy_perform)

    /// A piece of the body: counted against its cap, streamed or kept. Returning less than `bytes.count`
    /// stops the transfer.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard failure == nil else { return 0 }
        if cancelled.current { return 0 }
        if ContinuousClock.now >= endsAt {
            // However slow the work on each chunk made the stream, it ends at the deadline.
            failure = TransportError.deadlineExceeded(seconds: limits.deadline)
            return 0
        }
        let isSuccess = (200..<300).contains(status)
        let limit = isSuccess ? limits.maximumBytes : TransportLimits.errorBodyBytes
        received += bytes.count
        if received > limit {
            if isSuccess {
                failure = TransportError.tooLarge(limit: limit)
            } else {
                // An error body past its limit: keep what fits (only a line of it is ever used).
                append(UnsafeRawBufferPointer(rebasing: bytes.prefix(max(0, limit - body.count))))
                errorBodyCut = true
            }
            return 0
        }
        if isSuccess, let onChunk {
            do {
                try onChunk(bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data())
            } catch {
                failure = error
                return 0
            }
            return bytes.count
        }
        append(bytes)
        return bytes.count
    }

    /// Appends bytes to the kept body in one copy.
    private func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// One header line (the status line included; a 1xx answer's lines come first and are replaced).
    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        headerBytes += bytes.count
        guard headerBytes <= Self.maximumHeaderBytes else {
            failure = TransportError.badAnswer
            return 0
        }
        let line = String(decoding: bytes, as: UTF8.self).trimming(.whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0  // parses text
            headers = [:]
            return bytes.count
        }
        if line.isEmpty {
            // The end of an answer's header: a 2xx body announced past its cap is refused before it comes.
            if onChunk == nil, (200..<300).contains(status),
               let length = HTTPResponse(url: Self.nowhere, statusCode: status, headerFields: headers).expectedContentLength,
               length > limits.maximumBytes {
                failure = TransportError.tooLarge(limit: limits.maximumBytes)
                return 0
            }
            return bytes.count
        }
        guard let colon = line.firstIndex(of: ":") else { return bytes.count }
        let name = String(line[..<colon]).trimming(.whitespaces)
        let value = String(line[line.index(after: colon)...]).trimming(.whitespaces)
        guard !name.isEmpty, headers.count < 500 else { return bytes.count }
        if let earlier = headers[name] {
            headers[name] = "\(earlier), \(value)"
        } else {
            headers[name] = value
        }
        return bytes.count
    }

    // MARK: - Errors

    /// A curl result as the `TransportError` plan reports.
    private func error(for code: CURLcode) -> TransportError {
        switch code {
        case CURLE_COULDNT_CONNECT: return .connectionRefused
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .hostNotFound
        case CURLE_OPERATION_TIMEDOUT:
            // Past (or within a blink of) the whole deadline, or a silence or a connect that took too long.
            return ContinuousClock.now + .milliseconds(50) >= endsAt
                ? .deadlineExceeded(seconds: limits.deadline) : .timedOut(seconds: idle)
        case CURLE_GOT_NOTHING: return .noAnswer
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: return .connectionLost
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM: return .badAnswer
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .unsupportedURL
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
             CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return .tls(Self.words(code))
        default:
            return .failed(code: Int(code.rawValue), message: Self.words(code))  // widening: UInt32 into Int
        }
    }

    private static func words(_ code: CURLcode) -> String {
        plan_curl_easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)"
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw TransportError.failed(code: Int(code.rawValue), message: Self.words(code))  // widening: UInt32 into Int
        }
    }

    private func set(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) throws {
        try check(plan_curl_setopt_long(handle, option, value))
    }

    private func set(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, text: String) throws {
        try text.withCString { try check(plan_curl_setopt_pointer(handle, option, $0)) }  // curl copies strings
    }

    // MARK: - Small rules

    /// Whether a URL is http or https with a host.
    static func isWeb(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "") && !(url.host ?? "").isEmpty
    }

    static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }

    /// size × count for curl's callbacks (size is 1 in practice); 0 if it would overflow.
    static func product(_ size: Int, _ count: Int) -> Int {
        let (value, overflow) = size.multipliedReportingOverflow(by: count)
        return overflow ? 0 : value
    }

    /// Whole milliseconds of a duration, at least 0, at most a day.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return Int(min(seconds, 86_400) * 1_000 + attoseconds / 1_000_000_000_000_000)  // widening: Int64 is Int here
    }

    /// Whole milliseconds of a count of seconds (already range-checked by `TransportLimits`).
    static func milliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(checked: (min(seconds, 86_400) * 1_000).rounded(.up)) ?? 86_400_000
    }

    /// The placeholder URL for reading a header set before the answer's own URL is attached.
    private static let nowhere = URL(fileURLWithPath: "/")
}
