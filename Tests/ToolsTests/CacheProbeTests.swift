import Foundation
import Testing
@testable import Tools

/// `cache-probe`'s contract (../shared/tools/cache-tests/README.md), through `CacheProbe`: a GET through plan's
/// cache, any other method past it, every exchange reported, the suite's header fields added under the cache.
@Suite struct CacheProbeTests {
    func ask(_ request: [String: Any]) async throws -> [String: Any] {
        let line = try JSONSerialization.data(withJSONObject: request)
        let answer = await CacheProbe.answer(to: line)
        #expect(!answer.contains(UInt8(ascii: "\n")), "one line")
        return try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
    }

    @Test func aGetGoesThroughTheCacheAndReportsItsExchanges() async throws {
        let h = try OriginHarness()
        try await h.script("r/p", [OriginHarness.answer(200, [("Cache-Control", "max-age=3600")], body: "hello")])
        let db = h.database.folder.appending(path: "probe.sqlite").path
        let request: [String: Any] = [
            "db": db, "url": h.url("r/p").absoluteString, "method": "GET",
            "headers": [["Test-ID", "t1"], ["User-Agent", "not plan's"]], "kind": "alerts", "mode": "normal", "retries": 1,
        ]
        let first = try await ask(request)
        #expect(first["ok"] as? Bool == true && first["origin"] as? String == "network")
        #expect(first["body_b64"] as? String == Data("hello".utf8).base64EncodedString())
        let exchanges = try #require(first["exchanges"] as? [[String: Any]])
        #expect(exchanges.count == 1)
        #expect(exchanges.first?["status"] as? Int == 200)
        #expect(exchanges.first?["plan_server_lifetime"] as? Double == 3_600)
        let sent = try #require(exchanges.first?["request_headers"] as? [[String]])
        #expect(sent.contains(["Test-ID", "t1"]))
        #expect(sent.contains(["User-Agent", "plan-cache-probe/1.0"]), "plan's own field is never replaced")
        #expect((first["stored"] as? [String: Any])?["status"] as? Int == 200)

        let second = try await ask(request)
        #expect(second["origin"] as? String == "cache")
        #expect((second["exchanges"] as? [Any])?.isEmpty == true)
        #expect(second["fetched_at"] as? Double == first["fetched_at"] as? Double)
        #expect(try await h.requests().first?["test-id"] == "t1")
    }

    @Test func anotherMethodGoesPastTheCache() async throws {
        let h = try OriginHarness()
        let answer = try await ask([
            "db": h.database.folder.appending(path: "probe.sqlite").path, "url": h.url("r/post").absoluteString,
            "method": "POST", "body": "x",
        ])
        #expect(answer["through_cache"] as? Bool == false)
        #expect((answer["exchanges"] as? [[String: Any]])?.first?["method"] as? String == "POST")
        #expect(answer["stored"] == nil)
    }

    @Test func aRequestItCannotReadIsAProbeError() async throws {
        for line in [Data("not json".utf8), Data("{\"url\": \"http://127.0.0.1:9/\"}".utf8), Data("{\"db\": \"/tmp/x\"}".utf8)] {
            let answer = try #require(try JSONSerialization.jsonObject(with: await CacheProbe.answer(to: line)) as? [String: Any])
            #expect(answer["probe_error"] is String)
        }
    }
}
