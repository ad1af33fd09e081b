import Foundation
import Interface
import Testing

/// The command line as declared: help names exactly what each parser accepts; completions work in a real
/// shell; the man page renders without warnings.
@Suite struct CommandLineTests {
    static var visible: [TableCommand] { TableCommand.visible }

    /// The `--name` words of a help text's "Usage" and "Options" sections.
    static func optionNames(inHelp help: String) -> Set<String> {
        var names: Set<String> = []
        let regex = try? NSRegularExpression(pattern: "--([a-z][a-z-]*)")
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line)
            let range = NSRange(text.startIndex..., in: text)
            for match in regex?.matches(in: text, range: range) ?? [] {
                if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
            }
        }
        return names
    }

    @Test func everyCommandsHelpNamesExactlyTheOptionsItsParserAccepts() throws {
        let sandbox = PlanSandbox()
        for command in Self.visible {
            let result = try sandbox.run(command.path + ["--help"])
            #expect(result.status == 0, "\(command.name) --help: \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: plan \(command.name)"), "\(command.name): \(result.stdout)")
            let declared = command.optionNames
            let options = result.stdout.components(separatedBy: "\nOptions:\n").dropFirst().first ?? ""
            let listed = Self.optionNames(inHelp: options.components(separatedBy: "\n\n")[0])
            if command.group {
                #expect(listed.isEmpty)
            } else {
                #expect(listed == declared.union(["help"]), "\(command.name) lists \(listed.sorted()), declares \(declared.sorted())")
            }
            // Every --option the help mentions anywhere is one this command accepts.
            let mentioned = Self.optionNames(inHelp: result.stdout)
            let under = TableCommand.all.filter { Array($0.path.dropLast()) == command.path }
            let usable = command.group ? Set(under.flatMap(\.optionNames)) : declared
            #expect(mentioned.isSubset(of: usable.union(["help"])), "\(command.name) mentions \(mentioned.subtracting(usable))")
            // The parser accepts every declared option (a wrong value may be refused, never the name).
            for parameter in command.options {
                let words = command.path + ["--\(parameter.name)"] + (parameter.takesValue ? ["x"] : []) + ["--help"]
                let accepted = try sandbox.run(words)
                #expect(accepted.status == 0, "\(words): \(accepted.stderr)")
            }
            // Search text may start with dashes ("-rain"): there an unknown option is a word to look for.
            if command.takesUnknownOptionsAsWords { continue }
            let unknown = try sandbox.run(command.path + ["--no-such-option"])
            #expect(unknown.status == 64, "\(command.name) --no-such-option")
            #expect(unknown.stderr.contains("Run 'plan \(command.name) --help' for usage."), "\(unknown.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "help must not create a database")
    }

    @Test func theOverviewListsEveryVisibleCommand() throws {
        let overview = try PlanSandbox().run(["--help"]).stdout
        #expect(!TableCommand.visibleTopLevel.isEmpty)
        for command in TableCommand.visibleTopLevel {
            #expect(overview.contains("  \(command.name)"), "\(command.name) missing from --help")
        }
        #expect(!overview.contains("__complete"))
    }

    // MARK: - Completions

    /// Runs `script` with the shell at `shell`, plan on the PATH and the sandbox's database.
    func run(_ shell: String, _ arguments: [String], _ sandbox: PlanSandbox) throws -> (stdout: String, stderr: String) {
        let folder = URL(fileURLWithPath: sandbox.folder.path).appending(path: "bin")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appending(path: "plan")
        if !FileManager.default.fileExists(atPath: link.path) {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: PlanSandbox.binary)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        var environment = sandbox.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let result = try PlanSandbox.runToEnd(process)
        return (result.stdout, result.stderr)
    }

    /// Runs `script` in bash with plan on the PATH and the sandbox's database.
    func bash(_ sandbox: PlanSandbox, _ script: String) throws -> String {
        try run("/bin/bash", ["--norc", "--noprofile", "-c", script], sandbox).stdout
    }

    /// The words bash's completion offers for the command line `line` (the cursor at its end).
    func complete(_ sandbox: PlanSandbox, _ line: String) throws -> [String] {
        let script = """
            source <(plan completions bash) || exit 1
            COMP_LINE='\(line)'
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _plan
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try bash(sandbox, script).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func bashCompletesCommandsOptionsValuesAndTripIDs() throws {
        let sandbox = PlanSandbox()
        #expect(try bash(sandbox, "source <(plan completions bash); complete -p plan").contains("complete -F _plan plan"))
        #expect(try complete(sandbox, "plan hi") == ["history"])
        #expect(Set(try complete(sandbox, "plan ")).isSuperset(of: ["add", "pack", "show", "completions", "help"]))
        #expect(!(try complete(sandbox, "plan ")).contains("__complete"))
        #expect(try complete(sandbox, "plan pack 1 --rec") == ["--recovery"])
        #expect(try complete(sandbox, "plan pack 1 --recovery ") == ["condense", "summarize", "fresh"])
        #expect(try complete(sandbox, "plan replay --recovery s") == ["summarize"])
        #expect(try complete(sandbox, "plan history --tool ") == ["geocode", "forecast"])
        #expect(try complete(sandbox, "plan history s") == ["show", "search"])
        #expect(try complete(sandbox, "plan history search --n") == ["--newest"])
        #expect(try complete(sandbox, "plan completions ") == ["bash", "zsh", "fish"])
        #expect(try complete(sandbox, "plan show ").isEmpty, "no database yet: no ids, no error")

        for destination in ["Denver, CO", "Paris, France"] {
            let added = try sandbox.run(["add", destination, "--from", "2026-12-03", "--to", "2026-12-05"])
            #expect(added.status == 0, "\(added.stderr)")
        }
        #expect(try complete(sandbox, "plan show ") == ["2", "1"])
        #expect(try complete(sandbox, "plan rm 2") == ["2"])
        #expect(try complete(sandbox, "plan history --trip ") == ["2", "1"])
        #expect(try complete(sandbox, "plan show 1 --") == ["--fresh", "--offline", "--json", "--markdown", "--csv", "--help"])
        let query = try sandbox.run(["__complete", "trips"])
        #expect(query.stdout == "2\tParis, France (2026-12-03)\n1\tDenver, CO (2026-12-03)\n")
    }

    static let zshPath = "/usr/bin/zsh"

    /// Stands in for zsh's completion builtins outside a completion widget: `compadd` and `_describe` print the
    /// candidates that match `$PREFIX` (as the real ones filter), one a line; `_describe` prints "id:description".
    static let zshHarness = """
        autoload -Uz compinit && compinit -u -D || exit 1
        compadd() {
            while (( $# )) && [[ $1 != -- ]]; do shift; done; shift
            local word; for word in "$@"; do [[ $word == ${PREFIX}* ]] && print -r -- $word; done; return 0
        }
        _describe() {
            local item; for item in "${(@P)4}"; do [[ ${item%%:*} == ${PREFIX}* ]] && print -r -- $item; done; return 0
        }
        _files() { print -r -- '<files>' }
        plan_complete() { words=("$@"); CURRENT=$#words; PREFIX=$words[CURRENT]; $_comps[plan] }
        """

    /// The words zsh's completion for plan offers for the command line `line` (the cursor at its end), with the
    /// script sourced after compinit, or (`fpath`) installed as `_plan` in a folder on `$fpath` and autoloaded.
    func zshComplete(_ sandbox: PlanSandbox, _ line: String, fpath: Bool = false) throws -> [String] {
        var words = line.split(separator: " ").map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let call = "plan_complete " + words.map { "'\($0)'" }.joined(separator: " ")
        let script: String
        if fpath {
            let folder = sandbox.folder.appending(path: "zsh-functions")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try sandbox.run(["completions", "zsh"]).stdout.write(
                to: folder.appending(path: "_plan"), atomically: true, encoding: .utf8)
            script = "fpath=('\(folder.path)' $fpath)\n\(Self.zshHarness)\n[[ $_comps[plan] == _plan ]] || exit 3\n\(call)"
        } else {
            script = "\(Self.zshHarness)\nsource <(plan completions zsh) || exit 2\n[[ $_comps[plan] == _plan ]] || exit 3\n\(call)"
        }
        let result = try run(Self.zshPath, ["-f", "-c", script], sandbox)
        #expect(result.stderr.isEmpty, "zsh: \(line): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: zshPath),
                   "zsh is not installed (scripts/install-deps.sh installs it)"))
    func zshCompletesCommandsOptionsValuesAndTripIDs() throws {
        let sandbox = PlanSandbox()
        let commands = TableCommand.visibleTopLevel.map(\.name)
        #expect(try zshComplete(sandbox, "plan ") == commands)
        #expect(!(try zshComplete(sandbox, "plan ")).contains("__complete"))
        #expect(try zshComplete(sandbox, "plan hi") == ["history"])
        #expect(try zshComplete(sandbox, "plan pack 1 --rec") == ["--recovery"])
        #expect(try zshComplete(sandbox, "plan pack 1 --recovery ") == ["condense", "summarize", "fresh"])
        #expect(try zshComplete(sandbox, "plan replay --recovery s") == ["summarize"])
        #expect(try zshComplete(sandbox, "plan history --tool ") == ["geocode", "forecast"])
        #expect(try zshComplete(sandbox, "plan history s") == ["show", "search"])
        #expect(try zshComplete(sandbox, "plan history search --n") == ["--newest"])
        #expect(try zshComplete(sandbox, "plan completions ") == ["bash", "zsh", "fish"])
        #expect(try zshComplete(sandbox, "plan show ").isEmpty, "no database yet: no ids, no error")
        // Installed on $fpath, the first completion autoloads the file and must already complete.
        #expect(try zshComplete(sandbox, "plan pack 1 --rec", fpath: true) == ["--recovery"])

        for destination in ["Denver, CO", "Paris, France"] {
            let added = try sandbox.run(["add", destination, "--from", "2026-12-03", "--to", "2026-12-05"])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let trips = ["2:Paris, France (2026-12-03)", "1:Denver, CO (2026-12-03)"]
        #expect(try zshComplete(sandbox, "plan show ") == trips)
        #expect(try zshComplete(sandbox, "plan show ", fpath: true) == trips)
        #expect(try zshComplete(sandbox, "plan rm 2") == [trips[0]])
        #expect(try zshComplete(sandbox, "plan history --trip ") == trips)
        #expect(try zshComplete(sandbox, "plan show 1 --") == ["--fresh", "--offline", "--json", "--markdown", "--csv", "--help"])
    }

    @Test func zshAndFishScriptsAreGeneratedFromTheSameDeclarations() throws {
        let sandbox = PlanSandbox()
        let zsh = try sandbox.run(["completions", "zsh"])
        #expect(zsh.status == 0)
        #expect(zsh.stdout.hasPrefix("#compdef plan"))
        #expect(zsh.stdout.contains("\"pack:--recovery\") compadd -- condense summarize fresh"))
        let fish = try sandbox.run(["completions", "fish"])
        #expect(fish.stdout.contains("-l recovery"))
        #expect(fish.stdout.contains("(plan __complete trips)"))
        for shell in ["zsh", "fish"] where FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") {
            let path = sandbox.folder.appending(path: "plan.\(shell)").path
            try (shell == "zsh" ? zsh.stdout : fish.stdout).write(toFile: path, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/\(shell)")
            process.arguments = ["-n", path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(shell) -n")
        }
        let bad = try sandbox.run(["completions", "tcsh"])
        #expect(bad.status == 64)
    }

    // MARK: - Man page

    @Test func theManPageRendersWithoutWarnings() throws {
        let sandbox = PlanSandbox()
        let page = try sandbox.run(["help", "--man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH PLAN 1"))
        for command in Self.visible { #expect(page.stdout.contains(".SS \"\(command.name)\""), "\(command.name)") }
        for variable in PlanReference.environment.flatMap(\.names) {
            #expect(page.stdout.contains(variable.replacingOccurrences(of: "-", with: "\\-")), "\(variable)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        let path = sandbox.folder.appending(path: "plan.1").path
        try page.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "MANWIDTH=80 man -l '\(path)' 2>&1 >/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANROFFSEQ": ""]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let warnings = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(warnings.isEmpty, "man -l: \(warnings)")
    }

    /// The README's configuration table and the declared one name the same variables.
    @Test func theReadmeTablesMatchTheDeclaredOnes() throws {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appending(path: "README.md").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        let readme = try String(contentsOf: folder.appending(path: "README.md"), encoding: .utf8)
        for variable in PlanReference.environment.flatMap(\.names) {
            #expect(readme.contains("`\(variable)`"), "\(variable) is not in the README's table")
        }
        for status in PlanReference.exitCodes {
            #expect(readme.contains("| \(status.code) |"), "exit \(status.code) is not in the README's table")
        }
    }
}
