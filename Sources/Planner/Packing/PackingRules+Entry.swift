import FoundationEssentials
import Model

// MARK: - Entry requirements and health at the border

extension PackingRules {
    /// What the data's lines end with: the source, its date, and the reminder to check.
    static var entrySource: String { "(Passport Index \(EntryTable.dataDate); check before you go)" }

    /// The visa, e-visa, visa on arrival or travel authorisation each country of the trip asks of the
    /// traveller's passport (Passport Index), once a country; a known authorisation (`TravelAuthorisation`:
    /// ESTA, eTA…) keeps its own line, naming its official site.
    static func entryDocuments(_ context: PackingContext) -> [PackingItem] {
        let home = context.traveller.home
        var items: [PackingItem] = []
        for country in context.abroad {
            let entry = EntryTable.entry(passport: home, destination: country)
            let item: PackingItem?
            if let authorisation = TravelAuthorisation.reminder(home: home, destination: country),
               entry.map(needsOwnVisa) != true {
                item = PackingItem(category: "Documents & money", name: authorisation.itemName, reason: authorisation.reason)
            } else {
                item = entry.flatMap { entryDocument($0, home: home, destination: country) }
            }
            if let item, !items.contains(where: { $0.name == item.name }) { items.append(item) }
        }
        return items
    }

    /// Whether the entry asks for a visa (so that no travel authorisation takes its place).
    static func needsOwnVisa(_ entry: EntryTable.Entry) -> Bool {
        if case .listed(let requirement, _) = entry { return [.visaRequired, .eVisa, .visaOnArrival, .noAdmission].contains(requirement) }
        return false
    }

    /// The document line for one country's entry, or nil when the passport needs none (visa-free, home).
    static func entryDocument(_ entry: EntryTable.Entry, home: String, destination: String) -> PackingItem? {
        let name = countryName(destination)
        let passports = passportPhrase(home)
        let (item, body, shortBody): (String, String, String)
        switch entry {
        case .listed(.visaRequired, _):
            (item, body, shortBody) = ("Visa for \(name)", "Required for \(passports); apply before you go",
                                       "Required for your passport; apply before you go")
        case .listed(.eVisa, _):
            (item, body, shortBody) = ("e-Visa for \(name)", "Apply online first: \(passports) need one", "Apply online before you go")
        case .listed(.visaOnArrival, _):
            (item, body, shortBody) = ("Visa on arrival for \(name)", "Issued at the border to \(passports)", "Issued at the border")
        case .listed(.travelAuthorisation, _):
            (item, body, shortBody) = ("Travel authorisation for \(name)", "Apply online first: \(passports) need one",
                                       "Apply online before you go")
        case .ownRules(let sovereign):
            guard !(idCardArea.contains(EntryTable.passportCountry(home)) && idCardArea.contains(sovereign)),
                  EntryTable.passportCountry(home) != sovereign else { return nil }
            (item, body, shortBody) = ("Entry rules for \(name)", "A territory of \(countryName(sovereign)) with entry rules of its own",
                                       "A territory with entry rules of its own")
            let reason = fitted(body, shortBody, suffix: "(as of \(EntryTable.territoriesChecked); check before you go)")
            return PackingItem(category: "Documents & money", name: item, reason: reason)
        case .listed, .permitOnly:
            return nil
        }
        return PackingItem(category: "Documents & money", name: item, reason: fitted(body, shortBody, suffix: entrySource))
    }

    /// `body` and `suffix` within a reason's 100 characters, else `shortBody` and `suffix`.
    static func fitted(_ body: String, _ shortBody: String, suffix: String) -> String {
        let full = "\(body) \(suffix)"
        return full.count <= maximumReason ? full : "\(shortBody) \(suffix)"
    }

    /// "British passports", "US passports", "Kenya passports", "passports of the Gambia".
    static func passportPhrase(_ home: String) -> String {
        let code = EntryTable.passportCountry(home)
        if let adjective = passportAdjectives[code] { return "\(adjective) passports" }
        let name = countryName(code)
        return name.hasPrefix("the ") ? "passports of \(name)" : "\(name) passports"
    }

    /// How a passport's country is said before "passports", for the most common homes.
    static let passportAdjectives: [String: String] = [
        "GB": "British", "US": "US", "CA": "Canadian", "AU": "Australian", "NZ": "New Zealand", "IE": "Irish",
        "FR": "French", "DE": "German", "ES": "Spanish", "IT": "Italian", "NL": "Dutch", "BE": "Belgian",
        "CH": "Swiss", "AT": "Austrian", "SE": "Swedish", "NO": "Norwegian", "DK": "Danish", "FI": "Finnish",
        "PT": "Portuguese", "PL": "Polish", "JP": "Japanese", "KR": "South Korean", "CN": "Chinese",
        "IN": "Indian", "BR": "Brazilian", "MX": "Mexican", "ZA": "South African", "SG": "Singaporean",
    ]

    // MARK: - Health

