import Foundation
import PlanKit
import Testing
@testable import Web

/// Routing: only the trip's secret reaches the trip; writes need the page's own origin; ticks' arguments are checked.
@Suite struct WebRouteTests {
    let secret = "abcdefghijklmnopqrstuvwx"

    func route(_ method: String, _ path: String, _ arguments: [String: String] = [:], origin: String? = nil, host: String? = "192.168.1.20:8080") -> WebRoute {
        WebRoute.of(WebRequest(method: method, path: path, arguments: arguments, origin: origin, host: host), secret: secret)
    }

    @Test func theSecretPathReachesThePageAndNothingElseDoes() {
        #expect(route("GET", "/t/\(secret)/") == .page(print: false))
        #expect(route("GET", "/t/\(secret)") == .page(print: false))
        #expect(route("GET", "/t/\(secret)/", ["print": ""]) == .page(print: true))
        #expect(route("GET", "/t/\(secret)/state", ["c": "ab12"]) == .state(client: "ab12"))
        for path in ["/", "/t/", "/t/\(secret.dropLast())/", "/t/\(secret)x/", "/t/ABCDEFGHIJKLMNOPQRSTUVWX/", "/t/\(secret)/../app.js",
                     "/t/\(secret)/state/more", "/trips", "/t/\(secret)/secret", "/.git/config", "//t/\(secret)/"] {
            #expect(route("GET", path) == .notFound, "\(path)")
        }
        #expect(route("GET", "/app.css") == .style)
        #expect(route("GET", "/app.js") == .script)
        #expect(route("GET", "/favicon.ico") == .noIcon)
    }

    @Test func methodsAreThePathsOwn() {
        #expect(route("POST", "/t/\(secret)/") == .methodNotAllowed(allowed: "GET, HEAD"))
        #expect(route("GET", "/t/\(secret)/tick") == .methodNotAllowed(allowed: "POST"))
        #expect(route("DELETE", "/app.js") == .methodNotAllowed(allowed: "GET, HEAD"))
        // A wrong secret is not found whatever the method.
        #expect(route("POST", "/t/wrong/tick") == .notFound)
    }

    @Test func aWriteNeedsThePagesOwnOrigin() {
        let arguments = ["key": "socks", "name": "Socks", "q": "3", "packed": "1"]
        let tick = ChecklistTick(key: "socks", name: "Socks", quantity: 3, packed: true)
        #expect(route("POST", "/t/\(secret)/tick", arguments, origin: "http://192.168.1.20:8080") == .tick(tick))
        #expect(route("POST", "/t/\(secret)/tick", arguments, origin: "http://evil.example") == .forbidden)
        #expect(route("POST", "/t/\(secret)/tick", arguments, origin: nil) == .forbidden)
        #expect(route("POST", "/t/\(secret)/tick", arguments, origin: "http://192.168.1.20:8080", host: nil) == .forbidden)
    }

    @Test func aTicksArgumentsAreChecked() {
        let origin = "http://192.168.1.20:8080"
        let untick = route("POST", "/t/\(secret)/tick", ["key": "hat", "name": "Hat", "q": "", "packed": "0"], origin: origin)
        #expect(untick == .tick(ChecklistTick(key: "hat", name: "Hat", quantity: nil, packed: false)))
        for bad in [["name": "Hat", "packed": "1"], ["key": "hat", "name": "Hat", "packed": "yes"],
                    ["key": "hat", "name": "Hat", "q": "-1", "packed": "1"], ["key": "hat", "name": "Hat", "q": "99999", "packed": "1"],
                    ["key": String(repeating: "k", count: 401), "name": "Hat", "packed": "1"]] {
            guard case .badRequest = route("POST", "/t/\(secret)/tick", bad, origin: origin) else {
                Issue.record("\(bad) was not refused")
                continue
            }
        }
    }
}
