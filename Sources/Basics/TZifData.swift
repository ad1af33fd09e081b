/// One local time type: offset from UTC, DST flag and abbreviation.
struct LocalTimeType: Sendable, Equatable {
    var utoff: Int32
    var isDST: Bool
    var abbreviation: String?

    /// Offsets beyond ±26 hours are rejected everywhere.
    static let maxOffset: Int32 = 26 * 3600
}

/// The validated contents of a TZif file (RFC 8536): transitions, types and footer rule.
struct TZifData: Sendable, Equatable {
    let transitions: [Int64]
    let transitionTypes: [UInt8]
    let types: [LocalTimeType]
    let footer: PosixZoneRule?

    /// Parses untrusted bytes; nil on any structural or range error.
    init?(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let first = Header(reader: &reader) else { return nil }
        guard first.version >= UInt8(ascii: "2") else {
            guard let body = Body(reader: &reader, header: first, timeSize: 4) else { return nil }
            self.init(body: body, footer: nil)
            return
        }
        guard let v1Length = first.dataLength(timeSize: 4), reader.skip(v1Length),
              let second = Header(reader: &reader), second.version >= UInt8(ascii: "2"),
              let body = Body(reader: &reader, header: second, timeSize: 8)
        else { return nil }
        self.init(body: body, footer: TZifData.footer(reader: &reader))
    }

    private init(body: Body, footer: PosixZoneRule?) {
        transitions = body.transitions
        transitionTypes = body.transitionTypes
        types = body.types
        self.footer = footer
    }

    /// The footer's TZ string ("\n...\n" after the 64-bit data), or nil if absent, empty or invalid.
    private static func footer(reader: inout Reader) -> PosixZoneRule? {
        guard reader.byte() == UInt8(ascii: "\n") else { return nil }
        let rest = reader.remaining
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")), end > rest.startIndex else { return nil }
        let text = rest[rest.startIndex..<end]
        guard text.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return PosixZoneRule(String(decoding: text, as: UTF8.self))
    }

    /// The local time type in force at `time` (seconds since 1970, UTC).
    func localType(at time: Int64) -> LocalTimeType {
        guard let firstTime = transitions.first, let lastTime = transitions.last else {
            return footer?.localType(at: time) ?? types[0]
        }
        if time < firstTime { return types[0] }  // RFC 8536 §3.2: type 0 before the first transition.
        if time > lastTime, let footer { return footer.localType(at: time) }
        // Binary search for the last transition at or before `time`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let mid = low + (high - low + 1) / 2
            if transitions[mid] <= time { low = mid } else { high = mid - 1 }
        }
        return types[Int(truncatingIfNeeded: transitionTypes[low])]
    }
}

extension TZifData {
    /// The fixed 44-byte TZif header.
    struct Header {
        let version: UInt8
        let isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int

        init?(reader: inout Reader) {
            guard reader.take(4).map(Array.init) == Array("TZif".utf8),
                  let version = reader.byte(), version == 0 || version >= UInt8(ascii: "2"),
                  reader.skip(15)
            else { return nil }
            var counts: [Int] = []
            for _ in 0..<6 {
                guard let raw = reader.uint32(), let count = Int(exactly: raw) else { return nil }
                counts.append(count)
            }
            self.version = version
            (isutcnt, isstdcnt, leapcnt) = (counts[0], counts[1], counts[2])
            (timecnt, typecnt, charcnt) = (counts[3], counts[4], counts[5])
        }

        /// Byte length of the data block that follows, with overflow checks.
        func dataLength(timeSize: Int) -> Int? {
            let parts: [(Int, Int)] = [
                (timecnt, timeSize), (timecnt, 1), (typecnt, 6), (charcnt, 1),
                (leapcnt, timeSize + 4), (isstdcnt, 1), (isutcnt, 1),
            ]
            var total = 0
            for (count, size) in parts {
                let product = count.multipliedReportingOverflow(by: size)
                guard product.overflow == false else { return nil }
                let sum = total.addingReportingOverflow(product.partialValue)
                guard sum.overflow == false else { return nil }
                total = sum.partialValue
            }
            return total
        }
    }

