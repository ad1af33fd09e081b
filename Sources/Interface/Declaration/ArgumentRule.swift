import Rendering
/// A rule that spans a command's options ("a trip or --session, not both"; "--from and --to go with a
/// destination"): declared with the options, checked after parsing and before the command runs, and shown
/// under "Rules:" in `--help` and in the man page.
public struct ArgumentRule<Arguments>: Sendable {
    /// The rule as help states it.
    public let text: String
    /// What is wrong with `arguments`, as a usage error's one sentence; nil when they keep the rule.
    let check: @Sendable (Arguments) -> String?

    public init(_ text: String, check: @escaping @Sendable (Arguments) -> String?) {
        self.text = text
        self.check = check
    }
}
