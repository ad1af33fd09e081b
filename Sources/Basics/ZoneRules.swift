import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// IANA time-zone rules read from the system's TZif files (RFC 8536), without ICU.
public struct ZoneRules: Sendable, Equatable {
    public let identifier: String
    let data: TZifData

    /// Where the system's tz database is: `TZDIR` when it names an absolute folder (as the C library reads it),
    /// else /usr/share/zoneinfo (Debian's tzdata).
    public static var systemDirectory: String {
        if let pointer = getenv("TZDIR") {
            let folder = String(cString: pointer)
            if folder.hasPrefix("/") { return folder }
        }
        return "/usr/share/zoneinfo"
    }

    /// Whether the tz database in `directory` reads: a zone every copy has (America/New_York) loads.
    public static func databaseReads(in directory: String = ZoneRules.systemDirectory) -> Bool {
        ZoneRules(identifier: "America/New_York", directory: directory) != nil
    }

    /// Instants are clamped to about ±317,000 years so calendar arithmetic cannot overflow.
    static let instantLimit: Int64 = 10_000_000_000_000

    /// nil when the name is not a safe zone name or no readable, valid TZif file exists for it.
    public init?(identifier: String, directory: String = ZoneRules.systemDirectory) {
        guard ZoneRules.isSafeIdentifier(identifier),
              let data = Cache.shared.data(identifier: identifier, directory: directory)
        else { return nil }
        self.identifier = identifier
        self.data = data
    }

    /// The zone's offset from UTC in seconds at that instant.
    public func secondsFromGMT(for date: Date) -> Int {
        Int(truncatingIfNeeded: data.localType(at: ZoneRules.unixSeconds(date)).utoff)
    }

    /// A fixed-offset zone valid at that instant (`.gmt` if Foundation rejects the offset).
    public func timeZone(at date: Date) -> TimeZone {
        TimeZone(secondsFromGMT: secondsFromGMT(for: date)) ?? .gmt
    }

    /// The abbreviation in force then ("MST", "MDT", "+0530"...), from the file.
    public func abbreviation(for date: Date) -> String? {
        data.localType(at: ZoneRules.unixSeconds(date)).abbreviation
    }

    /// Whole seconds since 1970 (rounded down), clamped; NaN maps to 0.
    static func unixSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        if seconds.isNaN { return 0 }
        let limit = Double(instantLimit)
        return Int64(exactly: Swift.min(Swift.max(seconds, -limit), limit)) ?? 0
    }

    /// ASCII letters, digits, '/', '_', '-', '+' (so no "." or ".." component); 1–64 bytes; no empty component.
    static func isSafeIdentifier(_ identifier: String) -> Bool {
        var count = 0
        var componentLength = 0
        for byte in identifier.utf8 {
            count += 1
            guard count <= 64, isAllowedByte(byte) else { return false }
            if byte == UInt8(ascii: "/") {
                guard componentLength > 0 else { return false }
                componentLength = 0
            } else {
                componentLength += 1
            }
        }
        return componentLength > 0
    }

    private static func isAllowedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }
}

extension ZoneRules {
    /// Process-wide cache of parsed TZif files, keyed by directory and identifier.
    final class Cache: Sendable {
        static let shared = Cache()

        /// Beyond this many entries, results are returned but no longer stored.
        private static let maxEntries = 4096

        /// A stored nil records a name that has no valid file, so it is not read again.
        private let entries = Mutex<[String: TZifData?]>([:])

        /// Parsed data for an already validated identifier, reading the file at most once.
        func data(identifier: String, directory: String) -> TZifData? {
            let path = directory + "/" + identifier
            return entries.withLock { cache -> TZifData? in
                if let cached = cache[path] { return cached }
                let loaded = ZoneRules.readFile(path: path).flatMap { TZifData(bytes: $0) }
                if cache.count < Cache.maxEntries {
                    cache.updateValue(loaded, forKey: path)
                }
                return loaded
            }
        }
    }

    /// Files larger than this are rejected (real TZif files are under 10 KiB).
    static let maxFileSize = 256 * 1024

    /// The file's bytes, or nil if it is not a readable regular file of at most `maxFileSize` bytes.
    static func readFile(path: String) -> [UInt8]? {
        // O_NONBLOCK keeps a FIFO planted in the directory from blocking the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // Sized by the file (a zone is about 3 KB), with one spare byte that detects a file that grew past it.
        let size = Int(truncatingIfNeeded: info.st_size)
        guard (0...maxFileSize).contains(size) else { return nil }
        var buffer = [UInt8](repeating: 0, count: size + 1)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Int(truncatingIfNeeded: read(fd, base + total, raw.count - total))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            total += count
        }
        guard total <= size else { return nil }
        return Array(buffer[0..<total])
    }

}
