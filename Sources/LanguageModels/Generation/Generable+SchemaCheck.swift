import FoundationEssentials

extension Generable {
    /// Where the declared schema and the type disagree, read from an example value whose optionals are all
    /// set: a stored property missing from the schema, a schema key the Codable encoding does not write, a
    /// key path reading something other than what is encoded under its key. Empty when they agree; every
    /// Generable type's test calls it, so a renamed or missing property fails at once.
    public static func schemaProblems(example: Self) -> [String] {
        let schema = generationSchema
        guard case let .object(properties) = schema.kind else { return [] }
        guard let encoded = try? example.json, let object = encoded.objectValue else {
            return ["\(Self.self): the example does not encode to an object"]
        }
        var problems: [String] = []
        let names = Set(properties.map(\.name))
        for key in object.keys.sorted() where !names.contains(key) {
            problems.append("\(Self.self): the encoding writes \"\(key)\", which the schema does not declare")
        }
        for property in properties {
            guard let value = object[property.name] else {
                problems.append("\(Self.self): the schema declares \"\(property.name)\", which the encoding does not write")
                continue
            }
            if let reader = property.reader, let read = reader.read(example), read != value {
                problems.append("\(Self.self): \"\(property.name)\"'s key path reads \(read.compactText), the encoding wrote \(value.compactText)")
            }
        }
        let stored = Mirror(reflecting: example).children.count
        if stored != properties.count {
            problems.append("\(Self.self): \(stored) stored properties, \(properties.count) in the schema")
        }
        return problems
    }
}
