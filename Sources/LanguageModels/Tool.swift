import FoundationEssentials
import JSON

/// A capability a language model may call, in the shape of Foundation Models' `Tool`: a short name,
/// a one-line description, `Generable` arguments (their schema is what the model sees), and `call(arguments:)`
/// returning a typed `Output`.
public protocol Tool: Sendable {
    associatedtype Arguments: Generable
    /// What the tool answers: the text the model reads, and the same answer as a value for the program
    /// (recorded in the transcript's `Transcript.ToolOutput`, read back with its `answer(_:)`).
    associatedtype Output: ToolAnswer
    /// A short verb the model calls it by ("geocode").
    var name: String { get }
    /// One line: what it does (its every token is spent from the context window).
    var description: String { get }
    /// Whether the instructions spell the schema out (for models without native tool calling).
    var includesSchemaInInstructions: Bool { get }
    /// Runs the tool.
    func call(arguments: Arguments) async throws -> Output
}

/// Arguments that do not fit a tool's schema.
public struct ToolArgumentError: Error, LocalizedError, Sendable, Equatable {
    public var problems: [String]

    public init(_ problems: [String]) {
        self.problems = problems
    }

    public var errorDescription: String? {
        "invalid arguments: " + problems.joined(separator: "; ")
    }
}

extension Tool {
    /// The schema of the arguments, derived from `Arguments`.
    public var parameters: GenerationSchema { Arguments.generationSchema }

    /// Checks `json` against the schema, then decodes and calls.
    public func invoke(_ json: JSONValue) async throws -> Output {
        let problems = JSONSchemaValidator.problems(json, against: parameters.jsonSchema)
        guard problems.isEmpty else { throw ToolArgumentError(problems) }
        let arguments: Arguments
        do {
            arguments = try Arguments(json: json)
        } catch let error as GenerationDecodingError {
            throw ToolArgumentError([error.detail])
        }
        return try await call(arguments: arguments)
    }

    /// The definition sent to a model: name, description, parameters.
    public var definition: ToolDefinition {
        ToolDefinition(
            name: name, description: description, schema: parameters,
            includesSchemaInInstructions: includesSchemaInInstructions,
            invoke: { AnyToolAnswer(try await self.invoke($0)) }
        )
    }
}

/// A tool with its type erased, as a session holds it.
public struct ToolDefinition: Sendable {
    public let name: String
    public let description: String
    /// The arguments' schema.
    public let schema: GenerationSchema
    /// The arguments' schema as JSON Schema (what a server is sent).
    public let parameters: JSONValue
    public let includesSchemaInInstructions: Bool
    /// Checks, decodes and calls; the answer with its type erased, as the transcript records it.
    public let invoke: @Sendable (JSONValue) async throws -> AnyToolAnswer

    public init(
        name: String, description: String, schema: GenerationSchema, includesSchemaInInstructions: Bool,
        invoke: @escaping @Sendable (JSONValue) async throws -> AnyToolAnswer
    ) {
        self.name = name
        self.description = description
        self.schema = schema
        self.parameters = schema.jsonSchema
        self.includesSchemaInInstructions = includesSchemaInInstructions
        self.invoke = invoke
    }
}
