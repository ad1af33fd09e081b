import FoundationEssentials

/// The secret in a trip's page address: 144 random bits from the system's generator (getrandom on Linux), as
/// 24 base64url characters; compared in constant time.
public enum PageLink {
    /// Random bytes in a secret.
    public static let byteCount = 18

    /// A new secret.
    public static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }

    /// Whether `given` is `secret`, in time that depends on `secret`'s length only (never on where they differ).
    public static func matches(_ given: some StringProtocol, _ secret: String) -> Bool {
        let expected = Array(secret.utf8)
        var difference = UInt8(truncatingIfNeeded: given.utf8.count ^ expected.count)
        var index = 0
        var givenBytes = given.utf8.makeIterator()
        while index < expected.count {
            // A shorter `given` is compared with zeros: the loop still runs the secret's length.
            let byte = givenBytes.next() ?? 0
            difference |= byte ^ expected[index]
            index += 1
        }
        return difference == 0 && given.utf8.count == expected.count
    }
}
