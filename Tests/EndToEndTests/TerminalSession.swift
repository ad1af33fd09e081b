import Foundation

/// Runs `plan` on a pseudo-terminal, as a person at a terminal would, and keeps every piece of output
/// with the time it arrived and whether the process was still running then.
struct TerminalSession {
    struct Chunk {
        let after: TimeInterval
        let text: String
        let whileRunning: Bool
    }

    let chunks: [Chunk]
    let status: Int32
    let seconds: TimeInterval

    /// All output, as the terminal received it (escape sequences included).
    var output: String { chunks.map(\.text).joined() }

    enum Failure: Error { case noTerminal(String) }

    /// Runs `arguments` with stdout and stderr on a new pty `columns` wide. With `input`, stdin is the pty
    /// too and `input` is typed into it (as a person answering a question would).
    static func run(
        _ binary: URL, _ arguments: [String], environment: [String: String], columns: UInt16 = 100, input: String? = nil
    ) throws -> TerminalSession {
        // posix_openpt and friends are not in Swift's Glibc module: the Linux ioctls they wrap, by number
        // (TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int)).
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard primary >= 0 else { throw Failure.noTerminal("open /dev/ptmx: \(errno)") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(primary, 0x4004_5431, &unlock) == 0, ioctl(primary, 0x8004_5430, &number) == 0 else {
            close(primary)
            throw Failure.noTerminal("ptmx ioctl: \(errno)")
        }
        let name = "/dev/pts/\(number)"
        let secondary = open(name, O_RDWR | O_NOCTTY)
        guard secondary >= 0 else {
            close(primary)
            throw Failure.noTerminal("open \(name): \(errno)")
        }
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(secondary, UInt(TIOCSWINSZ), &size)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
        process.standardOutput = terminal
        process.standardError = terminal
        process.standardInput = input == nil ? FileHandle.nullDevice : terminal
        let started = Date()
        try process.run()
        close(secondary)  // the child holds its own copies; reads end (EIO) when it exits
        let watchdog = PlanSandbox.killIfRunning(process)
        defer { watchdog.cancel() }
        if let input {
            // Typed ahead: the terminal keeps the line until the program reads it.
            var bytes = Array(input.utf8)
            _ = write(primary, &bytes, bytes.count)
        }

        var chunks: [Chunk] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(primary, &buffer, buffer.count)
            if count <= 0 {
                if count < 0 && errno == EINTR { continue }
                break
            }
            chunks.append(Chunk(
                after: Date().timeIntervalSince(started), text: String(decoding: buffer[0..<count], as: UTF8.self),
                whileRunning: process.isRunning
            ))
        }
        process.waitUntilExit()
        close(primary)
        return TerminalSession(chunks: chunks, status: process.terminationStatus, seconds: Date().timeIntervalSince(started))
    }
}
