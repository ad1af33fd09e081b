import Foundation
@testable import LanguageModels
import Testing
@testable import Planner
import TestSupport
import Tools
import Model

/// A model's work checked before it is believed, and overflows recovered, with scripted answers from the
/// llama-server look-alike and the weather stand-in on loopback (issues: recovery and `ask`; checking a model).
@Suite(.serialized) struct ModelWorkTests {
    final class World {
        let fixture: PlanningTests.Fixture
        let llm: LoopbackServer

        init(contextSize: Int = 4_096, supportsTools: Bool = true) throws {
            fixture = try PlanningTests.Fixture()
            llm = try LoopbackServer(
                script: "llm/fake_llama_server.py",
                arguments: ["--n-ctx", String(contextSize), "--supports-tools", supportsTools ? "true" : "false"]
            )
        }

        var model: OpenAICompatibleModel {
            OpenAICompatibleModel(baseURL: llm.baseURL, modelName: "fake", apiKey: nil, forcedMode: .automatic, timeout: 10)
        }

        func script(_ steps: [[String: Any]]) async throws {
            try await llm.control("_control/script", body: ["steps": steps])
        }

        func setup(recovery: RecoveryStrategy = .condense, maximumTokens: Int = PackPlanner.answerTokens) -> PlanningSetup {
            PlanningSetup(
                store: fixture.store, model: model, forecasts: fixture.forecasts, gazetteer: fixture.gazetteer, recovery: recovery,
                options: GenerationOptions(maximumResponseTokens: maximumTokens)
            )
        }

        /// The weather stand-in's request paths so far.
        func weatherPaths() async throws -> [String] {
            try await fixture.services.requestLog().compactMap { $0["path"] as? String }
        }
    }

    static let denver = (latitude: 39.7392, longitude: -104.9847)

    static func item(_ category: String, _ name: String, _ reason: String = "Every trip", weather: Bool = false, quantity: Int? = nil) -> [String: Any] {
        ["category": category, "name": name, "quantity": quantity as Any? ?? NSNull(), "reason": reason, "weather": weather]
    }

    static var forecastCall: [String: Any] { ["tool_calls": [["name": "forecast", "arguments": ["latitude": denver.latitude, "longitude": denver.longitude]]]] }

    static var goodItems: [[String: Any]] { [
        item("Clothing", "Socks", quantity: 4), item("Clothing", "Underwear", quantity: 4),
        item("Toiletries", "Toothbrush"), item("Electronics", "Phone charger"), item("Documents & money", "Wallet"),
    ] }

    static var overflow: [String: Any] { ["error": ["status": 400, "body": ["error": [
        "code": 400, "type": "exceed_context_size_error", "n_prompt_tokens": 5_000, "n_ctx": 4_096,
        "message": "request (5000 tokens) exceeds the available context size (4096 tokens), try increasing it",
    ]]]] }

    // MARK: - Tools bound to the trip

