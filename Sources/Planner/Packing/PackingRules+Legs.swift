import FoundationEssentials
import Tools

extension PackingRules {
    // MARK: - Notices that name the next leg

    /// The kits' notices, with diving's naming the journey after the last dive at each dive stop: the
    /// flight on to the next stop, or home (diving's own notice says "your flight home" whatever follows).
    static func kitNotices(_ kits: [ActivityKit], context: PackingContext) -> [String] {
        var notices = kits.filter { $0.name != divingKit }.compactMap(\.notice)
        notices += divingNotices(context)
        return notices
    }

    /// The kit whose notice is about the next flight.
    static let divingKit = "scuba diving"

    /// "Diving in Cozumel: leave at least 18 hours between your last dive and flying on to Mexico City (Wed
    /// Mar 10); going up to altitude by road counts too." The 18 hours are DAN's guideline for several
    /// days of diving (Divers Alert Network, flying after diving).
    static func divingNotices(_ context: PackingContext) -> [String] {
        let dives = { (activities: [String]) in ActivityKits.resolve(activities).kits.contains { $0.name == divingKit } }
        guard !context.legs.isEmpty else {
            guard dives(context.activities) else { return [] }
            return ["Diving: leave at least 18 hours between your last dive and your flight home (\(context.end.shortLabel))."]
        }
        let tripWide = context.stopPlans.isEmpty && dives(context.activities)
        var notices: [String] = []
        for (index, leg) in context.legs.enumerated() where tripWide || dives(leg.activities) {
            let next = index + 1 < context.legs.count ? context.legs[index + 1] : nil
            let journey = next.map { "flying on to \($0.name) (\(leg.end.shortLabel))" } ?? "your flight home (\(leg.end.shortLabel))"
            let road = next == nil ? "" : "; going up to altitude by road counts too"
            notices.append("Diving in \(leg.name): leave at least 18 hours between your last dive and \(journey)\(road).")
        }
        return notices
    }
}
