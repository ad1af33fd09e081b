import Foundation
import Store
import Testing

/// Issue 42, point 4: SQLite off the cooperative pool. Every call on a store runs on the store's own thread,
/// and a cancelled task stops waiting for another process's lock at once (it would otherwise wait 10 s).
@Suite struct DatabaseThreadTests {
    @Test func aStoresCallsRunOnItsOwnThread() async throws {
        let temporary = TemporaryDatabase()
        let store = try Store(path: temporary.path)
        #expect(await store.isOnItsOwnThread)
        let other = try Store(path: temporary.path)
        #expect(await other.isOnItsOwnThread)
        // Not the caller's thread: a task on the cooperative pool is not on a store's.
        let onPool = await Task.detached { pthread_self() }.value
        let onStore = await store.threadID()
        #expect(pthread_equal(onPool, onStore) == 0)
    }

    @Test func aCancelledWriteStopsWaitingForAnotherProcesssLock() async throws {
        let temporary = TemporaryDatabase()
        let store = try Store(path: temporary.path)
        // Another process holds the write lock for up to 30 s (python3 is on every machine plan builds on).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(30)
            """, temporary.path]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        // SIGKILL: the child may inherit a mask that blocks SIGTERM.
        defer { kill(holder.processIdentifier, SIGKILL) }
        _ = output.fileHandleForReading.readData(ofLength: 7)  // "locked\n": the lock is held
        let writing = Task { try await store.setTravellerSetting("laundry", to: "5") }
        try await Task.sleep(for: .milliseconds(300))
        writing.cancel()
        // The cancellation, not the busy timeout's StoreError after 10 s.
        await #expect(throws: CancellationError.self) { try await writing.value }
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        try await store.setTravellerSetting("laundry", to: "5")
        #expect(try await store.travellerSettings()["laundry"] == "5", "the store works after the cancelled wait")
    }
}
