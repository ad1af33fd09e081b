import FoundationEssentials
import Basics
import Glibc
import Model
import PlanKit
import Rendering

/// A pack's answer shown on a terminal while the model writes it: each item as soon as it is complete,
/// under its category, then the notices. It is a draft: when plan's check has run, `clear()` removes it,
/// and the checked list is printed in its place (its last line says what the check changed).
final class PackStream: Sendable {
    /// What has been shown so far.
    private struct State {
        var shown = 0
        var lastCategory: String?
        var lines = 0
        var noticesShown = false
        var firstItemAfter: TimeInterval?
    }

    private let console: Console
    private let state = Locked(State())
    private let width: Int
    private let started = Date()

    /// Seconds from the start to the first item.
    var firstItemAfter: TimeInterval? { state.current.firstItemAfter }

    init(console: Console) {
        self.console = console
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_col) : 0  // widening
        width = columns > 20 ? columns - 1 : 79
    }

    /// Shows what a snapshot completed since the last one.
    func show(_ draft: PackDraft) {
        state.withLock { state in
            let items = draft.items
            guard items.count > state.shown || (draft.notices != nil && !state.noticesShown) else { return }
            if state.shown == 0, !items.isEmpty {
                console.endProgress()
                state.firstItemAfter = Date().timeIntervalSince(started)
                emit(console.dim("The model's list as it arrives (plan checks it next):"), &state)
            }
            for item in items.dropFirst(state.shown) {
                if item.category != state.lastCategory {
                    emit(console.accent(TerminalText.oneLine(item.category, limit: 40)), &state)
                    state.lastCategory = item.category
                }
                let quantity = item.quantity.map { $0 > 1 ? " ×\($0)" : "" } ?? ""
                let name = TerminalText.oneLine(item.name, limit: 40) + quantity
                emit("  \(name)  " + console.dim(TerminalText.oneLine(item.reason, limit: max(10, width - name.count - 5))), &state)
            }
            state.shown = items.count
            if let notices = draft.notices, !state.noticesShown {
                state.noticesShown = true
                for notice in notices {
                    emit(console.warning("Note: ") + TerminalText.oneLine(notice, limit: max(10, width - 7)), &state)
                }
            }
            console.progress("Writing the list… \(state.shown) item\(state.shown == 1 ? "" : "s")")
        }
    }

    /// Removes the draft from the terminal (the cursor goes back to where it began).
    func clear() {
        state.withLock { state in
            console.endProgress()
            guard state.lines > 0 else { return }
            Console.emit("\u{1B}[\(state.lines)F\u{1B}[J", to: STDOUT_FILENO)
            state.lines = 0
        }
    }

    /// Whether any item was shown.
    var hasShownItems: Bool {
        state.current.shown > 0
    }

    private func emit(_ line: String, _ state: inout State) {
        // One terminal row per line, so `clear` knows how far back to go.
        console.endProgress()
        console.print(line)
        state.lines += 1
    }
}
