import FoundationEssentials
import Model

extension PackingItem {
    /// The name with its quantity, as lists print it: "Socks ×6", or the name alone.
    public var label: String {
        if let quantity, quantity > 1 { return "\(name) ×\(quantity)" }
        return name
    }
}
