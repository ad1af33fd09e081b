import Foundation
import Interface
import Testing

/// A table of command types: its words come from each type's path and aliases, subcommands from their parent
/// type, and `--version` is a row like any other (hidden).
@Suite struct CommandResolutionTests {
    let table = CommandTable([ListCommand.self, LegCommand.self, CompletionQueryCommand.self, VersionCommand.self])

    @Test func wordsAndAliasesResolveToTheirRowAndLeaveTheRest() throws {
        let listed = try #require(table.resolve(["ls", "--json"]))
        #expect(listed.row.words == ["list", "ls"] && listed.rest == ["--json"])
        let added = try #require(table.resolve(["leg", "add", "3", "Moab"]))
        #expect(added.row.words == ["add"] && added.rest == ["3", "Moab"])
        #expect(added.row.route().info.path == ["leg", "add"])
        let group = try #require(table.resolve(["leg", "bogus"]))
        #expect(group.row.words == ["leg"] && group.rest == ["bogus"], "an unknown subcommand is left to the group's parser")
        #expect(table.resolve(["nosuch"]) == nil)
        #expect(table.resolve([]) == nil)
    }

    @Test func versionIsAHiddenRowUnderBothSpellings() throws {
        for word in ["--version", "version"] {
            let found = try #require(table.resolve([word, "--json"]))
            #expect(found.row.words == ["version", "--version"] && found.rest == ["--json"])
            #expect(found.row.route().info.isHidden)
        }
        #expect(table.knownWords == ["list", "ls", "leg", "version"], "no __complete, no --version")
    }

    @Test func eachTypesDeclarationUsesItsOwnWords() {
        let tool = table.tool
        #expect(tool.subcommands.map(\.name) == ["list", "leg", "__complete", "version"])
        #expect(tool.subcommands.map(\.aliases) == [ListCommand.aliases, [], [], VersionCommand.aliases])
        #expect(tool.subcommand("leg")?.subcommands.map(\.name) == ["leg add", "leg rm"])
        #expect(LegAddCommand.declaration.info.path == LegAddCommand.path)
    }
}
