import FoundationEssentials
import Basics
import Model
import Planner
import Store
import Tools

/// The traveller for this run: `PLAN_HOME_COUNTRY` and `PLAN_UNITS` over what `plan config set` stored,
/// over the defaults (home from the locale's region, else US; units from home; laundry every 7 days).
public struct TravellerSettings: Sendable {
    /// Where each value came from: `environment`, `config`, `locale` or `default`.
    public enum Source: String, Sendable {
        case environment, config, locale, `default`
    }

    public var traveller: Traveller
    public var homeSource: Source
    public var unitsSource: Source
    public var laundrySource: Source

    /// The settings `plan config set` takes.
    public static let keys = ["home", "units", "laundry", "adults", "children"]
    /// Who travels on a new trip unless `--adults`/`--children` say (one adult unless set).
    public var party: TripParty
    public var partySource: Source

    public init(environment: [String: String], stored: [String: String]) throws {
        let home: String
        if let value = environment["PLAN_HOME_COUNTRY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            home = try Self.country(value, name: "PLAN_HOME_COUNTRY")
            homeSource = .environment
        } else if let value = stored["home"], Traveller.isKnownCountry(value) {
            home = value
            homeSource = .config
        } else if let region = Self.localeRegion(environment) {
            home = region
            homeSource = .locale
        } else {
            home = "US"
            homeSource = .default
        }
        var units: MeasurementUnits?
        if let value = environment["PLAN_UNITS"].flatMap({ $0.isEmpty ? nil : $0 }) {
            units = try Self.units(value, name: "PLAN_UNITS")
            unitsSource = .environment
        } else if let value = stored["units"], let parsed = MeasurementUnits(rawValue: value) {
            units = parsed
            unitsSource = .config
        } else {
            unitsSource = .default
        }
        var laundry = Traveller.defaultLaundryDays
        if let value = stored["laundry"].flatMap(Int.init), Traveller.laundryRange.contains(value) {
            laundry = value
            laundrySource = .config
        } else {
            laundrySource = .default
        }
        traveller = Traveller(home: home, units: units, laundryDays: laundry)
        let adults = stored["adults"].flatMap(Int.init).flatMap { TripParty.adultRange.contains($0) ? $0 : nil }
        let children = stored["children"].flatMap(Self.children)
        party = TripParty(adults: adults ?? 1, children: children ?? [])
        partySource = adults != nil || children != nil ? .config : .default
    }

    /// Children's ages as stored ("[8,5,1]"; "[]" for none); nil when the stored text is not that.
    static func children(_ stored: String) -> [Int]? {
        let inner = stored.trimming(ScalarSet("[] "))
        if inner.isEmpty { return [] }
        var ages: [Int] = []
        for word in inner.split(separator: ",", omittingEmptySubsequences: false) {
            let text = word.trimming(.whitespaces)
            guard text.count <= 3, let age = Int(text), TripParty.childAgeRange.contains(age) else { return nil }  // parses text
            ages.append(age)
        }
        return ages.count <= TripParty.maximumChildren ? ages : nil
    }

    public static func adults(_ text: String, name: String) throws -> Int {
        guard let adults = Int(text.trimming(.whitespaces)), TripParty.adultRange.contains(adults) else {  // parses text
            throw ConfigurationProblem(message: "\(name) must be a whole number from 1 to 20.",
                           hint: "For example 'plan config set adults 2'.")
        }
        return adults
    }

    /// The region of the first locale variable set (`LC_ALL`, `LC_MESSAGES`, `LANG`), when it names a country.
    public static func localeRegion(_ environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return Traveller.region(fromLocale: value) }
        }
        return nil
    }

    /// A validated ISO 3166 alpha-2 code plan has socket data for.
    public static func country(_ text: String, name: String) throws -> String {
        let code = text.trimming(.whitespaces).uppercased()
        guard code.count == 2, Traveller.isKnownCountry(code) else {
            throw ConfigurationProblem(
                message: "\(name) '\(ConfigurationProblem.printable(text))' is not a country code plan knows.",
                hint: "Use an ISO 3166 two-letter code such as US, GB, DE or AU."
            )
        }
        return code
    }

    public static func units(_ text: String, name: String) throws -> MeasurementUnits {
        guard let units = MeasurementUnits(rawValue: text.trimming(.whitespaces).lowercased()) else {
            throw ConfigurationProblem(message: "\(name) '\(ConfigurationProblem.printable(text))' is not metric or us.",
                           hint: "Use metric (°C, km/h) or us (°F, mph).")
        }
        return units
    }

    public static func laundry(_ text: String, name: String) throws -> Int {
        guard let days = Int(text.trimming(.whitespaces)), Traveller.laundryRange.contains(days) else {  // parses text
            throw ConfigurationProblem(message: "\(name) must be a whole number of days from 1 to 60.",
                           hint: "For example 'plan config set laundry 4' for a wash every 4 days.")
        }
        return days
    }
}
