import Foundation
import Store

/// What every command shares: the environment, the console, the database.
struct Context {
    let environment: [String: String]
    let console: Console

    /// The database path for this run.
    var databasePath: String { DatabaseLocation.path(environment: environment) }

    /// Opens (creating and migrating when needed) the database.
    func openStore() throws -> Store {
        try Store(path: databasePath)
    }

    /// Today on the local calendar.
    var today: CalendarDate { CalendarDate(Date()) }

    /// Prints the command's help when asked and reports whether it did.
    func printHelpIfAsked(_ parsed: ParsedArguments, command: String) -> Bool {
        guard parsed.has("help") else { return false }
        console.print(Help.commands[command] ?? Help.overview)
        return true
    }

    /// Prints a JSON document on stdout.
    func printJSON(_ value: JSONValue) {
        console.print(value.prettyText)
    }
}
