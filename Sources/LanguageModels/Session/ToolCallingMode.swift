import FoundationEssentials

extension GenerationOptions {
    /// How a round's tools reach the model server, as a session's options ask it
    /// (`GenerationOptions.toolCallingMode`).
    ///
    /// Not Foundation Models 27's `toolCallingMode`, which says whether the model may or must call a tool:
    /// here that is the session's `ToolCallPolicy` (a round with `requiresToolCall` offers only the tools
    /// still required, and guided mode then leaves the answer out of the schema).
    public enum ToolCallingMode: String, Sendable, Equatable {
        /// The backend decides from what the server says of itself: native when its template supports tools
        /// or it does not say (hosted APIs), guided otherwise.
        case automatic = "auto"
        /// The server's own `tools` parameter (its chat template supports tools).
        case native
        /// Tools described in the instructions, each answer constrained by a JSON schema that is `anyOf` one
        /// branch per tool plus the answer, so small models still produce valid calls.
        case guided
    }
}

/// The backend's shorthand: the mode a round is sent in (`.native` or `.guided` once resolved).
typealias ToolCallingMode = GenerationOptions.ToolCallingMode
