import Foundation
import PlanKit
import Testing

/// plan's own signal catching: every signal aimed at the process reaches the action. (A dispatch signal source
/// on Linux reads through a signalfd while the signal is ignored, and the main thread waiting in `sigsuspend`
/// blocks nothing, so a signal aimed at the process could be thrown away: `plan serve` missed Ctrl-C.)
@Suite struct ProcessSignalsTests {
    @Test func everySignalAimedAtTheProcessRunsTheAction() async throws {
        let count = Counter()
        ProcessSignals.watch(SIGUSR2) { count.add() }
        defer { ProcessSignals.restore(SIGUSR2) }
        var late: [Int] = []
        for sent in 1...50 {
            kill(getpid(), SIGUSR2)
            // Each one is counted before the next is sent (signals of one number pending at once merge into one).
            let deadline = Date().addingTimeInterval(10)
            while count.value < sent, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
            if count.value < sent { late.append(sent) }
        }
        #expect(late.isEmpty, "signals never acted on: \(late)")
        #expect(count.value == 50)
    }

    @Test func restoredTheActionNoLongerRuns() async throws {
        let count = Counter()
        ProcessSignals.watch(SIGUSR1) { count.add() }
        kill(getpid(), SIGUSR1)
        let deadline = Date().addingTimeInterval(10)
        while count.value < 1, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(count.value == 1)
        // Ignored rather than its default (which would end the test run), to see that the action is gone.
        ProcessSignals.restore(SIGUSR1)
        signal(SIGUSR1, SIG_IGN)
        kill(getpid(), SIGUSR1)
        try await Task.sleep(for: .milliseconds(300))
        #expect(count.value == 1)
        signal(SIGUSR1, SIG_DFL)
    }

    final class Counter: @unchecked Sendable {
        // @unchecked: `number` is only touched while `lock` is held.
        private let lock = NSLock()
        private var number = 0
        func add() { lock.lock(); number += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return number }
    }
}
