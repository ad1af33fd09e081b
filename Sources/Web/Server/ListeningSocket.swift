import FoundationEssentials
import Glibc

/// A TCP socket bound to an IPv4 address and listening, handed to libmicrohttpd; the port it got (a free one
/// for port 0) is read back from the kernel.
struct ListeningSocket {
    let descriptor: Int32
    let port: Int

    /// Connections the kernel queues before the server accepts them (a burst beyond waits or is refused).
    static let backlog: Int32 = 128

    init(address: String, port: Int) throws(WebError) {
        var ipv4 = in_addr()
        guard inet_pton(AF_INET, address, &ipv4) == 1 else { throw .badAddress(address) }
        guard (0...65_535).contains(port), let port16 = UInt16(exactly: port) else {
            throw .cannotListen(address: address, port: port, reason: "the port is not 0 to 65535")
        }
        let descriptor = socket(AF_INET, Int32(bitPattern: SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(address: address, port: port, reason: Self.lastError()) }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port16.bigEndian
        socketAddress.sin_addr = ipv4
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, Self.backlog) == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw .cannotListen(address: address, port: port, reason: reason)
        }
        var boundAddress = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw .cannotListen(address: address, port: port, reason: reason)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: boundAddress.sin_port))  // widening
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
