import FoundationEssentials

/// What can stop `plan serve`'s server, with what the person can do about it.
public enum WebError: Error, Equatable, Sendable {
    /// libmicrohttpd could not be loaded (dlopen's reason).
    case serverUnavailable(String)
    /// The address is not an IPv4 address of this machine's form ("192.168.1.20", "127.0.0.1").
    case badAddress(String)
    /// The socket could not be bound (in use, not this machine's address): errno's text.
    case cannotListen(address: String, port: Int, reason: String)
    /// libmicrohttpd refused to start on the bound socket.
    case cannotStart
}

extension WebError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .serverUnavailable(let reason): return "the web server library cannot be loaded: \(reason)."
        case .badAddress(let text): return "'\(text)' is not an IPv4 address such as 192.168.1.20 or 127.0.0.1."
        case .cannotListen(let address, let port, let reason): return "cannot listen on \(address):\(port): \(reason)."
        case .cannotStart: return "the web server did not start."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .serverUnavailable: return "Install it: apt-get install libmicrohttpd12 (scripts/install-deps.sh)."
        case .badAddress: return "Give --bind one of this machine's IPv4 addresses, or 127.0.0.1 for this machine only."
        case .cannotListen: return "Pick another port (--port 0 takes a free one) or another address (--bind)."
        case .cannotStart: return "Try again; --port 0 takes a free port."
        }
    }
}
