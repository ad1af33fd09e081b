import FoundationEssentials

/// What to do when a session overflows its context window.
public enum RecoveryStrategy: String, Sendable, CaseIterable {
    /// Instructions plus the last entry (and the tool call it answers), as Apple recommends
    /// (`ContextRecovery.rollingWindow`).
    case condense
    /// The model summarises the older entries into one summary entry (`ContextRecovery.summarizeHistory`).
    case summarize
    /// Instructions plus the last prompt only (`ContextRecovery.droppingCompletedToolCalls`).
    case fresh

    /// What to try if this one overflows too.
    public var fallback: RecoveryStrategy? {
        switch self {
        case .summarize: return .condense
        case .condense: return .fresh
        case .fresh: return nil
        }
    }
}

/// Builds the transcript a recovered session starts from. Never separates a tool call from its output.
public enum ContextRecovery {
    /// The entries to carry over, with their ids (the new session records them as its own).
    public static func condensed(
        _ transcript: Transcript, strategy: RecoveryStrategy, summary: String? = nil, summaryBudget: Int? = nil
    ) -> Transcript {
        let entries = transcript.entries
        guard let instructions = entries.first(where: { $0.kind == .instructions }) else { return Transcript() }
        let promptIndex = entries.lastIndex(where: { $0.kind == .prompt })
        var kept = [instructions]
        if strategy == .summarize, let summary {
            kept.append(.summary(Transcript.Summary(text: summary)))
        } else if var facts = entries.last(where: { $0.kind == .summary }) {
            // What a follow-up carries (the trip, its forecast and its list) or an earlier summary stays,
            // shortened from its end (the list first) when the window turned out smaller than believed.
            if let summaryBudget, TokenEstimate.count(facts.text) > summaryBudget {
                var lines = facts.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                while lines.count > 1, TokenEstimate.count(lines.joined(separator: "\n")) > summaryBudget { lines.removeLast() }
                facts = .summary(Transcript.Summary(text: lines.joined(separator: "\n")))
            }
            kept.append(facts)
        }
        if let promptIndex {
            kept.append(entries[promptIndex])
            if strategy != .fresh {
                kept += lastToolGroup(in: Array(entries[(promptIndex + 1)...]))
            }
        } else if let last = entries.last, last.kind != .instructions {
            kept.append(last)
        }
        return Transcript(entries: kept)
    }

    // MARK: - History transforms (named as in Apple's foundation-models-utilities)

    /// The window rolled to the newest round: the instructions, the carried facts, the last prompt and its
    /// last complete tool round (`RecoveryStrategy.condense`).
    public static func rollingWindow(_ transcript: Transcript) -> Transcript {
        condensed(transcript, strategy: .condense)
    }

    /// Every completed tool call dropped with its output: the instructions, the carried facts and the last
    /// prompt (`RecoveryStrategy.fresh`).
    public static func droppingCompletedToolCalls(_ transcript: Transcript) -> Transcript {
        condensed(transcript, strategy: .fresh)
    }

    /// What came before the kept tail replaced by one summary entry (`RecoveryStrategy.summarize`); the
    /// summary is the model's, of `entriesToSummarize(_:)`.
    public static func summarizeHistory(_ transcript: Transcript, summary: String) -> Transcript {
        condensed(transcript, strategy: .summarize, summary: summary)
    }

    /// The last tool-calls entry that has all its outputs, with them; or nothing.
    public static func lastToolGroup(in entries: [Transcript.Entry]) -> [Transcript.Entry] {
        for callsIndex in entries.indices.reversed() {
            guard case let .toolCalls(calls) = entries[callsIndex] else { continue }
            let ids = calls.calls.map(\.id)
            let outputs = entries[(callsIndex + 1)...].compactMap { entry -> Transcript.ToolOutput? in
                guard case let .toolOutput(output) = entry, ids.contains(output.callID ?? "") else { return nil }
                return output
            }
            if Set(outputs.compactMap(\.callID)) == Set(ids) {
                return [entries[callsIndex]] + outputs.map(Transcript.Entry.toolOutput)
            }
        }
        return []
    }

    /// The older entries to summarise: everything between the instructions and the kept tail.
    public static func entriesToSummarize(_ transcript: Transcript) -> [Transcript.Entry] {
        let kept = condensed(transcript, strategy: .condense)
        let keptTexts = Set(kept.entries.map(\.text))
        return transcript.entries.filter { $0.kind != .instructions && $0.kind.isFramework && !keptTexts.contains($0.text) }
    }
}
