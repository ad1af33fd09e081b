import Foundation
import LanguageModels

/// A tool that answers the word it is given and counts its calls (as PlannerTests' of the same name, whose
/// backend tests moved here).
struct EchoTool: Tool {
    struct Arguments: Generable {
        var word: String
        static let generationSchema = GenerationSchema.object(Arguments.self, [.init(\.word, "word")])
    }
    let counter: Counter

    var name: String { "echo" }
    var description: String { "Echo a word." }
    var includesSchemaInInstructions: Bool { true }

    /// What it answers: the word, read by the model as "echo: word".
    struct Echo: ToolAnswer, Equatable {
        var word: String
        var text: String { "echo: \(word)" }
    }

    func call(arguments: Arguments) async throws -> Echo {
        await counter.increment()
        return Echo(word: arguments.word)
    }
}

/// Counts calls.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
