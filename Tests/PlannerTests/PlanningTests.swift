import Foundation
import JSON
@testable import LanguageModels
import Model
@testable import Planner
import Store
import TestSupport
import Testing
import Tools

/// The planners (`PackPlanner`, `AskPlanner`, `ReplayPlanner`) over the session chain, with the weather
/// stand-in on loopback and a small gazetteer.
@Suite(.serialized) struct PlanningTests {
    final class Fixture {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plan-planner-\(UUID().uuidString)")
        let store: Store
        let services: WeatherServices
        let forecasts: ForecastService
        let gazetteer: Gazetteer?

        init() throws {
            store = try Store(path: folder.appending(path: "plan.sqlite").path)
            services = try WeatherServices(anchor: Self.start.description)
            let http = HTTPClient(
                store: store, transport: CurlTransport(timeout: 5),
                configuration: HTTPClient.Configuration(userAgent: "plan-tests/1 (tests@example.com)", maxAttempts: 2, baseDelay: 0.01)
            )
            forecasts = ForecastService(http: http, nwsBase: services.url, openMeteoBase: services.url)
            gazetteer = try Self.smallGazetteer(in: folder)
        }

        /// Every trip starts on this day, and the weather stand-in's forecasts begin on it: the tests do not
        /// depend on today's date.
        static let start = CalendarDate(dayNumber: 20_790)  // 2026-12-03

        /// A gazetteer of a few places (Tests/Fixtures/places/gazetteer.sql: Denver, Seattle, Phoenix,
        /// Chicago and their namesakes), loaded with the sqlite3 command: not the 29 MB built one.
        static func smallGazetteer(in folder: URL) throws -> Gazetteer {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "Fixtures/places/gazetteer.sql")
            let path = folder.appending(path: "gazetteer.sqlite").path
            let loader = Process()
            loader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            loader.arguments = ["sqlite3", "-batch", path]
            loader.standardInput = try FileHandle(forReadingFrom: source)
            try loader.run()
            loader.waitUntilExit()
            #expect(loader.terminationStatus == 0, "sqlite3 could not load \(source.path)")
            return try Gazetteer(path: path)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func trip(_ query: String, nights: Int = 3, activities: [String] = []) async throws -> Trip {
            let place = try await #require(gazetteer).resolve(query).place
            return try await store.addTrip(NewTrip(
                name: query, destination: query, place: place, start: Self.start,
                end: Self.start.adding(days: nights), activities: activities
            ))
        }

        func setup(_ model: any LanguageModel, recovery: RecoveryStrategy = .condense, contextSize: Int? = nil) -> PlanningSetup {
            PlanningSetup(store: store, model: model, forecasts: forecasts, gazetteer: gazetteer, recovery: recovery, contextSize: contextSize)
        }
    }

    /// A short list that passes the check (five things to pack, nothing weather-driven).
    static let answer: JSONValue = [
        "items": [
            ["category": "Clothing", "name": "Socks", "quantity": 3, "reason": "One a day", "weather": false],
            ["category": "Clothing", "name": "Underwear", "quantity": 3, "reason": "One a day", "weather": false],
            ["category": "Toiletries", "name": "Toothbrush", "quantity": nil, "reason": "Every trip", "weather": false],
            ["category": "Electronics", "name": "Phone charger", "quantity": nil, "reason": "Every trip", "weather": false],
            ["category": "Documents & money", "name": "Wallet", "quantity": nil, "reason": "Every trip", "weather": false],
        ],
        "notices": [],
    ]

