import Foundation
import Model
import Store
import TestSupport
import Testing

@Suite struct TripCommandTests {
    @Test func addListShowRemoveWithJSON() throws {
        let sandbox = PlanSandbox()
        let added = try sandbox.run(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let trip = try #require(try added.json() as? [String: Any])
        #expect(trip["id"] as? Int == 1)
        #expect(trip["destination"] as? String == "Denver, CO")
        #expect(trip["start"] as? String == "2026-12-03")
        #expect(trip["end"] as? String == "2026-12-06")
        #expect(added.stderr.hasPrefix("plan: trip 1 starts in the past"), "a trip before today is kept, and said: \(added.stderr)")

        let listed = try sandbox.run(["list", "--json"])
        #expect(listed.status == 0)
        let trips = try #require(try listed.json() as? [[String: Any]])
        #expect(trips.count == 1)
        #expect(trips.first?["packed"] as? Bool == false)

        // Offline with nothing cached: the trip is shown, and the missing forecast is said (show shows what is stored).
        let shown = try sandbox.run(["show", "1"])
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("offline"))
        #expect(shown.stdout.contains("Trip 1: Denver, CO"))
        #expect(shown.stdout.contains("Thu Dec 3 → Sun Dec 6 2026, 3 nights"))

        let removed = try sandbox.run(["rm", "1", "--json"])
        #expect(removed.status == 0)
        #expect((try removed.json() as? [String: Any])?["deleted"] as? Int == 1)
        let empty = try sandbox.run(["list"])
        #expect(empty.stdout.contains("No trips yet"))
    }

