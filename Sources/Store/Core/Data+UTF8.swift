import FoundationEssentials
import Model

extension Data {
    /// The UTF-8 bytes of `text`, copied once. `Data(text.utf8)` goes through the generic sequence
    /// initialiser, whose dynamic casts cost about 0.2M instructions the first time in a process.
    public init(utf8 text: String) {
        var text = text
        self = text.withUTF8 { Data(buffer: $0) }
    }
}
