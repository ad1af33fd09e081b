import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Every country and territory of the gazetteer has plugs, voltage, entry facts and a name; the rules that
/// use them (visas by passport, health at the border) say what the data says, with its date and "check
/// before you go", and name countries, never codes.
@Suite struct CountryFactsTests {
    typealias Rules = PackingRulesTests

    /// The gazetteer's country codes (Data/gazetteer.sqlite's countries table), or nil when the file is absent.
    static func gazetteerCodes() throws -> [String]? {
        let path = Gazetteer.defaultPath()
        guard FileManager.default.isReadableFile(atPath: path) else { return nil }
        let reader = Process()
        let output = Pipe()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["sqlite3", "-batch", "-readonly", path, "SELECT code FROM countries ORDER BY code"]
        reader.standardOutput = output
        try reader.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Places with no public mains: a row with no sockets, so no adapter (checked by name, not by accident).
    static let noPublicMains: Set<String> = ["AQ", "BV", "GS", "HM", "IO", "TF", "UM"]

    @Test func everyGazetteerCountryHasPlugsVoltageEntryAndAName() throws {
        guard let codes = try Self.gazetteerCodes() else {
            print("CountryFactsTests: Data/gazetteer.sqlite is absent (scripts/build-gazetteer.sh builds it): coverage not checked")
            return
        }
        #expect(codes.count >= 250, "the countries table has \(codes.count) rows")
        for code in codes {
            let country = try #require(PlugTable.country(code), "\(code) has no plug row")
            #expect(!country.name.isEmpty && country.name != code)
            #expect(PackingRules.countryName(code) != code, "\(code) is named by its code")
            if Self.noPublicMains.contains(code) {
                #expect(!PlugTable.hasPublicMains(country), "\(code)")
            } else {
                #expect(!country.sockets.isEmpty && !country.volts.isEmpty, "\(code) lacks sockets or voltage")
            }
            for passport in ["GB", "US", "DE", "IN", "JP", "BR", "NG"] {
                #expect(EntryTable.entry(passport: passport, destination: code) != nil, "no entry fact for \(passport) to \(code)")
            }
        }
    }

    /// Every home a traveller can set carries a passport the dataset lists (a territory's is its governing
    /// country's).
    @Test func everyHomeHasAPassportRow() {
        for code in PlugTable.byCode.keys where Traveller.isKnownCountry(code) {
            #expect(EntryTable.lists(EntryTable.passportCountry(code)), "\(code) → \(EntryTable.passportCountry(code))")
        }
        #expect(Set(PlugTable.byCode.keys.filter { !Traveller.isKnownCountry($0) }) == Self.noPublicMains, "a home needs public mains")
        #expect(Traveller.isKnownCountry("sj") && Traveller.region(fromLocale: "en_AQ.UTF-8") == nil)
    }

    @Test(arguments: [
        ("GB", "RU", EntryTable.Entry.listed(.visaRequired, via: nil)),
        ("US", "NP", .listed(.visaOnArrival, via: nil)),
        ("GB", "IN", .listed(.eVisa, via: nil)),
        ("GB", "US", .listed(.travelAuthorisation, via: nil)),
        ("FR", "DE", .listed(.visaFree(days: nil), via: nil)),
        ("GB", "NO", .listed(.visaFree(days: 90), via: nil)),
        ("GB", "GB", .listed(.ownCountry, via: nil)),
        ("IN", "PR", .listed(.visaRequired, via: "US")),
        ("GB", "SJ", .listed(.visaFree(days: 90), via: "NO")),
        ("US", "RE", .ownRules(sovereign: "FR")),
        ("US", "AQ", .permitOnly),
        ("BM", "US", .listed(.travelAuthorisation, via: nil)),
    ])
    func theTableSaysWhatTheDatasetSays(passport: String, destination: String, entry: EntryTable.Entry) {
        #expect(EntryTable.entry(passport: passport, destination: destination) == entry)
    }

    func list(home: String, _ country: String, nights: Int = 3, activities: [String] = []) -> PackingList {
        var context = Rules.context(Rules.mild, nights: nights, country: country)
        context.activities = activities
        context.traveller = Traveller(home: home)
        return PackingRules.list(for: context)
    }

    func item(_ list: PackingList, _ prefix: String) -> PackingItem? { list.items.first { $0.name.hasPrefix(prefix) } }

    @Test func aBritonToAVisaCountrySeesTheVisa() throws {
        let visa = try #require(item(list(home: "GB", "RU"), "Visa for"))
        #expect(visa.name == "Visa for Russia")
        #expect(visa.reason == "Required for British passports; apply before you go (Passport Index 2025-01-12; check before you go)")
        #expect(visa.category == "Documents & money")
    }

    @Test func anAmericanToAVisaOnArrivalCountrySeesIt() throws {
        let visa = try #require(item(list(home: "US", "NP"), "Visa on arrival"))
        #expect(visa.name == "Visa on arrival for Nepal")
        #expect(visa.reason.contains("US passports") && visa.reason.contains("check before you go") && visa.reason.contains("2025-01-12"))
        #expect(!visa.reason.contains("cash"), "the dataset says nothing of how the fee is paid")
    }

    @Test(arguments: [("FR", "DE"), ("DE", "ES"), ("IT", "CH"), ("US", "CA")])
    func noVisaLineWhereNoneIsNeeded(home: String, destination: String) {
        let names = list(home: home, destination).items.map(\.name)
        #expect(!names.contains { $0.hasPrefix("Visa") || $0.hasPrefix("e-Visa") || $0.hasPrefix("Travel authorisation") }, "\(names)")
    }

    /// The known authorisations keep their line and site; the dataset's "eta" does not add a second one.
    @Test func anAuthorisationKeepsItsOwnLine() {
        let names = list(home: "GB", "US").items.map(\.name)
        #expect(names.contains("ESTA (US travel authorisation)"))
        #expect(!names.contains { $0.hasPrefix("Travel authorisation") || $0.hasPrefix("Visa") })
        // A passport that needs a visa there gets the visa line, not the ESTA's.
        let indian = list(home: "IN", "US").items.map(\.name)
        #expect(indian.contains("Visa for the United States") && !indian.contains("ESTA (US travel authorisation)"))
    }

    /// A safari's kit no longer brings antimalarials of its own: the country's malaria says whether (one line,
    /// not "Antimalarials if prescribed" beside "Antimalarials (ask a travel clinic)").
    @Test func antimalarialsComeFromTheCountryOnce() {
        let kenya = list(home: "US", "KE", activities: ["safari"]).items.map(\.name)
        #expect(kenya.filter { $0.lowercased().contains("antimalarial") } == ["Antimalarials (ask a travel clinic)"], "\(kenya)")
        let scotland = list(home: "US", "GB", activities: ["safari"]).items.map(\.name)
        #expect(!scotland.contains { $0.lowercased().contains("antimalarial") }, "\(scotland)")
    }

    @Test func aYellowFeverAndMalariaCountry() throws {
        let kenya = list(home: "GB", "KE")
        let fever = try #require(item(kenya, "Yellow fever vaccination certificate"))
        #expect(fever.reason.contains("Kenya") && fever.reason.contains("check before you go") && fever.category == "Health")
        let malaria = try #require(item(kenya, "Antimalarials"))
        #expect(malaria.reason.contains("Malaria in parts of Kenya"))
        let france = list(home: "GB", "FR").items.map(\.name)
        #expect(!france.contains { $0.hasPrefix("Yellow fever") || $0.hasPrefix("Antimalarials") })
        // Malaria without yellow fever: India.
        let india = list(home: "GB", "IN").items.map(\.name)
        #expect(india.contains("Antimalarials (ask a travel clinic)") && !india.contains("Yellow fever vaccination certificate"))
    }

    @Test(arguments: [("SJ", "Svalbard and Jan Mayen"), ("CW", "Curaçao"), ("RE", "Réunion"), ("XK", "Kosovo"), ("TF", "the French Southern Territories")])
    func thePassportLineNamesTheCountry(code: String, name: String) throws {
        let passport = try #require(item(list(home: "US", code), "Passport"))
        #expect(passport.reason.contains("to \(name);"), "\(passport.reason)")
        #expect(!passport.reason.contains("to \(code)"))
    }

    @Test func aTerritoryWithItsOwnRulesAndAPermitOnlyPlace() throws {
        let reunion = try #require(item(list(home: "US", "RE"), "Entry rules for Réunion"))
        #expect(reunion.reason.contains("France") && reunion.reason.contains("check before you go"))
        #expect(item(list(home: "DE", "RE"), "Entry rules") == nil, "an EU passport to an EU country's territory")
        let antarctica = list(home: "US", "AQ")
        #expect(antarctica.notices.contains { $0.contains("permit") && $0.contains("check before you go") })
        #expect(item(antarctica, "Plug adapter") == nil)
    }

    @Test func aStayPastTheVisaFreeDaysIsNoticed() {
        let long = list(home: "GB", "TH", nights: 70)
        #expect(long.notices.contains { $0.contains("without a visa for 60 days") && $0.contains("check before you go") }, "\(long.notices)")
        #expect(!list(home: "GB", "TH", nights: 20).notices.contains { $0.contains("without a visa") })
    }

    /// Every document line, for every passport and every destination, fits an answer's 100 characters.
    @Test func everyEntryReasonFitsAnAnswersReason() {
        var longest = ""
        for home in EntryTable.columns.keys {
            for destination in PlugTable.byCode.keys {
                guard let entry = EntryTable.entry(passport: home, destination: destination),
                      let item = PackingRules.entryDocument(entry, home: home, destination: destination) else { continue }
                if item.reason.count > longest.count { longest = item.reason }
                #expect(item.reason.contains("check before you go"))
                #expect(item.reason.contains(EntryTable.dataDate) || item.reason.contains(EntryTable.territoriesChecked), "\(item.reason)")
            }
        }
        #expect(longest.count <= PackingRules.maximumReason, "\(longest.count): \(longest)")
    }

    /// The health lines fit an answer's reason for every country alone, and for a trip through many.
    @Test func everyHealthReasonFitsAnAnswersReason() {
        let many = Array(HealthTable.yellowFever.union(HealthTable.malaria)).sorted()
        for countries in PlugTable.byCode.keys.map({ [$0] }) + [many] {
            var context = Rules.context(Rules.mild, country: countries[0])
            context.countries = countries
            for item in PackingRules.health(context) {
                #expect(item.reason.count <= PackingRules.maximumReason, "\(item.reason.count): \(item.reason)")
                #expect(item.reason.contains("check before you go") && item.reason.contains("20"), "\(item.reason)")
            }
        }
    }

    /// A party of three needs three visas; the reason keeps its source and date.
    @Test func aVisaIsCountedForEachTraveller() throws {
        var context = Rules.context(Rules.mild, country: "CN")
        context.traveller = Traveller(home: "GB")
        context.party = .init(adults: 2, children: [8])
        let visa = try #require(PackingRules.list(for: context).items.first { $0.name == "Visa for China" })
        #expect(visa.quantity == 3)
        #expect(visa.reason.contains("check before you go"))
    }
}

/// A model's answer that leaves out the visa and the health lines gets them from the rules; one that names
/// them in its own words keeps its own.
@Suite struct BorderLinesInAnswersTests {
    @Test func theCheckDemandsTheBorderLines() {
        var context = PackingRulesTests.context(PackingRulesTests.mild, country: "KE")
        context.traveller = Traveller(home: "IN")
        let demanded = PackingCheck(context: context, destination: "Nairobi", place: nil).requiredGear().map(\.item.name)
        #expect(demanded.contains("Yellow fever vaccination certificate") && demanded.contains("Antimalarials (ask a travel clinic)"))
        #expect(PackingCheck.coveringWords("Visa for Russia") == ["visa"])
        #expect(PackingCheck.coveringWords("Antimalarials (ask a travel clinic)") == ["malaria"])
    }
}
