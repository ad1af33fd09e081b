import FoundationEssentials
import JSON

/// The shape of a generated value: its kind, description and guides, as Foundation Models'
/// `GenerationSchema`. Declared beside each `Generable` type with key paths (`GenerationSchema.object`), or
/// built at run time (`DynamicGenerationSchema`); compiled to JSON Schema for the backends.
public struct GenerationSchema: Sendable, Equatable {
    /// What kind of value.
    public indirect enum Kind: Sendable, Equatable {
        case string
        case integer
        case number
        case boolean
        /// Always `null` (the empty branch of an optional).
        case null
        case array(GenerationSchema)
        case object([Property])
        /// Exactly one of these shapes (enums, enums with associated values, tool-or-answer choices).
        case anyOf([GenerationSchema])
        /// The value or `null`.
        case optional(GenerationSchema)
    }

    /// One property of an object.
    public struct Property: Sendable, Equatable {
        /// The key in the generated JSON (the Codable key).
        public var name: String
        public var description: String?
        public var schema: GenerationSchema
        /// The Swift property it fills (nil for run-time schemas): snapshots read properties by key path.
        public var keyPath: (AnyKeyPath & Sendable)?
        /// Reads the property from a value of its type, as JSON (the schema check compares it with what
        /// the Codable encoding wrote under `name`).
        let reader: Reader?

        public init(name: String, description: String? = nil, schema: GenerationSchema, keyPath: (AnyKeyPath & Sendable)? = nil) {
            self.name = name
            self.description = description
            self.schema = schema
            self.keyPath = keyPath
            self.reader = nil
        }

        init(name: String, description: String?, schema: GenerationSchema, keyPath: AnyKeyPath & Sendable, reader: Reader) {
            self.name = name
            self.description = description
            self.schema = schema
            self.keyPath = keyPath
            self.reader = reader
        }

        public static func == (lhs: Property, rhs: Property) -> Bool {
            lhs.name == rhs.name && lhs.description == rhs.description && lhs.schema == rhs.schema
                && lhs.keyPath.map { $0 as AnyKeyPath } == rhs.keyPath.map { $0 as AnyKeyPath }
        }
    }

    /// Reads one property of a value as JSON.
    struct Reader: Sendable {
        let read: @Sendable (Any) -> JSONValue?
    }

    public var kind: Kind
    /// The Swift type's name, for messages and the JSON Schema's `title`.
    public var typeName: String?
    public var description: String?
    public var guides: [GenerationGuide]

    public init(kind: Kind, typeName: String? = nil, description: String? = nil, guides: [GenerationGuide] = []) {
        self.kind = kind
        self.typeName = typeName
        self.description = description
        self.guides = guides
    }

    /// The properties of an object schema (empty for other kinds).
    public var properties: [Property] {
        if case let .object(properties) = kind { return properties }
        return []
    }

    /// The property filling `keyPath`, when this is an object declared with key paths.
    public func property(for keyPath: AnyKeyPath) -> Property? {
        properties.first { property in property.keyPath.map { $0 as AnyKeyPath == keyPath } ?? false }
    }

    /// This schema with `guides` added where each fits: counts on the array, every other guide on the
    /// innermost value (an optional's value, an array's elements).
    public func guided(by guides: [GenerationGuide]) -> GenerationSchema {
        guard !guides.isEmpty else { return self }
        var schema = self
        switch kind {
        case let .optional(wrapped):
            schema.kind = .optional(wrapped.guided(by: guides))
        case let .array(element):
            schema.guides += guides.filter(\.isCountGuide)
            schema.kind = .array(element.guided(by: guides.filter { !$0.isCountGuide }))
        default:
            schema.guides += guides.filter { !$0.isCountGuide }
        }
        return schema
    }

    // MARK: - Declaring

    /// One property of `Root`, declared by key path: renaming the Swift property fails to compile; a key that
    /// differs from the Codable key fails `Generable.schemaProblems`.
    public struct Field<Root>: Sendable {
        let property: Property

        /// A property of type `Value`, with its JSON key, an optional description and guides.
        public init<Value: Generable>(
            _ keyPath: KeyPath<Root, Value> & Sendable, _ name: String, description: String? = nil, _ guides: GenerationGuide...
        ) {
            property = Property(
                name: name, description: description, schema: Value.generationSchema.guided(by: guides), keyPath: keyPath,
                reader: Reader { root in
                    guard let root = root as? Root else { return nil }
                    return try? root[keyPath: keyPath].json
                }
            )
        }
    }

    /// An object schema for `type`, one field per stored property.
    public static func object<Root>(
        _ type: Root.Type, description: String? = nil, _ fields: [Field<Root>]
    ) -> GenerationSchema {
        GenerationSchema(kind: .object(fields.map(\.property)), typeName: String(describing: type), description: description)
    }

    /// A string-valued enumeration: one of `cases` (its raw values).
    public static func enumeration<Root: CaseIterable & RawRepresentable>(_ type: Root.Type, description: String? = nil)
        -> GenerationSchema where Root.RawValue == String
    {
        GenerationSchema(
            kind: .string, typeName: String(describing: type), description: description,
            guides: [.anyOf(type.allCases.map(\.rawValue))]
        )
    }

    /// An enumeration with associated values, as Swift's Codable writes it: one branch per case, each an
    /// object with the case's name as its only key (`{"stale":{"age":3600}}`); a case without values holds
    /// an empty object.
    public static func cases<Root>(_ type: Root.Type, description: String? = nil, _ cases: [(name: String, values: [Property])])
        -> GenerationSchema
    {
        let branches = cases.map { item in
            GenerationSchema(kind: .object([
                Property(name: item.name, schema: GenerationSchema(kind: .object(item.values))),
            ]))
        }
        return GenerationSchema(kind: .anyOf(branches), typeName: String(describing: type), description: description)
    }
}
