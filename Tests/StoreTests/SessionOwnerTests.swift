import Foundation
@testable import Model
@testable import Store
import Testing

/// A session's owner (pid + boot id and start time): read from /proc, recorded when a session starts, and
/// a `running` session whose owner is gone read (and marked) as interrupted, one whose owner lives left alone.
@Suite struct SessionOwnerTests {
    /// `/proc/<pid>/stat` lines and their field 22 (starttime); the command name may hold spaces and ")".
    static let stats: [(line: String, start: String?)] = [
        ("4242 (plan) S 1 4242 4242 0 -1 4194560 1000 0 0 0 5 1 0 0 20 0 3 0 987654 123456 789 18446744073709551615", "987654"),
        ("7 (a b) c) R 1 7 7 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 31337 0 0", "31337"),
        ("7 (plan) S 1 7 7", nil),
        ("no parenthesis at all", nil),
        ("7 (plan) S 1 7 7 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 -5 0 0", nil),
    ]

    @Test(arguments: stats) func startTimeIsField22CountedAfterTheCommandName(_ sample: (line: String, start: String?)) {
        #expect(SessionOwner.startTicks(fromStat: sample.line) == sample.start)
    }

    @Test func thisProcessIsAliveAndAReusedPidIsNot() throws {
        let me = try #require(SessionOwner.current)
        #expect(me.pid == Int(getpid()))
        #expect(me.isAlive && me.isCurrent)
        // The same pid started at another time (a pid reused after a reboot or a wrap): not this owner.
        #expect(!SessionOwner(pid: me.pid, token: me.token + "0").isAlive)
        #expect(!SessionOwner(pid: Int(Int32.max), token: me.token).isAlive)
    }

    @Test func aRunningSessionWhoseOwnerIsGoneIsInterruptedAndALiveOneIsLeftAlone() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let place = Place(name: "Denver", region: "CO", country: "US", latitude: 39.74, longitude: -104.98,
                          timeZone: "America/Denver", source: "typed")
        let start = try #require(CalendarDate("2027-01-10")), end = try #require(CalendarDate("2027-01-12"))
        let trip = try await store.addTrip(NewTrip(name: "Denver", destination: "Denver", place: place, start: start, end: end))
        let me = try #require(SessionOwner.current)
        let gone = SessionOwner(pid: me.pid, token: "another-boot:1")
        // The parent of this test process: alive, and not this process.
        let parent = try #require(SessionOwner.token(of: Int(getppid())).map { SessionOwner(pid: Int(getppid()), token: $0) })
        let dead = try await store.createSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 4096, owner: gone)
        let live = try await store.createSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 4096, owner: parent)
        let unknown = try await store.createSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 4096, owner: nil)
        let mine = try await store.createSession(tripID: trip.id, purpose: .ask, model: "m", contextSize: 4096)

        #expect(try await store.session(id: dead)?.isOrphaned == true)
        #expect(try await store.session(id: dead)?.effectiveStatus == .interrupted)
        #expect(try await store.session(id: mine)?.owner == me)
        #expect(try await store.interruptOrphanedSessions(tripID: trip.id, purpose: .pack) == [dead])
        #expect(try await store.session(id: dead)?.status == .interrupted)
        #expect(try await store.session(id: dead)?.error?.contains("ended before the session finished") == true)
        #expect(try await store.session(id: live)?.status == .running)
        #expect(try await store.session(id: unknown)?.status == .running)
        #expect(try await store.sessionInProgress(tripID: trip.id, purpose: .pack)?.id == live)
        // This process's own session is not "another one in progress"; Ctrl-C interrupts only its own.
        #expect(try await store.sessionInProgress(tripID: trip.id, purpose: .ask) == nil)
        try await store.interruptRunningSessions(tripID: trip.id, reason: "interrupted (Ctrl-C)")
        #expect(try await store.session(id: mine)?.status == .interrupted)
        #expect(try await store.session(id: live)?.status == .running)
    }
}
