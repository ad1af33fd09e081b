import FoundationEssentials
import Model
import Store

extension PartyCounts {
    /// The children's and babies' own lines for the weather and their age, each citing what the adults'
    /// line for the same weather cites (the coat's cold night, the sunscreen's sunny day).
    func childrensItems(_ items: [PackingItem]) -> [PackingItem] {
        var added: [PackingItem] = []
        let older = party.olderChildren.count
        let babies = party.babies.count
        let coat = items.first { GarmentFamily.of($0.name) == .outerLayers && PackingCheck.key($0.name).contains("warm")
            || PackingCheck.key($0.name).contains("winter coat") || PackingCheck.key($0.name).contains("ski jacket") }
        let sun = items.first { PackingCheck.key($0.name).contains("sunscreen") }
        let weather = TripWeather(context)
        let cold = weather.isCold(40)
        if babies > 0 {
            if cold, let low = weather.coldestLow {
                let (reason, isForecast) = WeatherCitation(units: context.traveller.units)
                    .reason(.low, of: low, in: weather, lead: "A baby carried in the cold loses heat fast")
                var items = [
                    childItem("Clothing", "Snowsuit or pramsuit for the baby", babies, reason, like: nil),
                    childItem("Accessories", "Mittens and a warm hat for the baby", babies, reason, like: nil),
                ]
                for index in items.indices { items[index].weather = isForecast }
                added += items
            }
            if let sun, weather.isHot(75) {
                added.append(childItem("Accessories", "Sun hat for the baby", babies, "Shade for the baby; \(lowered(sun.reason))", like: sun))
            }
            if swims {
                added.append(childItem("Clothing", PackingRules.localized("Swim nappies", for: context.traveller), 3 * babies,
                                       "Pools and the sea ask for them", like: nil))
            }
        }
        if older > 0 {
            if let sun {
                added.append(childItem("Toiletries", "Children's sunscreen (SPF 50+)", nil,
                                       "Young skin burns faster; \(lowered(sun.reason))", like: sun))
                // The adults' sun hat, when there is one, is counted for the children too; else theirs in warm sun.
                if weather.isHot(75), !items.contains(where: { GarmentFamily.of($0.name) == .sunHats }) {
                    added.append(childItem("Accessories", "Sun hats for the children", older,
                                           "Shade for young heads; \(lowered(sun.reason))", like: sun))
                }
            }
            // A ski trip's "Ski jacket and trousers" are the children's snow trousers already.
            let skiTrousers = coat.map { PackingCheck.key($0.name).contains("ski jacket and trousers") } ?? false
            if weather.isCold(25) || weather.snowDay != nil, coat != nil, !skiTrousers {
                added.append(childItem("Clothing", "Waterproof snow trousers for the children", older,
                                       "Snow play; \(lowered(coat?.reason ?? "cold days"))", like: coat))
            }
            if ActivityKits.resolve(context.activities).kits.contains(where: { $0.name == "road trip" }),
               party.olderChildren.contains(where: { $0 < 8 })
            {
                let seats = party.olderChildren.filter { $0 < 8 }.count
                added.append(childItem("Activity gear", "Car seat or booster", seats, "Every child under 8 in the car", like: nil))
            }
        }
        return added.map { item in
            var item = item
            if item.reason.count > 100 { item.reason = String(item.reason.prefix(99)) + "…" }
            return item
        }
    }

    /// Whether the trip goes in the water (a swimsuit is packed, or a water activity).
    var swims: Bool {
        ActivityKits.resolve(context.activities).kits.contains { $0.group == .water }
    }

    func childItem(_ category: String, _ name: String, _ quantity: Int?, _ reason: String, like source: PackingItem?) -> PackingItem {
        PackingItem(
            category: category, name: name, quantity: quantity.flatMap { $0 > 1 ? $0 : nil }, reason: reason,
            weather: source?.weather ?? false
        )
    }

    func lowered(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension PartyCounts {
    /// Children under this age (years) spill and have accidents: spare clothes are theirs, not a teenager's.
    static let spareClothesAge = 8

    /// Spare clothes for spills and accidents: two sets for each young child (2 to 7), none when every child is
    /// older; two when the ages are not known (the children's kit without a party).
    func youngChildrensSpares(_ item: PackingItem) -> PackingItem? {
        guard !party.children.isEmpty else { return item }
        let young = party.olderChildren.filter { $0 < Self.spareClothesAge }.sorted()
        guard !young.isEmpty else { return nil }
        var item = item
        item.name = "Spare clothes for young children"
        item.quantity = 2 * young.count
        let ages = young.map(String.init)
        let who = young.count == 1 ? "the \(ages[0])-year-old"
            : "each of the " + ages.dropLast().joined(separator: ", ") + " and \(ages.last ?? "")-year-olds"
        item.reason = "2 sets for \(who): spills and accidents"
        return item
    }
}
