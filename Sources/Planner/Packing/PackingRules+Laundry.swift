import Foundation
import Tools

extension PackingRules {
    // MARK: - Laundry

    /// A trip longer than the clothes are counted for: something to wash them in (travel wash, a line).
    @Sendable static func laundry(_ context: PackingContext) -> [PackingItem] {
        guard !context.isDayTrip else { return [] }
        let worn = clothingSystem(context).wornDays
        guard context.dayCount > worn else { return [] }
        return [PackingItem(
            category: "Toiletries", name: "Travel laundry kit (travel wash, line)",
            reason: "Clothes for \(worn) of the \(context.dayCount) days: wash every \(worn) days"
        )]
    }
}
