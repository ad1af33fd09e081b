import FoundationEssentials
import Rendering

/// One option, flag or positional argument of a command, bound to a field of its typed arguments `Root`.
///
/// The field is named by a key path, so a misspelt field fails to compile; the name users type is declared
/// here once, and parsing, help, completions and the man page all read it from here.
/// `Root` is only required to be `Sendable` (see `Command` for why the type asks no more).
public struct Parameter<Root: Sendable>: Sendable {
    /// What help, completions and the man page show.
    public let info: ParameterInfo
    /// Stores one value (an option's text, "" for a flag, one word of an argument) into the arguments.
    let assign: @Sendable (inout Root, String, ParseContext) throws -> Void

    init(info: ParameterInfo, assign: @escaping @Sendable (inout Root, String, ParseContext) throws -> Void) {
        self.info = info
        self.assign = assign
    }

    // MARK: - Options

    /// `--name <value>`, converted by `convert` (which throws a `UsageError` for text it refuses).
    public static func option<Value: Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, value valueName: String, help: String,
        completion: ValueCompletion = .none, required: Bool = false,
        convert: @escaping @Sendable (String, ParseContext) throws -> Value
    ) -> Parameter {
        Parameter(
            info: ParameterInfo(
                kind: .option, name: name, valueName: valueName, help: help, completion: completion, isRequired: required
            ),
            assign: { root, text, context in root[keyPath: keyPath] = try convert(text, context) }
        )
    }

    /// `--name <value>` kept as the text given.
    public static func option(
        _ name: String, _ keyPath: WritableKeyPath<Root, String?> & Sendable, value valueName: String, help: String,
        completion: ValueCompletion = .none, required: Bool = false
    ) -> Parameter {
        option(name, keyPath, value: valueName, help: help, completion: completion, required: required) { text, _ in text }
    }

    /// `--name <value>` from a closed set of words (an enum); completions offer the set, and any other word is
    /// refused with the list.
    public static func choice<Value: CaseIterable & RawRepresentable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, value valueName: String, help: String
    ) -> Parameter where Value.RawValue == String {
        let words = Value.allCases.map(\.rawValue)
        return option(name, keyPath, value: valueName, help: help, completion: .choices(words)) { text, context in
            guard let value = Value(rawValue: text) else {
                throw context.error("--\(name) must be \(ArgumentText.list(words)).")
            }
            return value
        }
    }

    // MARK: - Flags

    /// `--name`: true when given.
    public static func flag(_ name: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable, help: String) -> Parameter {
        Parameter(
            info: ParameterInfo(kind: .flag, name: name, valueName: "", help: help),
            assign: { root, _, _ in root[keyPath: keyPath] = true }
        )
    }

    // MARK: - Arguments

    /// A positional argument, converted by `convert`.
    public static func argument<Value: Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, help: String,
        completion: ValueCompletion = .none, required: Bool = true,
        convert: @escaping @Sendable (String, ParseContext) throws -> Value
    ) -> Parameter {
        Parameter(
            info: ParameterInfo(
                kind: .argument, name: name, valueName: "<\(name)>", help: help, completion: completion, isRequired: required
            ),
            assign: { root, text, context in root[keyPath: keyPath] = try convert(text, context) }
        )
    }

    /// A positional argument kept as the text given.
    public static func argument(
        _ name: String, _ keyPath: WritableKeyPath<Root, String> & Sendable, help: String,
        completion: ValueCompletion = .none
    ) -> Parameter {
        argument(name, keyPath, help: help, completion: completion) { text, _ in text }
    }

    /// Every remaining word (at least one, at most `maximum`), in order; `unit` names them when there are too
    /// many ("at most 500 items").
    public static func words(
        _ name: String, _ keyPath: WritableKeyPath<Root, [String]> & Sendable, help: String, maximum: Int,
        unit: String = "words", required: Bool = true, completion: ValueCompletion = .none
    ) -> Parameter {
        Parameter(
            info: ParameterInfo(
                kind: .argument, name: name, valueName: "<\(name)>", help: help, completion: completion,
                isRequired: required, isRepeating: true, maximumCount: maximum, unit: unit
            ),
            assign: { root, text, _ in root[keyPath: keyPath].append(text) }
        )
    }
}

// MARK: - Groups

extension Array {
    /// Flags of which at most one may be given (`--fresh | --offline`).
    public static func exclusive<Root>(_ flags: [Parameter<Root>]) -> [Parameter<Root>] where Element == Parameter<Root> {
        // Built by hand: a key path (`map(\.info.name)`) and the generic `joined(separator:)` cost 0.3M
        // instructions the first time, at the start of every `show` and `pack`.
        var group = ""
        for flag in flags { group += (group.isEmpty ? "" : "|") + flag.info.name }
        return flags.map { Parameter(info: $0.info.excluding(group: group), assign: $0.assign) }
    }

    /// Another arguments type's parameters, stored in one field: the options several commands share.
    public static func group<Root, Inner: ParsableArguments>(
        _ keyPath: WritableKeyPath<Root, Inner> & Sendable, _ parameters: [Parameter<Inner>]
    ) -> [Parameter<Root>] where Element == Parameter<Root> {
        parameters.map { inner in
            let assign = inner.assign
            return Parameter(info: inner.info, assign: { root, text, context in
                try assign(&root[keyPath: keyPath], text, context)
            })
        }
    }
}
