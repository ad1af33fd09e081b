import Foundation
@testable import LanguageModels
import Model
@testable import Planner
import Store
import TestSupport
import Testing
import Tools

/// A pack streamed from the llama-server look-alike: snapshots grow item by item, native and guided, and
/// the list saved is the checked one; the sampling asked for is recorded on the session.
@Suite(.serialized) struct StreamingPackTests {
    /// Snapshots a pack reported. `@unchecked Sendable`: only touched under the lock.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var snapshots: [PackingAnswer.PartiallyGenerated] = []

        func add(_ snapshot: PackingAnswer.PartiallyGenerated) { lock.withLock { snapshots.append(snapshot) } }
        var all: [PackingAnswer.PartiallyGenerated] { lock.withLock { snapshots } }
    }

    func streamedPack(supportsTools: Bool) async throws {
        let world = try ModelWorkTests.World(supportsTools: supportsTools)
        let trip = try await world.fixture.trip("Denver, CO")
        try await world.script([
            ModelWorkTests.forecastCall,
            ["json": ["items": ModelWorkTests.goodItems, "notices": ["Pack light."]]],
        ])
        let collected = Collected()
        var setup = world.setup()
        setup.options.sampling = .random(top: 40, seed: 11)
        setup.options.temperature = 0.7
        let result = try await PackPlanner(setup).pack(trip, onAnswer: { collected.add($0) })
        let snapshots = collected.all
        #expect(snapshots.count > 5, "the answer streams in pieces")
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) {
            #expect(later.content.extends(earlier.content))
        }
        let counts = snapshots.map { $0.completedElements(\.items).count }
        #expect(counts.first == 0 || counts.first == 1)
        #expect(Set(counts).count >= 4, "items appear one by one: \(counts)")
        #expect(counts.last == ModelWorkTests.goodItems.count)
        #expect(snapshots.last?[\.notices] == ["Pack light."])
        // The saved list is the checked one.
        #expect(result.list.review != nil)
        let session = try #require(try await world.fixture.store.session(id: result.sessionID))
        #expect(session.sampling == SessionSampling(mode: "top-k 40", temperature: 0.7, seed: 11))
    }

    @Test func aNativePackStreamsItemByItem() async throws {
        try await streamedPack(supportsTools: true)
    }

    @Test func aGuidedPackStreamsItemByItem() async throws {
        try await streamedPack(supportsTools: false)
    }

    @Test func theSeedAndTemperatureReachTheServer() {
        var request = OpenAIMessagesTests.request(tools: false)
        request.options = GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 5), temperature: 0.6)
        let body = OpenAIMessages.body(for: request, mode: .native, model: nil)
        #expect(body["seed"] == 5 && body["top_p"] == 0.9 && body["temperature"] == 0.6 && body["top_k"] == 0)
        #expect(body["cache_prompt"] == false, "a seeded answer is reproducible only without the prompt cache")
        request.options = GenerationOptions(sampling: .random(top: 20), temperature: 1)
        let topK = OpenAIMessages.body(for: request, mode: .native, model: nil)
        #expect(topK["top_k"] == 20 && topK["seed"] == nil && topK["temperature"] == 1 && topK["cache_prompt"] == true)
        request.options = GenerationOptions(temperature: 1)
        let greedy = OpenAIMessages.body(for: request, mode: .native, model: nil)
        #expect(greedy["temperature"] == 0 && greedy["top_k"] == 1, "greedy ignores a temperature")
    }
}
