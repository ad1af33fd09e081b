import Foundation
import LanguageModels

/// A tool for tests of sessions and backends: echoes the word it is given ("echo: word"), counts its calls,
/// or throws `failure`.
public struct EchoTool: Tool {
    public struct Arguments: Generable {
        public var word: String
        public static let generationSchema = GenerationSchema.object(Arguments.self, [.init(\.word, "word")])
    }
    public let counter: Counter
    public var failure: (any Error & Sendable)?

    public init(counter: Counter, failure: (any Error & Sendable)? = nil) {
        self.counter = counter
        self.failure = failure
    }

    public var name: String { "echo" }
    public var description: String { "Echo a word." }
    public var includesSchemaInInstructions: Bool { true }

    /// What it answers: the word, read by the model as "echo: word".
    public struct Echo: ToolAnswer, Equatable {
        public var word: String
        public var text: String { "echo: \(word)" }
    }

    public func call(arguments: Arguments) async throws -> Echo {
        await counter.increment()
        if let failure { throw failure }
        return Echo(word: arguments.word)
    }
}

/// Counts calls.
public actor Counter {
    public private(set) var value = 0

    public init() {}

    public func increment() { value += 1 }
}
