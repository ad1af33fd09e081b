import Foundation
import Basics
import Model
import Testing

/// What one run of the `plan` binary did.
struct PlanResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// stdout parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }
}

/// Runs the built `plan` binary against a temporary database.
final class PlanSandbox {
    /// How long a test waits for a background `plan` to reach a point (a round sent, a row stored) before it
    /// fails: a bound against a hang, not a timing claim. With the whole suite and a real model on two cores, a
    /// debug pack took over 60 s to send its second round (CI, 2026-12-02).
    static let patience: TimeInterval = 300

    /// How long a held model reply, and plan's deadline on the model, last in tests that release the hold or
    /// signal plan themselves (Ctrl-C, `rm` during a pack): far past any time the test process's two shared
    /// threads can be kept busy by other tests' synchronous waits (once about ten minutes in a CI run, after
    /// which six such tests saw plan give up at a 600 s deadline before their signal came). The holder is
    /// released, or plan ended, by the test; the harness's 900 s watchdog still bounds every wait for a child.
    static let modelHold = 3_000

    let folder: URL
    let databasePath: String
    var environment: [String: String]

    init() {
        folder = FileManager.default.temporaryDirectory.appending(path: "plan-e2e-\(UUID().uuidString)")
        // The database's folder exists, as a user's PLAN_DB folder must (plan makes only its default one).
        try? FileManager.default.createDirectory(at: folder.appending(path: "data"), withIntermediateDirectories: true)
        databasePath = folder.appending(path: "data/plan.sqlite").path
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path,
            "PLAN_DB": databasePath,
            "PLAN_OFFLINE": "1",
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The `plan` executable built beside the test bundle.
    static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // swift test runs .build/<triple>/debug/<package>PackageTests.xctest; plan sits beside it.
        for _ in 0..<4 {
            let candidate = folder.appending(path: "plan")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appending(path: ".build/debug/plan")
    }

    /// Runs a step the test builds on (adding a trip, a pack before the step under test) and records an issue,
    /// with plan's stderr, when it does not exit 0; returns the result for tests that read it further.
    @discardableResult
    func succeed(
        _ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> PlanResult {
        let result = try run(arguments, environment: extra, stdin: stdin)
        #expect(result.status == 0, "plan \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs `plan` with these arguments and waits for it. Its result is to be checked: a step whose outcome does
    /// not matter to the test still goes through `succeed`, so a failed setup is named where it happened.
    func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil) throws -> PlanResult {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = environment.merging(extra) { _, new in new }
        process.currentDirectoryURL = folder
        if let stdin {
            // Given as a file, so the child reads it at its own pace and sees the end of input after it.
            let file = folder.appending(path: "stdin-\(UUID().uuidString)")
            try Data(stdin.utf8).write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
        }
        let result = try Self.runToEnd(process)
        return PlanResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs `process` to its end on a thread of its own, never on one of Swift concurrency's few shared
    /// threads (two on this machine): a pack held by a stand-in for minutes, run in a `Task.detached`,
    /// kept one of them blocked, and with two such the tests that would release the holds could not run.
    static func runInBackground(_ process: Process) -> Task<(status: Int32, stdout: String, stderr: String), any Error> {
        Task {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    do { continuation.resume(returning: try runToEnd(process)) } catch { continuation.resume(throwing: error) }
                }
            }
        }
    }

    /// How long a child may run before the harness kills it: far beyond any command's or client's honest time
    /// on a loaded machine, so only a stuck one reaches it, and the test fails naming it instead of the whole
    /// run waiting out CI's limit (a `plan serve` that missed its Ctrl-C once kept a run waiting until CI ended it).
    static let deadlineSeconds = 900

    /// Runs a configured process with stdin empty (unless it was given one) and both outputs piped, and waits
    /// for it, at most `deadline` seconds: then it is killed (SIGKILL) and its stderr ends with a line saying so.
    /// Both pipes are read to the end before waiting, so a large output cannot block the child.
    static func runToEnd(_ process: Process, deadline: Int = deadlineSeconds) throws -> (status: Int32, stdout: String, stderr: String) {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if process.standardInput == nil { process.standardInput = FileHandle.nullDevice }
        try process.run()
        let watchdog = killIfRunning(process, after: deadline)
        let started = Date()
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        var stderr = String(decoding: errData, as: UTF8.self)
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL,
           Date().timeIntervalSince(started) >= Double(deadline) {
            stderr += "\n[test harness: \(process.executableURL?.lastPathComponent ?? "the child") was still running after \(deadline) s and was killed]"
        }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), stderr)
    }

    /// Kills `process` (SIGKILL) if it is still running after `seconds`, for a test that waits for it itself;
    /// cancel the returned watchdog once it has ended. The timer holds only the pid and a flag, never the
    /// `Process` (whose pipes would stay open until the deadline: a run of the suite ran out of descriptors,
    /// and Foundation's `Process.run` overflowed a buffer listing them).
    @discardableResult
    static func killIfRunning(_ process: Process, after seconds: Int = deadlineSeconds) -> Watchdog {
        let watchdog = Watchdog(pid: process.processIdentifier)
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { [watchdog] in watchdog.fire() }
        return watchdog
    }

    /// The kill a deadline may do, unless cancelled first (the process has ended: its pid may be reused).
    final class Watchdog: Sendable {
        let pid: Int32
        private let ended = Locked(false)

        init(pid: Int32) {
            self.pid = pid
        }

        func cancel() {
            ended.withLock { $0 = true }
        }

        func fire() {
            ended.withLock { if !$0 { kill(pid, SIGKILL) } }
        }
    }

    /// `process` set to run under coreutils' `timeout`, which kills its whole process group (the child and
    /// anything it started: a client's `plan mcp`, a browser) after `seconds`, so no grandchild keeps the pipes
    /// open. Exit status 124 (or 137) then.
    static func underTimeout(_ process: Process, seconds: Int) {
        guard let executable = process.executableURL else { return }
        process.arguments = ["--kill-after=10", String(seconds), executable.path] + (process.arguments ?? [])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    }

    /// The database file's bytes followed by its WAL's (each empty when it does not exist): plan leaves
    /// the WAL beside the file between commands (no checkpoint on close), so a change may sit in either.
    /// Another program closing the database (the sqlite3 CLI) checkpoints, which moves bytes between them.
    func databaseBytes() -> Data {
        let file = (try? Data(contentsOf: URL(fileURLWithPath: databasePath))) ?? Data()
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: databasePath + "-wal"))) ?? Data()
        return file + wal
    }

    /// Runs sqlite3 on the database and returns its output.
    func sqlite(_ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [databasePath, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
