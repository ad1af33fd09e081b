import FoundationEssentials

/// Which list and changes a command read before it wrote: a write made against another version (another
/// `plan` changed the list meanwhile) is refused, so numbers never land on the wrong items.
public struct ListVersion: Sendable, Equatable {
    public var listID: Int?
    public var lastChangeID: Int?

    public init(listID: Int?, lastChangeID: Int?) {
        self.listID = listID
        self.lastChangeID = lastChangeID
    }
}
