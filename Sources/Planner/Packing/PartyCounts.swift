import FoundationEssentials
import Model
import Store

/// The list for everyone travelling: garments counted per person and saying so ("Underwear ×10 — 5 each
/// for 2 adults"), a toothbrush and a passport each, nappies counted by the day for a baby, and the
/// children's own lines for the weather (a snowsuit for the baby in the cold, children's sunscreen in the sun).
struct PartyCounts {
    let context: PackingContext

    var party: TripParty { context.party }
    /// Who wears the adults' garments: the adults and the children of 2 and over (a baby has its own).
    var wearers: Int { party.adults + party.olderChildren.count }
    /// Who wears a wetsuit or drysuit: the adults and the children of `waterSuitAge` and over.
    var suitWearers: Int { party.adults + party.olderChildren.filter { $0 >= Self.waterSuitAge }.count }

    /// "2 adults, 1 child".
    var wearersLabel: String {
        var text = "\(party.adults) adult\(party.adults == 1 ? "" : "s")"
        let children = party.olderChildren.count
        if children > 0 { text += ", \(children) \(children == 1 ? "child" : "children")" }
        return text
    }

    /// The items counted for the party, with the children's own lines added; unchanged for one adult.
    func apply(_ items: [PackingItem]) -> [PackingItem] {
        guard party.isGroup else { return items }
        var counted = items.compactMap(count)
        if !party.babies.isEmpty {
            let packs = max(1, (context.dayCount + 2) / 3) * party.babies.count
            counted.append(PackingItem(category: "Activity gear", name: "Baby wipes", quantity: packs > 1 ? packs : nil,
                                       reason: "A pack every 3 days or so; for hands and faces too"))
        }
        // The children's lines cite the adults' weather, not their counts ("one each for 2 adults").
        for item in childrensItems(items) where !counted.contains(where: { $0.name == item.name }) {
            counted.append(item)
        }
        return counted
    }

    /// The travel authorisation reminders' and visas' names for this trip's countries (one each, like passports).
    var authorisationNames: Set<String> {
        Set(PackingRules.entryDocuments(context).map(\.name))
    }

    /// One item counted for the party (nil: dropped, another line covers it).
    func count(_ item: PackingItem) -> PackingItem? {
        var item = item
        let key = " " + PackingCheck.key(item.name) + " "
        switch true {
        case key.contains(" children s passports "):
            return nil  // the passport line counts the children's
        case key.hasPrefix(" passport"), authorisationNames.contains(item.name):
            item.quantity = party.people
            let lead = party.children.isEmpty ? "One each" : "One each, the children's too"
            let fitted = Self.fit(lead, item)
            // A visa's reason names its source and date: kept whole when the count's words do not fit beside it.
            item.reason = fitted == lead && authorisationNames.contains(item.name) ? item.reason : fitted
        case key.contains(" id or driv"):
            guard party.adults > 1 else { return item }
            item.quantity = party.adults
            item.reason = "One for each adult"
        case key.hasPrefix(" toothbrush"):
            // A baby has none of the adults' (a soft baby brush, once teeth come, goes with its things).
            let brushers = party.adults + party.olderChildren.count
            item.quantity = brushers > 1 ? brushers : nil
            item.reason = party.babies.isEmpty ? "A toothbrush each; toothpaste to share"
                : "A toothbrush each but the baby's (a soft baby brush once teeth come); toothpaste to share"
        case key.contains(" nappies ") || key.contains(" diapers "):
            // Six a day, for a week at most (shops sell them), within an answer's largest count.
            let days = min(context.dayCount, 7)
            item.name = PackingRules.localized("Nappies", for: context.traveller)
            item.quantity = min(PackingAnswer.maximumQuantity, 6 * days * party.babies.count)
            item.reason = "About 6 a day for \(days) day\(days == 1 ? "" : "s")"
                + (party.babies.count > 1 ? " for each of \(party.babies.count) babies" : "")
                + (context.dayCount > days ? "; buy more there" : "")
        case key.contains(" baby bodysuits "):
            item.quantity = (item.quantity ?? 1) * max(1, party.babies.count)
        case key.contains(" spare clothes for each child "):
            return youngChildrensSpares(item)
        default:
            return perWearer(item)
        }
        return item
    }

