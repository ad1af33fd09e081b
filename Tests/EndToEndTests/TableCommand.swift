import Foundation

/// One row of plan's command table as the binary itself describes it (`plan __complete commands`): what the
/// row routes by beside what its declaration says. The tests take the commands from here, so none is
/// listed by hand and a new command is checked as soon as it has a row.
struct TableCommand: Decodable {
    struct Option: Decodable {
        let name: String
        let takesValue: Bool
        let help: String
    }

    let path: [String]
    let rowWords: [String]
    let declaredPath: [String]
    let declaredAliases: [String]
    let hidden: Bool
    let group: Bool
    let takesUnknownOptionsAsWords: Bool
    let subcommands: [String]
    let options: [Option]
    let rules: [String]

    /// "history search".
    var name: String { path.joined(separator: " ") }
    var optionNames: Set<String> { Set(options.map(\.name)) }

    /// Every row, depth first, in the overview's order.
    static let all: [TableCommand] = {
        guard let result = try? PlanSandbox().run(["__complete", "commands"]), result.status == 0,
              let rows = try? JSONDecoder().decode([TableCommand].self, from: Data(result.stdout.utf8))
        else { return [] }
        return rows
    }()

    /// The rows help, completions and the man page show: not hidden, nor under a hidden one.
    static var visible: [TableCommand] {
        let hidden = Set(all.filter(\.hidden).map(\.name))
        return all.filter { row in !row.hidden && !hidden.contains { row.name.hasPrefix($0 + " ") } }
    }

    /// The visible commands directly under `plan`.
    static var visibleTopLevel: [TableCommand] { visible.filter { $0.path.count == 1 } }
}
