import Foundation
import PlanKit
import Testing

/// The page's secret: random, long enough, URL-safe, compared whole.
@Suite struct PageLinkTests {
    @Test func secretsAreRandomURLSafeAndCarry144Bits() {
        let secrets = (0..<200).map { _ in PageLink.newSecret() }
        #expect(Set(secrets).count == secrets.count)
        for secret in secrets {
            #expect(secret.count == 24)
            #expect(secret.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        }
        #expect(PageLink.byteCount * 8 >= 128)
    }

    @Test func theComparisonIsWholeAndExact() {
        let secret = "abcdefghijklmnopqrstuvwx"
        #expect(PageLink.matches(secret, secret))
        #expect(!PageLink.matches("", secret))
        #expect(!PageLink.matches(String(secret.dropLast()), secret))
        #expect(!PageLink.matches(secret + "y", secret))
        #expect(!PageLink.matches("Abcdefghijklmnopqrstuvwx", secret))
        #expect(!PageLink.matches("abcdefghijklmnopqrstuvwX", secret))
        // A longer text whose length differs by 256 is still refused.
        #expect(!PageLink.matches(secret + String(repeating: "a", count: 256), secret))
    }
}