    @Test func aForecastAtTheWrongPlaceIsNotFetchedAndTheModelIsToldWhereTheTripIs() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        try await world.script([
            ["tool_calls": [["name": "forecast", "arguments": ["latitude": 29.2111, "longitude": -10.2111]]]],
            Self.forecastCall,
            ["json": ["items": Self.goodItems, "notices": []]],
        ])
        let result = try await PackPlanner(world.setup()).pack(trip)
        let entries = try await world.fixture.store.entries(sessionID: result.sessionID)
        let refusal = try #require(entries.first { $0.entryKind == .toolOutput })
        #expect(refusal.text.hasPrefix("Not fetched: 29.2111, -10.2111 is"))
        #expect(refusal.text.contains("latitude 39.7392, longitude -104.9847"))
        // Only Denver's point was asked of the weather service, and Denver's forecast is the one pinned.
        let points = try await world.weatherPaths().filter { $0.hasPrefix("/points/") }
        #expect(points == ["/points/39.7392,-104.9847"])
        let pinned = try #require(try await world.fixture.store.latestForecast(tripID: trip.id))
        #expect(pinned.url.contains("/gridpoints/BOU/"))
        #expect(result.list.review?.fallback == nil)
    }

    @Test func aGeocodeCallWithNonsenseIsAnsweredWithTheTripsPlace() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        try await world.script([
            ["tool_calls": [["name": "geocode", "arguments": ["place": "city,optional_place_name"]]]],
            Self.forecastCall,
            ["json": ["items": Self.goodItems, "notices": []]],
        ])
        let result = try await PackPlanner(world.setup()).pack(trip)
        let outputs = try await world.fixture.store.entries(sessionID: result.sessionID).filter { $0.entryKind == .toolOutput }
        #expect(outputs.first?.text.contains("No place called \"city,optional_place_name\" is known") == true)
        #expect(outputs.first?.text.contains("The trip's destination is Denver, CO, US") == true)
        #expect(try await world.fixture.store.session(id: result.sessionID)?.status == .completed)
    }

    // MARK: - The answer checked against the forecast

    @Test func duplicatesDestinationNamesUncitedWeatherAndMissingSnowBootsAreMended() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        let items = Self.goodItems + [
            Self.item("Clothing", "socks", quantity: 6),
            Self.item("Toiletries", "Denver, CO", "Denver, CO", weather: true),
            Self.item("Clothing", "Tuiletries"),
            Self.item("Outerwear", "Warm jacket", "It will be cold", weather: true),
        ]
        try await world.script([Self.forecastCall, ["json": ["items": items, "notices": ["Denver, CO, US"]]]])
        let result = try await PackPlanner(world.setup()).pack(trip)
        let list = result.list
        let review = try #require(list.review)
        #expect(review.fallback == nil)
        #expect(review.merged == ["Socks"])
        // Never more socks than the trip has days plus a spare.
        #expect(list.items.first { $0.name == "Socks" }?.quantity == trip.nights + 2)
        #expect(Set(review.dropped.map(\.name)) == ["Denver, CO", "Tuiletries"])
        #expect(review.demoted == ["Warm jacket"])
        #expect(list.items.first { $0.name == "Warm jacket" }?.weather == false)
        // Denver's forecast has snow: boots are added by plan's rules, citing the day and the chance.
        let boots = try #require(list.items.first { $0.name == "Insulated waterproof boots" })
        #expect(boots.origin == .rules && boots.weather)
        #expect(review.added.contains("Insulated waterproof boots"))
        #expect(!list.notices.contains("Denver, CO, US"))
        #expect(Set(list.items.map { PackingCheck.key($0.name) }).count == list.items.count, "no duplicate names")
        // Every weather-driven item cites a day and a figure of the forecast used.
        let check = PackingCheck(
            context: PackingContext(trip: trip, forecast: try Forecast.fromJSON(try #require(try await world.fixture.store.latestForecast(tripID: trip.id)).forecast)),
            destination: trip.destination, place: trip.place
        )
        #expect(list.items.filter(\.weather).allSatisfy { check.citesForecast($0.reason) })
        let kinds = try await world.fixture.store.entries(sessionID: result.sessionID).map(\.entryKind)
        #expect(kinds.last == .check)
    }

    @Test func anAllJunkListFallsBackToTheRulesForTheSameForecast() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        let junk = Array(repeating: Self.item("Toiletries", "Denver, CO", "Denver, CO", weather: true), count: 28)
        try await world.script([Self.forecastCall, ["json": ["items": junk, "notices": []]]])
        let result = try await PackPlanner(world.setup()).pack(trip)
        #expect(result.list.review?.fallback == "nothing on it is a thing to pack")
        #expect(result.list.notices.first?.hasPrefix("fake's answer was set aside") == true)
        #expect(result.list.items.allSatisfy { $0.origin == .rules })
        #expect(result.list.items.contains { $0.name == "Insulated waterproof boots" && $0.weather })
        let session = try #require(try await world.fixture.store.session(id: result.sessionID))
        #expect(session.status == .completed)
        #expect(session.error?.contains("set aside") == true)
    }

    @Test func emptyAndStockAnswersToAQuestionAreUnusable() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        _ = try await PackPlanner(world.fixture.setup(BuiltinPackingModel())).pack(trip)
        for content in ["", "   ", "You can't.", "Do I need boots? Do I need boots?"] {
            try await world.script([["content": content]])
            await #expect(throws: LanguageModelError.self) {
                _ = try await AskPlanner(world.setup()).ask("Do I need boots?", trip: trip)
            }
        }
        try await world.script([["content": "Yes: snow is likely (90%) on Wednesday."]])
        let answer = try await AskPlanner(world.setup()).ask("Do I need boots?", trip: trip)
        #expect(answer.answer.hasPrefix("Yes"))
    }

    // MARK: - Overflow

    @Test func anOverflowOnTheRecoverysOwnRequestEscalates() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        try await world.script([Self.forecastCall, Self.overflow, Self.overflow, ["json": ["items": Self.goodItems, "notices": []]]])
        let result = try await PackPlanner(world.setup()).pack(trip)
        #expect(result.recoveries == [.condensed, .fresh])
        let chain = try await [result.firstSessionID, result.sessionID - 1, result.sessionID].asyncMap {
            try #require(try await world.fixture.store.session(id: $0))
        }
        #expect(chain.map(\.status) == [.recovered, .recovered, .completed])
        #expect(chain.map(\.purpose) == [.pack, .pack, .pack])
        #expect(chain.map(\.relation) == [nil, .condensed, .fresh])
        #expect(result.list.review?.fallback == nil)
    }

    @Test func aSummaryThatOverflowsIsRecordedAndTheEscalationGoesOn() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        try await world.script([Self.forecastCall, Self.overflow, Self.overflow, ["json": ["items": Self.goodItems, "notices": []]]])
        let result = try await PackPlanner(world.setup(recovery: .summarize)).pack(trip)
        #expect(result.recoveries == [.condensed])
        let first = try #require(try await world.fixture.store.session(id: result.firstSessionID))
        #expect(first.status == .recovered)
        #expect(first.error?.contains("The summary failed") == true)
    }

    @Test func anAnswerCutOffByTheWindowIsRecoveredAndAtWorstGivenAsFarAsItGot() async throws {
        // 500 tokens: the instructions, the facts and the question fit; a long answer runs into the window.
        let world = try World(contextSize: 500)
        let trip = try await world.fixture.trip("Denver, CO")
        _ = try await PackPlanner(world.fixture.setup(BuiltinPackingModel())).pack(trip)
        let ramble = "Pack warm layers. " + (1...150).map { "Item \($0) is worth packing for reason \($0 * 7)." }.joined(separator: " ")
        try await world.script([["content": ramble], ["content": ramble], ["content": ramble]])
        let answer = try await AskPlanner(world.setup()).ask("What should I wear?", trip: trip)
        #expect(answer.answer.hasPrefix("Pack warm layers"))
        #expect(answer.recoveries == [.condensed, .fresh])
        #expect(answer.notices.first?.contains("cut off") == true)
        let last = try #require(try await world.fixture.store.session(id: answer.sessionID))
        #expect(last.status == .completed && last.purpose == .ask)
        #expect(last.promptTokens > 0 && last.completionTokens > 0)
    }

    @Test func aListCutOffByTheCallersLimitKeepsItsCompleteItemsAndSaysSo() async throws {
        let world = try World()
        let trip = try await world.fixture.trip("Denver, CO")
        let items = Self.goodItems + (1...20).map { Self.item("Activity gear", "Thing \($0)") }
        try await world.script([Self.forecastCall, ["json": ["items": items, "notices": []]]])
        let result = try await PackPlanner(world.setup(maximumTokens: 300)).pack(trip)
        #expect(result.recoveries.isEmpty)
        #expect(result.list.notices.contains { $0.contains("cut off at 300 tokens") })
        #expect(result.list.items.contains { $0.name == "Socks" })
        #expect(!result.list.items.contains { $0.name == "Thing 20" })
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// What `doctor` and the sessions learn about the server.
@Suite struct ServedModelTests {
    @Test func theServedModelIsNamedAndForcedNativeToolsWithoutTemplateSupportAreFlagged() async throws {
        let llm = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--supports-tools", "false"])
        let forced = OpenAICompatibleModel(baseURL: llm.baseURL, modelName: nil, apiKey: nil, forcedMode: .native, timeout: 10)
        #expect(await forced.isNativeForcedWithoutToolSupport())
        // The fake serves "SmolLM2-135M-Instruct.Q4_1.gguf": the name recorded drops folders and ".gguf".
        #expect(await forced.servedName() == "SmolLM2-135M-Instruct.Q4_1")
        let automatic = OpenAICompatibleModel(baseURL: llm.baseURL, modelName: nil, apiKey: nil, forcedMode: .automatic, timeout: 10)
        #expect(!(await automatic.isNativeForcedWithoutToolSupport()))
        let named = OpenAICompatibleModel(baseURL: llm.baseURL, modelName: "qwen2.5:7b", apiKey: nil, forcedMode: .automatic, timeout: 10)
        #expect(await named.servedName() == "qwen2.5:7b")
    }
}
