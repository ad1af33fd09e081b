import FoundationEssentials
import Planner

/// An activity plan packs for, as a front end lists it (`plan activities`): its name and aliases, its group,
/// what it adds to wear and its gear, and its notice.
public struct KnownActivity: Sendable, Equatable {
    public let name: String
    public let aliases: [String]
    /// The group's key ("water", "snow", …) and its heading ("Water", "Trip styles", …).
    public let group: String
    public let groupTitle: String
    /// What to wear for it, as labels ("warm layers", …), in the clothing's own order.
    public let wear: [String]
    /// The gear it adds, by item name.
    public let gear: [String]
    public let notice: String?

    /// Every activity, group by group in the groups' order.
    public static var all: [KnownActivity] {
        ActivityKit.Group.allCases.flatMap { group in
            ActivityKits.all.filter { $0.group == group }.map { kit in
                KnownActivity(
                    name: kit.name, aliases: kit.aliases, group: group.rawValue, groupTitle: group.title,
                    wear: ClothingNeed.allCases.filter { kit.wear.contains($0) }.map(\.label),
                    gear: kit.gear.map(\.name), notice: kit.notice
                )
            }
        }
    }
}
