#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// printf-style formatting (`"%.1f s"`, `"%.4f, %.4f"`), through the C library's `vsnprintf` in the "C" locale
/// plan never changes: what `String(format:)` wrote, without Foundation's internationalised half.
/// Only numeric conversions: `%@` and `%s` are not supported (a `String` is not a C argument here).
public enum Printf {
    public static func format(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { first in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = vsnprintf(&buffer, buffer.count, format, first)
            guard needed >= 0 else { return "" }
            let size = Int(truncatingIfNeeded: needed)
            if size < buffer.count { return String(decoding: buffer.prefix(size).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                var larger = [CChar](repeating: 0, count: size + 1)
                let written = vsnprintf(&larger, larger.count, format, again)
                let count = min(max(Int(truncatingIfNeeded: written), 0), larger.count - 1)
                return String(decoding: larger.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }
}
