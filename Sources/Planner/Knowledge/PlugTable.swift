import FoundationEssentials

/// Sockets and mains voltage by country: public facts, from the IEC's "World Plugs" list
/// (https://www.iec.ch/world-plugs). One row a country: ISO 3166 code, name, socket types, voltages.
///
/// Every code of the offline gazetteer has a row (252, checked by `PlugTableCoverageTests`). The rows added
/// on 2026-12-05 for the 94 it lacked come, in this order of preference, from the IEC list as scraped into
/// CSV by github.com/benjiao/world-plugs (2017-10-17), from the PyPI package `fluids` 1.3.1's residential
/// power table (`fluids/pump.py`, from Wikipedia's "Mains electricity by country", 2017; MIT), and, for
/// the small territories neither has (Åland, Svalbard, the Cocos Islands…), from Wikipedia's "Mains
/// electricity by country" (CC BY-SA), taking the governing country's standard where the page gives no
/// other. Uninhabited places and closed bases (Antarctica, Bouvet Island, the British Indian Ocean
/// Territory…) have no public mains: their rows have no sockets and no voltage, and no adapter is packed.
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

    /// Whether the place has public mains a visitor can plug into (not so in Antarctica).
    public static func hasPublicMains(_ country: Country) -> Bool {
        !country.sockets.isEmpty && !country.volts.isEmpty
    }

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
        AI|Anguilla|A|110
        AL|Albania|C F|230
        AM|Armenia|C F|230
        AN|Netherlands Antilles|A B C F|127/220
        AO|Angola|C|220
        AQ|Antarctica||
        AR|Argentina|I C|220
        AS|American Samoa|A B F I|120
        AT|Austria|C F|230
        AU|Australia|I|230
        AW|Aruba|A B F|120
        AX|Åland Islands|C F|230
        AZ|Azerbaijan|C F|220
        BA|Bosnia and Herzegovina|C F|230
        BB|Barbados|A B|115
        BD|Bangladesh|C D G K|220
        BE|Belgium|C E|230
        BF|Burkina Faso|C E|220
        BG|Bulgaria|C F|230
        BH|Bahrain|G|230
        BI|Burundi|C E|220
        BJ|Benin|C E|220
        BL|Saint Barthélemy|C E|230
        BM|Bermuda|A B|120
        BN|Brunei|G|240
        BO|Bolivia|A C|230
        BQ|Caribbean Netherlands|A B|127/110
        BR|Brazil|C N|127/220
        BS|Bahamas|A B|120
        BT|Bhutan|C D G|230
        BV|Bouvet Island||
        BW|Botswana|D G|230
        BY|Belarus|C F|220
        BZ|Belize|A B G|110/220
        CA|Canada|A B|120
        CC|Cocos (Keeling) Islands|I|230
        CD|Democratic Republic of the Congo|C D E|220
        CF|Central African Republic|C E|220
        CG|Republic of the Congo|C E|230
        CH|Switzerland|J C|230
        CI|Côte d'Ivoire|C E|230
        CK|Cook Islands|I|240
        CL|Chile|C L|220
        CM|Cameroon|C E|220
        CN|China|A C I|220
        CO|Colombia|A B|120
        CR|Costa Rica|A B|120
        CS|Serbia and Montenegro|C F|230
        CU|Cuba|A B C L|110/220
        CV|Cape Verde|C F|230
        CW|Curaçao|A B C F|127/220
        CX|Christmas Island|I|230
        CY|Cyprus|G|230
        CZ|Czechia|C E|230
        DE|Germany|C F|230
        DJ|Djibouti|C E|220
        DK|Denmark|C E F K|230
        DM|Dominica|D G|230
        DO|Dominican Republic|A B|120
        DZ|Algeria|C F|230
        EC|Ecuador|A B|120
        EE|Estonia|C F|230
        EG|Egypt|C F|220
        EH|Western Sahara|C E|220
        ER|Eritrea|C L|230
        ES|Spain|C F|230
        ET|Ethiopia|C E F L|220
        FI|Finland|C F|230
        FJ|Fiji|I|240
        FK|Falkland Islands|G|240
        FM|Micronesia|A B|120
        FO|Faroe Islands|C E F K|230
        FR|France|C E|230
        GA|Gabon|C|220
        GB|United Kingdom|G|230
        GD|Grenada|G|230
        GE|Georgia|C F|220
        GF|French Guiana|C D E|220
        GG|Guernsey|G|230
        GH|Ghana|D G|230
        GI|Gibraltar|C G|230
        GL|Greenland|C E F K|230
        GM|Gambia|G|230
        GN|Guinea|C F K|220
        GP|Guadeloupe|C D E|230
        GQ|Equatorial Guinea|C E|220
        GR|Greece|C F|230
        GS|South Georgia and the South Sandwich Islands||
        GT|Guatemala|A B|120
        GU|Guam|A B|110
        GW|Guinea-Bissau|C|220
        GY|Guyana|A B D G|240/120
        HK|Hong Kong|G|220
        HM|Heard Island and McDonald Islands||
        HN|Honduras|A B|120
        HR|Croatia|C F|230
        HT|Haiti|A B|110
        HU|Hungary|C F|230
        ID|Indonesia|C F|230
        IE|Ireland|G|230
        IL|Israel|C H|230
        IM|Isle of Man|G C|240
        IN|India|C D M|230
        IO|British Indian Ocean Territory||
        IQ|Iraq|C D G|230
        IR|Iran|C F|220
        IS|Iceland|C F|230
        IT|Italy|C F L|230
        JE|Jersey|G|230
        JM|Jamaica|A B|110
        JO|Jordan|B C D F G J|230
        JP|Japan|A B|100
        KE|Kenya|G|240
        KG|Kyrgyzstan|C F|220
        KH|Cambodia|A C G|230
        KI|Kiribati|I|240
        KM|Comoros|C E|220
        KN|Saint Kitts and Nevis|D G|230
        KP|North Korea|A C F|220/110
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
        LS|Lesotho|M|220
        LT|Lithuania|C F|230
        LU|Luxembourg|C F|230
        LV|Latvia|C F|230
        LY|Libya|C D F L|230/127
        MA|Morocco|C E|220
        MC|Monaco|C E F|230
        MD|Moldova|C F|230
        ME|Montenegro|C F|230
        MF|Saint Martin|C F|220/120
        MG|Madagascar|C D E J K|220
        MH|Marshall Islands|A B|120
        MK|North Macedonia|C F|230
        ML|Mali|C E|220
        MM|Myanmar|C D F G|230
        MN|Mongolia|C E|230
        MO|Macau|G|220
        MP|Northern Mariana Islands|A B|120
        MQ|Martinique|C D E|220
        MR|Mauritania|C|220
        MS|Montserrat|A B|230
        MT|Malta|G|230
        MU|Mauritius|C G|230
        MV|Maldives|C D G J K L|230
        MW|Malawi|G|230
        MX|Mexico|A B|127
        MY|Malaysia|G|240
        MZ|Mozambique|C F M|220
        NA|Namibia|D M|220
        NC|New Caledonia|C F|220
        NE|Niger|A B C D E F|220
        NF|Norfolk Island|I|230
        NG|Nigeria|D G|230
        NI|Nicaragua|A B|120
        NL|Netherlands|C F|230
        NO|Norway|C F|230
        NP|Nepal|C D M|230
        NR|Nauru|I|240
        NU|Niue|I|230
        NZ|New Zealand|I|230
        OM|Oman|C G|240
        PA|Panama|A B|120
        PE|Peru|A B C|220
        PF|French Polynesia|A B E|220
        PG|Papua New Guinea|I|240
        PH|Philippines|A B C|220
        PK|Pakistan|C D|230
        PL|Poland|C E|230
        PM|Saint Pierre and Miquelon|C E|230
        PN|Pitcairn Islands|I|230
        PR|Puerto Rico|A B|120
        PS|Palestine|C H|230
        PT|Portugal|C F|230
        PW|Palau|A B|120
        PY|Paraguay|C|220
        QA|Qatar|D G|240
        RE|Réunion|E|220
        RO|Romania|C F|230
        RS|Serbia|C F|230
        RU|Russia|C F|220
        RW|Rwanda|C J|230
        SA|Saudi Arabia|G|230
        SB|Solomon Islands|G I|220
        SC|Seychelles|G|240
        SD|Sudan|C D|230
        SE|Sweden|C F|230
        SG|Singapore|G|230
        SH|Saint Helena|G|240
        SI|Slovenia|C F|230
        SJ|Svalbard and Jan Mayen|C F|230
        SK|Slovakia|C E|230
        SL|Sierra Leone|D G|230
        SM|San Marino|C F L|230
        SN|Senegal|C D E K|230
        SO|Somalia|C|220
        SR|Suriname|C F|127
        SS|South Sudan|C D|230
        ST|São Tomé and Príncipe|C F|220
        SV|El Salvador|A B|115
        SX|Sint Maarten|A B|110
        SY|Syria|C E L|220
        SZ|Eswatini|M|230
        TC|Turks and Caicos Islands|A B|120
        TD|Chad|C D E F|220
        TF|French Southern Territories||
        TG|Togo|C|220
        TH|Thailand|A B C F O|230
        TJ|Tajikistan|C F I|220
        TK|Tokelau|I|230
        TL|Timor-Leste|C E F I|220
        TM|Turkmenistan|B C F|220
        TN|Tunisia|C E|230
        TO|Tonga|I|240
        TR|Turkey|C F|230
        TT|Trinidad and Tobago|A B|115
        TV|Tuvalu|I|220
        TW|Taiwan|A B|110
        TZ|Tanzania|D G|230
        UA|Ukraine|C F|230
        UG|Uganda|G|240
        UM|U.S. Minor Outlying Islands||
        US|United States|A B|120
        UY|Uruguay|C F I L|220
        UZ|Uzbekistan|C F|220
        VA|Vatican City|C F L|230
        VC|Saint Vincent and the Grenadines|A C E G I K|230
        VE|Venezuela|A B|120
        VG|British Virgin Islands|A B|110
        VI|U.S. Virgin Islands|A B|110
        VN|Vietnam|A C F|220
        VU|Vanuatu|C G I|220
        WF|Wallis and Futuna|C E|220
        WS|Samoa|I|230
        XK|Kosovo|C F|230
        YE|Yemen|A D G|230
        YT|Mayotte|C E|230
        ZA|South Africa|C D M N|230
        ZM|Zambia|C D G|230
        ZW|Zimbabwe|D G|220
        """
}