    @Test func theBuiltinEngineGoesThroughTheSessionAndTools() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Denver, CO", activities: ["ski"])
        let result = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        let entries = try await fixture.store.entries(sessionID: result.sessionID)
        // The place was resolved at `add`: one forecast round, the answer, plan's check of it.
        #expect(entries.map(\.entryKind) == [.instructions, .prompt, .toolCalls, .toolOutput, .response, .check])
        #expect(entries.compactMap(\.tool) == ["forecast", "forecast"])
        #expect(entries.allSatisfy { $0.tokens > 0 })
        #expect(entries[3].text.contains("NWS forecast for Denver, CO, US"))
        #expect(result.list.review?.isUntouched == true, "the built-in engine's list passes the check untouched")
        let names = Set(result.list.items.map(\.name))
        #expect(names.contains("Insulated waterproof boots"))
        #expect(names.contains("Ski goggles"))
        let session = try #require(try await fixture.store.session(id: result.sessionID))
        #expect(session.status == .completed)
        #expect(session.model == "builtin")
        #expect(try await fixture.store.latestForecast(tripID: trip.id)?.source == "nws")
        #expect(try await fixture.store.latestPackingList(tripID: trip.id)?.sessionID == result.sessionID)
    }

    @Test func aSecondPackMakesNoForecastRequest() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Seattle")
        _ = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        let before = try await fixture.services.requestCount()
        let again = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        #expect(try await fixture.services.requestCount() == before)
        #expect(again.list.items.contains { $0.name == "Warm waterproof coat" })  // rain on 38°F nights
    }

    @Test func withTheServicesDownThePackIsGeneralWithANotice() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Phoenix")
        fixture.services.server.stop()
        let result = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        #expect(result.list.items.allSatisfy { !$0.weather })
        #expect(result.list.notices.contains { $0.contains("No forecast or climate could be had") })
    }

    @Test(arguments: [RecoveryStrategy.condense, .summarize, .fresh])
    func anOverflowIsRecoveredAndTheCommandSucceeds(_ strategy: RecoveryStrategy) async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Denver, CO")
        var steps: [ScriptedModel.Step] = [
            ScriptedModel.call("geocode", ["place": "Denver, CO"], id: "g"),
            ScriptedModel.call("forecast", ["latitude": 39.7392, "longitude": -104.9847], id: "f"),
            .overflowAbove(entries: 5),
        ]
        if strategy == .summarize { steps.append(.reply(ModelReply(text: "Denver, snow on day two."))) }
        steps.append(.reply(ModelReply(text: Self.answer.compactText)))
        let model = ScriptedModel(steps)
        let result = try await PackPlanner(fixture.setup(model, recovery: strategy)).pack(trip)
        #expect(result.recoveries == [strategy == .condense ? .condensed : strategy == .summarize ? .summarized : .fresh])
        #expect(result.sessionID != result.firstSessionID)
        let first = try #require(try await fixture.store.session(id: result.firstSessionID))
        let second = try #require(try await fixture.store.session(id: result.sessionID))
        #expect(first.status == .recovered)
        #expect(second.status == .completed)
        #expect(second.parentID == first.id)
        let kinds = try await fixture.store.entries(sessionID: second.id).map(\.entryKind)
        switch strategy {
        case .condense: #expect(kinds == [.instructions, .prompt, .toolCalls, .toolOutput, .response, .check])
        case .summarize: #expect(kinds == [.instructions, .summary, .prompt, .toolCalls, .toolOutput, .response, .check])
        case .fresh: #expect(kinds == [.instructions, .prompt, .response, .check])
        }
        #expect(result.list.items.first?.name == "Socks")
        #expect(result.list.review?.fallback == nil)
        #expect(first.purpose == .pack && second.purpose == .pack)
    }

    @Test func aFollowUpSkipsASessionThatDiedAndCarriesTheFactsNotTheToolRounds() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Chicago")
        let packed = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        // A later pack that "died" after two entries: it is not what a follow-up continues.
        let dead = try await fixture.store.createSession(tripID: trip.id, purpose: .pack, model: "scripted", contextSize: 4_096)
        let recorder = StoreTranscriptRecorder(store: fixture.store, sessionID: dead)
        _ = try await recorder.record(.instructions(Transcript.Instructions(text: "Help pack.", tokens: 3)))
        _ = try await recorder.record(.prompt(Transcript.Prompt(text: "Packing list for Chicago with the word zebra.", tokens: 9)))
        let model = ScriptedModel([.reply(ModelReply(text: "Bring a scarf: the low is cold."))])
        let answer = try await AskPlanner(fixture.setup(model)).ask("Do I need a scarf?", trip: trip)
        #expect(answer.answer == "Bring a scarf: the low is cold.")
        let request = try #require(model.recorded.first)
        #expect(request.entries.map(\.kind) == [.instructions, .summary, .prompt])
        let facts = request.entries[1].text
        #expect(facts.contains("Forecast (NWS):"))
        #expect(facts.contains("Packing list: Clothing: "))
        #expect(facts.contains("Underwear ×"))
        #expect(!request.entries.contains { $0.text.contains("zebra") })
        #expect(request.tools.isEmpty, "the forecast is carried; no tool round")
        let resumed = try #require(try await fixture.store.session(id: answer.sessionID))
        #expect(resumed.parentID == packed.sessionID)
        #expect(resumed.relation == .resumed)
        #expect(resumed.purpose == .ask)
    }

    @Test func aFailedFollowUpIsNotCarriedIntoTheNext() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Chicago")
        let packed = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        let stock = ScriptedModel([.reply(ModelReply(text: "You can't."))])
        await #expect(throws: LanguageModelError.unusableAnswer("the answer is a stock phrase (\"You can't.\")")) {
            _ = try await AskPlanner(fixture.setup(stock)).ask("Can I wear sandals?", trip: trip)
        }
        let good = ScriptedModel([.reply(ModelReply(text: "Pack the boots; it will be cold and wet."))])
        let answer = try await AskPlanner(fixture.setup(good)).ask("What shoes?", trip: trip)
        let sent = try #require(good.recorded.first).entries
        #expect(!sent.contains { $0.text.contains("sandals") })
        #expect(try await fixture.store.session(id: answer.sessionID)?.parentID == packed.sessionID)
        // The next one carries the completed exchange.
        let third = ScriptedModel([.reply(ModelReply(text: "Yes, a warm hat is on the list."))])
        _ = try await AskPlanner(fixture.setup(third)).ask("A hat?", trip: trip)
        #expect(try #require(third.recorded.first).entries.map(\.kind) == [.instructions, .summary, .prompt, .response, .prompt])
    }

    @Test func aFollowUpThatOverflowsIsCondensedAndKeepsTheFacts() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Denver, CO")
        _ = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        _ = try await AskPlanner(fixture.setup(ScriptedModel([.reply(ModelReply(text: "Yes, the boots are on the list."))])))
            .ask("Boots?", trip: trip)
        // The carried exchange makes five entries; the window holds three.
        let model = ScriptedModel([.overflowAbove(entries: 3), .reply(ModelReply(text: "Yes, warm enough for 18°F."))])
        let answer = try await AskPlanner(fixture.setup(model)).ask("Will my boots be warm enough?", trip: trip)
        #expect(answer.answer == "Yes, warm enough for 18°F.")
        #expect(answer.recoveries == [.condensed])
        let child = try #require(try await fixture.store.session(id: answer.sessionID))
        let parentID = try #require(child.parentID)
        let parent = try #require(try await fixture.store.session(id: parentID))
        #expect(child.purpose == .ask && parent.purpose == .ask)
        #expect(parent.status == .recovered && child.status == .completed)
        let kinds = try await fixture.store.entries(sessionID: answer.sessionID).map(\.entryKind)
        #expect(kinds == [.instructions, .summary, .prompt, .response])
        // A replay still finds the completed pack, not the follow-ups.
        let pack = try await fixture.store.latestSession(tripID: trip.id, purposes: [.pack], statuses: [.completed])
        #expect(pack?.purpose == .pack)
    }
}
