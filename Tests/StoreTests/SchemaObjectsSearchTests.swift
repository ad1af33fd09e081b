import Model
@testable import Store
import Testing

/// `SchemaObjects.occurs`: the byte search that decides whether a trigger's text is one of the migrations'.
@Suite struct SchemaObjectsSearchTests {
    @Test(arguments: [
        ("CREATE TRIGGER t AFTER", "x; CREATE TRIGGER t AFTER ;", true),
        ("CREATE TRIGGER t AFTER", "CREATE TRIGGER t AFTER\n\t ;", true),
        ("CREATE TRIGGER t AFTER", "CREATE TRIGGER t AFTER x; CREATE TRIGGER t AFTER;", true),
        ("CREATE TRIGGER t AFTER", "CREATE TRIGGER t AFTER x;", false),
        ("CREATE TRIGGER t AFTER", "CREATE TRIGGER t AFTE", false),
        ("CREATE TRIGGER t AFTER", "CREATE TRIGGER t AFTER", false),
        ("CCX", "CCCX;", true),
        ("", "abc;", false),
    ])
    func findsTheTextOnlyWhereAStatementEnds(needle: String, haystack: String, found: Bool) {
        #expect(SchemaObjects.occurs(Array(needle.utf8), in: Array(haystack.utf8), followedBySemicolon: true) == found)
    }

    @Test func withoutTheSemicolonRuleAnyOccurrenceCounts() {
        #expect(SchemaObjects.occurs(Array("AFTER".utf8), in: Array("x AFTER y".utf8), followedBySemicolon: false))
        #expect(!SchemaObjects.occurs(Array("AFTERS".utf8), in: Array("x AFTER".utf8), followedBySemicolon: false))
    }
}
