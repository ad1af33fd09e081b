import FoundationEssentials

/// What turns an instant into local time: a zone's offset from UTC then. `ZoneRules` (a named zone read from
/// the system's tz database) and Foundation's fixed-offset `TimeZone` both are.
public protocol UTCOffsetSource: Sendable {
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: UTCOffsetSource {}

extension ZoneRules: UTCOffsetSource {
    /// The rules of `identifier`, or UTC when it is nil or names no zone this system knows.
    public static func named(_ identifier: String?) -> any UTCOffsetSource {
        identifier.flatMap { ZoneRules(identifier: $0) } ?? TimeZone.gmt
    }
}
