import Foundation
import Testing
@testable import Planner

/// "Cut off at N tokens" only when the server counted N (issue 20): a server that sends no `usage`, or a
/// usage without `completion_tokens`, gets "cut off" and no number, never plan's own limit passed off as its count.
@Suite struct CutOffCountTests {
    typealias World = ModelWorkTests.World

    static var cutList: [String: Any] {
        ["json": ["items": ModelWorkTests.goodItems, "notices": [String]()], "finish_reason": "length"]
    }

    /// The number in "cut off at N tokens", when there is one.
    static func count(in text: String) -> Int? {
        guard let range = text.range(of: #"cut off (at|after) \d+ tokens"#, options: .regularExpression) else { return nil }
        return Int(text[range].split(separator: " ")[3])
    }

    @Test func aListCutOffWithoutAServerCountSaysNoNumber() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        var step = Self.cutList
        step["usage"] = NSNull()
        try await world.script([ModelWorkTests.forecastCall, step])
        let result = try await PackPlanner(world.setup(maximumTokens: 300)).pack(trip)
        let notice = try #require(result.list.notices.first { $0.contains("cut off") }, "\(result.list.notices)")
        #expect(Self.count(in: notice) == nil, "\(notice)")
        #expect(!notice.contains("300"), "\(notice)")
    }

    @Test func aListCutOffWithAServerCountSaysThatCount() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        var step = Self.cutList
        step["usage"] = ["prompt_tokens": 900, "completion_tokens": 317, "total_tokens": 1_217]
        try await world.script([ModelWorkTests.forecastCall, step])
        let result = try await PackPlanner(world.setup(maximumTokens: 300)).pack(trip)
        let notice = try #require(result.list.notices.first { $0.contains("cut off") }, "\(result.list.notices)")
        #expect(Self.count(in: notice) == 317, "\(notice)")
    }

    @Test func aZeroCompletionCountIsNoCount() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        var step = Self.cutList
        step["usage"] = ["prompt_tokens": 900]
        try await world.script([ModelWorkTests.forecastCall, step])
        let result = try await PackPlanner(world.setup(maximumTokens: 300)).pack(trip)
        let notice = try #require(result.list.notices.first { $0.contains("cut off") }, "\(result.list.notices)")
        #expect(Self.count(in: notice) == nil, "\(notice)")
    }

    @Test func anAnswerCutOffWithoutAServerCountSaysNoNumber() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        _ = try await PackPlanner(world.fixture.setup(BuiltinPackingModel())).pack(trip)
        try await world.script([["content": "Pack warm layers and a hat for the", "finish_reason": "length", "usage": NSNull()]])
        let answer = try await AskPlanner(world.setup()).ask("What should I wear?", trip: trip)
        let notice = try #require(answer.notices.first { $0.contains("cut off") }, "\(answer.notices)")
        #expect(Self.count(in: notice) == nil, "\(notice)")
    }

    @Test func anAnswerCutOffWithAServerCountSaysThatCount() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        _ = try await PackPlanner(world.fixture.setup(BuiltinPackingModel())).pack(trip)
        try await world.script([[
            "content": "Pack warm layers and a hat for the", "finish_reason": "length",
            "usage": ["prompt_tokens": 900, "completion_tokens": 333, "total_tokens": 1_233],
        ]])
        let answer = try await AskPlanner(world.setup()).ask("What should I wear?", trip: trip)
        let notice = try #require(answer.notices.first { $0.contains("cut off") }, "\(answer.notices)")
        #expect(Self.count(in: notice) == 333, "\(notice)")
    }
}

extension CutOffCountTests {
    @Test func anUnusableCutOffAnswerWithoutACountIsSetAsideWithoutANumber() async throws {
        // Cut off with nothing complete and no usage: the reason plan gives (set aside, rules' list) must not
        // name plan's own limit as the server's count ("cut off after 300 tokens").
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        let cut: [String: Any] = ["content": "{\"items\": [{\"category\": \"Clo", "finish_reason": "length", "usage": NSNull()]
        try await world.script([ModelWorkTests.forecastCall, cut, cut, cut, cut])
        let result = try await PackPlanner(world.setup(maximumTokens: 300)).pack(trip)
        let fallback = try #require(result.list.review?.fallback, "the answer was not set aside")
        #expect(fallback.contains("cut off"), "\(fallback)")
        #expect(Self.count(in: fallback) == nil && !fallback.contains("300"), "\(fallback)")
    }
}
