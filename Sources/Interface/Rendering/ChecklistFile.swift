import FoundationEssentials
import Glibc
import Model
import Rendering
#if canImport(Glibc)
#endif

/// Reads a checklist file back (`plan check --from-markdown`): a regular file only (a FIFO with no writer
/// would block forever, a device never ends), at most `maximumBytes`, within `deadline` seconds, UTF-8.
public enum ChecklistFile {
    /// The largest checklist read back.
    public static let maximumBytes = 1_000_000

    /// Why a checklist file was not read.
    public enum Failure: Error, Equatable, LocalizedError {
        /// Missing, unreadable, or a folder.
        case cannotRead(String)
        /// A FIFO, a socket or a device: not a file that ends.
        case notARegularFile(String)
        /// Larger than `maximumBytes`.
        case tooLarge(String)
        /// Reading took longer than the deadline.
        case tooSlow(String, seconds: Double)
        /// Not UTF-8.
        case notText(String)

        public var errorDescription: String? {
            switch self {
            case let .cannotRead(path): return "cannot read '\(path)'."
            case let .notARegularFile(path): return "'\(path)' is not a regular file (a pipe or a device); plan reads a checklist from a file."
            case let .tooLarge(path): return "'\(path)' is larger than 1 MB; it is not a packing checklist."
            case let .tooSlow(path, seconds): return "reading '\(path)' took more than \(Int(checkedRounding: seconds) ?? 0) s; nothing was ticked."
            case let .notText(path): return "'\(path)' is not UTF-8 text."
            }
        }

        public var recoverySuggestion: String? {
            switch self {
            case .cannotRead, .notARegularFile: return "Give a Markdown file, as 'plan show <trip> --markdown > list.md' writes."
            case .tooSlow: return "Copy the checklist to a local file and give that."
            case .tooLarge, .notText: return nil
            }
        }
    }

    /// The text of the file at `path` (`shown` is how messages name it).
    public static func read(_ path: String, shown: String, deadline seconds: Double = 10) throws(Failure) -> String {
        // Opened without blocking (a FIFO with no writer would wait here), then checked to be a regular file.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(shown) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(shown) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw .cannotRead(shown) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(shown) }
        let data = try readAll(descriptor, shown: shown, until: Date().addingTimeInterval(seconds), seconds: seconds)
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(shown) }
        return text
    }

    /// At most `maximumBytes` + 1 bytes, in chunks, each read before `deadline`.
    private static func readAll(_ descriptor: Int32, shown: String, until deadline: Date, seconds: Double) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count <= maximumBytes {
            guard Date() < deadline else { throw .tooSlow(shown, seconds: seconds) }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                guard errno == EINTR || errno == EAGAIN else { throw .cannotRead(shown) }
                continue
            }
            data.append(contentsOf: buffer[0..<count])
        }
        throw .tooLarge(shown)
    }
}
