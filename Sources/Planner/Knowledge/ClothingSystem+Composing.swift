import FoundationEssentials
import Model

extension ClothingSystem {
    /// Hiking and a town activity (sightseeing, museums, temples) on one trip: the boots are for the trails,
    /// and the town's walking shoes stay on the list (a kit's distinctive pair is never given up for another's).
    func townShoesBesideHikingBoots(_ pairs: [PackingItem]) -> [PackingItem] {
        guard !dressesForWork, needs.contains(.walkingShoes) || needs.contains(.slipOnShoes),
              pairs.contains(where: { PackingCheck.key($0.name).hasSuffix("hiking boots") })
        else { return [] }
        let name = needs.contains(.slipOnShoes) ? "Comfortable slip-on walking shoes" : "Comfortable walking shoes, broken in"
        return [item("Footwear", name, nil, "Town days; the boots are for the trails")]
    }
}
