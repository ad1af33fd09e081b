#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines to standard error, written whole with write(2): what plan used `FileHandle.standardError` for,
/// without linking Foundation (issue 47). A failed write (a closed pipe) drops the rest.
public enum StandardError {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return systemWrite(base + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// write(2) to descriptor 2, outside the enum whose method shares its name.
private func systemWrite(_ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    write(2, bytes, count)
}
