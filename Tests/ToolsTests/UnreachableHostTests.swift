import Foundation
import LanguageModels
import Model
import Store
import Testing
@testable import Tools

/// Issue 41: an offline machine answers at once. A refused connection is not retried, and the host is not
/// asked again in the same run, whatever the retry setting; a host that answers is asked as usual.
@Suite struct UnreachableHostTests {
    @Test func aRefusingHostIsAskedOnceInARun() async throws {
        let temporary = try TemporaryStore()
        // A long deadline: on a loaded machine a refused connect must not turn into a timeout (which is retried).
        let transport = CountingTransport(base: CurlTransport(timeout: 60))
        // A memo of an hour, not the 30 s plan keeps: under the whole suite this test's task can wait longer than
        // 30 s between two requests (seen: 2 attempts), and the memo's length is not what is tested here.
        let hosts = UnreachableHosts(memory: 3_600)
        let client = HTTPClient(
            store: temporary.store, transport: transport,
            configuration: HTTPClient.Configuration(userAgent: "plan-tests", maxAttempts: 5, baseDelay: 0.01),
            unreachableHosts: hosts
        )
        // An address of the loopback range of this test's own (127.0.0.1 is every stand-in's): nothing listens there.
        let base = "http://127.\(Int.random(in: 100...199)).\(Int.random(in: 1...250)).\(Int.random(in: 1...250)):9"
        for path in ["/v1/forecast?a=1", "/v1/archive?b=2", "/marine?c=3"] {
            let url = try #require(URL(string: base + path))
            await #expect(throws: ServiceError.self) { try await client.get(url, service: "Open-Meteo", kind: .forecast) }
        }
        #expect(transport.count == 1, "one attempt for the first request, none for the others: \(transport.count)")
        #expect(hosts.failure(for: try #require(URL(string: base + "/"))) != nil)
    }

    @Test func aHostIsForgottenAfterItsMemoryAndWhenItAnswers() throws {
        let hosts = UnreachableHosts(memory: 30)
        let url = try #require(URL(string: "http://127.0.0.1:1/x"))
        let now = Date()
        hosts.record(url, reason: "connection refused", now: now)
        #expect(hosts.failure(for: try #require(URL(string: "http://127.0.0.1:1/other")), now: now) == "connection refused")
        #expect(hosts.failure(for: try #require(URL(string: "http://127.0.0.1:2/x")), now: now) == nil, "another port is another server")
        #expect(hosts.failure(for: url, now: now.addingTimeInterval(31)) == nil, "remembered for 30 s")
        hosts.record(url, reason: "connection refused", now: now)
        hosts.clear(url)
        #expect(hosts.failure(for: url, now: now) == nil)
    }
}
