import FoundationEssentials
import Model
import Tools

/// Who is packing: where they live (for passports, plugs and voltage), the units they read, and how
/// often they do laundry (which caps how many of each garment they bring).
public struct Traveller: Sendable, Codable, Equatable {
    /// ISO 3166 alpha-2 code of the home country ("US", "GB").
    public var home: String
    public var units: MeasurementUnits
    /// Days between washes: no garment family has more pieces than this plus a spare.
    public var laundryDays: Int

    public init(home: String, units: MeasurementUnits? = nil, laundryDays: Int = Traveller.defaultLaundryDays) {
        let code = home.uppercased()
        self.home = code
        self.units = units ?? MeasurementUnits.forHome(code)
        self.laundryDays = min(max(laundryDays, Traveller.laundryRange.lowerBound), Traveller.laundryRange.upperBound)
    }

    /// A traveller from the US with the defaults: what plan assumed before it knew the traveller.
    public static let standard = Traveller(home: "US")

    /// A week between washes, unless the traveller says otherwise.
    public static let defaultLaundryDays = 7
    /// The laundry intervals plan accepts, in days.
    public static let laundryRange = 1...60

    /// The home country's region from a POSIX locale name ("en_GB.UTF-8" → "GB"; "C", "POSIX" → nil).
    public static func region(fromLocale locale: String) -> String? {
        let base = locale.split(separator: ".").first.map(String.init) ?? locale
        let withoutModifier = base.split(separator: "@").first.map(String.init) ?? base
        let parts = withoutModifier.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count >= 2, let last = parts.last, last.count == 2, last.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        let code = last.uppercased()
        return isKnownCountry(code) ? code : nil
    }

    /// Whether `code` is a country plan knows as a home: its sockets and voltage are in the table (not an
    /// uninhabited place with no public mains, such as Antarctica, whose visitors' passports are another's).
    public static func isKnownCountry(_ code: String) -> Bool {
        PlugTable.country(code.uppercased()).map(PlugTable.hasPublicMains) ?? false
    }
}
