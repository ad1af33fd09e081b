import Foundation
import Model
@testable import Store
import Testing

/// The database actors' work runs on a queue of their own, off Swift concurrency's shared threads, and a
/// statement waiting for another process's lock stops waiting when its task is cancelled (issue 42, step 4).
@Suite struct DatabaseExecutorTests {
    /// Stores, and another process (the sqlite3 CLI) holding the database's write lock until `release()`.
    static func lockedDatabase(stores count: Int) throws -> (TemporaryDatabase, [Store], LockHolder) {
        let temp = TemporaryDatabase()
        let stores = try (0..<count).map { _ in try Store(path: temp.path) }
        return (temp, stores, try LockHolder(path: temp.path))
    }

    final class LockHolder: @unchecked Sendable {
        // @unchecked: `input` is written once by `release()`; the process is only waited for.
        private let process = Process()
        private let input = Pipe()

        init(path: String) throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [path]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            PlanWatchdog.killIfRunning(process, after: 120)
            input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
            var seen = Data()
            while !seen.contains(UInt8(ascii: "\n")), process.isRunning {
                seen.append(output.fileHandleForReading.availableData)
            }
            guard String(decoding: seen, as: UTF8.self).hasPrefix("locked") else {
                throw StoreError.cannotOpen(path: path, reason: "sqlite3 did not take the lock")
            }
        }

        func release() {
            input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
            process.waitUntilExit()
        }
    }

    /// More stores waiting for the lock than Swift has shared threads (two on a 2-core machine): other tasks
    /// still run meanwhile. With the stores' work on the shared threads, each wait slept one of them for up to
    /// 10 s, and the ticker below could not take a step until the writes gave up.
    @Test func storesWaitingForALockLeaveTheSharedThreadsFree() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount + 1
        let (temp, stores, holder) = try Self.lockedDatabase(stores: count)
        _ = temp
        let finished = Counter()
        let writes = stores.enumerated().map { index, store in
            Task {
                defer { finished.add() }
                try await store.setTravellerSetting("laundry", to: String(index + 2))
            }
        }
        // Ten short sleeps: each needs a shared thread to wake on.
        let ticker = Task {
            for _ in 0..<10 { try await Task.sleep(for: .milliseconds(5)) }
            return finished.value
        }
        let writesDoneWhenTheTickerWas = try await ticker.value
        #expect(writesDoneWhenTheTickerWas == 0, "the ticker had to wait for \(writesDoneWhenTheTickerWas) of \(count) writes to give up")
        holder.release()
        for write in writes { try await write.value }
        #expect(try await stores[0].travellerSettings()["laundry"] != nil)
    }

    /// A write waiting for the lock whose task is cancelled gives up (SQLITE_BUSY) instead of waiting out its
    /// 10 s: the lock is released 5 s after the cancel, and a write that kept waiting would then succeed.
    @Test func aCancelledWaitForTheLockGivesUp() async throws {
        let (temp, stores, holder) = try Self.lockedDatabase(stores: 1)
        _ = temp
        let write = Task { try await stores[0].setTravellerSetting("laundry", to: "3") }
        try await Task.sleep(for: .milliseconds(200))
        write.cancel()
        let release = Task.detached {
            try await Task.sleep(for: .seconds(5))
            holder.release()
        }
        let result = await write.result
        #expect(throws: StoreError.self) { try result.get() }
        if case let .failure(error as StoreError) = result { #expect(error.isBusy, "\(error)") }
        try await release.value
        #expect(try await stores[0].travellerSettings()["laundry"] == nil)
    }

    /// The waits are SQLite's own steps, and end at the limit.
    @Test func theWaitsAddUpToTheLimit() {
        var waited = 0
        var count = 0
        while let pause = Connection.busyPause(after: count, limit: 10_000) {
            waited += pause
            count += 1
        }
        #expect(waited == 10_000)
        #expect((0..<5).compactMap { Connection.busyPause(after: $0, limit: 10_000) } == [1, 2, 5, 10, 15])
        #expect(Connection.busyPause(after: 0, limit: 0) == nil)
        #expect(Connection.busyPause(after: 2, limit: 7) == 4)
        #expect(Connection.busyPause(after: 3, limit: 7) == nil)
    }

    /// Kills a helper process still running after a deadline, so a stuck one fails the test, not the run.
    enum PlanWatchdog {
        static func killIfRunning(_ process: Process, after seconds: Int) {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { if process.isRunning { kill(pid, SIGKILL) } }
        }
    }

    final class Counter: @unchecked Sendable {
        // @unchecked: `number` is only touched while `lock` is held.
        private let lock = NSLock()
        private var number = 0
        func add() { lock.lock(); number += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return number }
    }
}
