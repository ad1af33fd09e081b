import Foundation
import Testing

/// `plan rm`: on a terminal it names what goes and asks; `--yes` and scripts delete at once.
@Suite struct TripRemoveTests {
    /// A sandbox with trip 1 packed offline (a list and a session).
    func packedTrip() throws -> PlanSandbox {
        let sandbox = PlanSandbox()
        let packed = try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"])
        #expect(packed.status == 0, "\(packed.stderr)")
        return sandbox
    }

    func tripCount(_ sandbox: PlanSandbox) throws -> String {
        try sandbox.sqlite("SELECT count(*) FROM trips")
    }

    @Test(arguments: ["n\n", "\n", "maybe\n", "nope\n"])
    func onATerminalAnythingButYesKeepsTheTrip(answer: String) throws {
        let sandbox = try packedTrip()
        let session = try TerminalSession.run(
            PlanSandbox.binary, ["rm", "1"], environment: sandbox.environment, input: answer
        )
        #expect(session.status == 0, "\(session.output)")
        #expect(session.output.contains("Delete trip 1, Denver, CO, Thu Dec 3 → Sun Dec 6, its packing list and 1 session? [y/N]"),
                "\(session.output)")
        #expect(session.output.contains("Kept trip 1."))
        #expect(try tripCount(sandbox) == "1")
        #expect(try sandbox.sqlite("SELECT count(*) FROM sessions") == "1")
    }

    @Test(arguments: ["y\n", "yes\n", "YES\n"])
    func onATerminalYesDeletes(answer: String) throws {
        let sandbox = try packedTrip()
        let session = try TerminalSession.run(
            PlanSandbox.binary, ["rm", "1"], environment: sandbox.environment, input: answer
        )
        #expect(session.status == 0, "\(session.output)")
        #expect(session.output.contains("[y/N]"))
        #expect(session.output.contains("Deleted trip 1: Denver, CO"))
        #expect(try tripCount(sandbox) == "0")
        #expect(try sandbox.sqlite("SELECT count(*) FROM sessions") == "0")
        #expect(try sandbox.sqlite("SELECT count(*) FROM packing_lists") == "0")
    }

    @Test func yesSkipsTheQuestionOnATerminal() throws {
        let sandbox = try packedTrip()
        let session = try TerminalSession.run(
            PlanSandbox.binary, ["rm", "1", "--yes"], environment: sandbox.environment, input: "n\n"
        )
        #expect(session.status == 0)
        #expect(!session.output.contains("[y/N]"))
        #expect(try tripCount(sandbox) == "0")
    }

    @Test func aScriptDeletesAtOnce() throws {
        let sandbox = try packedTrip()
        let result = try sandbox.run(["rm", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("[y/N]"))
        #expect(result.stdout == "Deleted trip 1: Denver, CO\n")
        #expect(try tripCount(sandbox) == "0")
    }

    @Test func theHiddenAliasesAreGone() throws {
        let sandbox = try packedTrip()
        for word in ["delete", "remove"] {
            let result = try sandbox.run([word, "1"])
            #expect(result.status == 64, "\(word): \(result.stderr)")
        }
        #expect(try tripCount(sandbox) == "1")
        let help = try sandbox.run(["rm", "--help"])
        #expect(help.stdout.contains("--yes"))
        #expect(help.stdout.contains("[y/N]"))
    }
}
