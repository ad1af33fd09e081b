import Foundation
import LanguageModels
import Store
import Testing
@testable import Tools

/// Issue 41: an offline machine answers at once. A refused connection is not retried, and the host is not
/// asked again in the same run, whatever the retry setting; a host that answers is asked as usual.
@Suite struct UnreachableHostTests {
    /// A port on loopback that nothing listens on: bound, then closed.
    static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func aRefusingHostIsAskedOnceInARun() async throws {
        let temporary = try TemporaryStore()
        let transport = CountingTransport(base: CurlTransport(timeout: 5))
        let client = HTTPClient(
            store: temporary.store, transport: transport,
            configuration: HTTPClient.Configuration(userAgent: "plan-tests", maxAttempts: 5, baseDelay: 0.01)
        )
        let base = "http://127.0.0.1:\(try Self.closedPort())"
        for path in ["/v1/forecast?a=1", "/v1/archive?b=2", "/marine?c=3"] {
            let url = try #require(URL(string: base + path))
            await #expect(throws: ServiceError.self) { try await client.get(url, service: "Open-Meteo", kind: .forecast) }
        }
        #expect(transport.count == 1, "one attempt for the first request, none for the others: \(transport.count)")
        #expect(UnreachableHosts.shared.failure(for: try #require(URL(string: base + "/"))) != nil)
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
