import FoundationEssentials

/// A value of `Value` as far as it has been generated (`Value.PartiallyGenerated`): every property may be
/// missing yet, strings and arrays grow. Properties are read by key path through the type's schema.
public struct GeneratedSnapshot<Value: Generable>: Sendable, Equatable {
    /// What has been generated so far.
    public let content: GeneratedContent

    public init(content: GeneratedContent) {
        self.content = content
    }

    /// Whether the whole value has been generated.
    public var isComplete: Bool { content.isComplete }

    /// The value, once complete (and decodable).
    public var value: Value? {
        guard content.isComplete else { return nil }
        return try? Value(json: content.json)
    }

    /// The content of one property so far.
    public func content<Property>(_ keyPath: KeyPath<Value, Property>) -> GeneratedContent? {
        guard let name = Value.generationSchema.property(for: keyPath)?.name else { return nil }
        return content[name]
    }

    /// A property's value, once it is complete.
    public subscript<Property: Generable>(_ keyPath: KeyPath<Value, Property>) -> Property? {
        guard let child = content(keyPath), child.isComplete else { return nil }
        return try? Property(json: child.json)
    }

    /// A text property as far as it has been generated.
    public func text(_ keyPath: KeyPath<Value, String>) -> String? {
        content(keyPath)?.text
    }

    /// A nested value as far as it has been generated.
    public func snapshot<Property: Generable>(_ keyPath: KeyPath<Value, Property>) -> GeneratedSnapshot<Property>? {
        content(keyPath).map(GeneratedSnapshot<Property>.init)
    }

    /// An array property's elements as far as they have been generated (the last may be incomplete).
    public func elements<Element: Generable>(_ keyPath: KeyPath<Value, [Element]>) -> [GeneratedSnapshot<Element>] {
        (content(keyPath)?.elements ?? []).map(GeneratedSnapshot<Element>.init)
    }

    /// An array property's complete elements, decoded (an element that does not decode ends the list).
    public func completedElements<Element: Generable>(_ keyPath: KeyPath<Value, [Element]>) -> [Element] {
        var done: [Element] = []
        for element in content(keyPath)?.elements ?? [] where element.isComplete {
            guard let value = try? Element(json: element.json) else { break }
            done.append(value)
        }
        return done
    }
}
