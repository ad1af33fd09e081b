import Foundation
import LanguageModels
import Store

extension Transcript.Entry {
    /// Rebuilds an entry from its stored row, with the id it was recorded with (a row written before
    /// entries had ids gets one made from the row: `row-<id>`). The row's kind is `Transcript.Kind`'s name
    /// (the one vocabulary: Store keeps the string, its CHECK the list); another is a damaged row.
    public init(record: TranscriptRecord) throws {
        guard let kind = Transcript.Kind(rawValue: record.kind) else {
            throw StoreError.corruptValue(
                column: "transcript_entries.kind (row \(record.id))", detail: "unknown value \"\(record.kind.prefix(40))\""
            )
        }
        self.init(
            kind: kind, text: record.text, tool: record.tool, storedPayload: record.payload,
            tokens: record.tokens, id: record.entryID ?? "row-\(record.id)"
        )
    }
}
