import FoundationEssentials
import Basics

/// Splits a server-sent-event stream into its `data:` payloads as bytes arrive, in time linear in the
/// input: each byte is looked at once, and only the unfinished last line is kept between chunks, never
/// longer than `maximumLineBytes` (an endless line fails instead of growing without end).
final class ServerSentEvents: Sendable {
    /// The unfinished last line, and the bytes looked at so far.
    private struct State {
        var pending = Data()
        var scanned = 0
    }

    private let state = Locked(State())
    let maximumLineBytes: Int

    /// The longest event line accepted (a chunk of a streamed answer is well under 1 KB).
    static let defaultMaximumLineBytes = 2 * 1_048_576

    init(maximumLineBytes: Int = ServerSentEvents.defaultMaximumLineBytes) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Bytes looked at so far: equal to the bytes fed, however they were split.
    var bytesScanned: Int {
        state.withLock { $0.scanned }
    }

    /// Feeds the next chunk; returns the `data:` payloads of the lines it completed.
    func feed(_ chunk: Data) throws -> [String] {
        try state.withLock { state in
            var payloads: [String] = []
            var lineStart = chunk.startIndex
            var index = chunk.startIndex
            while index < chunk.endIndex {
                state.scanned += 1
                if chunk[index] == UInt8(ascii: "\n") {
                    let piece = chunk[lineStart..<index]
                    guard state.pending.count + piece.count <= maximumLineBytes else { throw Self.tooLong(maximumLineBytes) }
                    if state.pending.isEmpty {
                        if let payload = Self.payload(of: piece) { payloads.append(payload) }
                    } else {
                        state.pending.append(piece)
                        if let payload = Self.payload(of: state.pending) { payloads.append(payload) }
                        state.pending.removeAll(keepingCapacity: false)
                    }
                    lineStart = chunk.index(after: index)
                }
                index = chunk.index(after: index)
            }
            let rest = chunk[lineStart..<chunk.endIndex]
            guard state.pending.count + rest.count <= maximumLineBytes else { throw Self.tooLong(maximumLineBytes) }
            state.pending.append(rest)
            return payloads
        }
    }

    /// The payload of a `data:` line (spaces and a trailing CR trimmed), nil for any other line.
    static func payload(of line: Data) -> String? {
        let text = String(decoding: line, as: UTF8.self).trimming(.whitespacesAndNewlines)
        guard text.hasPrefix("data:") else { return nil }
        return String(text.dropFirst(5)).trimming(.whitespaces)
    }

    static func tooLong(_ limit: Int) -> LanguageModelError {
        .decodingFailure("the server sent an event line longer than \(limit / 1_048_576) MB")
    }
}
