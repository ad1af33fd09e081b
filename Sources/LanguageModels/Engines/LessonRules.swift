import FoundationEssentials

/// When what a server says about itself in passing is believed: the rules every learnt fact passes before it
/// is kept. A server's error or reply is outside input, and a fact learnt from one is remembered (an hour, in
/// plan's database), so one hostile or confused answer must not cripple every later request.
///
/// - A window named by an overflow message is believed only when it is at least `minimumLearntWindow`
///   tokens and larger than every prompt the server answered in this run.
/// - No lesson renames, drops or retypes a field the request cannot do without (`essentialFields`).
/// - A reasoning model is believed after `reasoningSightings` replies in a row carry reasoning; one reply
///   is an observation, not a trait.
public enum LessonRules {
    /// The smallest window an overflow message is believed to name, in tokens. A chat model's window is
    /// at least this (SmolLM2-135M, the smallest plan is tested with, runs at 512); plan's own instructions
    /// and tools take a few hundred tokens, so a smaller window would leave the model nothing.
    public static let minimumLearntWindow = 512

    /// Replies in a row that must carry reasoning (`reasoning_content`, reasoning tokens, a `<think>` block)
    /// before the server is taken for a reasoning model.
    public static let reasoningSightings = 2

    /// Fields no lesson may rename, drop or retype: without them there is no request (`model`, `messages`),
    /// and a request offering tools needs its tools and its choice of them. (`response_format` is not dropped
    /// or renamed either; it may only go in the engine's own `json_object` form, with its schema.)
    public static let essentialFields: Set<String> = ["model", "messages", "tools", "tool_choice"]

    /// Whether a field is one a lesson must leave alone.
    public static func isProtected(_ field: String) -> Bool {
        essentialFields.contains(field) || field == "response_format"
    }

    /// The window an overflow message names, when it is believable: at least `minimumLearntWindow` and
    /// larger than the largest prompt the server `answered` in this run. Nil otherwise.
    public static func believedWindow(named window: Int, answered: Int) -> Int? {
        guard EngineProfile.contextSizes.contains(window), window >= minimumLearntWindow, window > answered else { return nil }
        return window
    }

    /// Whether a lesson may be learnt: it must leave every protected field as it is (the one exception is
    /// the structured format sent in the engine's `json_object` form, schema and all), and rename nothing
    /// onto a protected field.
    public static func isBelievable(_ lesson: RequestContract.Lesson) -> Bool {
        switch lesson {
        case let .rename(field, to: replacement):
            return !isProtected(field) && !isProtected(replacement)
        case let .drop(field):
            return !isProtected(field)
        case .defaultSampling, .schemaInJSONObject:
            return true
        }
    }
}
