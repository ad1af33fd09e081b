import Foundation
import Store

/// A capability a language model may call, in the shape of Foundation Models' `Tool`: a short name,
/// a one-line description, arguments with the JSON schema the model sees, and `call(arguments:)`.
public protocol Tool: Sendable {
    associatedtype Arguments: Sendable
    /// A short verb the model calls it by ("geocode").
    var name: String { get }
    /// One line: what it does (its every token is spent from the context window).
    var description: String { get }
    /// JSON schema of the arguments object.
    var parameters: JSONValue { get }
    /// Whether the instructions spell the schema out (for models without native tool calling).
    var includesSchemaInInstructions: Bool { get }
    /// Reads and checks the model's arguments; throws `ToolArgumentError` when they do not fit.
    func arguments(from json: JSONValue) throws -> Arguments
    /// Runs the tool.
    func call(arguments: Arguments) async throws -> ToolOutput
}

/// What a tool returns: compact text for the model, structured data for the program.
public struct ToolOutput: Sendable, Equatable {
    /// What goes into the transcript and the model's context.
    public var text: String
    /// The same answer as data (the built-in engine and replays read this).
    public var payload: JSONValue
    /// The tool did not do what was asked and tells the model why (a point far from the trip, a place it
    /// does not know): the call does not count as made.
    public var isRefusal: Bool

    public init(text: String, payload: JSONValue, isRefusal: Bool = false) {
        self.text = text
        self.payload = payload
        self.isRefusal = isRefusal
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
    /// Checks `json` against the schema, then decodes and calls (type-erased, for the session).
    public func invoke(_ json: JSONValue) async throws -> ToolOutput {
        let problems = JSONSchemaValidator.problems(json, against: parameters)
        guard problems.isEmpty else { throw ToolArgumentError(problems) }
        return try await call(arguments: try arguments(from: json))
    }

    /// The definition sent to a model: name, description, parameters.
    public var definition: ToolDefinition {
        ToolDefinition(
            name: name, description: description, parameters: parameters,
            includesSchemaInInstructions: includesSchemaInInstructions, invoke: { try await self.invoke($0) }
        )
    }
}

/// A tool with its type erased, as a session holds it.
public struct ToolDefinition: Sendable {
    public let name: String
    public let description: String
    public let parameters: JSONValue
    public let includesSchemaInInstructions: Bool
    public let invoke: @Sendable (JSONValue) async throws -> ToolOutput

    public init(
        name: String, description: String, parameters: JSONValue, includesSchemaInInstructions: Bool,
        invoke: @escaping @Sendable (JSONValue) async throws -> ToolOutput
    ) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.includesSchemaInInstructions = includesSchemaInInstructions
        self.invoke = invoke
    }
}
