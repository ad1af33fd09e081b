import Foundation
import Testing
@testable import Planner
import Store
import TestSupport
import Tools

@Suite(.serialized) struct TripPlannerTests {
    final class Fixture {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plan-planner-\(UUID().uuidString)")
        let store: Store
        let services: WeatherServices
        let forecasts: ForecastService
        let gazetteer: Gazetteer?

        init() throws {
            store = try Store(path: folder.appending(path: "plan.sqlite").path)
            services = try WeatherServices()
            let http = HTTPClient(
                store: store, transport: URLSessionTransport(timeout: 5),
                configuration: HTTPClient.Configuration(userAgent: "plan-tests/1 (tests@example.com)", maxAttempts: 2, baseDelay: 0.01)
            )
            forecasts = ForecastService(http: http, nwsBase: services.url, openMeteoBase: services.url)
            gazetteer = try? Gazetteer(path: Gazetteer.defaultPath())
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func trip(_ query: String, nights: Int = 3, activities: [String] = []) async throws -> Trip {
            let place = try await #require(gazetteer).resolve(query).place
            let today = CalendarDate(Date())
            return try await store.addTrip(NewTrip(
                name: query, destination: query, place: place, start: today,
                end: today.adding(days: nights), activities: activities
            ))
        }

        func planner(_ model: any LanguageModel, recovery: RecoveryStrategy = .condense, contextSize: Int? = nil) -> TripPlanner {
            TripPlanner(store: store, model: model, forecasts: forecasts, gazetteer: gazetteer, recovery: recovery, contextSize: contextSize)
        }
    }

    static let answer: JSONValue = [
        "items": [["category": "Clothing", "name": "Socks", "quantity": 3, "reason": "One a day", "weather": false]],
        "notices": [],
    ]

    @Test func theBuiltinEngineGoesThroughTheSessionAndTools() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Denver, CO", activities: ["ski"])
        let result = try await fixture.planner(BuiltinPackingModel()).pack(trip)
        let entries = try await fixture.store.entries(sessionID: result.sessionID)
        #expect(entries.map(\.kind) == ["instructions", "prompt", "toolCalls", "toolOutput", "toolCalls", "toolOutput", "response"])
        #expect(entries.compactMap(\.tool) == ["geocode", "geocode", "forecast", "forecast"])
        #expect(entries.allSatisfy { $0.tokens > 0 })
        #expect(entries[5].text.contains("NWS forecast for Denver, CO, US"))
        let names = Set(result.list.items.map(\.name))
        #expect(names.contains("Insulated waterproof boots"))
        #expect(names.contains("Goggles"))
        let session = try #require(try await fixture.store.session(id: result.sessionID))
        #expect(session.status == "completed")
        #expect(session.model == "builtin")
        #expect(try await fixture.store.latestForecast(tripID: trip.id)?.source == "nws")
        #expect(try await fixture.store.latestPackingList(tripID: trip.id)?.sessionID == result.sessionID)
    }

    @Test func aSecondPackMakesNoForecastRequest() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Seattle")
        _ = try await fixture.planner(BuiltinPackingModel()).pack(trip)
        let before = try await fixture.services.requestCount()
        let again = try await fixture.planner(BuiltinPackingModel()).pack(trip)
        #expect(try await fixture.services.requestCount() == before)
        #expect(again.list.items.contains { $0.name == "Waterproof rain jacket" })
    }

    @Test func withTheServicesDownThePackIsGeneralWithANotice() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Phoenix")
        fixture.services.server.stop()
        let result = try await fixture.planner(BuiltinPackingModel()).pack(trip)
        #expect(result.list.items.allSatisfy { !$0.weather })
        #expect(result.list.notices.contains { $0.contains("No forecast could be had") })
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
        let result = try await fixture.planner(model, recovery: strategy).pack(trip)
        #expect(result.recoveries == [strategy == .condense ? "condensed" : strategy == .summarize ? "summarized" : "fresh"])
        #expect(result.sessionID != result.firstSessionID)
        let first = try #require(try await fixture.store.session(id: result.firstSessionID))
        let second = try #require(try await fixture.store.session(id: result.sessionID))
        #expect(first.status == "recovered")
        #expect(second.status == "completed")
        #expect(second.parentID == first.id)
        let kinds = try await fixture.store.entries(sessionID: second.id).map(\.kind)
        switch strategy {
        case .condense: #expect(kinds == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        case .summarize: #expect(kinds == ["instructions", "summary", "prompt", "toolCalls", "toolOutput", "response"])
        case .fresh: #expect(kinds == ["instructions", "prompt", "response"])
        }
        #expect(result.list.items.first?.name == "Socks")
    }

    @Test func aSessionResumesFromTheDatabaseAfterTheProcessDied() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Chicago")
        // A pack that "died" after two entries: only the database remembers it.
        let dead = try await fixture.store.createSession(tripID: trip.id, purpose: "pack", model: "scripted", contextSize: 4_096)
        let recorder = StoreTranscriptRecorder(store: fixture.store, sessionID: dead)
        _ = try await recorder.record(Transcript.Entry(kind: .instructions, text: "Help pack.", tokens: 3))
        _ = try await recorder.record(Transcript.Entry(kind: .prompt, text: "Packing list for Chicago with the word zebra.", tokens: 9))
        let model = ScriptedModel([.reply(ModelReply(text: "Bring a scarf."))])
        let answer = try await fixture.planner(model).ask("Do I need a scarf?", trip: trip)
        #expect(answer.answer == "Bring a scarf.")
        let sent = try #require(model.recorded.first).entries.map(\.text)
        #expect(sent == ["Help pack.", "Packing list for Chicago with the word zebra.", "Do I need a scarf?"])
        let resumed = try #require(try await fixture.store.session(id: answer.sessionID))
        #expect(resumed.parentID == dead)
        #expect(resumed.relation == "resumed")
    }

    @Test func aFollowUpThatOverflowsASmallWindowIsCondensed() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Denver, CO")
        _ = try await fixture.planner(BuiltinPackingModel()).pack(trip)
        // A 600-token window cannot hold the pack's forecast plus another question.
        let model = ScriptedModel([.reply(ModelReply(text: "Yes."))], contextSize: 600)
        let answer = try await fixture.planner(model, contextSize: 600).ask(
            "Will my boots be warm enough?" + String(repeating: " really", count: 20), trip: trip
        )
        #expect(answer.answer == "Yes.")
        #expect(!answer.recoveries.isEmpty)
        let kinds = try await fixture.store.entries(sessionID: answer.sessionID).map(\.kind)
        #expect(kinds.first == "instructions")
        #expect(kinds.last == "response")
    }
}
