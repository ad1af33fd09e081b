import Foundation
@testable import LanguageModels
import Testing
import Tools
@testable import Planner

/// Streaming is linear (issue 20): a 1 MB answer in 200-byte pieces is not parsed 5,000 times.
@Suite struct AnswerSnapshotsTests {
    final class Count: @unchecked Sendable {
        let lock = NSLock()
        var snapshots: [GeneratedContent] = []
        func add(_ content: GeneratedContent) { lock.withLock { snapshots.append(content) } }
    }

    @Test func aMegabyteInSmallPiecesIsParsedAFewTimesNotPerPiece() {
        let item = #"{"category":"Clothing","name":"Item","quantity":1,"reason":"cold cold cold cold cold","weather":false}"#
        let answer = #"{"items":["# + Array(repeating: item, count: 10_000).joined(separator: ",") + #"],"notices":[]}"#
        let count = Count()
        let snapshots = AnswerSnapshots { count.add($0) }
        let bytes = Array(answer.utf8)
        let started = ContinuousClock.now
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + 200)
            snapshots.add(String(decoding: bytes[index..<end], as: UTF8.self))
            index = end
        }
        let seconds = Double((ContinuousClock.now - started).components.seconds) + 1
        let pieces = bytes.count / 200
        // Every piece up to 8 KB, then a quarter more each time, plus at most four a second by time.
        let bound = AnswerSnapshots.eagerBytes / 200 + 40 + Int(seconds * 4)
        #expect(pieces > 5_000)
        #expect(count.snapshots.count <= bound, "\(count.snapshots.count) snapshots for \(pieces) pieces (bound \(bound))")
        #expect(count.snapshots.count >= 10, "the draft still grows while the answer streams")
        if let last = count.snapshots.last, let first = count.snapshots.first { #expect(last.extends(first)) }
    }
}
