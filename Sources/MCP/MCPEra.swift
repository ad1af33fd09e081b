/// Which of the protocol's two eras a connection speaks, decided by the client's first request, once: the
/// handshake (`initialize`, then a session at the agreed revision) or the modern era (2026-07-28: no handshake,
/// every request carries its revision and the client's capabilities in `_meta`).
enum MCPEra: Equatable {
    /// The handshake era at this revision.
    case handshake(version: String)
    /// The stateless 2026-07-28 era.
    case modern

    /// The revision requests are answered at.
    var version: String {
        switch self {
        case let .handshake(version): return version
        case .modern: return MCPVersion.modern
        }
    }
}
