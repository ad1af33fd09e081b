import Rendering
/// What a shell offers for a value.
public enum ValueCompletion: Sendable, Equatable {
    /// Nothing to offer (free text, numbers, dates).
    case none
    /// A fixed set of words.
    case choices([String])
    /// Trip ids from the database, with each trip's destination as the description.
    case trips
    /// Session ids from the database.
    case sessions
    /// File names.
    case files
    /// The names of plan's visible commands (`plan help <command>`).
    case commands
}
