import Foundation
import Model
import Store
import Testing

/// An item's name in its one form, wherever it enters (issue 32, round four): invisible characters dropped
/// but an emoji's joiners kept, NFC, spaces collapsed; lengths counted as the tables' CHECKs count them.
@Suite struct ItemNameTests {
    static let family = "👨\u{200D}👩\u{200D}👧"
    static let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

    @Test(arguments: [
        ("Sun\u{00AD}screen", "Sunscreen"), ("Sun\u{200B}screen", "Sunscreen"), ("Sun\u{2060}screen", "Sunscreen"),
        ("\u{FEFF}Sunscreen", "Sunscreen"), ("Sun\u{202E}screen\u{202C}", "Sunscreen"), ("\u{2066}Hat\u{2069}", "Hat"),
        ("Sun\u{200D}screen", "Sunscreen"), ("  Rain \t\n jacket  ", "Rain jacket"), ("Cafe\u{0301}", "Café"),
        ("Rain\u{2028}jacket", "Rain jacket"), (family + " games", family + " games"), (scotland + " scarf", scotland + " scarf"),
        ("👨\u{200D}", "👨"), ("\u{200B}", ""),
    ])
    func aNameHasOneForm(_ text: String, _ expected: String) {
        let name = ItemName.normalized(text)
        #expect(name.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(ItemName.normalized(name) == name, "once is enough")
        #expect(ItemKey.of(text) == expected.lowercased())
    }

    @Test func lengthsAreCodePointsAsSQLiteCountsThem() {
        let flags = String(repeating: "🇫🇷", count: 101)
        #expect(flags.count == 101)
        #expect(ItemName.length(flags) == 202)
        #expect(ItemKey.tidy(flags) == nil, "101 flags are 202 code points: more than the column holds")
        #expect(ItemKey.tidy(String(repeating: "🇫🇷", count: 100)) != nil)
        #expect(ItemKey.tidy(Self.family) == Self.family)
        #expect(!ItemName.hasHiddenCharacters(Self.family) && !ItemName.hasHiddenCharacters(Self.scotland))
        #expect(ItemName.hasHiddenCharacters("Sun\u{00AD}screen") && ItemName.hasHiddenCharacters("a\tb"))
        #expect(ItemName.hasHiddenCharacters("\u{FEFF}Hat") && !ItemName.hasHiddenCharacters("Cafe\u{0301}"))
    }

    @Test func aCutEndsAtACharacterAndFitsTheColumn() {
        // 44 letters of five code points each (a letter and four accents): 220 code points in 44 characters.
        let accented = String(repeating: "x\u{0301}\u{0302}\u{0303}\u{0304}", count: 44)
        #expect(accented.count == 44 && ItemName.length(accented) == 220)
        let cut = ItemName.cut(accented, characters: 50)
        #expect(ItemName.fits(cut) && ItemName.length(cut) <= 200)
        #expect(cut.hasSuffix("…") && cut.count == 40, "39 whole letters (195 code points) and the ellipsis")
        #expect(cut.dropLast().allSatisfy { $0 == accented.first })
        #expect(ItemName.cut("Sunscreen", characters: 50) == "Sunscreen")
        #expect(ItemName.cut("Compact umbrella", characters: 8) == "Compact…")
        #expect(ItemName.cut("\u{200B}", characters: 8).isEmpty)
    }
}
