import Foundation
import LanguageModels
import Store

extension Transcript.Entry {
    /// Rebuilds an entry from its stored row, with the id it was recorded with (a row written before
    /// entries had ids gets one made from the row: `row-<id>`).
    public init(record: TranscriptRecord) {
        self.init(
            kind: Transcript.Kind(record.kind), text: record.text, tool: record.tool, storedPayload: record.payload,
            tokens: record.tokens, id: record.entryID ?? "row-\(record.id)"
        )
    }
}

extension Transcript.Kind {
    /// The kind of a stored entry (Store's enum names the same cases; a new case fails to compile here).
    public init(_ kind: EntryKind) {
        switch kind {
        case .instructions: self = .instructions
        case .prompt: self = .prompt
        case .toolCalls: self = .toolCalls
        case .toolOutput: self = .toolOutput
        case .response: self = .response
        case .summary: self = .summary
        case .check: self = .check
        case .reasoning: self = .reasoning
        }
    }
}

extension EntryKind {
    /// The stored kind of a transcript entry.
    public init(_ kind: Transcript.Kind) {
        switch kind {
        case .instructions: self = .instructions
        case .prompt: self = .prompt
        case .toolCalls: self = .toolCalls
        case .toolOutput: self = .toolOutput
        case .response: self = .response
        case .summary: self = .summary
        case .check: self = .check
        case .reasoning: self = .reasoning
        }
    }
}
