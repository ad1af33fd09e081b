import Testing
@testable import Planner
import Tools
import Model

/// Whole lists for each kind of fixture forecast, item by item: a change to any rule shows here. Read as a
/// traveller: one item per garment family, nothing stacked (4 days, a spare of each daily garment).
@Suite struct GoldenListTests {
    static func labels(_ days: [ForecastDay]) -> [String] {
        PackingRules.list(for: PackingRulesTests.context(days)).items.map { item in
            item.name + (item.quantity.map { " ×\($0)" } ?? "")
        }
    }

    @Test func snowy() {
        #expect(Self.labels(PackingRulesTests.snowy) == [
            "Long-sleeved tops ×5", "Warm trousers (not jeans) ×2", "Underwear ×5", "Wool socks ×5", "Sleepwear ×1", "Thermal base layers (top and bottom) ×2", "Warm fleece or down jacket ×1", "Insulated waterproof winter coat", "Insulated waterproof boots", "Insulated waterproof gloves", "Warm hat", "Scarf or neck gaiter", "Sunglasses", "Sunscreen (SPF 30+)", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driving license", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func rainy() {
        #expect(Self.labels(PackingRulesTests.rainy) == [
            "Long-sleeved tops ×5", "Trousers, jeans or skirts ×2", "Underwear ×5", "Socks ×5", "Sleepwear ×1", "Fleece or warm sweater ×1", "Waterproof rain jacket", "Waterproof shoes", "Compact umbrella", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driving license", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func hot() {
        #expect(Self.labels(PackingRulesTests.hot) == [
            "Breathable short-sleeved tops ×5", "Shorts ×2", "Light trousers or a skirt ×1", "Underwear ×5", "Socks ×3", "Sleepwear ×1", "Comfortable everyday shoes", "Sandals or flip-flops", "Sunglasses", "Sun hat", "Sunscreen (SPF 30+)", "Toothbrush and toothpaste", "Deodorant and toiletries", "Reusable water bottle", "Medications", "ID or driving license", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func mild() {
        #expect(Self.labels(PackingRulesTests.mild) == [
            "Short-sleeved tops ×5", "Trousers, jeans or skirts ×2", "Underwear ×5", "Socks ×5", "Sleepwear ×1", "Fleece or light sweater ×1", "Comfortable everyday shoes", "Sunglasses", "Sunscreen (SPF 30+)", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driving license", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func windy() {
        #expect(Self.labels(PackingRulesTests.windy) == [
            "Long-sleeved tops ×5", "Trousers, jeans or skirts ×2", "Underwear ×5", "Socks ×5", "Sleepwear ×1", "Fleece or warm sweater ×1", "Warm coat", "Comfortable everyday shoes", "Gloves", "Warm hat", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driving license", "Wallet, cards and some cash", "Phone and charger",
        ])
    }
}
