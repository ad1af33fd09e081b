import FoundationEssentials

/// What a renderer needs of the terminal: whether it takes UTF-8, and text in an SGR style. The console
/// (`Interface/Running/Console.swift`) turns styles into escape sequences only at the terminal; `PlainText`
/// leaves text as it is (tests, pipes).
public protocol TextStyling: Sendable {
    /// The terminal's character set is UTF-8 (else drawings fall back to ASCII).
    var isUTF8: Bool { get }
    /// `text` in the SGR style `code` ("1;34": bold blue), or as it is.
    func paint(_ text: String, sgr code: String) -> String
}

extension TextStyling {
    /// Bold text (SGR 1).
    public func bold(_ text: String) -> String { paint(text, sgr: "1") }
    /// Dim text (SGR 2).
    public func dim(_ text: String) -> String { paint(text, sgr: "2") }
    /// An accent: a category heading (SGR 36, cyan).
    public func accent(_ text: String) -> String { paint(text, sgr: "36") }
    /// A warning or a weather-driven reason (SGR 33, yellow).
    public func warning(_ text: String) -> String { paint(text, sgr: "33") }
}

/// Styling that leaves text plain.
public struct PlainText: TextStyling {
    public let isUTF8: Bool

    public init(isUTF8: Bool = true) {
        self.isUTF8 = isUTF8
    }

    public func paint(_ text: String, sgr code: String) -> String { text }
}
