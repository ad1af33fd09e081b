import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 36, point 6: activity clothing counts in the clothing system's families, and two kits' gear for
/// the same thing is one item.
@Suite struct KitSharingTests {
    typealias Quality = ListQualityTests

    /// Golf polos are tops: the plain tops make room, and tops and polos together stay within the days
    /// plus a spare (5 days: 6 pieces, not 6 tops and 3 polos).
    @Test(arguments: [
        (5, ["golf"], 6),
        (3, ["golf"], 4),
        (2, ["golf", "sightseeing"], 3),
    ] as [(Int, [String], Int)])
    func golfPolosAreTops(_ dayCount: Int, _ activities: [String], _ most: Int) {
        let list = Quality.list(Quality.days(dayCount, high: 75, low: 60), activities: activities)
        let tops = list.items.filter { GarmentFamily.of($0.name) == .tops }
        let polos = list.items.filter { $0.name == "Collared polo shirts" }
        #expect(tops.count == 1 && polos.count == 1, "\(list.items.map(\.name))")
        let total = (tops.first?.quantity ?? 0) + (polos.first?.quantity ?? 0)
        #expect(total <= most, "\(tops.map { "\($0.name) \($0.quantity ?? 0)" }) + \(polos.first?.quantity ?? 0) polos")
        #expect((tops.first?.quantity ?? 0) >= 1)
        // Without golf the tops are the whole count.
        let plain = Quality.list(Quality.days(dayCount, high: 75, low: 60))
        #expect(plain.items.first { GarmentFamily.of($0.name) == .tops }?.quantity == total)
    }

    /// Photography and wildlife watching bring one camera, the zoom lens among its lenses.
    @Test func oneCameraForPhotographyAndWildlife() {
        let list = Quality.list(Quality.days(4, high: 70, low: 55), activities: ["photography", "wildlife"])
        let cameras = list.items.filter { $0.name.lowercased().hasPrefix("camera") }
        #expect(cameras.map(\.name) == ["Camera and lenses"], "\(cameras.map(\.name))")
        #expect(cameras.first?.reason.contains("zoom") == true)
        // Wildlife alone keeps its own.
        let wildlife = Quality.list(Quality.days(4, high: 70, low: 55), activities: ["wildlife"])
        #expect(wildlife.items.contains { $0.name == "Camera with a zoom lens" })
    }
}
