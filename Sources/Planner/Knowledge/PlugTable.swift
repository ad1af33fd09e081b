import Foundation

/// Sockets and mains voltage by country: public facts, from the IEC's "World Plugs" list
/// (https://www.iec.ch/world-plugs). One row a country: ISO 3166 code, name, socket types, voltages.
public enum PlugTable {
    /// A country's sockets and voltage.
    public struct Country: Sendable, Equatable {
        public var code: String
        public var name: String
        /// Socket types in use ("A", "B", ...), most common first.
        public var sockets: [String]
        /// Mains voltages in use.
        public var volts: [Int]
    }

    /// The country with ISO code `code`, or nil when the table does not have it.
    public static func country(_ code: String) -> Country? {
        byCode[code.uppercased()]
    }

    /// Every country of the table, by code.
    public static let byCode: [String: Country] = {
        var table: [String: Country] = [:]
        for line in rows.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }
            let volts = fields[3].split(separator: "/").compactMap { Int($0) }  // parses text
            table[fields[0]] = Country(
                code: fields[0], name: fields[1], sockets: fields[2].split(separator: " ").map(String.init), volts: volts
            )
        }
        return table
    }()

    /// Which plug types each socket type takes (a B socket takes A plugs; C, the Europlug, fits E, F, J, K,
    /// L and N sockets; the hybrid E/F plug fits both E and F sockets).
    public static let accepts: [String: Set<String>] = [
        "A": ["A"], "B": ["A", "B"], "C": ["C"], "D": ["D"], "E": ["C", "E", "F"], "F": ["C", "E", "F"],
        "G": ["G"], "H": ["C", "H"], "I": ["I"], "J": ["C", "J"], "K": ["C", "K"], "L": ["C", "L"],
        "M": ["M"], "N": ["C", "N"], "O": ["C", "O"],
    ]

    /// Whether every plug a traveller from `home` carries fits a socket at `destination` (nil: a country the
    /// table does not have).
    public static func plugsFit(home: Country, destination: Country) -> Bool {
        home.sockets.allSatisfy { fits(plug: $0, destination: destination) }
    }

    /// Whether a plug of type `plug` goes into one of `destination`'s sockets.
    public static func fits(plug: String, destination: Country) -> Bool {
        destination.sockets.contains { (accepts[$0] ?? [$0]).contains(plug) }
    }

    /// Whether the two countries' mains are of different kinds (100–127 V against 220–240 V).
    public static func voltageDiffers(home: Country, destination: Country) -> Bool {
        func kinds(_ country: Country) -> Set<Bool> { Set(country.volts.map { $0 >= 180 }) }
        return kinds(home).isDisjoint(with: kinds(destination))
    }

    /// "Type G" or "types C and F".
    public static func socketPhrase(_ sockets: [String]) -> String {
        switch sockets.count {
        case 0: return "unknown sockets"
        case 1: return "type \(sockets[0])"
        default: return "types " + sockets.dropLast().joined(separator: ", ") + " and " + (sockets.last ?? "")
        }
    }

    /// "230 V" or "127/220 V".
    public static func voltPhrase(_ volts: [Int]) -> String {
        volts.map(String.init).joined(separator: "/") + " V"
    }

    // MARK: - The table (IEC World Plugs)

    static let rows = """
        AD|Andorra|C F|230
        AE|United Arab Emirates|G C D|230
        AF|Afghanistan|C F|220
        AG|Antigua and Barbuda|A B|230
        AL|Albania|C F|230
        AM|Armenia|C F|230
        AO|Angola|C|220
        AR|Argentina|I C|220
        AS|American Samoa|A B F I|120
        AT|Austria|C F|230
        AU|Australia|I|230
        AW|Aruba|A B F|120
        AZ|Azerbaijan|C F|220
        BA|Bosnia and Herzegovina|C F|230
        BB|Barbados|A B|115
        BD|Bangladesh|C D G K|220
        BE|Belgium|C E|230
        BG|Bulgaria|C F|230
        BH|Bahrain|G|230
        BM|Bermuda|A B|120
        BN|Brunei|G|240
        BO|Bolivia|A C|230
        BR|Brazil|C N|127/220
        BS|Bahamas|A B|120
        BT|Bhutan|C D G|230
        BW|Botswana|D G|230
        BY|Belarus|C F|220
        BZ|Belize|A B G|110/220
        CA|Canada|A B|120
        CH|Switzerland|J C|230
        CI|Côte d'Ivoire|C E|230
        CL|Chile|C L|220
        CM|Cameroon|C E|220
        CN|China|A C I|220
        CO|Colombia|A B|120
        CR|Costa Rica|A B|120
        CU|Cuba|A B C L|110/220
        CV|Cape Verde|C F|230
        CY|Cyprus|G|230
        CZ|Czechia|C E|230
        DE|Germany|C F|230
        DK|Denmark|C E F K|230
        DM|Dominica|D G|230
        DO|Dominican Republic|A B|120
        DZ|Algeria|C F|230
        EC|Ecuador|A B|120
        EE|Estonia|C F|230
        EG|Egypt|C F|220
        ES|Spain|C F|230
        ET|Ethiopia|C E F L|220
        FI|Finland|C F|230
        FJ|Fiji|I|240
        FR|France|C E|230
        GB|United Kingdom|G|230
        GE|Georgia|C F|220
        GH|Ghana|D G|230
        GI|Gibraltar|C G|230
        GL|Greenland|C E F K|230
        GR|Greece|C F|230
        GT|Guatemala|A B|120
        GU|Guam|A B|110
        HK|Hong Kong|G|220
        HN|Honduras|A B|120
        HR|Croatia|C F|230
        HT|Haiti|A B|110
        HU|Hungary|C F|230
        ID|Indonesia|C F|230
        IE|Ireland|G|230
        IL|Israel|C H|230
        IN|India|C D M|230
        IQ|Iraq|C D G|230
        IR|Iran|C F|220
        IS|Iceland|C F|230
        IT|Italy|C F L|230
        JM|Jamaica|A B|110
        JO|Jordan|B C D F G J|230
        JP|Japan|A B|100
        KE|Kenya|G|240
        KH|Cambodia|A C G|230
        KN|Saint Kitts and Nevis|D G|230
        KR|South Korea|C F|220
        KW|Kuwait|C G|240
        KY|Cayman Islands|A B|120
        KZ|Kazakhstan|C F|220
        LA|Laos|A B C E F|230
        LB|Lebanon|A B C D G|230
        LC|Saint Lucia|G|240
        LI|Liechtenstein|J|230
        LK|Sri Lanka|D G|230
        LR|Liberia|A B|120
        LT|Lithuania|C F|230
        LU|Luxembourg|C F|230
        LV|Latvia|C F|230
        MA|Morocco|C E|220
        MC|Monaco|C E F|230
        MD|Moldova|C F|230
        ME|Montenegro|C F|230
        MG|Madagascar|C D E J K|220
        MK|North Macedonia|C F|230
        MM|Myanmar|C D F G|230
        MN|Mongolia|C E|230
        MO|Macau|G|220
        MT|Malta|G|230
        MU|Mauritius|C G|230
        MV|Maldives|C D G J K L|230
        MX|Mexico|A B|127
        MY|Malaysia|G|240
        MZ|Mozambique|C F M|220
        NA|Namibia|D M|220
        NG|Nigeria|D G|230
        NI|Nicaragua|A B|120
        NL|Netherlands|C F|230
        NO|Norway|C F|230
        NP|Nepal|C D M|230
        NZ|New Zealand|I|230
        OM|Oman|C G|240
        PA|Panama|A B|120
        PE|Peru|A B C|220
        PF|French Polynesia|A B E|220
        PG|Papua New Guinea|I|240
        PH|Philippines|A B C|220
        PK|Pakistan|C D|230
        PL|Poland|C E|230
        PR|Puerto Rico|A B|120
        PT|Portugal|C F|230
        PY|Paraguay|C|220
        QA|Qatar|D G|240
        RO|Romania|C F|230
        RS|Serbia|C F|230
        RU|Russia|C F|220
        RW|Rwanda|C J|230
        SA|Saudi Arabia|G|230
        SC|Seychelles|G|240
        SE|Sweden|C F|230
        SG|Singapore|G|230
        SI|Slovenia|C F|230
        SK|Slovakia|C E|230
        SM|San Marino|C F L|230
        SN|Senegal|C D E K|230
        SV|El Salvador|A B|115
        TH|Thailand|A B C F O|230
        TN|Tunisia|C E|230
        TR|Turkey|C F|230
        TT|Trinidad and Tobago|A B|115
        TW|Taiwan|A B|110
        TZ|Tanzania|D G|230
        UA|Ukraine|C F|230
        UG|Uganda|G|240
        US|United States|A B|120
        UY|Uruguay|C F I L|220
        UZ|Uzbekistan|C F|220
        VA|Vatican City|C F L|230
        VE|Venezuela|A B|120
        VI|U.S. Virgin Islands|A B|110
        VN|Vietnam|A C F|220
        ZA|South Africa|C D M N|230
        ZM|Zambia|C D G|230
        ZW|Zimbabwe|D G|220
        """
}
