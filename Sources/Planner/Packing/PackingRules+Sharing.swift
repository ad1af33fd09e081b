import FoundationEssentials
import Model
import Store
import Tools

extension PackingRules {
    // MARK: - Kits that share

    /// Kit garments that are tops by what they are: the clothing system's tops make room for them, so the
    /// tops and these together stay within the days (and the laundry) the tops were counted for.
    static let kitTops = ["polo shirts"]

    /// Gear two kits both bring under different names: the second is merged into the first, its reason
    /// added ("Camera and lenses" from photography holds wildlife's zoom lens: one camera body).
    static let sharedGear: [(keeper: String, merged: String, addition: String)] = [
        ("Camera and lenses", "Camera with a zoom lens", "a zoom lens among them for wildlife"),
        // A diver who snorkels keeps the snorkel: one mask does both.
        ("Mask and snorkel", "Dive mask", "the same mask for the dives"),
    ]

    /// The kits' own wetsuits, for when the sea's temperature is not known: the sea's figure replaces them.
    static let kitWetsuits: Set<String> = ["Wetsuit", "Wetsuit for diving (or rent one)"]

    /// Each of the trip's kits' first item, the one that makes the activity possible ("Mask and snorkel", "Ski
    /// goggles", "Laptop and charger"), as the list names it: a full list cuts other gear before these.
    static func signatureGear(_ context: PackingContext) -> Set<String> {
        let words = context.activities + context.stopPlans.flatMap(\.activities)
        return Set(ActivityKits.resolve(words).kits.compactMap { kit in kit.gear.first.map { localized($0.name, for: context.traveller) } })
    }

    /// Kits sharing with the clothing system and with each other: fewer plain tops for a kit's tops (at
    /// least one kept), one camera for photography and wildlife.
    static func shareKits(_ items: [PackingItem]) -> [PackingItem] {
        var items = items
        let kitTopCount = items.filter { item in kitTops.contains { PackingCheck.key(item.name).contains($0) } }
            .compactMap(\.quantity).reduce(0, +)
        if kitTopCount > 0, let tops = items.firstIndex(where: { GarmentFamily.of($0.name) == .tops && $0.quantity != nil }),
           let count = items[tops].quantity, count > 1 {
            items[tops].quantity = max(1, count - kitTopCount)
        }
        for shared in sharedGear {
            guard let keeper = items.firstIndex(where: { $0.name == shared.keeper }),
                  let merged = items.firstIndex(where: { $0.name == shared.merged })
            else { continue }
            let reason = items[keeper].reason + "; " + shared.addition
            if reason.count <= 100 { items[keeper].reason = reason }
            items.remove(at: merged)
        }
        return items
    }
}
