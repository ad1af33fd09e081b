import FoundationEssentials

/// What a traveller from `home` needs to charge things at `destination`: whether their plugs fit the
/// sockets (else an adapter for the destination's types), and whether the mains voltage differs.
public struct PowerAdvice: Sendable, Equatable {
    public let home: PlugTable.Country
    public let destination: PlugTable.Country

    /// Nil when either country is not in the table, or either has no public mains (Antarctica).
    public init?(home: String, destination: String) {
        guard let home = PlugTable.country(home), let destination = PlugTable.country(destination),
              PlugTable.hasPublicMains(home), PlugTable.hasPublicMains(destination) else { return nil }
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
        Self.voltageNotice([self])
    }

    /// One notice for the countries of a trip whose mains differ from home's, those of one voltage named
    /// together ("Mains in the United Kingdom and France are 230 V, …"); nil when none differ.
    public static func voltageNotice(_ advice: [PowerAdvice]) -> String? {
        let differing = advice.filter(\.voltageDiffers)
        guard let first = differing.first else { return nil }
        var groups: [(volts: String, names: [String])] = []
        for item in differing {
            let volts = PlugTable.voltPhrase(item.destination.volts)
            let name = Self.the(item.destination.name)
            if let index = groups.firstIndex(where: { $0.volts == volts }) {
                if !groups[index].names.contains(name) { groups[index].names.append(name) }
            } else {
                groups.append((volts, [name]))
            }
        }
        // "the United Kingdom and France are 230 V, in Japan 100 V".
        let mains = groups.enumerated().map { index, group in
            let names = group.names.count <= 1 ? (group.names.first ?? "")
                : group.names.dropLast().joined(separator: ", ") + " and " + (group.names.last ?? "")
            return index == 0 ? "\(names) are \(group.volts)" : "in \(names) \(group.volts)"
        }.joined(separator: ", ")
        let home = PlugTable.voltPhrase(first.home.volts)
        return "Mains in \(mains), at home \(home): chargers marked 100–240 V are fine; hair dryers, curling irons and straighteners made for \(home) need a converter or a dual-voltage model."
    }

    /// "The United States'", "Singapore's".
    static func possessive(_ name: String) -> String { name.hasSuffix("s") ? name + "'" : name + "'s" }

    /// "the United States" → "The United States" (at the start of a sentence).
    static func capitalized(_ name: String) -> String { name.hasPrefix("the ") ? "T" + name.dropFirst() : name }

    /// "the United States", "the United Kingdom", "France".
    static func the(_ name: String) -> String {
        theNames.contains { name.hasPrefix($0) } ? "the \(name)" : name
    }

    /// Names said with "the" before them (the starts of names, as the plug table spells them).
    static let theNames = [
        "United", "Netherlands", "Philippines", "Bahamas", "Czechia", "Dominican", "Cayman", "Maldives", "U.S.",
        "Democratic Republic", "Republic of", "Central African", "Comoros", "Gambia", "Marshall", "Solomon",
        "Falkland", "Faroe", "Cook Islands", "Turks", "Cocos", "British", "Northern Mariana", "Åland",
        "French Southern", "Caribbean", "Isle of Man", "Heard Island", "South Georgia", "Pitcairn",
    ]
}
