import Foundation
#if canImport(FoundationNetworking)
// plan links Foundation statically (Package.swift). Importing FoundationNetworking here names its static
// dependencies for the linker; libcurl itself is loaded on the first request (Sources/CCurlLoader).
import FoundationNetworking
#endif

// The executable stays thin: CLI parses, calls the libraries, prints and picks the exit code.
let status = await CLI(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.current()
).run()
exit(status)
