import Foundation
import Testing

/// The command table (Sources/plan/CommandTable.swift), as the binary describes it: every row routes, has
/// help, is in the completion scripts and the man page; its words are its declaration's; the rules that
/// span options are checked before a command runs and shown in its help.
@Suite struct CommandTableTests {
    @Test func theTableIsThere() {
        #expect(TableCommand.all.count >= 20, "plan __complete commands described \(TableCommand.all.count) rows")
        #expect(TableCommand.all.contains { $0.hidden }, "the completion query is a hidden row")
    }

    @Test func eachRowsWordsAreItsDeclarations() {
        for row in TableCommand.all {
            #expect(row.declaredPath == row.path, "\(row.name) is declared as \(row.declaredPath)")
            #expect(row.rowWords == [row.path.last ?? ""] + row.declaredAliases, "\(row.name): \(row.rowWords)")
            let under = TableCommand.all.filter { $0.path.count == row.path.count + 1 && Array($0.path.dropLast()) == row.path }
            #expect(row.subcommands == under.map { $0.path.last ?? "" }, "\(row.name)'s subcommands")
        }
    }

    @Test func everyRowRoutesAndHasHelp() throws {
        let sandbox = PlanSandbox()
        for row in TableCommand.visible {
            let result = try sandbox.run(row.path + ["--help"])
            #expect(result.status == 0, "\(row.name) --help: \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: plan \(row.name)"), "\(row.name): \(result.stdout.prefix(80))")
            let topic = try sandbox.run(["help"] + row.path)
            #expect(topic.status == 0 && topic.stdout == result.stdout, "plan help \(row.name)")
            for alias in row.declaredAliases {
                let aliased = try sandbox.run(Array(row.path.dropLast()) + [alias, "--help"])
                #expect(aliased.status == 0 && aliased.stdout == result.stdout, "\(alias) for \(row.name)")
            }
            for rule in row.rules {
                #expect(result.stdout.contains("Rules:\n") && result.stdout.contains("  " + rule), "\(row.name) shows '\(rule)'")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "help must not create a database")
    }

    @Test func everyRowIsInTheCompletionsAndTheManPage() throws {
        let sandbox = PlanSandbox()
        let scripts = try ["bash", "zsh", "fish"].map { try sandbox.run(["completions", $0]).stdout }
        let man = try sandbox.run(["help", "--man"]).stdout
        for row in TableCommand.visible {
            let last = row.path.last ?? ""
            for (shell, script) in zip(["bash", "zsh"], scripts.prefix(2)) {
                let parent = row.path.dropLast().joined(separator: " ")
                #expect(script.contains("\"\(parent):\(last)\") cmd=\"\(row.name)\""), "\(shell) lacks \(row.name)")
            }
            #expect(scripts[2].contains("-a '\(last)'"), "fish lacks \(row.name)")
            #expect(man.contains(".SS \"\(row.name)\""), "the man page lacks \(row.name)")
        }
        for row in TableCommand.all where row.hidden {
            // `version` is also plan's --version flag, which the man page does describe.
            #expect(!man.contains(".SS \"\(row.name)\"") && !man.contains("plan \(row.name)"), "the man page shows the hidden \(row.name)")
            #expect(scripts.allSatisfy { !$0.contains("cmd=\"\(row.name)\"") }, "a script offers the hidden \(row.name)")
        }
    }

    @Test func aMistypedCommandGetsASuggestionFromTheTable() throws {
        let sandbox = PlanSandbox()
        for row in TableCommand.visibleTopLevel where row.name.count >= 4 {
            var typo = Array(row.name)
            typo.swapAt(typo.count - 1, typo.count - 2)
            let result = try sandbox.run([String(typo)])
            #expect(result.status == 64)
            #expect(result.stderr.contains("Did you mean '\(row.name)'?"), "\(String(typo)): \(result.stderr)")
        }
        for word in ["delete", "remove", "frobnicate", "__complet"] {
            let result = try sandbox.run([word, "1"])
            #expect(result.status == 64, "\(word) is no command")
            #expect(result.stderr.hasPrefix("plan: unknown command '\(word)'."), "\(result.stderr)")
        }
    }

    @Test func rulesThatSpanOptionsAreCheckedBeforeTheCommandRuns() throws {
        let sandbox = PlanSandbox()
        let cases: [([String], String)] = [
            (["replay"], "plan: give a trip id or --session <id>."),
            (["replay", "1", "--session", "2"], "plan: give a trip or --session, not both."),
            (["pack", "1", "--from", "today"], "plan: --from and --to go with a destination, not a trip id;"),
            (["pack", "1", "--activities", "ski"], "plan: --activities goes with a destination, not a trip id;"),
            (["pack", "1", "--like", "2"], "plan: --like goes with a destination (a new trip), not a trip id."),
        ]
        for (words, message) in cases {
            let result = try sandbox.run(words)
            #expect(result.status == 64, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(words): \(result.stderr)")
            #expect(result.stderr.contains("Run 'plan \(words[0]) --help' for usage."))
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "a broken rule must not touch the database")
    }

    @Test func everyDeclaredNameIsUniqueWithinItsCommand() {
        for row in TableCommand.all {
            let names = row.options.map(\.name)
            #expect(Set(names).count == names.count, "\(row.name): \(names)")
            #expect(row.options.allSatisfy { !$0.help.isEmpty }, "\(row.name)")
        }
    }
}
