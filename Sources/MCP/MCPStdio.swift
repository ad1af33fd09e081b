import Glibc

/// `plan mcp` on stdio: messages from stdin, answers to stdout (`MCPStdioTransport`), until the client closes stdin.
public enum MCPStdio {
    /// The longest line read: 1 MiB.
    public static let maximumLineBytes = 1 << 20

    /// Serves `catalog` on stdin and stdout until the end of input, then waits for running requests.
    public static func serve(catalog: any MCPCatalog, version: String, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) async {
        // A host that goes away closes the pipe: the write then fails (EPIPE) and output stops, rather than
        // SIGPIPE ending plan before the session is recorded as finished.
        signal(SIGPIPE, SIG_IGN)
        await MCPServer.serve(catalog: catalog, version: version, over: MCPStdioTransport(input: input, output: output, limit: maximumLineBytes))
    }
}
