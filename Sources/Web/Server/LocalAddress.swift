import FoundationEssentials
import Glibc

/// This machine's IPv4 address on the local network: the one a phone on the same Wi-Fi reaches.
public enum LocalAddress {
    /// The first private address (10/8, 172.16/12, 192.168/16) of an interface that is up and not the loopback,
    /// else any such interface's address; nil when there is none (then only this machine can be served).
    public static func lan() -> String? {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return nil }
        defer { freeifaddrs(first) }
        var candidates: [String] = []
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard flags & Int32(clamping: IFF_UP) != 0, flags & Int32(clamping: IFF_LOOPBACK) == 0,
                  let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))  // widening
            let converted = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 -> Bool in
                var raw = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN)) != nil
            }
            if converted { candidates.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return candidates.first(where: isPrivate) ?? candidates.first
    }

    /// Whether `address` is in a private IPv4 range.
    public static func isPrivate(_ address: String) -> Bool {
        let octets = address.split(separator: ".").compactMap { Int($0) }  // parses text
        guard octets.count == 4 else { return false }
        return octets[0] == 10 || (octets[0] == 172 && (16...31).contains(octets[1])) || (octets[0] == 192 && octets[1] == 168)
    }
}
