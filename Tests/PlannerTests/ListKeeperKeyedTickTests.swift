import Foundation
import Planner
import Store
import Testing

/// A tick from a page names its item by key, as the page showed it: made when the item is still that item,
/// refused (nothing written) when a re-pack changed it or took it off.
@Suite(.serialized) struct ListKeeperKeyedTickTests {
    typealias Fixture = ListKeeperTests.Fixture

    @Test func aTickByKeyIsMadeOnlyOnTheItemThePageShowed() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(ListKeeperTests.five, trip: trip)
        let keeper = fixture.keeper
        // As shown: ticked.
        guard case .done(let outcome) = try await keeper.tick(tripID: trip.id, key: "socks", packed: true, seen: ("Socks", 5)) else {
            Issue.record("the tick was not made")
            return
        }
        #expect(outcome.list.entry(key: "socks")?.packed == true)
        #expect(outcome.list.packedCount == 1)
        // Twice is the same.
        guard case .done = try await keeper.tick(tripID: trip.id, key: "socks", packed: true, seen: ("Socks", 5)) else {
            Issue.record("a second tick failed")
            return
        }
        // A re-pack asks for 7: the page that showed 5 is told, nothing is written; the item is partly packed.
        try await fixture.save([ListKeeperTests.item("Socks", quantity: 7)] + ListKeeperTests.five.dropFirst(), trip: trip)
        let before = try await fixture.store.listChanges(tripID: trip.id).count
        guard case .changed(let now) = try await keeper.tick(tripID: trip.id, key: "socks", packed: true, seen: ("Socks", 5)) else {
            Issue.record("a changed item was ticked")
            return
        }
        #expect(now.item.quantity == 7 && now.partNote == "5 of 7 packed")
        #expect(try await fixture.store.listChanges(tripID: trip.id).count == before)
        // The page that shows 7 packs the rest.
        guard case .done(let rest) = try await keeper.tick(tripID: trip.id, key: "socks", packed: true, seen: ("Socks", 7)) else {
            Issue.record("the rest was not packed")
            return
        }
        #expect(rest.list.entry(key: "socks")?.packed == true)
        // An item no longer on the list.
        guard case .gone = try await keeper.tick(tripID: trip.id, key: "zebra", packed: true, seen: ("Zebra", nil)) else {
            Issue.record("an unknown key was ticked")
            return
        }
        #expect(try await fixture.store.listChanges(tripID: trip.id).count == before + 1)
    }
}
