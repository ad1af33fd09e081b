import Foundation
import LanguageModels
import Testing

/// The session is created as Foundation Models' is, `LanguageModelSession(model:tools:instructions:)`; the
/// context size, the recorder and the limits are options with the framework's defaults.
@Suite struct SessionOptionsTests {
    /// A model with a fixed window that answers every round with the same text.
    struct FixedModel: LanguageModel {
        let name = "fixed"
        let window: Int

        func contextSize() async throws -> Int { window }
        func tokenCount(for text: String) async -> Int { TokenEstimate.count(text) }
        func respond(to request: ModelRequest) async throws -> ModelReply { ModelReply(text: "Pack boots.") }
    }

    @Test func aSessionAsksTheModelForItsWindowAndKeepsItsEntriesInMemory() async throws {
        let session = try await LanguageModelSession(model: FixedModel(window: 3_000), instructions: "Be brief.")
        #expect(await session.contextSize == 3_000)
        #expect(await session.limits == LanguageModelSession.Limits())
        let reply = try await session.respond(to: "Boots?")
        #expect(reply.text == "Pack boots.")
        #expect(await session.transcript.entries.map(\.kind) == [.instructions, .prompt, .response])
    }

    @Test func theOptionsOverrideTheDefaults() async throws {
        let recorder = MemoryTranscriptRecorder()
        let limits = LanguageModelSession.Limits(maximumRounds: 2, callsPerReply: 1, toolCallTokens: 64)
        let session = try await LanguageModelSession(
            model: FixedModel(window: 3_000), tools: [], instructions: nil, contextSize: 1_024, recorder: recorder, limits: limits
        )
        #expect(await session.contextSize == 1_024)
        #expect(await session.limits.toolCallTokens == 64)
        _ = try await session.respond(to: "Boots?")
        #expect(await recorder.entries.map(\.kind) == [.prompt, .response])
    }
}
