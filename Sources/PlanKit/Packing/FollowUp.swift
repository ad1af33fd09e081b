import FoundationEssentials
import Model

/// The answer to a follow-up question (`plan ask`) and what to say besides it.
public struct FollowUp: Sendable {
    public let sessionID: Int
    public let answer: String
    /// Recoveries of the context window that happened, in order.
    public let recoveries: [SessionRelation]
    /// Things the traveller should know about the answer (cut off by the token limit).
    public let notices: [String]
    /// The interrupted follow-up this one carried on from, and how many tool calls it did not ask again.
    public let resumed: (session: Int, answeredCalls: Int)?
}
