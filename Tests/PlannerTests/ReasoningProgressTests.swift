import Foundation
import Testing
@testable import Planner

/// A reasoning model's streamed thinking becomes a progress line at most once per 200 characters.
@Suite struct ReasoningProgressTests {
    @Test func aLineComesFirstThenOnlyEveryTwoHundredCharacters() {
        let progress = ReasoningProgress()
        #expect(progress.add("abc")?.hasSuffix(" 3 characters") == true)
        #expect(progress.add(String(repeating: "x", count: 198)) == nil)
        #expect(progress.add("y") == nil)
        #expect(progress.add("z")?.hasSuffix(" 203 characters") == true)
        #expect(progress.add(String(repeating: "w", count: 1_000))?.contains("1,203") == true)
    }

    @Test func piecesFromManyThreadsAreAllCounted() async {
        let progress = ReasoningProgress()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { for _ in 0..<20 { _ = progress.add("ab") } } }
        }
        // 2,000 characters seen; the next piece of 200 makes a line with the whole count.
        #expect(progress.add(String(repeating: "c", count: 200))?.contains("2,200") == true)
    }
}
