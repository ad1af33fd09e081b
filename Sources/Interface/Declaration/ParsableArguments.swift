import Rendering
/// The typed values one command's parser fills in; `init()` gives every default.
public protocol ParsableArguments: Sendable {
    init()
}
