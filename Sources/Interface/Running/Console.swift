import FoundationEssentials
import Basics
import Glibc
import Model
import PlanKit
import Rendering

/// Where output goes: stdout for results, stderr for progress, warnings and errors.
///
/// This is the one place text reaches the terminal, so it is the one place text is made safe: every
/// line printed goes through `TerminalText` (control characters, escape sequences, bidi overrides and
/// NUL shown as inert stand-ins, long lines cut). Colours are plan's own: `bold`, `dim`, `accent` and
/// `warning` write marks carrying this run's secret nonce, which only the sanitiser turns into SGR
/// sequences. `printDocument` (for `--json`) writes its text unchanged: JSON escapes control characters.
public struct Console: TextStyling {
    let isStdoutTerminal: Bool
    let isStderrTerminal: Bool
    let useColor: Bool
    /// The terminal's character set is UTF-8 (LC_ALL, else LC_CTYPE, else LANG, names it); else plain ASCII.
    public let isUTF8: Bool
    private let marks = TerminalText.Marks()
    private let stream = StreamState()

    public init(environment: [String: String]) {
        isStdoutTerminal = isatty(STDOUT_FILENO) == 1
        isStderrTerminal = isatty(STDERR_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isStdoutTerminal && !noColor && environment["TERM"] != "dumb"
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        isUTF8 = Self.namesUTF8(locale)
    }

    /// Writes all of `text` to a file descriptor with write(2), retrying when interrupted. A write that
    /// fails otherwise (a closed pipe) drops the rest, as printing does. `FileHandle.write(Data(…))` cost
    /// five dynamic casts and a copy per line (about 0.2M instructions at start).
    static func emit(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                left -= written
            }
        }
    }

    /// Whether a locale name ("en_US.UTF-8", "C.utf8") names the UTF-8 character set. Plain byte work:
    /// Foundation's `replacingOccurrences` cost about a million instructions at every start.
    /// A loop over bytes: comparing array slices cost about a million instructions in the debug build (the
    /// runtime looking up `ArraySlice<UInt8>: Equatable` among every conformance record).
    static func namesUTF8(_ locale: String) -> Bool {
        let wanted: [UInt8] = [0x75, 0x74, 0x66, 0x38]  // "utf8"
        var matched = 0
        for byte in locale.utf8 where byte != UInt8(ascii: "-") {
            let lower = byte | 0x20  // ASCII lower case
            if lower == wanted[matched] {
                matched += 1
                if matched == wanted.count { return true }
            } else {
                matched = lower == wanted[0] ? 1 : 0
            }
        }
        return false
    }

    /// A line of results on stdout, made safe (and ASCII when the terminal is not UTF-8). It is one line:
    /// line breaks, tabs and controls in it (a geocoded name, an alert's event, a model's item) become
    /// spaces, so outside text cannot forge a line or break a table's columns.
    public func print(_ text: String = "") {
        Self.emit(charset(TerminalText.sanitize(text, marks: marks, singleLine: true)) + "\n", to: STDOUT_FILENO)
    }

    /// Text of several lines on stdout (help, a model's prose answer), made safe; its line breaks are kept.
    public func printText(_ text: String) {
        Self.emit(charset(TerminalText.sanitize(text, marks: marks)) + "\n", to: STDOUT_FILENO)
    }

    /// Text on stdout (no newline added), made safe; pieces of one stream share the line-length count.
    func write(_ text: String) {
        Self.emit(charset(stream.sanitize(text, marks: marks)), to: STDOUT_FILENO)
    }

    /// Safe text in the terminal's character set: as it is for UTF-8, else ASCII (`ASCIIText`).
    private func charset(_ text: String) -> String {
        isUTF8 ? text : ASCIIText.fold(text)
    }

    /// A document (JSON) on stdout, exactly as given.
    public func printDocument(_ text: String) {
        Self.emit(text + "\n", to: STDOUT_FILENO)
    }

    /// A warning or notice on stderr: one line, made safe.
    public func warn(_ text: String) {
        let line = TerminalText.sanitize(text, marks: marks, maximumLineLength: 1_000, singleLine: true)
        Self.emit(charset(line) + "\n", to: STDERR_FILENO)
    }

    /// Whether stdin is a terminal (a person who can answer a question).
    var isStdinTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks a yes-or-no question on stderr and reads one line from stdin: only "y" or "yes" (any case) is
    /// yes; Enter, anything else, or the end of input is no.
    func confirm(_ question: String) -> Bool {
        endProgress()
        let line = TerminalText.sanitize(question, marks: marks, maximumLineLength: 1_000, singleLine: true)
        Self.emit(line + " [y/N] ", to: STDERR_FILENO)
        guard let answer = readLine(strippingNewline: true) else {
            Self.emit("\n", to: STDERR_FILENO)
            return false
        }
        return ["y", "yes"].contains(answer.trimming(.whitespaces).lowercased())
    }

    /// Progress on stderr, only when stderr is a terminal; each message replaces the last.
    public func progress(_ text: String) {
        guard isStderrTerminal else { return }
        let line = TerminalText.sanitize(text, marks: marks, maximumLineLength: 200, singleLine: true)
        Self.emit("\r\u{1B}[2K\(charset(line))", to: STDERR_FILENO)
    }

    /// Clears the progress line.
    public func endProgress() {
        guard isStderrTerminal else { return }
        Self.emit("\r\u{1B}[2K", to: STDERR_FILENO)
    }

    // MARK: - Styling

    // `bold`, `dim`, `accent` and `warning` come from `TextStyling` (Interface), through `paint`.

    /// `text` in the SGR style `code` ("1;34": bold blue) when colour is on; as it is otherwise.
    public func paint(_ text: String, sgr code: String) -> String { style(text, code) }

    /// A mark that turns on SGR `code` ("1" bold, "0" reset) when colour is on; empty otherwise.
    func sgr(_ code: String) -> String {
        useColor ? marks.mark(code) : ""
    }

    private func style(_ text: String, _ code: String) -> String {
        useColor ? marks.mark(code) + text + marks.mark("0") : text
    }
}

/// The sanitiser state of stdout's stream of `write`s.
private final class StreamState: Sendable {
    private let sanitizer = Locked<TerminalText.Sanitizer?>(nil)

    func sanitize(_ text: String, marks: TerminalText.Marks) -> String {
        sanitizer.withLock { sanitizer in
            var current = sanitizer ?? TerminalText.Sanitizer(marks: marks)
            let safe = current.feed(text)
            sanitizer = current
            return safe
        }
    }
}

/// The console is where a use case's progress goes on the command line (stderr's progress line).
extension Console: ProgressDisplay {}
