import Foundation
import Planner
import Store
import Tools

/// The traveller for this run: `PLAN_HOME_COUNTRY` and `PLAN_UNITS` over what `plan config set` stored,
/// over the defaults (home from the locale's region, else US; units from home; laundry every 7 days).
struct TravellerSettings {
    /// Where each value came from: `environment`, `config`, `locale` or `default`.
    enum Source: String {
        case environment, config, locale, `default`
    }

    var traveller: Traveller
    var homeSource: Source
    var unitsSource: Source
    var laundrySource: Source

    /// The settings `plan config set` takes.
    static let keys = ["home", "units", "laundry", "adults", "children"]
    /// Who travels on a new trip unless `--adults`/`--children` say (one adult unless set).
    var party: TripParty
    var partySource: Source

    init(environment: [String: String], stored: [String: String]) throws {
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
        let children = stored["children"].flatMap { try? Self.children($0) }
        party = TripParty(adults: adults ?? 1, children: children ?? [])
        partySource = adults != nil || children != nil ? .config : .default
    }

    /// Children's ages as stored ("[8,5,1]").
    static func children(_ stored: String) throws -> [Int] {
        let inner = stored.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        return try ArgumentText.ages(inner)
    }

    static func adults(_ text: String, name: String) throws -> Int {
        guard let adults = Int(text.trimmingCharacters(in: .whitespaces)), TripParty.adultRange.contains(adults) else {  // parses text
            throw CLIError(code: ExitCode.usage, message: "\(name) must be a whole number from 1 to 20.",
                           hint: "For example 'plan config set adults 2'.")
        }
        return adults
    }

    /// Ages for `plan config set children`, stored as a JSON array ("[8,5,1]"; "[]" for none).
    static func childrenSetting(_ text: String, name: String) throws -> String {
        do {
            return "[" + (try ArgumentText.ages(text)).map(String.init).joined(separator: ",") + "]"
        } catch let error as ArgumentText.AgesError {
            throw CLIError(code: ExitCode.usage, message: "\(name) \(error.message)",
                           hint: "For example 'plan config set children 8,5,1', or 'plan config set children none'.")
        }
    }

    /// The region of the first locale variable set (`LC_ALL`, `LC_MESSAGES`, `LANG`), when it names a country.
    static func localeRegion(_ environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return Traveller.region(fromLocale: value) }
        }
        return nil
    }

    /// A validated ISO 3166 alpha-2 code plan has socket data for.
    static func country(_ text: String, name: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 2, Traveller.isKnownCountry(code) else {
            throw CLIError(
                code: ExitCode.usage, message: "\(name) '\(ArgumentText.printable(text))' is not a country code plan knows.",
                hint: "Use an ISO 3166 two-letter code such as US, GB, DE or AU."
            )
        }
        return code
    }

    static func units(_ text: String, name: String) throws -> MeasurementUnits {
        guard let units = MeasurementUnits(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw CLIError(code: ExitCode.usage, message: "\(name) '\(ArgumentText.printable(text))' is not metric or us.",
                           hint: "Use metric (°C, km/h) or us (°F, mph).")
        }
        return units
    }

    static func laundry(_ text: String, name: String) throws -> Int {
        guard let days = Int(text.trimmingCharacters(in: .whitespaces)), Traveller.laundryRange.contains(days) else {  // parses text
            throw CLIError(code: ExitCode.usage, message: "\(name) must be a whole number of days from 1 to 60.",
                           hint: "For example 'plan config set laundry 4' for a wash every 4 days.")
        }
        return days
    }
}

extension Context {
    /// Who travels on a new trip: `--adults` and `--children`, else what `plan config` holds, else one adult.
    public func party(_ details: TripDetails, command: String) async throws -> TripParty {
        let stored = try TravellerSettings(environment: environment, stored: try await openStore().travellerSettings()).party
        return TripParty(adults: details.adults ?? stored.adults, children: details.children ?? stored.children)
    }

    /// The traveller from the environment and the database's stored settings, with a trip's own laundry
    /// interval and a `--laundry` flag over them.
    public func traveller(store: Store, tripID: Int? = nil, laundry: Int? = nil) async throws -> Traveller {
        var traveller = try TravellerSettings(environment: environment, stored: try await store.travellerSettings()).traveller
        if let laundry {
            traveller.laundryDays = laundry
        } else if let tripID, let days = try await store.tripLaundryDays(tripID: tripID) {
            traveller.laundryDays = days
        }
        return traveller
    }
}
