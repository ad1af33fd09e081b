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
        // Room for every entry at once: growing as it fills rehashed the table at each doubling (0.38M of the
        // 3.3M instructions of a release `plan --version`, callgrind).
        var count = 0
        while environ[count] != nil { count += 1 }
        var variables = [String: String](minimumCapacity: count)
        var cursor = environ
        while let entry = cursor.pointee {
            let length = strlen(entry)
            let raw = UnsafeRawPointer(entry)
            // "NAME=value"; an entry without "=" or with an empty name is not a variable. The first definition
            // of a name wins, as getenv(3) reads it. memchr, not the generic firstIndex(of:), which a debug
            // build runs unspecialised byte by byte (1.4M instructions at every start).
            if let found = memchr(raw, 0x3D, length) {  // 0x3D: "="
                let equals = raw.distance(to: UnsafeRawPointer(found))
                if equals > 0 {
                    let bytes = raw.assumingMemoryBound(to: UInt8.self)
                    let name = String(decoding: UnsafeBufferPointer(start: bytes, count: equals), as: UTF8.self)
                    if variables[name] == nil {
                        variables[name] = String(
                            decoding: UnsafeBufferPointer(start: bytes + equals + 1, count: length - equals - 1), as: UTF8.self
                        )
                    }
                }
            }
            cursor += 1
        }
        return variables
    }
}
