#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first bytes of a file, read with open(2) and read(2): what plan used `FileHandle(forReadingAtPath:)`
/// for, without linking Foundation (issue 47).
public enum FileBytes {
    /// At most `limit` bytes from the start of `path`; nil when it cannot be opened or read.
    public static func read(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: max(limit, 0))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        return Array(bytes.prefix(filled))
    }
}
