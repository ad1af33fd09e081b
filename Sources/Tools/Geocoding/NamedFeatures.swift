import FoundationEssentials
import Model
import Store

/// The famous places travellers name that are not towns (Torres del Paine, the Okavango Delta, Uluru, Petra…),
/// found offline and chosen over a small namesake: "Petra" is the site in Jordan, with the village in Greece
/// said as what else it could be. The table is `Data/named-features.tsv` (its header names the sources and
/// the date), compiled into `NamedFeatures+Data.swift`.
public enum NamedFeatures {
    /// One feature: its name, other names, country, representative point, time zone and kind.
    struct Entry: Sendable {
        let name: String
        let aliases: [String]
        let country: String
        let latitude: Double
        let longitude: Double
        let timeZone: String
        let kind: PlaceKind

        init(_ name: String, _ aliases: [String], _ country: String, _ latitude: Double, _ longitude: Double,
             _ timeZone: String, _ kind: PlaceKind) {
            self.name = name
            self.aliases = aliases
            self.country = country
            self.latitude = latitude
            self.longitude = longitude
            self.timeZone = timeZone
            self.kind = kind
        }

        /// The place as a trip holds it ("Petra, JO", a landmark).
        var place: Place {
            Place(name: name, region: "", country: country, latitude: latitude, longitude: longitude, timeZone: timeZone,
                  source: "gazetteer", sourceID: "feature:" + PlaceName.key(name), kind: kind)
        }
    }

    /// Each lookup key ("torres del paine", "ayers rock") to its feature, built once.
    static let byKey: [String: Entry] = {
        var table: [String: Entry] = [:]
        for entry in entries {
            for name in [entry.name] + entry.aliases {
                let key = PlaceName.key(name)
                if !key.isEmpty, table[key] == nil { table[key] = entry }
            }
        }
        return table
    }()

    /// The feature a lookup key names, if any.
    static func named(_ key: String) -> Entry? { byKey[key] }

    /// How many features the table holds.
    public static var count: Int { entries.count }
}
