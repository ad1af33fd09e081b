import FoundationEssentials
import PlanKit

/// Answers the page's requests for one trip through the application core: the page, its live state, ticks.
public struct ChecklistResponder: Sendable {
    public let app: PlanApp
    public let tripID: Int
    /// The page's secret (`PlanApp.pageSecret`).
    public let secret: String
    /// Read the weather with no network (the cache and pinned forecasts only).
    public let offline: Bool
    public let phones: PhoneCounter

    public init(app: PlanApp, tripID: Int, secret: String, offline: Bool, phones: PhoneCounter) {
        self.app = app
        self.tripID = tripID
        self.secret = secret
        self.offline = offline
        self.phones = phones
    }

    /// The page's address path.
    public var base: String { "/t/\(secret)/" }

    /// The answer to `request`. A failure inside is a 503 with no detail (the terminal shows nothing either: a
    /// page asks again within a second).
    public func respond(to request: WebRequest) async -> WebResponse {
        do {
            return try await answer(WebRoute.of(request, secret: secret), request: request)
        } catch {
            return .unavailable
        }
    }

    func answer(_ route: WebRoute, request: WebRequest) async throws -> WebResponse {
        switch route {
        case .notFound: return .notFound
        case .methodNotAllowed(let allowed): return .methodNotAllowed(allowed)
        case .forbidden: return .forbidden
        case .badRequest(let reason): return .badRequest(reason)
        case .noIcon:
            var response = WebResponse(status: 204, contentType: "image/x-icon", body: "", fields: [.init("Cache-Control", "max-age=86400")])
            response.body = []
            return response
        case .style:
            return WebResponse(status: 200, contentType: "text/css; charset=utf-8", body: PageStyle.css, fields: [.init("Cache-Control", "no-cache")])
        case .script:
            return WebResponse(
                status: 200, contentType: "text/javascript; charset=utf-8", body: PageScript.javascript,
                fields: [.init("Cache-Control", "no-cache")]
            )
        case .page(let isPrint):
            let checklist = try await app.checklist(tripID: tripID, weather: true, offline: offline)
            let html = ChecklistPage(checklist: checklist, base: base, isPrint: isPrint).html
            return WebResponse(status: 200, contentType: "text/html; charset=utf-8", body: html, fields: [.init("Cache-Control", "no-store")])
        case .state(let client):
            if let client { phones.heard(client) }
            let checklist = try await app.checklist(tripID: tripID, weather: false)
            let text = ChecklistState.json(checklist.list).compactText
            let etag = ChecklistState.etag(text)
            if request.ifNoneMatch == etag { return .notModified(etag) }
            return .json(text, etag: etag)
        case .tick(let tick):
            return try await answer(tick)
        }
    }

    func answer(_ tick: ChecklistTick) async throws -> WebResponse {
        switch try await app.tick(tick, tripID: tripID) {
        case .done(let list):
            return .json(ChecklistState.json(list).compactText)
        case .changed(let entry):
            let now = entry.item.quantity.map { "\(entry.item.name) × \($0)" } ?? entry.item.name
            let message = "“\(tick.name)” changed since this page showed it (now \(now)): not ticked. Reload the page to see the list as it is."
            return .json(OutgoingText.json(["message": .string(message)]).compactText, status: 409)
        case .gone:
            let message = "“\(tick.name)” is no longer on the list: not ticked. Reload the page to see the list as it is."
            return .json(OutgoingText.json(["message": .string(message)]).compactText, status: 409)
        }
    }
}
