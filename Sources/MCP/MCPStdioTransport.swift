import Glibc
import JSON

/// `plan mcp`'s transport: one JSON message a line on stdin, answers one a line on stdout (the protocol's stdio
/// transport), lines longer than `limit` bytes dropped.
public struct MCPStdioTransport: MCPTransport {
    private let reader: MCPLineReader
    private let writer: MCPOutput

    /// Reads `input` from now on, on a thread of its own, and writes to `output`.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, limit: Int) {
        reader = MCPLineReader(descriptor: input, limit: limit)
        writer = MCPOutput(descriptor: output)
        reader.start()
    }

    public var incoming: AsyncStream<MCPIncoming> { reader.events }

    public func send(_ message: JSONValue) async {
        await writer.send(message)
    }

    public func handled() {
        reader.handled()
    }
}
