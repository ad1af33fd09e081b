import FoundationEssentials
import LanguageModels
import Planner

/// A pack's answer while the model writes it (a model that streams): the items complete so far and, once
/// written, the notices. A draft: the checked list replaces it.
public struct PackDraft: Sendable {
    /// One complete item as the model wrote it.
    public struct Item: Sendable, Equatable {
        public let name: String
        public let quantity: Int?
        public let category: String
        public let reason: String
    }

    public let items: [Item]
    /// The notices, once the model has written them.
    public let notices: [String]?

    init(_ snapshot: PackingAnswer.PartiallyGenerated) {
        items = snapshot.completedElements(\.items).map {
            Item(name: $0.name, quantity: $0.quantity, category: $0.category, reason: $0.reason)
        }
        notices = snapshot[\.notices]
    }

    /// The planner's callback for a front end's: nil stays nil.
    static func relay(_ onDraft: (@Sendable (PackDraft) -> Void)?) -> (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)? {
        guard let onDraft else { return nil }
        return { snapshot in onDraft(PackDraft(snapshot)) }
    }
}
