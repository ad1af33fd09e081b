import FoundationEssentials
import Model
import Tools

extension PackingRules {
    // MARK: - Laundry

    /// A trip longer than the clothes are counted for: something to wash them in (travel wash, a line). A day
    /// past the count is the spare's, not a wash's (8 days on a week's clothes and a spare need none).
    @Sendable static func laundry(_ context: PackingContext) -> [PackingItem] {
        guard !context.isDayTrip else { return [] }
        let system = clothingSystem(context)
        let worn = system.wornDays
        guard context.dayCount > system.daily else { return [] }
        return [PackingItem(
            category: "Toiletries", name: "Travel laundry kit (travel wash, line)",
            reason: "Clothes for \(worn) of the \(context.dayCount) days: wash every \(worn) days"
        )]
    }
}
