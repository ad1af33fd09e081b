import Foundation
@testable import LanguageModels
import Model
@testable import Planner
import Store
import Testing
import Tools

@Suite struct TypedGenerationTests {
    func session(_ model: any LanguageModel) async throws -> LanguageModelSession {
        try await LanguageModelSession(
            model: model, tools: [], instructions: "Help.", contextSize: 4_096, limits: .planning
        )
    }

    @Test func thePackingAnswerMatchesItsType() {
        let item = PackingAnswer.Item(category: "Clothing", name: "Socks", quantity: 3, reason: "Daily", weather: false)
        #expect(PackingAnswer.Item.schemaProblems(example: item).isEmpty)
        #expect(PackingAnswer.schemaProblems(example: PackingAnswer(items: [item], notices: ["n"])).isEmpty)
        #expect(PackingInstructions.schema["properties"]?["items"]?["items"]?["properties"]?["quantity"]
            == ["type": ["integer", "null"], "minimum": 1, "maximum": 999])
    }

    @Test func aTypedAnswerComesBackAsItsType() async throws {
        let model = ScriptedModel([.reply(ModelReply(text: #"{"items":[{"category":"Clothing","name":"Socks","quantity":2,"reason":"Daily","weather":false}],"notices":[]}"#))])
        let response = try await session(model).respond(to: "pack", generating: PackingAnswer.self)
        #expect(response.content.items.map(\.name) == ["Socks"])
        #expect(response.content.items.first?.quantity == 2)
    }

    @Test func aStreamedAnswerGrowsThenEndsComplete() async throws {
        let text = #"{"items":[{"category":"Clothing","name":"Socks","quantity":2,"reason":"Daily","weather":false},{"category":"Footwear","name":"Boots","quantity":null,"reason":"Trails","weather":true}],"notices":["n"]}"#
        let model = ScriptedModel([.reply(ModelReply(text: text))], streamPieces: 7)
        var snapshots: [PackingAnswer.PartiallyGenerated] = []
        for try await snapshot in try await session(model).streamResponse(to: "pack", generating: PackingAnswer.self) {
            snapshots.append(snapshot)
        }
        #expect(snapshots.count > 5)
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) {
            #expect(later.content.extends(earlier.content))
        }
        let counts = snapshots.map { $0.completedElements(\.items).count }
        #expect(counts.contains(1) && counts.last == 2)
        #expect(snapshots.last?.value?.notices == ["n"])
    }

    @Test func theBuiltinEngineAnswersThroughTheSameStream() async throws {
        let session = try await session(BuiltinPackingModel())
        var last: PackingAnswer.PartiallyGenerated?
        let start = try #require(CalendarDate(year: 2026, month: 12, day: 1))
        let end = try #require(CalendarDate(year: 2026, month: 12, day: 3))
        let payload = PackingInstructions.payload(for: Trip(
            id: 1, name: "t", destination: "Denver", place: nil, start: start, end: end, activities: [], createdAt: Date()
        ))
        for try await snapshot in session.streamResponse(to: "pack", payload: payload, generating: PackingAnswer.self) {
            last = snapshot
        }
        #expect(last?.isComplete == true)
        #expect((last?.value?.items.count ?? 0) > 5)
    }

    @Test func aSecondRequestWhileOneRunsIsRefused() async throws {
        let model = GatedModel(["first", "second"])
        let session = try await session(model)
        let first = Task { try await session.respond(to: "one") }
        // The first request is at the model, held there until the gate opens: certainly still running.
        var rounds = model.rounds.makeAsyncIterator()
        _ = await rounds.next()
        #expect(await session.isResponding)
        await #expect(throws: LanguageModelError.concurrentRequests) {
            _ = try await session.respond(to: "two")
        }
        model.openGate()
        #expect(try await first.value.content == "first")
        #expect(await !session.isResponding)
        #expect(try await session.respond(to: "three").content == "second")
    }
}
