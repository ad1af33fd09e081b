import Foundation
@testable import Store
import Testing

/// Issue 42, step 4: SQLite off the cooperative pool. Every call on a store runs on the store's own thread,
/// and a cancelled task stops waiting for another process's lock at once (it would otherwise wait 10 s).
@Suite struct DatabaseThreadTests {
    @Test func aStoresCallsRunOnItsOwnThread() async throws {
        let temporary = TemporaryDatabase()
        let store = try Store(path: temporary.path)
        let other = try Store(path: temporary.path)
        #expect(await store.isOnItsOwnThread)
        #expect(await other.isOnItsOwnThread)
        // One store's thread is not another's, nor a task's on the shared pool.
        #expect(await !Task.detached { await store.isOnItsOwnThreadSeenFrom(other) }.value)
        let onPool = await Task.detached { pthread_self() }.value
        let onStore = await store.threadID()
        #expect(pthread_equal(onPool, onStore) == 0)
    }

    @Test func aCancelledWriteStopsWaitingForAnotherProcesssLock() async throws {
        let temporary = TemporaryDatabase()
        let store = try Store(path: temporary.path)
        // Two minutes, not 10 s: on a loaded machine this test's own task may not run for many seconds (seen:
        // ten), and the wait must outlast that for the cancellation to be what ends it.
        await store.setLockWait(milliseconds: 120_000)
        let holder = try LockHolder(path: temporary.path)
        defer { holder.release() }
        let writing = Task { try await store.setTravellerSetting("laundry", to: "5") }
        // Cancelled once the write is in its wait (the busy handler has slept), however long a loaded machine
        // takes to start it: the holder keeps the lock until released.
        while store.busyWait.sleepCount == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        writing.cancel()
        // The cancellation, not the busy timeout's StoreError after two minutes.
        await #expect(throws: CancellationError.self) { try await writing.value }
        #expect(store.busyWait.lastWaitMilliseconds < 120_000, "gave up before the timeout")
        holder.release()
        try await store.setTravellerSetting("laundry", to: "5")
        #expect(try await store.travellerSettings()["laundry"] == "5", "the store works after the cancelled wait")
    }
}

extension Store {
    /// How long this store's statements wait for another process's lock.
    func setLockWait(milliseconds: Int32) {
        connection.setBusyTimeout(milliseconds: milliseconds)
    }

    /// The thread this store's calls run on.
    func threadID() -> pthread_t { pthread_self() }

    /// Whether `other`'s calls run on this store's thread.
    func isOnItsOwnThreadSeenFrom(_ other: Store) async -> Bool {
        let mine = pthread_self()
        let theirs = await other.threadID()
        return pthread_equal(mine, theirs) != 0
    }
}

/// Another process holding a database's write lock (python3's sqlite3: on every machine plan builds on) until
/// released or ten minutes pass.
final class LockHolder: @unchecked Sendable {
    // @unchecked Sendable: `process` is set once in init; release() only signals it.
    private let process = Process()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(600)
            """, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        _ = output.fileHandleForReading.readData(ofLength: 7)  // "locked\n": the lock is held
    }

    /// Ends the holder (SIGKILL: the child may inherit a mask that blocks SIGTERM) and waits for it.
    func release() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
