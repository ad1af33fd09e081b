import Foundation

// The executable stays thin: CLI parses, calls the libraries, prints and picks the exit code.
let status = await CLI(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.current()
).run()
exit(status)
