import FoundationEssentials
import Model
import Store

extension PackingRules {
    // MARK: - Clothing stop by stop

    /// The stops whose days each get the clothing of their own weather: a trip's stops with their own
    /// activities, or, when the stops do the same things, every stop with the trip's; empty for one place.
    static func clothingStops(_ context: PackingContext) -> [StopPlan] {
        if !context.stopPlans.isEmpty { return context.stopPlans }
        guard context.legs.count > 1 else { return [] }
        return context.legs.map { leg in
            var leg = leg
            leg.activities = context.activities
            return leg
        }
    }

    /// One garment line of a trip of several stops while it is put together: the stops it is for, and each
    /// stop's own item (its count and reason).
    struct StopGarment {
        var item: PackingItem
        var stops: [StopPlan]
        var perStop: [PackingItem]

        var family: GarmentFamily? { GarmentFamily.of(item.name) }

        /// Where a family's lines sit on the list: shorts beside the other bottoms.
        static func listGroup(_ family: GarmentFamily?) -> GarmentFamily? { family == .shorts ? .bottoms : family }
    }

    /// The clothing of a trip of several stops: each stop's clothing system for its own days, weather and
    /// activities. One kind worn at several stops is one line (daily garments counted over those stops, within
    /// the trip's laundry; others the most any stop needs). Where stops need different kinds of tops, bottoms,
    /// socks or boots (long sleeves in Hanoi, short in Phuket; ski socks in Aspen, plain ones in Miami), each
    /// kind is its own line, counted for its stops' days and naming them ("In Miami: …").
    static func clothingByStop(_ context: PackingContext, stops: [StopPlan]) -> [PackingItem] {
        var lines: [StopGarment] = []
        for stop in stops {
            for item in clothingSystem(context.at(stop)).items() {
                if let index = lines.firstIndex(where: { $0.item.name == item.name }) {
                    lines[index].stops.append(stop)
                    lines[index].perStop.append(item)
                } else {
                    // Another stop's kind of a family sits beside the family's other lines.
                    let group = StopGarment.listGroup(GarmentFamily.of(item.name))
                    let after = group.flatMap { group in lines.lastIndex { StopGarment.listGroup($0.family) == group } }
                    lines.insert(StopGarment(item: item, stops: [stop], perStop: [item]), at: after.map { $0 + 1 } ?? lines.endIndex)
                }
            }
        }
        lines = joiningTopsOfOneSleeve(lines)
        let whole = clothingSystem(context)
        let wholeItems = whole.items()
        let items = lines.map { line -> PackingItem in
            let split = line.family?.isPerStop == true && lines.filter { $0.family == line.family }.count > 1
            return stopLine(line, split: split, whole: whole, wholeItems: wholeItems)
        }
        return oneLinePerSharedFamily(skiKindsKept(items))
    }

    /// The families a trip wears one kind of whatever the stop (mid and base layers, outer layers, gloves, hats,
    /// shoes): several stops' kinds as one line, the kind plan's check keeps (the forecast's, else the most
    /// specific), so the list's length is the one the traveller gets and no kit's gear gives way for a line the
    /// check would merge.
    static func oneLinePerSharedFamily(_ items: [PackingItem]) -> [PackingItem] {
        var items = items
        for family in GarmentFamily.allCases where !family.isPerStop {
            let members = items.indices.filter { GarmentFamily.of(items[$0].name) == family }
            guard members.count > 1, let keep = members.max(by: { a, b in
                (items[a].weather ? 1 : 0, items[a].name.count) < (items[b].weather ? 1 : 0, items[b].name.count)
            }) else { continue }
            items[keep].quantity = members.compactMap { items[$0].quantity }.max()
            for index in members.sorted(by: >) where index != keep { items.remove(at: index) }
        }
        return items
    }

    /// A line's count and reason: a kind that is one of several of its family names its stops; one worn at
    /// several stops gives the whole trip's reason, or each stop's share ("2 for Hanoi, 4 for Phuket").
    static func stopLine(_ line: StopGarment, split: Bool, whole: ClothingSystem, wholeItems: [PackingItem]) -> PackingItem {
        var item = line.item
        let daily = line.family?.isDaily ?? false
        let quantities = line.perStop.compactMap(\.quantity)
        if !quantities.isEmpty {
            item.quantity = daily ? min(quantities.reduce(0, +), whole.daily) : quantities.max()
        }
        // The forecast's reason says more than a generic one.
        if let cited = line.perStop.first(where: \.weather) {
            item.reason = cited.reason
            item.weather = true
        }
        if split { return namingStops(item, line: line) }
        guard line.stops.count > 1 else { return item }
        guard daily, let quantity = item.quantity else {
            // Worn at several stops: the whole trip's reason ("For 7 nights", not one stop's 3).
            if !item.weather, let same = wholeItems.first(where: { $0.name == item.name }) { item.reason = same.reason }
            return item
        }
        if !item.weather {
            let parts = zip(line.perStop, line.stops).compactMap { stopItem, stop in stopItem.quantity.map { "\($0) for \(stop.name)" } }
            item.reason = quantity >= whole.daily || parts.count < 2 ? whole.perDay(item.name) : parts.joined(separator: ", ")
        }
        return item
    }

    /// A kind for some of the stops, its reason naming them: a forecast day of its one stop cited with the stop
    /// ("High of 88°F Mon Dec 7 in Phuket"), else the stops first ("In Aspen: thin, warm socks for ski boots").
    static func namingStops(_ item: PackingItem, line: StopGarment) -> PackingItem {
        var item = item
        // Each stop once, in the trip's order (a round trip comes back to its first stop).
        var names: [String] = []
        for stop in line.stops.sorted(by: { $0.start < $1.start }) where !names.contains(stop.name) { names.append(stop.name) }
        if names.count == 1, item.weather {
            var citer = StopForecasts([])
            citer.stops = Dictionary(line.stops.flatMap(ownDays).map { ($0, names[0]) }, uniquingKeysWith: { first, _ in first })
            let cited = citer.cite(item.reason)
            if cited != item.reason, cited.count <= maximumReason {
                item.reason = cited
                return item
            }
        }
        let place = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        let lowered = item.reason.prefix(1).lowercased() + item.reason.dropFirst()
        let whole = "In \(place): \(lowered)"
        let first = lowered.split(separator: ";").first.map(String.init) ?? lowered
        item.reason = whole.count <= maximumReason ? whole : String("In \(place): \(first)".prefix(maximumReason))
        return item
    }

    /// A stop's own days (the day of the move on belongs to the next stop).
    static func ownDays(_ stop: StopPlan) -> [CalendarDate] {
        let last = stop.isLast ? stop.end : stop.end.adding(days: -1)
        return stride(from: 0, through: max(0, stop.start.days(to: last)), by: 1).map { stop.start.adding(days: $0) }
    }

    /// Tops of one sleeve at different stops (short-sleeved here, breathable short-sleeved there) as one line;
    /// kinds of different sleeves stay apart (`TopSleeves`).
    static func joiningTopsOfOneSleeve(_ lines: [StopGarment]) -> [StopGarment] {
        var lines = lines
        var joined = true
        while joined {
            joined = false
            let tops = lines.indices.filter { lines[$0].family == .tops }
            search: for a in tops {
                for b in tops where b > a {
                    guard let kind = TopSleeves.joined(lines[a].item.name, lines[b].item.name) else { continue }
                    var line = lines[a]
                    line.item.name = kind
                    line.stops += lines[b].stops
                    line.perStop += lines[b].perStop
                    lines[a] = line
                    lines.remove(at: b)
                    joined = true
                    break search
                }
            }
        }
        return lines
    }
}
