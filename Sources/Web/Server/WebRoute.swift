import FoundationEssentials
import PlanKit

/// Where a request goes. Only a path holding the trip's secret reaches the trip; every other path, a wrong
/// secret included, is the same "not found" (nothing says whether a trip or a link exists).
public enum WebRoute: Sendable, Equatable {
    /// The checklist page (`print`: the paper view, `?print`).
    case page(print: Bool)
    /// The list's ticks as JSON, for the page's live updates (`client`: the page's own random id, to count phones).
    case state(client: String?)
    /// A tick from the page.
    case tick(ChecklistTick)
    /// The page's style sheet and script (no trip in them).
    case style, script
    /// The icon browsers ask for by themselves: none (204), so no error is logged.
    case noIcon
    case notFound
    case methodNotAllowed(allowed: String)
    /// A write whose Origin is not this server's.
    case forbidden
    case badRequest(String)

    /// The longest item key or name a tick may carry, in UTF-8 bytes.
    public static let maximumNameBytes = 400

    /// The route of `request` on a server whose page secret is `secret`.
    public static func of(_ request: WebRequest, secret: String) -> WebRoute {
        let path = request.path
        if path == "/app.css" || path == "/app.js" {
            guard request.method == "GET" || request.method == "HEAD" else { return .methodNotAllowed(allowed: "GET, HEAD") }
            return path == "/app.css" ? .style : .script
        }
        if path == "/favicon.ico" { return .noIcon }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "", "t", secret, rest ("" for the page itself).
        guard parts.count >= 3, parts.count <= 4, parts[0].isEmpty, parts[1] == "t", PageLink.matches(parts[2], secret) else {
            return .notFound
        }
        let rest = parts.count == 4 ? String(parts[3]) : ""
        switch rest {
        case "":
            guard request.method == "GET" || request.method == "HEAD" else { return .methodNotAllowed(allowed: "GET, HEAD") }
            return .page(print: request.arguments["print"] != nil)
        case "state":
            guard request.method == "GET" || request.method == "HEAD" else { return .methodNotAllowed(allowed: "GET, HEAD") }
            return .state(client: request.arguments["c"].flatMap { $0.isEmpty || $0.utf8.count > 64 ? nil : $0 })
        case "tick":
            guard request.method == "POST" else { return .methodNotAllowed(allowed: "POST") }
            guard isSameOrigin(request) else { return .forbidden }
            return tick(request.arguments)
        default:
            return .notFound
        }
    }

    /// Whether a write comes from the server's own page: its Origin is `http://` and the Host it was sent to.
    /// A request without an Origin (not a browser's fetch) is refused too.
    static func isSameOrigin(_ request: WebRequest) -> Bool {
        guard let origin = request.origin, let host = request.host, !host.isEmpty else { return false }
        return origin == "http://" + host
    }

    /// A tick's arguments: `key`, `name`, `q` (the quantity shown, "" for none) and `packed` (1 or 0).
    static func tick(_ arguments: [String: String]) -> WebRoute {
        guard let key = arguments["key"], let name = arguments["name"], !key.isEmpty, !name.isEmpty,
              key.utf8.count <= maximumNameBytes, name.utf8.count <= maximumNameBytes
        else { return .badRequest("A tick needs the item's key and name.") }
        guard let packedText = arguments["packed"], packedText == "1" || packedText == "0" else {
            return .badRequest("A tick's packed is 1 or 0.")
        }
        var quantity: Int?
        if let text = arguments["q"], !text.isEmpty {
            guard text.utf8.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) else {  // parses text
                return .badRequest("A tick's quantity is a whole number.")
            }
            quantity = number
        }
        return .tick(ChecklistTick(key: key, name: name, quantity: quantity, packed: packedText == "1"))
    }
}
