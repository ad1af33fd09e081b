import FoundationEssentials
import Model
import Store

extension PackingRules {
    /// A ski stop's jacket and gloves kept over another stop's winter coat and gloves (one line per family,
    /// as the list's check keeps it): the ski kind does for the village too, and takes the cold stop's reason.
    static func skiKindsKept(_ items: [PackingItem]) -> [PackingItem] {
        var items = items
        for family in [GarmentFamily.outerLayers, .gloves] {
            guard let ski = items.firstIndex(where: { GarmentFamily.of($0.name) == family && PackingCheck.key($0.name).contains("ski") })
            else { continue }
            let others = items.indices.filter { $0 != ski && GarmentFamily.of(items[$0].name) == family }
            guard let cold = others.first(where: { items[$0].weather }) ?? others.first else { continue }
            var kept = items[ski]
            if items[cold].weather {
                let both = items[cold].reason + "; for the slopes too"
                kept.reason = both.count <= 100 ? both : items[cold].reason
                kept.weather = true
            }
            items[ski] = kept
            for index in others.sorted(by: >) { items.remove(at: index) }
        }
        return items
    }

    /// The kits of a trip whose stops do different things: each stop's kits for its own days, each item
    /// saying which stop it is for ("Lift pass — for skiing in Aspen"); the party's kits for the whole trip.
    static func kitsByStop(_ context: PackingContext) -> [PackingItem] {
        var whole = context
        whole.activities = context.party.activities
        var items = kitItems(whole)
        for stop in context.stopPlans {
            for kit in ActivityKits.resolve(stop.activities).kits {
                var share = context.at(stop)
                share.activities = [kit.name]
                for var item in kitItems(share) {
                    let purpose = StopPlan.purpose(kit.name, at: stop.name)
                    if item.reason.count + purpose.count + 3 <= 100 {
                        item.reason += " — " + purpose
                    } else if !item.weather {
                        item.reason = purpose.prefix(1).uppercased() + purpose.dropFirst()
                    }
                    if let index = items.firstIndex(where: { $0.name == item.name }) {
                        // Two stops' kits want it: one line, the larger count, the first stop's reason.
                        items[index].quantity = [items[index].quantity, item.quantity].compactMap { $0 }.max()
                    } else {
                        items.append(item)
                    }
                }
            }
        }
        return items
    }
}
