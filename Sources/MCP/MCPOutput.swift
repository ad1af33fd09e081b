import FoundationEssentials
import Glibc
import JSON

/// The protocol's output: one JSON message a line on a file descriptor (stdout), nothing else, one
/// message at a time. A write that fails (the client went away) drops the rest.
actor MCPOutput {
    private let descriptor: Int32
    private var closed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func send(_ message: JSONValue) {
        guard !closed else { return }
        var text = message.compactText + "\n"
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    closed = true
                    return
                }
                next += written
                left -= written
            }
        }
    }
}
