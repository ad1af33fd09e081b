import JSON

extension JSONValue {
    /// The element at `index` of an array (nil for anything else or out of range), for reading answers in tests.
    subscript(index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }
}
