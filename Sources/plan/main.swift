import FoundationEssentials
import Glibc

// The executable stays thin: CLI parses, calls the libraries, prints and picks the exit code.
// The words after the program's name. Not Array(CommandLine.arguments.dropFirst()): a debug build runs that
// generic copy unspecialised, resolving the slice's associated types at 0.25M instructions (Tests/Startup).
var arguments = CommandLine.arguments
if !arguments.isEmpty { arguments.removeFirst() }
let status = await CLI(
    arguments: arguments,
    environment: ProcessEnvironment.current()
).run()
exit(status)
