import Foundation
import Planner
import Tools

/// A pack's answer shown on a terminal while the model writes it: each item as soon as it is complete,
/// under its category, then the notices. It is a draft: when plan's check has run, `clear()` removes it,
/// and the checked list is printed in its place (its last line says what the check changed).
/// `@unchecked Sendable`: the counters are only touched under the lock.
final class PackStream: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var shown = 0
    private var lastCategory: String?
    private var lines = 0
    private var noticesShown = false
    private let width: Int
    private let started = Date()
    /// Seconds from the start to the first item, and to the last snapshot.
    private(set) var firstItemAfter: TimeInterval?

    init(console: Console) {
        self.console = console
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_col) : 0  // widening
        width = columns > 20 ? columns - 1 : 79
    }

    /// Shows what a snapshot completed since the last one.
    func show(_ snapshot: PackingAnswer.PartiallyGenerated) {
        lock.lock()
        defer { lock.unlock() }
        let items = snapshot.completedElements(\.items)
        guard items.count > shown || (snapshot[\.notices] != nil && !noticesShown) else { return }
        if shown == 0, !items.isEmpty {
            console.endProgress()
            firstItemAfter = Date().timeIntervalSince(started)
            emit(console.dim("The model's list as it arrives (plan checks it next):"))
        }
        for item in items.dropFirst(shown) {
            if item.category != lastCategory {
                emit(console.accent(TerminalText.oneLine(item.category, limit: 40)))
                lastCategory = item.category
            }
            let quantity = item.quantity.map { $0 > 1 ? " ×\($0)" : "" } ?? ""
            let name = TerminalText.oneLine(item.name, limit: 40) + quantity
            emit("  \(name)  " + console.dim(TerminalText.oneLine(item.reason, limit: max(10, width - name.count - 5))))
        }
        shown = items.count
        if let notices = snapshot[\.notices], !noticesShown {
            noticesShown = true
            for notice in notices { emit(console.warning("Note: ") + TerminalText.oneLine(notice, limit: max(10, width - 7))) }
        }
        console.progress("Writing the list… \(shown) item\(shown == 1 ? "" : "s")")
    }

    /// Removes the draft from the terminal (the cursor goes back to where it began).
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        console.endProgress()
        guard lines > 0 else { return }
        Console.emit("\u{1B}[\(lines)F\u{1B}[J", to: STDOUT_FILENO)
        lines = 0
    }

    /// Whether any item was shown.
    var hasShownItems: Bool {
        lock.lock()
        defer { lock.unlock() }
        return shown > 0
    }

    private func emit(_ line: String) {
        // One terminal row per line, so `clear` knows how far back to go.
        console.endProgress()
        console.print(line)
        lines += 1
    }
}
