import Foundation
import Basics
import PlanKit
import Testing

/// plan's own signal catching: every signal aimed at the process reaches the action. (A dispatch signal source
/// on Linux reads through a signalfd while the signal is ignored, and the main thread waiting in `sigsuspend`
/// blocks nothing, so a signal aimed at the process could be thrown away: `plan serve` missed Ctrl-C.)
@Suite struct ProcessSignalsTests {
    @Test func everySignalAimedAtTheProcessRunsTheAction() async throws {
        let count = Locked(0)
        ProcessSignals.watch(SIGUSR2) { count.withLock { $0 += 1 } }
        defer { ProcessSignals.restore(SIGUSR2) }
        var late: [Int] = []
        for sent in 1...50 {
            kill(getpid(), SIGUSR2)
            // Each one is counted before the next is sent (signals of one number pending at once merge into one).
            let deadline = Date().addingTimeInterval(10)
            while count.current < sent, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
            if count.current < sent { late.append(sent) }
        }
        #expect(late.isEmpty, "signals never acted on: \(late)")
        #expect(count.current == 50)
    }

    @Test func restoredTheActionNoLongerRuns() async throws {
        let count = Locked(0)
        ProcessSignals.watch(SIGUSR1) { count.withLock { $0 += 1 } }
        kill(getpid(), SIGUSR1)
        let deadline = Date().addingTimeInterval(10)
        while count.current < 1, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(count.current == 1)
        // Ignored rather than its default (which would end the test run), to see that the action is gone.
        ProcessSignals.restore(SIGUSR1)
        signal(SIGUSR1, SIG_IGN)
        kill(getpid(), SIGUSR1)
        try await Task.sleep(for: .milliseconds(300))
        #expect(count.current == 1)
        signal(SIGUSR1, SIG_DFL)
    }
}
