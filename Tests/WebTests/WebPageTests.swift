import Foundation
import Basics
import Model
import Store
import Testing
@testable import Web

/// The page's pieces: escaping, the QR drawing, the phone count, the headers every answer carries.
@Suite struct WebPageTests {
    @Test func textFromTheTripIsEscaped() {
        #expect(HTMLText.escaped(#"<script>alert("x")</script> & 'y'"#) == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;")
        // Escape sequences and line breaks from outside are made inert first.
        let escaped = HTMLText.escaped("Rain\u{1B}[31m\ncoat")
        #expect(!escaped.contains("\u{1B}") && !escaped.contains("\n"))
    }

    @Test func everyAnswerCarriesThePolicyAndNoBanner() {
        for response in [WebResponse.notFound, .forbidden, .unavailable, .json("{}"), .methodNotAllowed("GET")] {
            let names = response.fields.map(\.name)
            #expect(names.contains("Content-Security-Policy"))
            #expect(names.contains("Referrer-Policy"))
            #expect(!names.contains("Server"))
        }
        #expect(WebResponse.contentSecurityPolicy.contains("default-src 'none'"))
        #expect(!WebResponse.contentSecurityPolicy.contains("unsafe-inline"))
        #expect(WebResponse.notFound.body == Array("Not found.\n".utf8))
    }

    @Test func theQRCodeIsDrawnTwoRowsALineWithItsQuietZone() {
        let grid = [[true, false], [false, true]]
        let lines = QRCodeText.lines(grid)
        // 2 modules + 2 × 2 of quiet zone = 6 columns, 3 lines of two rows each.
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count == 6 })
        #expect(lines[0] == "██████")
        #expect(lines[1] == "██ ▀██" || lines[1] == "██▄▀██")
        let real = QRCodeText.lines(for: "http://192.168.1.20:8080/t/abcdefghijklmnopqrstuvwx/")
        #expect(real != nil)
        #expect((real?.count ?? 0) >= 12)
    }

    @Test func phonesCountWhilePagesAsk() {
        let now = Locked(Date(timeIntervalSince1970: 1_000))
        let phones = PhoneCounter { now.current }
        #expect(phones.count == 0)
        phones.heard("a")
        phones.heard("b")
        phones.heard("a")
        #expect(phones.count == 2)
        now.withLock { $0 += 10 }
        #expect(phones.count == 0)
        #expect(PhoneCounter.sentence(1) == "1 phone connected")
        #expect(PhoneCounter.sentence(3) == "3 phones connected")
        for index in 0..<1_000 { phones.heard("id\(index)") }
        #expect(phones.count <= 256)
    }

    @Test func theLimitsAreThePhones() {
        let limits = WebLimits.phones
        #expect(limits.headerBytes < 200 * 1024)
        #expect(limits.connectionsPerAddress < limits.connections)
        #expect(limits.idleSeconds <= 30)
    }

    @Test func privateAddressesAreTheLocalNetworks() {
        #expect(LocalAddress.isPrivate("192.168.1.20"))
        #expect(LocalAddress.isPrivate("10.0.0.5"))
        #expect(LocalAddress.isPrivate("172.20.1.1"))
        #expect(!LocalAddress.isPrivate("172.32.1.1"))
        #expect(!LocalAddress.isPrivate("8.8.8.8"))
    }

    @Test func theStateTagFollowsTheState() {
        #expect(ChecklistState.etag("a") == ChecklistState.etag("a"))
        #expect(ChecklistState.etag("a") != ChecklistState.etag("b"))
        #expect(ChecklistState.etag("a").hasPrefix("\""))
    }
}
