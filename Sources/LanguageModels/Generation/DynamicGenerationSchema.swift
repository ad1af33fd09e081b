import FoundationEssentials

/// A schema built at run time, as Foundation Models' `DynamicGenerationSchema`: objects whose properties,
/// choices and constants are known only when the program runs (the tools a session offers, say).
public struct DynamicGenerationSchema: Sendable {
    /// One property of a run-time object.
    public struct Property: Sendable {
        public var name: String
        public var description: String?
        public var schema: DynamicGenerationSchema

        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema) {
            self.name = name
            self.description = description
            self.schema = schema
        }
    }

    /// The schema it stands for.
    public let schema: GenerationSchema

    /// An object with these properties.
    public init(name: String, description: String? = nil, properties: [Property]) {
        schema = GenerationSchema(
            kind: .object(properties.map {
                GenerationSchema.Property(name: $0.name, description: $0.description, schema: $0.schema.schema)
            }),
            typeName: name, description: description
        )
    }

    /// Exactly one of these shapes (a branch alone when there is one).
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        if choices.count == 1, let only = choices.first {
            schema = only.schema
        } else {
            schema = GenerationSchema(kind: .anyOf(choices.map(\.schema)), typeName: name, description: description)
        }
    }

    /// Exactly this string.
    public init(constant: String) {
        schema = GenerationSchema(kind: .string, guides: [.constant(constant)])
    }

    /// An array of one shape, with count guides.
    public init(arrayOf element: DynamicGenerationSchema, guides: [GenerationGuide] = []) {
        schema = GenerationSchema(kind: .array(element.schema), guides: guides.filter(\.isCountGuide))
    }

    /// A static type's schema, with extra guides.
    public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide] = []) {
        schema = Value.generationSchema.guided(by: guides)
    }

    /// An existing schema as it is.
    public init(_ schema: GenerationSchema) {
        self.schema = schema
    }
}
