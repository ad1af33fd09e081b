import Foundation

/// Where output goes: stdout for results, stderr for progress, warnings and errors.
struct Console: Sendable {
    let isStdoutTerminal: Bool
    let isStderrTerminal: Bool
    let useColor: Bool

    init(environment: [String: String]) {
        isStdoutTerminal = isatty(STDOUT_FILENO) == 1
        isStderrTerminal = isatty(STDERR_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isStdoutTerminal && !noColor && environment["TERM"] != "dumb"
    }

    /// A line of results on stdout.
    func print(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Raw text on stdout (no newline added).
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// A warning or notice on stderr.
    func warn(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Progress on stderr, only when stderr is a terminal; each message replaces the last.
    func progress(_ text: String) {
        guard isStderrTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    /// Clears the progress line.
    func endProgress() {
        guard isStderrTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    // MARK: - Styling

    func bold(_ text: String) -> String { style(text, "1") }
    func dim(_ text: String) -> String { style(text, "2") }
    func accent(_ text: String) -> String { style(text, "36") }
    func warning(_ text: String) -> String { style(text, "33") }

    private func style(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
