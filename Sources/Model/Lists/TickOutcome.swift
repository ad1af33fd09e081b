/// What ticking or unticking items did: the items whose mark changed, those already as asked, and the list
/// afterwards.
public struct TickOutcome: Sendable {
    /// Items whose mark changed.
    public var changed: [TravellerList.Entry]
    /// Items already as asked.
    public var unchanged: [TravellerList.Entry]
    /// The list afterwards.
    public var list: TravellerList

    public init(changed: [TravellerList.Entry], unchanged: [TravellerList.Entry], list: TravellerList) {
        self.changed = changed
        self.unchanged = unchanged
        self.list = list
    }
}
