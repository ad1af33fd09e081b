import Foundation

/// A capability a language model may call, in the shape of Foundation Models' `Tool`: a short name,
/// a one-line description, `Generable` arguments (their schema is what the model sees), and `call(arguments:)`.
public protocol Tool: Sendable {
    associatedtype Arguments: Generable
    /// A short verb the model calls it by ("geocode").
    var name: String { get }
    /// One line: what it does (its every token is spent from the context window).
    var description: String { get }
    /// Whether the instructions spell the schema out (for models without native tool calling).
    var includesSchemaInInstructions: Bool { get }
    /// Runs the tool.
    func call(arguments: Arguments) async throws -> ToolOutput
}

/// What a tool returns: compact text for the model, and the same answer as a typed value for the program
/// (encoded into the transcript; read back with `Transcript.Entry.value(_:)`).
public struct ToolOutput: Sendable, Equatable {
    /// What goes into the transcript and the model's context.
    public var text: String
    /// The typed value, encoded (null for text-only output).
    public var payload: JSONValue
    /// The tool did not do what was asked and tells the model why (a point far from the trip, a place it
    /// does not know): the call does not count as made.
    public var isRefusal: Bool

    public init(text: String, payload: JSONValue = .null, isRefusal: Bool = false) {
        self.text = text
        self.payload = payload
        self.isRefusal = isRefusal
    }

    /// A typed value, with the text the model reads (its compact rendering).
    public init<Value: Encodable>(text: String, value: Value, isRefusal: Bool = false) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.text = text
        self.payload = (try? encoder.encode(value)).flatMap { try? JSONValue.parse($0) } ?? .null
        self.isRefusal = isRefusal
    }

    /// A Generable value rendered compactly for the model (its JSON).
    public init<Value: Generable>(value: Value) {
        self.init(text: ((try? value.json) ?? .null).compactText, value: value)
    }
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

    /// Checks `json` against the schema, then decodes and calls (type-erased, for the session).
    public func invoke(_ json: JSONValue) async throws -> ToolOutput {
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
            includesSchemaInInstructions: includesSchemaInInstructions, invoke: { try await self.invoke($0) }
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
    public let invoke: @Sendable (JSONValue) async throws -> ToolOutput

    public init(
        name: String, description: String, schema: GenerationSchema, includesSchemaInInstructions: Bool,
        invoke: @escaping @Sendable (JSONValue) async throws -> ToolOutput
    ) {
        self.name = name
        self.description = description
        self.schema = schema
        self.parameters = schema.jsonSchema
        self.includesSchemaInInstructions = includesSchemaInInstructions
        self.invoke = invoke
    }
}
