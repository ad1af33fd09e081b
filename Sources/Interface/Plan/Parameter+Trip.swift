import FoundationEssentials
import Rendering

extension Parameter {
    /// `<trip>`: a trip id, completed from the database (most commands' first argument).
    static func trip(_ keyPath: WritableKeyPath<Root, Int> & Sendable) -> Parameter {
        .argument("trip", keyPath, help: "a trip id (see 'plan list')", completion: .trips) {
            try ArgumentText.id($0, what: "trip", context: $1)
        }
    }
}
