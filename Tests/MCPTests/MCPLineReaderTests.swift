import Foundation
import Testing
@testable import MCP

/// The stdin reader: lines split on newlines, a line over the budget dropped whole, the end of input ends the stream.
@Suite struct MCPLineReaderTests {
    @Test func splitsLinesAndDropsOversizedOnes() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = MCPLineReader(descriptor: fds[0], limit: 10)
        reader.start()
        let text = "short\n" + String(repeating: "x", count: 50) + "\nlast"
        let written = text.withCString { write(fds[1], $0, strlen($0)) }
        #expect(written == text.utf8.count)
        close(fds[1])
        var events: [String] = []
        for await event in reader.events {
            switch event {
            case let .line(line): events.append(line)
            case .oversized: events.append("<oversized>")
            }
            reader.handled()
        }
        close(fds[0])
        #expect(events == ["short", "<oversized>", "last"])
    }
}
