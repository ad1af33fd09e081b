import Foundation
import Store

extension PackingRules {
    /// The clothing of a trip whose stops do different things: each stop's clothing system for its own
    /// days and activities (business outfits for the conference's days, shorts for the beach's), merged.
    /// Daily garments add up over the stops, capped by the whole trip's days and laundry; other garments
    /// take the most any stop needs.
    static func clothingByStop(_ context: PackingContext) -> [PackingItem] {
        var merged: [PackingItem] = []
        var stopsOf: [String: Int] = [:]
        var shares: [String: [String]] = [:]
        for stop in context.stopPlans {
            for item in clothingSystem(context.at(stop)).items() {
                stopsOf[item.name, default: 0] += 1
                if let quantity = item.quantity { shares[item.name, default: []].append("\(quantity) for \(stop.name)") }
                guard let index = merged.firstIndex(where: { $0.name == item.name }) else {
                    merged.append(item)
                    continue
                }
                let daily = GarmentFamily.of(item.name)?.isDaily ?? false
                let quantities = [merged[index].quantity, item.quantity].compactMap { $0 }
                merged[index].quantity = quantities.isEmpty ? nil : daily ? quantities.reduce(0, +) : quantities.max()
                if item.weather, !merged[index].weather {
                    merged[index].reason = item.reason
                    merged[index].weather = true
                }
            }
        }
        let whole = clothingSystem(context)
        let wholeItems = whole.items()
        let kinds = skiKindsKept(oneKindPerDailyFamily(merged, stopsOf: &stopsOf, shares: &shares))
        return kinds.map { item in
            guard (stopsOf[item.name] ?? 0) > 1 else { return item }
            var item = item
            guard GarmentFamily.of(item.name)?.isDaily == true, let quantity = item.quantity else {
                // Worn at several stops: the whole trip's reason ("For 7 nights", not one stop's 3).
                if !item.weather, let same = wholeItems.first(where: { $0.name == item.name }) { item.reason = same.reason }
                return item
            }
            item.quantity = min(quantity, whole.daily)
            // "2 for Hanoi, 4 for Phuket"; the laundry's reason when the whole trip's cap counts.
            let parts = shares[item.name] ?? []
            if !item.weather {
                item.reason = quantity >= whole.daily || parts.count < 2 ? whole.perDay(item.name) : parts.joined(separator: ", ")
            }
            return item
        }
    }

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

    /// Two stops' kinds of one daily family (short-sleeved tops in Phuket, long-sleeved in Hanoi) as one
    /// line, the kind the list's check keeps (the forecast's, else the more specific), counting both.
    static func oneKindPerDailyFamily(
        _ items: [PackingItem], stopsOf: inout [String: Int], shares: inout [String: [String]]
    ) -> [PackingItem] {
        var items = items
        for family in GarmentFamily.allCases where family.isDaily {
            let members = items.indices.filter { GarmentFamily.of(items[$0].name) == family }
            guard members.count > 1, let keep = members.max(by: { a, b in
                (items[a].weather ? 1 : 0, items[a].name.count) < (items[b].weather ? 1 : 0, items[b].name.count)
            }) else { continue }
            var kept = items[keep]
            kept.quantity = members.compactMap { items[$0].quantity }.reduce(0, +)
            stopsOf[kept.name] = members.map { stopsOf[items[$0].name] ?? 1 }.reduce(0, +)
            shares[kept.name] = members.flatMap { shares[items[$0].name] ?? [] }
            for index in members.sorted(by: >) where index != keep { items.remove(at: index) }
            if let position = items.firstIndex(where: { $0.name == kept.name }) { items[position] = kept }
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
