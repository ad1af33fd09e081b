import Foundation

/// How tools reach a model server.
public enum ToolCallingMode: String, Sendable {
    /// The server's own `tools` parameter (its chat template supports tools).
    case native
    /// Tools described in the instructions, each answer constrained by a JSON schema that is `anyOf` one
    /// branch per tool plus the answer, so small models still produce valid calls.
    case guided
}
