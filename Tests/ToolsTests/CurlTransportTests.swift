import Foundation
import Basics
import HTTPCore
import JSON
import LanguageModels
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// The libcurl transport against a loopback stand-in (Tests/Fixtures/transport/transport_server.py):
/// what reaches the server, the caps, streaming as chunks arrive, redirects, cancellation and errors.
@Suite struct CurlTransportTests {
    let server: LoopbackServer
    let transport = CurlTransport(timeout: 10)

    init() throws {
        server = try LoopbackServer(script: "transport/transport_server.py")
    }

    func url(_ path: String) throws -> URL {
        try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
    }

    func limits(_ bytes: Int = 1_048_576, deadline: TimeInterval = 10) -> TransportLimits {
        TransportLimits(deadline: deadline, maximumBytes: bytes)
    }

    func paths(through client: CurlTransport? = nil) async throws -> [String] {
        let (data, _) = try await (client ?? transport).send(HTTPRequest(url: try url("/_log")), limits: limits())
        return try JSONValue.parse(data)["paths"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    @Test func aPostSendsItsMethodHeadersAndBody() async throws {
        var request = HTTPRequest(url: try url("/echo"))
        request.httpMethod = "POST"
        request.httpBody = Data(String(repeating: "é", count: 3_000).utf8)  // past curl's 1 KB Expect threshold
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("plan-tests/1", forHTTPHeaderField: "User-Agent")
        request.setValue("evil\r\nX-Injected: 1", forHTTPHeaderField: "X-Note")
        let (data, response) = try await transport.send(request, limits: limits())
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "content-type") == "application/json")
        let echo = try JSONValue.parse(data)
        #expect(echo["method"]?.stringValue == "POST")
        #expect(echo["bodyLength"]?.intValue == 6_000)
        #expect(echo["headers"]?["user-agent"]?.stringValue == "plan-tests/1")
        #expect(echo["headers"]?["expect"] == nil, "no 100-continue round trip")
        #expect(echo["headers"]?["x-injected"] == nil && echo["headers"]?["x-note"] == nil, "a field with a line break is dropped")
    }

    @Test func aStreamedBodyArrivesChunkByChunkBeforeItEnds() async throws {
        let arrivals = Locked<[ContinuousClock.Instant]>([])
        let start = ContinuousClock.now
        let (response, rest) = try await transport.stream(HTTPRequest(url: try url("/stream?n=4&delay=0.3")), limits: limits()) { chunk in
            if !chunk.isEmpty { arrivals.withLock { $0.append(.now) } }
        }
        let end = ContinuousClock.now
        #expect(response.statusCode == 200)
        #expect(rest.isEmpty, "a streamed 2xx body goes to onChunk, not into the returned body")
        let times = arrivals.current
        #expect(times.count >= 2, "events sent 0.3 s apart come as separate chunks")
        // The first event is handed over while the server is still sleeping before the later ones.
        if let first = times.first { #expect(end - first >= .milliseconds(300)) }
        #expect(end - start >= .milliseconds(900))
    }

    @Test func aBodyPastItsCapIsCutWithoutAContentLength() async throws {
        await #expect(throws: TransportError.tooLarge(limit: 100_000)) {
            _ = try await transport.send(HTTPRequest(url: try url("/flood?bytes=5000000")), limits: limits(100_000))
        }
    }

