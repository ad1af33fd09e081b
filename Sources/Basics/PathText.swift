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
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
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