    /// Instants are written by hand (no ICU formatter): `--json` gives ISO 8601 in UTC, the history table the
    /// local time in TZ; both must be the instant stored, as Foundation's formatters would write it.
    @Test func instantsArePrintedAsFoundationWouldPrintThem() throws {
        let sandbox = PlanSandbox()
        let added = try sandbox.run(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06", "--json"])
        let trip = try #require(try added.json() as? [String: Any])
        let stored = try #require(Double(try sandbox.sqlite("SELECT created_at FROM trips WHERE id = 1")))
        let iso = ISO8601DateFormatter()
        #expect(trip["created"] as? String == iso.string(from: Date(timeIntervalSince1970: stored)))

        let services = try WeatherServices()
        let packed = try sandbox.run(["pack", "1"], environment: services.environment.merging(["PLAN_OFFLINE": ""]) { _, new in new })
        #expect(packed.status == 0, "\(packed.stderr)")
        let started = try #require(Double(try sandbox.sqlite("SELECT started_at FROM sessions ORDER BY id LIMIT 1")))
        for zone in ["America/Denver", "Asia/Kolkata", "UTC"] {
            let table = try sandbox.run(["history"], environment: ["TZ": zone])
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            let expected = formatter.string(from: Date(timeIntervalSince1970: started))
            #expect(table.stdout.contains(expected), "TZ=\(zone): \(expected) not in\n\(table.stdout)")
        }
    }

    @Test func theDatabaseIsWALPrivateAndSound() throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"])
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.databasePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try sandbox.sqlite("PRAGMA journal_mode") == "wal")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test func helpAndVersion() throws {
        let sandbox = PlanSandbox()
        let help = try sandbox.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: plan <command>"))
        for command in ["add", "list", "show", "rm", "pack", "ask", "history", "replay", "cache", "doctor"] {
            let result = try sandbox.run([command, "--help"])
            #expect(result.status == 0, "\(command) --help")
            #expect(result.stdout.contains("Usage: plan \(command)"), "\(command) --help")
        }
        let version = try sandbox.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("plan "))
        #expect(try sandbox.run(["version"]).stdout == version.stdout, "'version' is '--version'")
        for words in [["--version", "--json"], ["version", "--json"]] {
            let json = try sandbox.run(words)
            #expect(json.status == 0 && json.stdout.contains(#""version""#), "\(words): \(json.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "help must not create a database")
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let mentions: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: [], status: 64, mentions: "no command"),
        BadInput(arguments: ["frobnicate"], status: 64, mentions: "unknown command 'frobnicate'"),
        BadInput(arguments: ["list", "--bogus"], status: 64, mentions: "unknown option '--bogus'"),
        BadInput(arguments: ["add", "--from", "2026-12-03", "--to", "2026-12-04"], status: 64, mentions: "missing"),
        BadInput(arguments: ["add", "Denver"], status: 64, mentions: "missing --from"),
        BadInput(arguments: ["add", "Denver", "--from", "2026-12-03"], status: 64, mentions: "missing --to"),
        BadInput(arguments: ["add", "Denver", "--from", "2026-13-03", "--to", "2026-12-04"], status: 64, mentions: "is not a date"),
        BadInput(arguments: ["add", "Denver", "--from", "2026-02-30", "--to", "2026-03-04"], status: 64, mentions: "is not a date"),
        BadInput(arguments: ["add", "Denver", "--from", "2026-12-09", "--to", "2026-12-04"], status: 64, mentions: "before --from"),
        BadInput(arguments: ["add", "Denver", "--from"], status: 64, mentions: "--from needs a value"),
        BadInput(arguments: ["add", "", "--from", "2026-12-03", "--to", "2026-12-04"], status: 64, mentions: "empty"),
        BadInput(arguments: ["show", "abc"], status: 64, mentions: "not a trip id"),
        BadInput(arguments: ["show", "-1"], status: 64, mentions: "not a trip id"),
        BadInput(arguments: ["show", "99999999999999999999999"], status: 64, mentions: "not a trip id"),
        BadInput(arguments: ["show"], status: 64, mentions: "missing <trip>."),
        BadInput(arguments: ["pack"], status: 64, mentions: "missing <trip> or <destination>."),
        BadInput(arguments: ["add"], status: 64, mentions: "missing <destination>."),
        BadInput(arguments: ["pakc", "1"], status: 64, mentions: "unknown command 'pakc'. Did you mean 'pack'?"),
        BadInput(arguments: ["add", "Denver", "--form", "2026-12-03"], status: 64, mentions: "Did you mean '--from'?"),
        BadInput(arguments: ["add", "Denver", "--activity", "ski"], status: 64, mentions: "Did you mean '--activities'?"),
        BadInput(arguments: ["history", "serch", "snow"], status: 64, mentions: "unknown history command 'serch'. Did you mean 'search'?"),
        BadInput(arguments: ["cache", "stat"], status: 64, mentions: "unknown cache command 'stat'. Did you mean 'stats'?"),
        BadInput(arguments: ["edti", "1"], status: 64, mentions: "unknown command 'edti'. Did you mean 'edit'?"),
        BadInput(arguments: ["confgi"], status: 64, mentions: "unknown command 'confgi'. Did you mean 'config'?"),
        BadInput(arguments: ["edit", "1", "--destinaton", "Paris"], status: 64, mentions: "Did you mean '--destination'?"),
        BadInput(arguments: ["add", "Denver", "--lkie", "1"], status: 64, mentions: "Did you mean '--like'?"),
        BadInput(arguments: ["leg", "ad", "1"], status: 64, mentions: "unknown leg command 'ad'. Did you mean 'add'?"),
        BadInput(arguments: ["show", "1", "2"], status: 64, mentions: "unexpected argument"),
        BadInput(arguments: ["show", "7"], status: 66, mentions: "no trip 7"),
        BadInput(arguments: ["rm", "7"], status: 66, mentions: "no trip 7"),
        BadInput(arguments: ["rm", "1;DROP TABLE trips"], status: 64, mentions: "not a trip id"),
    ]

    @Test(arguments: badInputs)
    func badInputExitsWithPlainLinesAndLeavesTheDatabaseAlone(_ input: BadInput) throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Seattle", "--from", "2026-12-03", "--to", "2026-12-06"])
        let before = sandbox.databaseBytes()
        let result = try sandbox.run(input.arguments)
        #expect(result.status == input.status, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(input.mentions), "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect((1...2).contains(lines.count), "stderr: \(result.stderr)")
        #expect(lines.first?.hasPrefix("plan: ") == true)
        #expect(!result.stderr.contains("Fatal error"))
        #expect(sandbox.databaseBytes() == before)
        #expect(try sandbox.sqlite("SELECT count(*) FROM trips") == "1")
    }

    @Test func aCopiedBinaryCreatesItsOwnDatabase() throws {
        let sandbox = PlanSandbox()
        let copy = sandbox.folder.appending(path: "alone/plan")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PlanSandbox.binary, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["add", "Denver", "--from", "2026-12-03", "--to", "2026-12-04"]
        process.environment = sandbox.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try sandbox.sqlite("SELECT max(version) FROM schema_migrations") == String(Migration.latestVersion))
    }

    @Test func aNewerDatabaseIsRefusedClearly() throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["list"])
        _ = try sandbox.sqlite("PRAGMA user_version = 42")
        let result = try sandbox.run(["list"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("newer plan"))
        #expect(result.stderr.contains("Upgrade plan"))
    }
}
