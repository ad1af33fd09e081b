import FoundationEssentials
import LanguageModels
import Model
import Store

extension Transcript.Entry {
    /// Rebuilds an entry from its stored row, with the id it was recorded with (a row written before
    /// entries had ids gets one made from the row: `row-<id>`). The row's kind is one of `Transcript.Kind.stored`
    /// (the one vocabulary: Store keeps the string, its CHECK the list); another is a damaged row.
    public init(record: TranscriptRecord) throws {
        let kind = try record.checkedKind()
        self.init(
            kind: kind, text: record.text, tool: record.tool, storedPayload: record.payload,
            tokens: record.tokens, id: record.entryID ?? "row-\(record.id)"
        )
    }
}

extension TranscriptRecord {
    /// The row's kind by the names plan stores (`Transcript.Kind.stored`: the framework's and plan's `check`);
    /// another name is a damaged row (exit 65, naming the table), whether the row is read back into a session
    /// or shown by `history show`.
    public func checkedKind() throws -> Transcript.Kind {
        let kind = Transcript.Kind(rawValue: kind)
        guard Transcript.Kind.stored.contains(kind) else {
            throw StoreError.corruptValue(
                column: "transcript_entries.kind (row \(id))", detail: "unknown value \"\(kind.rawValue.prefix(40))\""
            )
        }
        return kind
    }
}