    @Test func aContentLengthPastTheCapIsRefusedBeforeTheBody() async throws {
        // The stand-in sends the header and no body at all: only the header can have been refused (without
        // that check the transfer would end as a lost connection when the server gives up after 30 s).
        await #expect(throws: TransportError.tooLarge(limit: 1_000)) {
            _ = try await transport.send(HTTPRequest(url: try url("/sized?bytes=2000000")), limits: limits(1_000, deadline: 60))
        }
    }

    @Test func anErrorBodyIsKeptUpToItsLimitWithItsStatus() async throws {
        let (data, response) = try await transport.send(HTTPRequest(url: try url("/error-flood")), limits: limits())
        #expect(response.statusCode == 500)
        #expect(data.count == TransportLimits.errorBodyBytes)
    }

    @Test func aCompressedBodyIsDecoded() async throws {
        var request = HTTPRequest(url: try url("/gzip"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, _) = try await transport.send(request, limits: limits())
        #expect(try JSONValue.parse(data)["compressed"]?.boolValue == true)
    }

    @Test func aRedirectWithinTheOriginIsFollowed() async throws {
        let (data, response) = try await transport.send(HTTPRequest(url: try url("/redirect?to=/echo")), limits: limits())
        #expect(response.statusCode == 200)
        #expect(response.url.path == "/echo")
        #expect(try JSONValue.parse(data)["method"]?.stringValue == "GET")
    }

    @Test func aRedirectToAnotherOriginIsRefusedAndNeverSent() async throws {
        // localhost is another host than 127.0.0.1, though the same server: a request there would be logged.
        let foreign = "http://localhost:\(server.port)/echo"
        await #expect(throws: TransportError.redirectRefused(to: "http://localhost:\(server.port)")) {
            _ = try await transport.send(HTTPRequest(url: try url("/redirect?to=\(foreign)")), limits: limits())
        }
        #expect(try await paths() == ["/redirect"])
    }

    @Test func anEndlessRedirectLoopStops() async throws {
        await #expect(throws: TransportError.tooManyRedirects) {
            _ = try await transport.send(HTTPRequest(url: try url("/loop")), limits: limits())
        }
        #expect(try await paths().count == CurlTransfer.maximumRedirects + 1)
    }

    @Test func aSilentServerTimesOutAndASlowOneMeetsTheDeadline() async throws {
        let quick = CurlTransport(timeout: 1)
        await #expect(throws: TransportError.timedOut(seconds: 1)) {
            _ = try await quick.send(HTTPRequest(url: try url("/hang")), limits: limits())
        }
        await #expect(throws: TransportError.deadlineExceeded(seconds: 1)) {
            _ = try await transport.stream(HTTPRequest(url: try url("/stream?n=50&delay=0.1")), limits: limits(deadline: 1)) { _ in }
        }
    }

    @Test func aCancelledRequestEndsAsCancelled() async throws {
        // A server silent for 15 minutes and a transport that waits as long: only the cancellation ends this
        // request early, however long a loaded machine takes to get it there. (With 30 s of silence and a 60 s
        // deadline, a clean-clone CI run whose suite had Chromium starting beside it took more than 60 s to reach
        // the gate, and the deadline, not the cancellation, ended the request.)
        let request = HTTPRequest(url: try url("/hang?seconds=900"))
        let transport = CurlTransport(timeout: 900)
        let task = Task { try await transport.send(request, limits: TransportLimits(deadline: 900, maximumBytes: 1_000)) }
        // The gate: cancel once the server has the request (its log says so), not after a guessed pause. A
        // guard against a hang, not a timing claim.
        let clock = ContinuousClock()
        let giveUp = clock.now.advanced(by: .seconds(600))
        let observer = CurlTransport(timeout: 30)
        while try await !paths(through: observer).contains("/hang"), clock.now < giveUp {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await paths(through: observer).contains("/hang"), "the server never saw the request")
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test func nothingListeningIsConnectionRefused() async throws {
        server.stop()
        await #expect(throws: TransportError.connectionRefused) {
            _ = try await transport.send(HTTPRequest(url: try url("/echo")), limits: limits())
        }
    }

    @Test func onlyHTTPAndHTTPSAreSent() async throws {
        for text in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"] {
            let request = HTTPRequest(url: try #require(URL(string: text)))
            await #expect(throws: TransportError.unsupportedURL) {
                _ = try await transport.send(request, limits: limits())
            }
        }
    }

    @Test func aFailureToLoadLibcurlNamesThePackage() {
        let error = TransportError.curlUnavailable("libcurl.so.4: cannot open shared object file")
        #expect(error.errorDescription?.contains("libcurl4") == true)
        #expect(error.recoverySuggestion?.contains("apt-get install libcurl4") == true)
    }
}
