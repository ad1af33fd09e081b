import Testing
@testable import Interface

/// "Did you mean …?": the rules of `Suggestion`, by table, and the messages the parser gives with them.
@Suite struct SuggestionTests {
    static let commands = ["add", "list", "ls", "show", "rm", "remove", "delete", "pack", "ask", "replay", "history",
                           "cache", "doctor", "completions", "help", "edit", "leg", "config", "activities"]
    static let options = ["--from", "--to", "--name", "--activities", "--json", "--markdown", "--fresh", "--offline", "--help",
                          "--like", "--then", "--destination", "--leg"]

    @Test(arguments: [
        ("pakc", "pack"), ("pck", "pack"), ("shwo", "show"), ("hsitory", "history"), ("doctr", "doctor"),
        ("lsit", "list"), ("replya", "replay"), ("PACK", "pack"), ("edti", "edit"), ("confgi", "config"),
        ("activites", "activities"), ("lge", "leg"),
    ])
    func aMistypedCommandIsNamed(typed: String, meant: String) {
        #expect(Suggestion.closest(to: typed, among: Self.commands) == meant)
    }

    @Test(arguments: [("--form", "--from"), ("--activity", "--activities"), ("--jsno", "--json"), ("--ofline", "--offline"),
                      ("--lkie", "--like"), ("--destinaton", "--destination"), ("--thne", "--then")])
    func aMistypedOptionIsNamed(typed: String, meant: String) {
        #expect(Suggestion.closest(to: typed, among: Self.options) == meant)
    }

    /// Nothing close, or two equally close: no guess.
    @Test(arguments: ["frobnicate", "x", "", "packing-list-now", "zzzz", "pack"])
    func noGuessWhenNothingIsClose(typed: String) {
        #expect(Suggestion.closest(to: typed, among: Self.commands) == nil)
    }

    @Test func twoEquallyCloseWordsGiveNoGuess() {
        #expect(Suggestion.closest(to: "bat", among: ["cat", "hat"]) == nil)
        #expect(Suggestion.closest(to: "bat", among: ["cat", "hats"]) == "cat")
    }

    @Test(arguments: [("", "abc", 3), ("abc", "abc", 0), ("abc", "acb", 1), ("kitten", "sitting", 3), ("ca", "abc", 3)])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(Array(a), Array(b)) == distance)
    }
}
