import Foundation

/// What a traveller from `home` needs to charge things at `destination`: whether their plugs fit the
/// sockets (else an adapter for the destination's types), and whether the mains voltage differs.
public struct PowerAdvice: Sendable, Equatable {
    public let home: PlugTable.Country
    public let destination: PlugTable.Country

    /// Nil when either country is not in the table.
    public init?(home: String, destination: String) {
        guard let home = PlugTable.country(home), let destination = PlugTable.country(destination) else { return nil }
        self.home = home
        self.destination = destination
    }

    /// Every plug from home fits a socket there.
    public var plugsFit: Bool { PlugTable.plugsFit(home: home, destination: destination) }

    /// Whether the mains are of another kind (120 V against 230 V).
    public var voltageDiffers: Bool { PlugTable.voltageDiffers(home: home, destination: destination) }

    /// "type G" or "types C and F".
    public var socketPhrase: String { PlugTable.socketPhrase(destination.sockets) }

    /// Home's plug types that fit a socket there, in home's order.
    public var fittingPlugs: [String] { home.sockets.filter { PlugTable.fits(plug: $0, destination: destination) } }

    /// Home's plug types that need an adapter there, in home's order.
    public var unfittingPlugs: [String] { home.sockets.filter { !PlugTable.fits(plug: $0, destination: destination) } }

    /// Why the adapter, true to which plugs fit: "Singapore's sockets are type G; plugs from the United States
    /// (A, B) do not fit", or, when some do, "Bolivia's sockets are types A and C: your plugs of type A fit;
    /// type B needs an adapter". Within a packing answer's 100 characters for every pair of the table.
    public var adapterReason: String {
        let sockets = "\(Self.possessive(Self.capitalized(Self.the(destination.name)))) sockets are \(socketPhrase)"
        let plugs = reasonAboutPlugs
        let full = fittingPlugs.isEmpty ? "\(sockets); \(plugs)" : "\(sockets): \(plugs)"
        // The item's name already names the sockets: a long country and many types keep only the plugs' part.
        return full.count <= Self.longestReason ? full : plugs.prefix(1).uppercased() + plugs.dropFirst()
    }

    /// Which of home's plugs fit and which need the adapter: "your plugs of type A fit; type B needs an
    /// adapter", or "plugs from the United States (A, B) do not fit".
    var reasonAboutPlugs: String {
        let fitting = fittingPlugs, unfitting = unfittingPlugs
        guard !fitting.isEmpty else { return "plugs from \(Self.the(home.name)) (\(home.sockets.joined(separator: ", "))) do not fit" }
        let verb = unfitting.count == 1 ? "needs" : "need"
        return "your plugs of \(PlugTable.socketPhrase(fitting)) fit; \(PlugTable.socketPhrase(unfitting)) \(verb) an adapter"
    }

    /// A packing answer's reasons are at most 100 characters (`PackingAnswer`'s guide).
    static let longestReason = 100

    /// The voltage note, when the mains differ.
    public var voltageNotice: String? {
        guard voltageDiffers else { return nil }
        return "Mains in \(Self.the(destination.name)) are \(PlugTable.voltPhrase(destination.volts)), at home \(PlugTable.voltPhrase(home.volts)): chargers marked 100–240 V are fine; hair dryers, curling irons and straighteners made for \(PlugTable.voltPhrase(home.volts)) need a converter or a dual-voltage model."
    }

    /// "The United States'", "Singapore's".
    static func possessive(_ name: String) -> String { name.hasSuffix("s") ? name + "'" : name + "'s" }

    /// "the United States" → "The United States" (at the start of a sentence).
    static func capitalized(_ name: String) -> String { name.hasPrefix("the ") ? "T" + name.dropFirst() : name }

    /// "the United States", "the United Kingdom", "France".
    static func the(_ name: String) -> String {
        ["United", "Netherlands", "Philippines", "Bahamas", "Czechia", "Dominican", "Cayman", "Maldives", "U.S."]
            .contains { name.hasPrefix($0) } ? "the \(name)" : name
    }
}
