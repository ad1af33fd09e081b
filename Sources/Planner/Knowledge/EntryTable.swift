import FoundationEssentials
import Basics

/// What a passport needs to enter a country: visa-free (for how many days, where known), a visa on
/// arrival, an e-visa, an electronic travel authorisation, a visa, or no admission.
///
/// Source: the Passport Index dataset, github.com/ilyankou/passport-index-dataset (MIT licence), update of
/// 12 January 2025 (`dataDate`), 199 passports by 199 destinations; kept in Data/entry-requirements.tsv and
/// compiled in from `EntryTable+Data.swift`, both made by scripts/build-entry-table.py. Rules change: every
/// line plan writes from it says "check before you go" and the data's date.
///
/// The 53 territories of the gazetteer the dataset does not list (`territories`) are entered as their
/// governing country says: some under its own rules (Puerto Rico, Åland, Jersey), some under rules of their
/// own (Réunion, Bermuda, Aruba), and uninhabited places and closed bases only with a permit (Antarctica).
public enum EntryTable {
    /// What the dataset says a passport needs at a destination.
    public enum Requirement: Sendable, Equatable {
        /// The traveller's own country.
        case ownCountry
        /// No visa, for a number of days where the dataset gives one.
        case visaFree(days: Int?)
        /// A visa issued at the border.
        case visaOnArrival
        /// A visa applied for online before travelling.
        case eVisa
        /// An electronic travel authorisation (the US's ESTA, the UK's ETA…).
        case travelAuthorisation
        /// A visa from an embassy or consulate before travelling.
        case visaRequired
        /// The dataset lists no admission for the passport.
        case noAdmission
    }

    /// How a country or territory is entered, for one passport.
    public enum Entry: Sendable, Equatable {
        /// The dataset's requirement; `via` names the governing country whose rules a territory follows.
        case listed(Requirement, via: String?)
        /// A territory with rules of its own, set by (or for) the governing country `sovereign`.
        case ownRules(sovereign: String)
        /// No regular admission: visits only with a permit (Antarctica, closed bases).
        case permitOnly
    }

    /// How a territory the dataset does not list is entered.
    enum TerritoryRule: Equatable {
        case follows, ownRules, permitOnly
    }

    /// The entry to `destination` for a passport of `passport` (ISO codes); nil when neither the dataset nor
    /// the territories know the destination.
    public static func entry(passport: String, destination: String) -> Entry? {
        let destination = destination.uppercased()
        let passport = passportCountry(passport)
        if let (rule, sovereign) = territories[destination] {
            switch rule {
            case .permitOnly: return .permitOnly
            case .ownRules: return .ownRules(sovereign: sovereign)
            case .follows:
                return requirement(passport: passport, destination: sovereign).map { .listed($0, via: sovereign) }
            }
        }
        return requirement(passport: passport, destination: destination).map { .listed($0, via: nil) }
    }

    /// The dataset's cell for a passport and a destination it lists.
    public static func requirement(passport: String, destination: String) -> Requirement? {
        guard let column = columns[destination.uppercased()], let row = table[passport.uppercased()],
              column < row.count else { return nil }
        return requirement(token: row[column])
    }

    /// A token of the data ("90", "F", "V") as a requirement.
    static func requirement(token: Substring) -> Requirement? {
        switch token {
        case "-": return .ownCountry
        case "F": return .visaFree(days: nil)
        case "A": return .visaOnArrival
        case "E": return .eVisa
        case "T": return .travelAuthorisation
        case "V": return .visaRequired
        case "X": return .noAdmission
        default: return Int(token).map { .visaFree(days: $0) }  // parses text: the data's days
        }
    }

    /// The passport a traveller whose home is a territory carries (its governing country's), else home.
    public static func passportCountry(_ home: String) -> String {
        let home = home.uppercased()
        return territories[home]?.sovereign ?? home
    }

    /// Whether the dataset lists `code` as a passport and a destination.
    public static func lists(_ code: String) -> Bool { columns[code.uppercased()] != nil }

    // MARK: - The data, read on first use

    /// Column of each destination code.
    static let columns: [String: Int] = {
        var columns: [String: Int] = [:]
        for (index, code) in destinationCodes.split(separator: " ").enumerated() { columns[String(code)] = index }
        return columns
    }()

    /// Each passport's tokens, one a destination in `destinationCodes`' order.
    static let table: [String: [Substring]] = {
        var table: [String: [Substring]] = [:]
        for line in rows.split(separator: "\n") {
            let fields = line.split(separator: "|")
            guard fields.count == 2 else { continue }
            table[fields[0].trimming(.whitespaces)] = fields[1].split(separator: " ")
        }
        return table
    }()

    // MARK: - Territories the dataset does not list

    /// The day the territories' rules were compiled.
    public static let territoriesChecked = "2026-12-05"

    /// Each territory's rule and governing country. Follows: the governing country's visa rules apply
    /// (Puerto Rico, Guam and the Northern Marianas are in the US's; Åland in Finland's Schengen area;
    /// Jersey, Guernsey and the Isle of Man in the UK's; the Cocos, Christmas and Norfolk Islands in
    /// Australia's; Svalbard is reached through mainland Norway; Western Sahara through Morocco). Own rules:
    /// the French, Dutch, Danish and New Zealand realms' overseas parts and British Overseas Territories.
    /// Permit only: no regular visitors (Antarctica: a permit under the Antarctic Treaty from the visitor's
    /// own country). Hand-compiled on 2026-12-05 from Wikipedia's "Visa policy of …" pages for the governing
    /// countries; a summary, not each government's word: the lines it gives say to check before going.
    static let territories: [String: (rule: TerritoryRule, sovereign: String)] = {
        var table: [String: (TerritoryRule, String)] = [:]
        let groups: [(TerritoryRule, String, [String])] = [
            (.follows, "US", ["PR", "VI", "GU", "MP"]),
            (.ownRules, "US", ["AS"]),
            (.permitOnly, "US", ["UM"]),
            (.follows, "FI", ["AX"]),
            (.follows, "NO", ["SJ"]),
            (.permitOnly, "NO", ["BV"]),
            (.permitOnly, "AQ", ["AQ"]),
            (.follows, "GB", ["GG", "JE", "IM"]),
            (.ownRules, "GB", ["AI", "BM", "KY", "MS", "TC", "VG", "FK", "GI", "SH", "PN"]),
            (.permitOnly, "GB", ["IO", "GS"]),
            (.follows, "AU", ["CC", "CX", "NF"]),
            (.permitOnly, "AU", ["HM"]),
            (.ownRules, "FR", ["GF", "GP", "MQ", "RE", "YT", "BL", "MF", "PF", "NC", "WF", "PM"]),
            (.permitOnly, "FR", ["TF"]),
            (.ownRules, "NL", ["AW", "CW", "SX", "BQ", "AN"]),
            (.ownRules, "DK", ["FO", "GL"]),
            (.ownRules, "NZ", ["CK", "NU", "TK"]),
            (.follows, "RS", ["CS"]),
            (.follows, "MA", ["EH"]),
        ]
        for (rule, sovereign, codes) in groups {
            for code in codes { table[code] = (rule, sovereign) }
        }
        return table
    }()
}
