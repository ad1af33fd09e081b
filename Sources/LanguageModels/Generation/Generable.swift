import FoundationEssentials
import JSON

/// A type a language model can generate, as Foundation Models' `Generable`: Codable for the values
/// themselves, with a `GenerationSchema` declared beside the type (no macros here: key paths stand in).
public protocol Generable: Codable, Sendable {
    /// The shape the model is asked for, with its guides.
    static var generationSchema: GenerationSchema { get }
}

extension Generable {
    /// The snapshot a stream yields while this type is being generated: every property optional, arrays
    /// growing (read through key paths).
    public typealias PartiallyGenerated = GeneratedSnapshot<Self>

    /// Decodes a generated value (after it was checked against the schema).
    public init(json: JSONValue) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(json.compactText.utf8))
        } catch {
            throw GenerationDecodingError(typeName: String(describing: Self.self), detail: Self.describe(error))
        }
    }

    /// The value as JSON (what a transcript stores, and what a model is shown).
    public var json: JSONValue {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Self.generationSchema.withNulls(try JSONValue.parse(try encoder.encode(self)))
        }
    }

    /// Problems with the generated value: where it breaks the schema's guides (empty when it fits).
    public static func problems(in json: JSONValue) -> [String] {
        JSONSchemaValidator.problems(json, against: generationSchema.jsonSchema)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
             let DecodingError.dataCorrupted(context):
            return "\(context.debugDescription) at \(path(context))"
        default:
            return String(describing: error)
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        "$" + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// A generated value that does not decode into its type.
public struct GenerationDecodingError: Error, LocalizedError, Sendable, Equatable {
    public var typeName: String
    public var detail: String

    public var errorDescription: String? { "the answer does not fit \(typeName): \(detail)" }
    public var recoverySuggestion: String? { "Try again, or use a larger model." }
}

// MARK: - Standard types

extension String: Generable {
    /// Any string.
    public static var generationSchema: GenerationSchema { GenerationSchema(kind: .string) }
}

extension Int: Generable {
    /// Any integer.
    public static var generationSchema: GenerationSchema { GenerationSchema(kind: .integer) }
}

extension Double: Generable {
    /// Any number.
    public static var generationSchema: GenerationSchema { GenerationSchema(kind: .number) }
}

extension Bool: Generable {
    /// `true` or `false`.
    public static var generationSchema: GenerationSchema { GenerationSchema(kind: .boolean) }
}

extension Array: Generable where Element: Generable {
    /// Elements of one schema.
    public static var generationSchema: GenerationSchema { GenerationSchema(kind: .array(Element.generationSchema)) }
}

extension Optional: Generable where Wrapped: Generable {
    /// The value or `null`.
    public static var generationSchema: GenerationSchema { GenerationSchema(kind: .optional(Wrapped.generationSchema)) }
}
