import FoundationEssentials
import Interface
import JSON
import Model
import PlanKit
import Rendering
import Web

/// `plan serve [<trip>]`: the trip's checklist as a page for a phone on the same network, until Ctrl-C.
struct ServeCommand: RunnableCommand {
    static let path = ["serve"]

    var trip: Int?
    var bind: String?
    var port = 0
    var json = false
    var newLink = false
    var offline = false

    init() {}

    static var declaration: Command<Self> {
        Command(
            path, summary: "Show a trip's checklist on your phone (a page on the local network)",
            discussion: """
                Serves the trip's packing list as a page for a phone on the same Wi-Fi, and prints
                its address and a QR code of it: point the phone's camera at the code. Ticks go both
                ways, live: a tick on the phone is in 'plan show' at once, and a tick from 'plan
                check', an assistant or another phone shows on every open page within two seconds.
                A tick made while the laptop is out of reach stays on the phone and is sent when the
                page reconnects; an item packed again meanwhile is not ticked, and the page says so.
                The address holds a secret kept with the trip, so a bookmark survives a restart;
                --new-link makes a new one (the old link stops working). Without the secret the
                server shows nothing. Add ?print to the address for a paper checklist.
                Without a trip, serves the next trip that has a list. Ctrl-C stops it.
                Exit status: 0 stopped with Ctrl-C; 64 bad arguments; 66 no such trip, or no list
                to serve; 69 the address or port cannot be used.
                """,
            parameters: [
                [
                    .argument("trip", \.trip, help: "a trip id (default: the next trip that has a list)", completion: .trips,
                              required: false) { try ArgumentText.id($0, what: "trip", context: $1) },
                ],
                [
                    .option("bind", \.bind, value: "<addr>", help: "the IPv4 address to serve on (default: this machine's on the local network; 127.0.0.1: this machine only)"),
                    .option("port", \.port, value: "<n>", help: "the port (default 0: a free one)") {
                        try ArgumentText.number($0, option: "port", range: 0...65_535, context: $1)
                    },
                    .flag("json", \.json, help: #"print {"url", "trip"} as the first line of stdout (no QR code)"#),
                    .flag("new-link", \.newLink, help: "make a new secret address (the old one stops working)"),
                    .flag("offline", \.offline, help: "no network: the page's weather from the cache only"),
                ],
            ],
            section: .packing,
            examples: ["plan serve", "plan serve 3 --bind 127.0.0.1 --port 8080", "plan serve 3 --new-link"]
        )
    }

    func run(_ context: Context) async throws {
        // Watching Ctrl-C before anything is said: a script may stop the server the moment it reads the address.
        let stopSignal = StopSignal()
        let app = context.app
        let trip = try await app.checklistTrip(self.trip)
        let secret = try await app.pageSecret(tripID: trip.id, renewing: newLink)
        var address = bind ?? LocalAddress.lan() ?? "127.0.0.1"
        if bind == nil, address == "127.0.0.1" {
            context.console.warn("plan: this machine has no network address; serving to this machine only.")
        }
        if address == "localhost" { address = "127.0.0.1" }
        let phones = PhoneCounter()
        let responder = ChecklistResponder(app: app, tripID: trip.id, secret: secret, offline: offline, phones: phones)
        let server: WebServer
        do {
            server = try WebServer(address: address, port: port) { await responder.respond(to: $0) }
        } catch {
            // An address that is not one is the person's typo; one in use or not this machine's, the system's.
            let code = error == .badAddress(address) ? ExitCode.usage : ExitCode.unavailable
            throw CLIError(code: code, message: error.errorDescription ?? "the server did not start.", hint: error.recoverySuggestion)
        }
        let url = "http://\(address):\(server.port)\(responder.base)"
        if json {
            // One line, written at once: a script reads the address before the server's first request.
            let line: JSONValue = ["url": .string(url), "trip": .number(Double(trip.id))]
            context.console.printDocument(line.compactText)
        } else {
            context.console.print("Trip \(trip.id), \(trip.name): open this on your phone (same Wi-Fi):")
            context.console.print("  " + url)
            // Half blocks need a UTF-8 terminal; elsewhere the address alone.
            if context.console.isUTF8 {
                for line in QRCodeText.lines(for: url) ?? [] { context.console.print(line) }
            }
        }
        context.console.warn("plan: serving trip \(trip.id) on \(address):\(server.port); Ctrl-C stops.")
        let watcher = Task {
            var last = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                let count = phones.count
                if count != last { context.console.warn("plan: " + PhoneCounter.sentence(count) + ".") }
                last = count
            }
        }
        await stopSignal.wait()
        watcher.cancel()
        server.stop()
        context.console.warn("plan: stopped serving trip \(trip.id).")
    }
}