    /// Gear each person needs their own of (a ski helmet, a dive mask), by the words of its name.
    static let personalGear = [
        "goggles", "helmet", "neck gaiter", "lift pass", "rash guard", "mask", "snorkel", "fins", "headlamp",
        "sleeping bag", "sleeping pad", "life jacket", "sunglasses", "towel", "wetsuit", "drysuit", "hand warmers", "glove liners",
    ]

    /// Suits for surfing and diving: counted for adults and children of `waterSuitAge` and over.
    static let suitWords = ["wetsuit", "drysuit"]
    /// The age (years) from which children surf or dive in a suit of their own (PADI's junior divers start at 10,
    /// surf schools take children from about 8).
    static let waterSuitAge = 8

    /// "2 adults", "2 adults, 1 child".
    static func label(adults: Int, children: Int) -> String {
        var text = "\(adults) adult\(adults == 1 ? "" : "s")"
        if children > 0 { text += ", \(children) \(children == 1 ? "child" : "children")" }
        return text
    }

    /// Things for personal gear that one of does the party ("Anti-fog drops for the mask": one bottle).
    static let sharedByTheParty = ["anti fog"]

    /// A garment each for everyone who wears the adults' (work clothes for the adults only), and personal gear.
    func perWearer(_ item: PackingItem) -> PackingItem {
        let key = " " + PackingCheck.key(item.name) + " "
        let garment = ["Clothing", "Outerwear", "Footwear"].contains(item.category)
            || [.gloves, .warmHats, .sunHats].contains(GarmentFamily.of(item.name))
            || Self.personalGear.contains { key.contains(" \($0) ") } && !Self.sharedByTheParty.contains { key.contains(" \($0) ") }
        guard garment, !key.contains(" baby "), !key.contains(" child") else { return item }
        let forWork = key.contains(" business ") || key.contains(" smart casual ")
        // A wetsuit or drysuit is for those old enough to surf or dive in one, not a toddler at the water's edge.
        let suit = Self.suitWords.contains { key.contains(" \($0) ") }
        let suited = suitWearers - party.adults
        let people = forWork ? party.adults : suit ? suitWearers : wearers
        guard people > 1 else {
            guard suit, people == 1, wearers > 1 else { return item }
            var item = item
            item.reason = Self.fit("For the adult; young children stay in the shallows", item)
            return item
        }
        var item = item
        let each = item.quantity ?? 1
        item.quantity = each * people
        let who = forWork ? "\(party.adults) adults"
            : suit && suited < party.olderChildren.count ? Self.label(adults: party.adults, children: suited) + " (not under \(Self.waterSuitAge))"
            : wearersLabel
        item.reason = Self.fit(each == 1 ? "One each for \(who)" : "\(each) each for \(who)", item)
        return item
    }

    /// "5 each for 2 adults; one a day plus a spare for 4 days", within an answer's 100 characters: a
    /// forecast's reason is kept whole (it cites the day), another gives way to the count.
    static func fit(_ lead: String, _ item: PackingItem) -> String {
        let reason = item.reason
        // An alert's name keeps its capitals ("Winter Storm Warning from …"), as a name does.
        let named = reason.split(separator: " ").prefix(2).allSatisfy { $0.first?.isUppercase == true }
        let joined = lead + "; " + (named ? reason : reason.prefix(1).lowercased() + reason.dropFirst())
        if joined.count <= 100 { return joined }
        if item.weather { return reason }
        // A line for some stops of the trip ("In Aspen: …") keeps their names: the check keeps such lines apart.
        if reason.hasPrefix("In "), let colon = reason.firstRange(of: ": "), reason.distance(from: reason.startIndex, to: colon.lowerBound) <= 60 {
            return String(reason[..<colon.upperBound]) + lead.prefix(1).lowercased() + lead.dropFirst()
        }
        return lead
    }
}
