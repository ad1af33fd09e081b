#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as text, and the two the system knows (the home folder, the running executable): what plan used
/// `NSString`'s path methods, `NSHomeDirectory()` and `Bundle.main` for, without linking Foundation (issue 47).
public enum PathText {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: "/a/b" → "/a", "/a" → "/",
    /// "a" → "", "/a/b/" → "/a".
    public static func folder(of path: String) -> String {
        // Bytes, not characters: "/" is one byte in UTF-8 and never part of another character's.
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        guard let last = bytes[..<end].lastIndex(of: slash) else { return "" }
        var folderEnd = last
        while folderEnd > 1, bytes[folderEnd - 1] == slash { folderEnd -= 1 }
        return folderEnd == 0 ? "/" : String(decoding: bytes[..<folderEnd], as: UTF8.self)
    }

    /// The last part of `path`: "/a/b.gguf" → "b.gguf", "/a/b/" → "b".
    public static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The user's home folder from the password database, else "/".
    public static func homeFolder() -> String {
        var record = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(geteuid(), &record, &buffer, buffer.count, &found) == 0, found != nil,
              let directory = record.pw_dir else { return "/" }
        let home = String(cString: directory)
        return home.isEmpty ? "/" : home
    }

    /// The running executable's path, symbolic links resolved (Linux: /proc/self/exe); nil if unknown.
    public static func executable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
