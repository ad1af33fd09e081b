#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as a dictionary, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` decodes every variable through Foundation's repairing slow path:
/// about 0.7M instructions at every start, an eighth of `plan --version`. This reads the same strings with
/// the standard library's UTF-8 decoding (invalid bytes become U+FFFD, as there).
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let length = strlen(entry)
            entry.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                let text = UnsafeBufferPointer(start: bytes, count: length)
                // "NAME=value"; an entry without "=" or with an empty name is not a variable. The first
                // definition of a name wins, as getenv(3) reads it.
                if let equals = text.firstIndex(of: UInt8(ascii: "=")), equals > 0 {
                    let name = String(decoding: text[..<equals], as: UTF8.self)
                    if variables[name] == nil {
                        variables[name] = String(decoding: text[(equals + 1)...], as: UTF8.self)
                    }
                }
            }
            cursor += 1
        }
        return variables
    }
}
