import FoundationEssentials
import Basics
import Glibc
import Model

/// SIGINT and SIGTERM caught by a handler of plan's own, for every front end that stops cleanly on Ctrl-C
/// (`plan serve`, an interrupted `plan pack`).
///
/// Not a dispatch signal source: on Linux those read the signal through a signalfd, which sees a signal only
/// while every thread blocks it, and the signal is ignored meanwhile (`SIG_IGN`); the main thread waits in
/// `sigsuspend` with nothing blocked, so a Ctrl-C aimed at the process could be thrown away (8 of 40 `plan serve`
/// runs stopped with SIGINT right after saying their address ran on). Here the handler writes the signal's
/// number to a pipe (one `write`, safe in a handler) and a thread of its own reads the pipe and runs the action.
public enum ProcessSignals {
    /// Runs `action` (on the reading thread) each time `number` comes, from now on, instead of its default.
    public static func watch(_ number: Int32, _ action: @escaping @Sendable () -> Void) {
        guard Pipe.shared.writeEnd >= 0 else { return }
        actions.withLock { $0[number] = action }
        var handling = sigaction()
        handling.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(ProcessSignals.Pipe.shared.writeEnd, &byte, 1)
        }
        handling.sa_flags = SA_RESTART
        sigemptyset(&handling.sa_mask)
        sigaction(number, &handling, nil)
    }

    /// `number` goes back to its default action (Ctrl-C ends the process at once).
    public static func restore(_ number: Int32) {
        signal(number, SIG_DFL)
        actions.withLock { $0[number] = nil }
    }

    /// The action for each watched signal (set from any task, read by the pipe's thread).
    private static let actions = Locked<[Int32: @Sendable () -> Void]>([:])

    /// The pipe between the handler and the reading thread, made (and the thread started) on first use.
    final class Pipe: Sendable {
        static let shared = Pipe()
        let writeEnd: Int32

        private init() {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                writeEnd = -1
                return
            }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            writeEnd = ends[1]
            let readEnd = ends[0]
            DetachedThread.start {
                var byte: UInt8 = 0
                while true {
                    let count = read(readEnd, &byte, 1)
                    if count == 1 {
                        ProcessSignals.actions.withLock { $0[Int32(truncatingIfNeeded: byte)] }?()
                    } else if count < 0, errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
    }
}
