import FoundationEssentials

/// Who is travelling: how many adults and each child's age. Under 2 is a baby.
public struct TripParty: Sendable, Codable, Equatable {
    /// Adults, 1 to 20.
    public var adults: Int
    /// Each child's age in years, 0 to 17, as the traveller gave them.
    public var children: [Int]

    public init(adults: Int = 1, children: [Int] = []) {
        self.adults = adults
        self.children = children
    }

    /// One adult: what plan assumed before it knew the party.
    public static let single = TripParty()

    /// The adults plan accepts.
    public static let adultRange = 1...20
    /// A child's ages plan accepts (18 and over is an adult).
    public static let childAgeRange = 0...17
    /// The most children a trip may have.
    public static let maximumChildren = 20
    /// Under this age (years) a child is a baby: nappies, a carrier or stroller.
    public static let babyAge = 2

    /// Everyone travelling.
    public var people: Int { adults + children.count }
    /// The children under 2.
    public var babies: [Int] { children.filter { $0 < Self.babyAge } }
    /// The children of 2 and over.
    public var olderChildren: [Int] { children.filter { $0 >= Self.babyAge } }
    /// More than one adult or any child.
    public var isGroup: Bool { people > 1 }

    /// "2 adults, 2 children (5, 1)"; "1 adult".
    public var label: String {
        var text = "\(adults) adult\(adults == 1 ? "" : "s")"
        if !children.isEmpty {
            let ages = children.map(String.init).joined(separator: ", ")
            text += ", \(children.count) \(children.count == 1 ? "child" : "children") (\(ages))"
        }
        return text
    }

    /// Why these figures are not a party, or nil.
    public var problem: String? {
        if !Self.adultRange.contains(adults) { return "adults must be 1 to 20" }
        if children.count > Self.maximumChildren { return "at most \(Self.maximumChildren) children" }
        if let age = children.first(where: { !Self.childAgeRange.contains($0) }) {
            return "a child's age must be 0 to 17 (not \(age))"
        }
        return nil
    }
}
