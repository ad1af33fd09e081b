import Foundation
import Interface
import Model
import Planner
import Store
import Testing

/// Parsing through the declarations: typed values, shared groups, exclusive flags, usage errors.
@Suite struct CommandParsingTests {
    static let today = CalendarDate("2026-12-01") ?? CalendarDate(Date())

    func run<A>(_ command: Command<A>, _ words: [String]) throws -> A? {
        if case let .run(arguments) = try command.parse(words, today: Self.today) { return arguments }
        return nil
    }

    func usageError<A>(_ command: Command<A>, _ words: [String]) -> UsageError? {
        do {
            _ = try command.parse(words, today: Self.today)
            return nil
        } catch let error as UsageError {
            return error
        } catch {
            return nil
        }
    }

    @Test func theSharedEngineGroupParsesTheSameForPackAskAndReplay() throws {
        let pack = try #require(try run(PackCommand.declaration, ["1", "--recovery", "summarize", "--context-size=2048", "--model", "builtin"]))
        let ask = try #require(try run(AskCommand.declaration, ["1", "why", "--recovery", "summarize", "--context-size", "2048", "--model=builtin"]))
        let replay = try #require(try run(ReplayCommand.declaration, ["--model", "builtin", "1", "--recovery=summarize", "--context-size", "2048"]))
        #expect(pack.engine == ask.engine)
        #expect(ask.engine == replay.engine)
        #expect(pack.engine.recovery == .summarize && pack.engine.contextSize == 2048)
        #expect(ask.question == ["why"])
        #expect(replay.trip == 1)
        for command in [PackCommand.declaration.info, AskCommand.declaration.info, ReplayCommand.declaration.info] {
            let names = command.namedParameters.map(\.name)
            #expect(EngineOptions.parameters.allSatisfy { names.contains($0.info.name) }, "\(command.name)")
        }
    }

    @Test func typedValuesAndConversions() throws {
        let add = try #require(try run(AddCommand.declaration, ["Denver", "--from", "today", "--to=tomorrow", "--json"]))
        #expect(add.destination == "Denver")
        #expect(add.details.from == Self.today && add.details.to == Self.today.adding(days: 1))
        #expect(add.json)
        let history = try #require(try run(HistoryCommand.declaration, ["--trip", "3", "--limit", "5", "--since", "2026-11-01"]))
        #expect(history.trip == 3 && history.limit == 5 && history.since == CalendarDate("2026-11-01"))
        #expect(usageError(HistoryCommand.declaration, ["--limit", "0"])?.message == "--limit must be a whole number from 1 to 10000.")
        #expect(usageError(ShowCommand.declaration, ["x"])?.message == "'x' is not a trip id (a positive number).")
        #expect(usageError(PackCommand.declaration, ["1", "--recovery", "bogus"])?.message == "--recovery must be condense, summarize or fresh.")
    }

    @Test func exclusiveFlagsAndUsageErrors() {
        #expect(usageError(ShowCommand.declaration, ["1", "--fresh", "--offline"])?.message == "--fresh and --offline cannot go together.")
        #expect(usageError(PackCommand.declaration, ["1", "--json", "--markdown"])?.message == "--json and --markdown cannot go together.")
        let unknown = usageError(ListCommand.declaration, ["--bogus"])
        #expect(unknown?.message == "unknown option '--bogus'.")
        #expect(unknown?.hint == "Run 'plan list --help' for usage.")
        #expect(usageError(HistoryShowCommand.declaration, ["1", "2"])?.hint == "Run 'plan history show --help' for usage.")
        #expect(usageError(AddCommand.declaration, ["Denver", "--from", "today"])?.message == "missing --to <date>.")
        #expect(usageError(CacheCommand.declaration.adding(subcommands: [CachePruneCommand.declaration.info, CacheStatsCommand.declaration.info]), [])?.message == "missing cache command; use prune or stats.")
        #expect(usageError(ListCommand.declaration, ["--json=1"])?.message == "--json takes no value.")
    }

    @Test func helpWinsOverEverythingElse() throws {
        if case .help = try AddCommand.declaration.parse(["--from", "garbage", "--help"], today: Self.today) {} else {
            Issue.record("--help with a bad date should still be help")
        }
    }

    @Test func searchTextMayStartWithADash() throws {
        let search = try #require(try run(HistorySearchCommand.declaration, ["snow", "-rain", "--newest", "--", "--json"]))
        #expect(search.words == ["snow", "-rain", "--json"])
        #expect(search.newest && !search.json)
    }
}
