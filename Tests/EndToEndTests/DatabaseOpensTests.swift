import Foundation
import Model
import TestSupport
import Testing

/// Every command opens the database once (issue 42): one connection per process, whatever the command does
/// (a pack reads the cache, the trip, the traveller's settings and the engine's memory through it). Watched
/// with strace, on the real binary: each read-write open() of the database file is a connection (SQLite's -wal
/// and -shm files are other names); the read-only open before it is the store's look at the file's header
/// (a foreign file is refused before SQLite touches it), at most once.
@Suite struct DatabaseOpensTests {
    /// `plan` run under `strace -f -e trace=open,openat`; gives its result, how many connections it opened to the
    /// sandbox's database, and how often it read the file's header.
    static func opens(
        _ arguments: [String], in sandbox: PlanSandbox, environment: [String: String]
    ) throws -> (result: PlanResult, opens: Int, headerReads: Int) {
        let trace = sandbox.folder.appending(path: "trace-\(UUID().uuidString)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-f", "-qq", "-e", "trace=open,openat", "-o", trace, PlanSandbox.binary.path] + arguments
        process.environment = sandbox.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = sandbox.folder
        let ran = try PlanSandbox.runToEnd(process)
        let lines = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        let quoted = "\"\(sandbox.databasePath)\""
        let opened = lines.split(separator: "\n").filter { $0.contains(quoted) && !$0.contains("ENOENT") }
        return (
            PlanResult(status: ran.status, stdout: ran.stdout, stderr: ran.stderr),
            opened.filter { $0.contains("O_RDWR") }.count, opened.filter { $0.contains("O_RDONLY") }.count
        )
    }

    @Test func everyCommandOpensTheDatabaseOnce() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace is missing: scripts/install-deps.sh installs it")
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let network = services.environment.merging(["PLAN_OFFLINE": "", "PLAN_MODEL": "builtin"]) { _, new in new }
        let today = CalendarDate(Date())
        let (from, to) = (today.adding(days: 2).description, today.adding(days: 5).description)
        let commands: [[String]] = [
            ["add", "Denver, CO", "--from", from, "--to", to, "--activities", "hiking", "--adults", "2", "--children", "6"],
            ["pack", "1"],
            ["pack", "Moab, UT", "--from", from, "--to", to, "--like", "1"],
            ["show", "1"],
            ["check", "1", "1"],
            ["item", "add", "1", "Camera", "--always"],
            ["edit", "1", "--activities", "hiking,ski"],
            ["leg", "add", "1", "Boulder, CO", "--to", today.adding(days: 7).description],
            ["list"],
            ["history"],
            ["history", "--usage"],
            ["replay", "2"],
            ["prefs"],
            ["config"],
            ["doctor"],
        ]
        for command in commands {
            let (result, opens, headerReads) = try Self.opens(command, in: sandbox, environment: network)
            #expect(result.status == 0, "plan \(command.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            #expect(opens == 1, "plan \(command.joined(separator: " ")) opened the database \(opens) times")
            #expect(headerReads <= 1, "plan \(command.joined(separator: " ")) read the database's header \(headerReads) times")
        }
        // A command that needs no database opens none.
        let version = try Self.opens(["--version"], in: sandbox, environment: network)
        #expect(version.result.status == 0 && version.opens == 0, "--version opened the database \(version.opens) times")
    }
}
