import Testing
@testable import Planner
import Tools

/// Whole lists for each kind of fixture forecast, item by item: a change to any rule shows here.
@Suite struct GoldenListTests {
    static func labels(_ days: [ForecastDay]) -> [String] {
        PackingRules.list(for: PackingRulesTests.context(days)).items.map { item in
            item.name + (item.quantity.map { " ×\($0)" } ?? "")
        }
    }

    @Test func snowy() {
        #expect(Self.labels(PackingRulesTests.snowy) == [
            "Underwear ×5", "Socks ×5", "Tops ×4", "Trousers or skirts ×2", "Sleepwear ×1", "Thermal base layers ×2", "Warm sweaters or fleeces ×1", "Wool socks ×4", "Insulated winter coat", "Warm hat and gloves", "Scarf", "Waterproof gloves", "Windproof shell", "Insulated waterproof boots", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driver's licence", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func rainy() {
        #expect(Self.labels(PackingRulesTests.rainy) == [
            "Underwear ×5", "Socks ×5", "Tops ×4", "Trousers or skirts ×2", "Sleepwear ×1", "Warm sweaters or fleeces ×1", "Light jacket", "Waterproof shoes", "Waterproof rain jacket", "Compact umbrella", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driver's licence", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func hot() {
        #expect(Self.labels(PackingRulesTests.hot) == [
            "Underwear ×5", "Socks ×5", "Tops ×4", "Trousers or skirts ×2", "Sleepwear ×1", "Shorts ×2", "Breathable short-sleeved tops ×4", "Sunglasses", "Sun hat", "Sunscreen (SPF 30+)", "Toothbrush and toothpaste", "Deodorant and toiletries", "Reusable water bottle", "Medications", "ID or driver's licence", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func mild() {
        #expect(Self.labels(PackingRulesTests.mild) == [
            "Underwear ×5", "Socks ×5", "Tops ×4", "Trousers or skirts ×2", "Sleepwear ×1", "Short-sleeved tops ×4", "Sunglasses", "Sunscreen (SPF 30+)", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driver's licence", "Wallet, cards and some cash", "Phone and charger",
        ])
    }

    @Test func windy() {
        #expect(Self.labels(PackingRulesTests.windy) == [
            "Underwear ×5", "Socks ×5", "Tops ×4", "Trousers or skirts ×2", "Sleepwear ×1", "Warm sweaters or fleeces ×1", "Warm coat", "Warm hat and gloves", "Windproof shell", "Toothbrush and toothpaste", "Deodorant and toiletries", "Medications", "ID or driver's licence", "Wallet, cards and some cash", "Phone and charger",
        ])
    }
}