    /// The validated data block of a TZif file (the v1 block or the 64-bit v2+ block).
    struct Body {
        let transitions: [Int64]
        let transitionTypes: [UInt8]
        let types: [LocalTimeType]

        /// Reads and range-checks the block described by `header`; nil on any violation.
        init?(reader: inout Reader, header: Header, timeSize: Int) {
            guard (1...256).contains(header.typecnt), header.charcnt >= 1,
                  header.isstdcnt == 0 || header.isstdcnt == header.typecnt,
                  header.isutcnt == 0 || header.isutcnt == header.typecnt,
                  let length = header.dataLength(timeSize: timeSize), length <= reader.remaining.count
            else { return nil }
            let blockEnd = reader.offset + length
            var times: [Int64] = []
            times.reserveCapacity(header.timecnt)
            for _ in 0..<header.timecnt {
                guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init),
                      times.last.map({ $0 < time }) ?? true
                else { return nil }
                times.append(time)
            }
            guard let indices = reader.take(header.timecnt).map(Array.init),
                  indices.allSatisfy({ Int(truncatingIfNeeded: $0) < header.typecnt }),
                  let rawTypes = Body.rawTypes(reader: &reader, header: header),
                  let chars = reader.take(header.charcnt).map(Array.init)
            else { return nil }
            // Leap-second records and the isstd/isut indicators are not needed for UTC offsets.
            guard reader.skip(blockEnd - reader.offset) else { return nil }
            transitions = times
            transitionTypes = indices
            types = rawTypes.map { raw in
                LocalTimeType(utoff: raw.utoff, isDST: raw.isDST,
                              abbreviation: Body.abbreviation(chars, at: raw.index))
            }
        }

        /// The six-byte ttinfo records, each validated (offset, DST flag, abbreviation index).
        private static func rawTypes(
            reader: inout Reader, header: Header
        ) -> [(utoff: Int32, isDST: Bool, index: Int)]? {
            var result: [(utoff: Int32, isDST: Bool, index: Int)] = []
            for _ in 0..<header.typecnt {
                guard let utoff = reader.int32(), let dst = reader.byte(), let index = reader.byte(),
                      (-LocalTimeType.maxOffset...LocalTimeType.maxOffset).contains(utoff),
                      dst <= 1, Int(truncatingIfNeeded: index) < header.charcnt
                else { return nil }
                result.append((utoff, dst == 1, Int(truncatingIfNeeded: index)))
            }
            return result
        }

        /// The NUL-terminated printable-ASCII string at `index`, or nil.
        private static func abbreviation(_ chars: [UInt8], at index: Int) -> String? {
            guard index < chars.count else { return nil }
            let tail = chars[index...]
            guard let end = tail.firstIndex(of: 0) else { return nil }
            let text = tail[index..<end]
            guard text.isEmpty == false, text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// A bounds-checked big-endian cursor over untrusted bytes.
    struct Reader {
        private let bytes: [UInt8]
        private var position = 0

        /// Bytes consumed so far.
        var offset: Int { position }

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The unread bytes.
        var remaining: ArraySlice<UInt8> { bytes[position...] }

        /// The next `count` bytes, or nil (without moving) if fewer remain.
        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= bytes.count - position else { return nil }
            defer { position += count }
            return bytes[position..<(position + count)]
        }

        mutating func skip(_ count: Int) -> Bool { take(count) != nil }

        mutating func byte() -> UInt8? { take(1)?.first }

        /// The next `size` bytes as a big-endian number, read in place (every `show` reads a zone: no slices).
        private mutating func bigEndian(_ size: Int) -> UInt64? {
            guard size <= bytes.count - position else { return nil }
            var value: UInt64 = 0
            var index = position
            while index < position + size {
                value = value << 8 | UInt64(truncatingIfNeeded: bytes[index])
                index += 1
            }
            position = index
            return value
        }

        mutating func uint32() -> UInt32? { bigEndian(4).map { UInt32(truncatingIfNeeded: $0) } }

        mutating func int32() -> Int32? { uint32().map { Int32(bitPattern: $0) } }

        mutating func int64() -> Int64? { bigEndian(8).map { Int64(bitPattern: $0) } }
    }
}