    /// A yellow fever certificate where WHO lists a risk and the trip goes to its areas (`YellowFeverAreas`),
    /// antimalarials (from a travel clinic) where CDC
    /// lists malaria at the trip's places (`MalariaAreas`: Kruger, not Cape Town): one line each for the
    /// trip, naming its countries or areas.
    @Sendable static func health(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        let fever = healthLines[0]
        let feverNames = feverCountries(context).map(countryName)
        if !feverNames.isEmpty {
            let reason = fitted("\(fever.lead) \(listed(feverNames))\(fever.tail)", fever.short, suffix: fever.source)
            items.append(PackingItem(category: "Health", name: fever.name, reason: reason))
        }
        let malaria = healthLines[1]
        let places = malariaPlaces(context)
        if !places.isEmpty {
            let reason = fitted("Malaria \(listed(places))", malaria.short, suffix: malaria.source)
            items.append(PackingItem(category: "Health", name: malaria.name, reason: reason))
        }
        return items
    }

    /// The trip's countries where a stop is in yellow fever's areas (`YellowFeverAreas`: the Peruvian Amazon,
    /// not Lima or Cusco), or whose stops' places are not known.
    static func feverCountries(_ context: PackingContext) -> [String] {
        context.abroad.filter { country in
            stopsOrCountry(country, in: context).contains { YellowFeverAreas.hasRisk(country: country, latitude: $0.latitude, longitude: $0.longitude) }
        }
    }

    /// The coordinates of the trip's stops in `country` (a trip of one place: its place), or one unknown
    /// position when none of its stops is there (the country is on the trip by its travellers' route).
    static func stopsOrCountry(_ country: String, in context: PackingContext) -> [(latitude: Double?, longitude: Double?)] {
        let stops: [(country: String, latitude: Double?, longitude: Double?)] = context.legs.isEmpty
            ? [(context.country ?? "", context.latitude, context.longitude)]
            : context.legs.map { ($0.country ?? "", $0.latitude, $0.longitude) }
        let own = stops.filter { $0.country.uppercased() == country }.map { (latitude: $0.latitude, longitude: $0.longitude) }
        return own.isEmpty ? [(latitude: nil, longitude: nil)] : own
    }

    /// Where the trip meets malaria, as a reason names it: "in Kruger and the north-east (South Africa)" for a
    /// stop in one of a country's areas, "in parts of Kenya" for a country with it widely (or a place whose
    /// coordinates are not known); a country whose stops are all outside its areas is left out.
    static func malariaPlaces(_ context: PackingContext) -> [String] {
        var places: [String] = []
        for country in context.abroad {
            let risks = stopsOrCountry(country, in: context).map {
                MalariaAreas.risk(country: country, latitude: $0.latitude, longitude: $0.longitude)
            }
            var seen: [String] = []
            for risk in risks.compactMap({ $0 }) {
                let phrase: String
                switch risk {
                case .area(let area): phrase = "in \(area) (\(countryName(country)))"
                case .country: phrase = "in parts of \(countryName(country))"
                }
                if !seen.contains(phrase) { seen.append(phrase) }
            }
            places += seen
        }
        return places
    }

    /// Each health line: where it applies, its name, its reason's words ("lead Kenya tail", or `short` when
    /// the countries are too long to name) and its source.
    static let healthLines: [(applies: @Sendable (String) -> Bool, name: String, lead: String, tail: String, short: String, source: String)] = [
        (HealthTable.hasYellowFever, "Yellow fever vaccination certificate", "Yellow fever risk in", "; the border may ask",
         "Yellow fever risk on this trip", "(WHO list, compiled \(HealthTable.checked); check before you go)"),
        (HealthTable.hasMalaria, "Antimalarials (ask a travel clinic)", "Malaria in parts of", "",
         "Malaria on this trip", "(CDC Yellow Book 2024; check before you go)"),
    ]

    /// "Kenya", "Kenya and Uganda", "Kenya, Uganda and Tanzania".
    static func listed(_ names: [String]) -> String {
        names.count <= 1 ? (names.first ?? "") : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    // MARK: - Notices

    /// Entry facts a line cannot hold: no admission for the passport, a permit-only place, or a trip longer
    /// than the visa-free stay.
    static func entryNotices(_ context: PackingContext) -> [String] {
        let home = context.traveller.home
        return context.abroad.compactMap { country in
            let name = PowerAdvice.capitalized(countryName(country))
            switch EntryTable.entry(passport: home, destination: country) {
            case .listed(.noAdmission, _):
                return "The Passport Index (\(EntryTable.dataDate)) lists no admission to \(countryName(country)) for \(passportPhrase(home)): check before you go, with its embassy."
            case .permitOnly:
                let has = name.hasSuffix("s") ? "have" : "has"
                return "\(name) \(has) no regular admission: a visit needs a permit from the authority that runs it (as of \(EntryTable.territoriesChecked); check before you go)."
            case .listed(.visaFree(let days?), _) where context.abroad.count == 1 && context.dayCount > days:
                return "\(name) admits \(passportPhrase(home)) without a visa for \(days) days (Passport Index \(EntryTable.dataDate)); this trip is \(context.dayCount) days: check before you go."
            default:
                return nil
            }
        }
    }
}
