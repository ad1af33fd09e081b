import Foundation
import Interface
import Model
import Store
import Testing

/// Rules that span options: declared with the options, checked after parsing (so `--help` still wins and
/// a broken rule is a usage error of the command), and listed in the command's help.
@Suite struct ArgumentRuleTests {
    static let today = CalendarDate(year: 2026, month: 12, day: 1) ?? CalendarDate(dayNumber: 0)

    func problem<A>(_ command: Command<A>, _ words: [String]) -> UsageError? {
        do {
            _ = try command.parse(words, today: Self.today)
            return nil
        } catch {
            return error as? UsageError
        }
    }

    @Test func replayTakesATripOrASessionNotBoth() throws {
        #expect(problem(ReplayCommand.declaration, [])?.message == "give a trip id or --session <id>.")
        #expect(problem(ReplayCommand.declaration, ["1", "--session", "2"])?.message == "give a trip or --session, not both.")
        #expect(problem(ReplayCommand.declaration, ["1", "--session", "2"])?.hint == "Run 'plan replay --help' for usage.")
        #expect(problem(ReplayCommand.declaration, ["1"]) == nil)
        #expect(problem(ReplayCommand.declaration, ["--session", "2"]) == nil)
        if case .help = try ReplayCommand.declaration.parse(["1", "--session", "2", "--help"], today: Self.today) {} else {
            Issue.record("--help wins over a broken rule")
        }
    }

    @Test(arguments: [
        (["1", "--from", "today"], "--from and --to go with a destination"),
        (["1", "--to", "tomorrow"], "--from and --to go with a destination"),
        (["12", "--name", "Ski week"], "--name goes with a destination"),
        (["12", "--activities", "ski"], "--activities goes with a destination"),
        (["3", "--then", "Moab, UT", "--to", "tomorrow"], "--then goes with a destination"),
        (["3", "--like", "2"], "--like goes with a destination"),
    ])
    func packingATripTakesNoNewTripsOptions(_ words: [String], _ start: String) throws {
        let message = try #require(problem(PackCommand.declaration, words)?.message)
        #expect(message.hasPrefix(start), "\(words): \(message)")
        #expect(message.contains("trip \(words[0])") || message.contains("a trip id"))
    }

    @Test func aDestinationTakesThemAndATripAloneIsFine() {
        #expect(problem(PackCommand.declaration, ["Denver, CO", "--from", "today", "--to", "tomorrow", "--like", "2"]) == nil)
        #expect(problem(PackCommand.declaration, ["1"]) == nil)
        #expect(problem(PackCommand.declaration, ["1", "--json"]) == nil)
        #expect(problem(PackCommand.declaration, ["1a", "--from", "today", "--to", "tomorrow"]) == nil, "1a is a place name")
    }

    @Test func checkTakesItemsAllOrAChecklistOneOfThem() {
        #expect(problem(CheckCommand.declaration, ["1"])?.message == "name the items to tick (numbers or names), or give --all.")
        #expect(problem(UncheckCommand.declaration, ["1"])?.message == "name the items to untick (numbers or names), or give --all.")
        #expect(problem(CheckCommand.declaration, ["1", "socks", "--all"])?.message == "--all takes no items; give items or --all.")
        #expect(problem(CheckCommand.declaration, ["1", "--all", "--from-markdown", "list.md"])?.message
            == "--from-markdown goes alone: no items and no --all.")
        #expect(problem(CheckCommand.declaration, ["1", "socks", "--from-markdown", "list.md"]) != nil)
        for fine in [["1", "socks"], ["1", "--all"], ["1", "--from-markdown", "list.md"]] {
            #expect(problem(CheckCommand.declaration, fine) == nil, "\(fine)")
        }
        #expect(problem(UncheckCommand.declaration, ["1", "--all"]) == nil)
    }

    @Test func anEditChangesSomething() {
        #expect(problem(EditCommand.declaration, ["3"])?.message == "nothing to change; give --from, --to, --activities, --name, --destination, --adults or --children.")
        #expect(problem(EditCommand.declaration, ["3", "--adults", "2"]) == nil, "who travels is a change")
        #expect(problem(EditCommand.declaration, ["3", "--leg", "2"]) != nil, "a stop alone changes nothing")
        #expect(problem(EditCommand.declaration, ["3", "--activities", ""]) == nil, "clearing the activities is a change")
        #expect(problem(EditCommand.declaration, ["3", "--to", "tomorrow"]) == nil)
    }

    @Test func helpListsTheRules() {
        let help = HelpText.command(ReplayCommand.declaration.info)
        #expect(help.contains("\nRules:\n  a trip or --session <id>, not both"))
        #expect(PackCommand.declaration.info.rules.count == 1)
        #expect(!HelpText.command(ListCommand.declaration.info).contains("Rules:"))
    }
}
