import FoundationEssentials

/// A session's rules for one turn's tool calls: which tools a round offers (only the required ones not yet
/// answered, until each has), which calls run (at most the session's `Limits.callsPerReply` from one reply and
/// `callsPerTurn` in the turn, never the same call twice), and one warning for each kind of mistake before a
/// mistake ends the turn. The session runs the calls; this holds what the turn has seen.
struct ToolCallPolicy: Sendable {
    /// Tools may still be offered (false after a repeated call, the turn's cap, or the last round).
    var mayCallTools: Bool
    /// Calls already run, by their `name(arguments)` line.
    var seenCalls: Set<String> = []
    /// Tools that have answered (not refused) this turn.
    var satisfied: Set<String> = []
    /// Kinds of mistake already answered with a warning.
    var warned: Set<String> = []
    /// Calls run this turn.
    var callsRun = 0

    /// What a round offers.
    struct Round: Sendable {
        var offered: [ToolDefinition]
        /// The model must call a tool this round.
        var requiresCall: Bool
    }

    /// The tools round `round` offers, and whether it must call one.
    func offer(_ tools: [ToolDefinition], required: [String], round: Int, maximumRounds: Int) -> Round {
        var offered = mayCallTools && round <= maximumRounds ? tools : []
        let missing = required.filter { name in !satisfied.contains(name) && tools.contains { $0.name == name } }
        let requiring = !offered.isEmpty && !missing.isEmpty && round < maximumRounds
        if requiring {
            // Until each required tool has answered, only those not yet answered are offered.
            offered = offered.filter { missing.contains($0.name) }
        }
        return Round(offered: offered, requiresCall: requiring)
    }
}
