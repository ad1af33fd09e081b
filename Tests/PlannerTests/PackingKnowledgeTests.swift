import Foundation
import Model
@testable import Planner
import Testing
import Tools

/// The knowledge behind a list a traveller would sign: the clothing system, activity kits, plugs and voltage,
/// the place, contradictions, trip shapes and notices.
@Suite struct PackingKnowledgeTests {
    static let start = PackingRulesTests.start
    typealias Rules = PackingRulesTests

    static let cold = (0..<21).map { Rules.day($0, high: 30, low: 12, chance: 20, summary: "Mostly Cloudy") }
    static let mild = (0..<21).map { Rules.day($0, high: 68, low: 52, chance: 10, summary: "Partly Cloudy") }
    static let hot = (0..<21).map { Rules.day($0, high: 91, low: 76, chance: 10, summary: "Sunny") }
    static let wet = (0..<21).map { Rules.day($0, high: 55, low: 45, chance: 80, summary: "Rain") }

    static func context(_ days: [ForecastDay], dayCount: Int, activities: [String] = [], country: String = "US",
                        traveller: Traveller = .standard, elevation: Double? = nil) -> PackingContext {
        var context = PackingContext(start: start, end: start.adding(days: dayCount - 1), activities: activities,
                                     days: Array(days.prefix(dayCount)), missingDays: [], latitude: 40, country: country)
        context.traveller = traveller
        context.elevation = elevation
        return context
    }

    static func item(_ list: PackingList, _ name: String) -> PackingItem? { list.items.first { $0.name == name } }

    // MARK: - The clothing system

    /// Per family: which kind and how many, for 1, 3, 7 and 21 days in cold, mild, hot and wet weather.
    @Test(arguments: [
        // (weather, days, tops kind, tops count, socks kind, outer layer)
        ("cold", 1, nil, nil, nil, "Insulated winter coat"),
        ("cold", 3, "Long-sleeved tops", 4, "Wool socks", "Insulated winter coat"),
        ("cold", 7, "Long-sleeved tops", 8, "Wool socks", "Insulated winter coat"),
        ("cold", 21, "Long-sleeved tops", 8, "Wool socks", "Insulated winter coat"),
        ("mild", 1, nil, nil, nil, "Light jacket"),
        ("mild", 3, "Long-sleeved tops, a couple short-sleeved", 4, "Socks", "Light jacket"),
        ("mild", 7, "Long-sleeved tops, a couple short-sleeved", 8, "Socks", "Light jacket"),
        ("mild", 21, "Long-sleeved tops, a couple short-sleeved", 8, "Socks", "Light jacket"),
        ("hot", 1, nil, nil, nil, nil),
        ("hot", 3, "Breathable short-sleeved tops", 4, "Socks", nil),
        ("hot", 7, "Breathable short-sleeved tops", 8, "Socks", nil),
        ("hot", 21, "Breathable short-sleeved tops", 8, "Socks", nil),
        ("wet", 1, nil, nil, nil, "Waterproof rain jacket"),
        ("wet", 3, "Long-sleeved tops, a couple short-sleeved", 4, "Socks", "Waterproof rain jacket"),
        ("wet", 7, "Long-sleeved tops, a couple short-sleeved", 8, "Socks", "Waterproof rain jacket"),
        ("wet", 21, "Long-sleeved tops, a couple short-sleeved", 8, "Socks", "Waterproof rain jacket"),
    ] as [(String, Int, String?, Int?, String?, String?)])
    func clothingSystem(_ weather: String, _ days: Int, _ tops: String?, _ topCount: Int?, _ socks: String?, _ outer: String?) {
        let forecast = ["cold": Self.cold, "mild": Self.mild, "hot": Self.hot, "wet": Self.wet][weather] ?? []
        let list = PackingRules.list(for: Self.context(forecast, dayCount: days))
        let clothing = list.items.filter { GarmentFamily.of($0.name) != nil }
        // Each family is one decision: at most one item per family (shorts and trousers are two families).
        for family in GarmentFamily.allCases {
            let members = clothing.filter { GarmentFamily.of($0.name) == family }
            #expect(members.count <= 1, "\(weather) \(days)d: \(family) stacked: \(members.map(\.name))")
        }
        let top = list.items.first { GarmentFamily.of($0.name) == .tops }
        #expect(top?.name == tops, "\(weather) \(days)d tops: \(top?.name ?? "none")")
        #expect(top?.quantity == topCount)
        #expect(list.items.first { GarmentFamily.of($0.name) == .socks }?.name == socks)
        #expect(list.items.first { $0.category == "Outerwear" }?.name == outer)
        // Never more of a daily family than the trip's days plus a spare, nor than the laundry interval plus one.
        for item in list.items where GarmentFamily.of(item.name)?.isDaily == true {
            #expect((item.quantity ?? 1) <= min(days, Traveller.defaultLaundryDays) + 1)
        }
        // A day trip packs nothing for the night and no spares.
        if days == 1 {
            for overnight in ["Sleepwear", "Underwear", "Toothbrush and toothpaste", "Deodorant and toiletries"] {
                #expect(Self.item(list, overnight) == nil, "\(overnight) on a day trip")
            }
        }
    }

    @Test func warmerKindsReplaceThePlainOne() {
        let list = PackingRules.list(for: Self.context(Self.hot, dayCount: 4, activities: ["business"]))
        let business = Self.item(list, "Business outfits")
        #expect(business?.quantity == 2)  // Thu Dec 3 to Sun Dec 6: Thursday and Friday are the working days
        let tops = list.items.filter { GarmentFamily.of($0.name) == .tops }
        #expect(tops.count == 1)
        #expect((tops.first?.quantity ?? 0) + (business?.quantity ?? 0) <= 5, "more tops than days plus a spare")
        let ski = PackingRules.list(for: Self.context(Self.cold, dayCount: 6, activities: ["skiing"]))
        #expect(Self.item(ski, "Ski socks") != nil && Self.item(ski, "Wool socks") == nil && Self.item(ski, "Socks") == nil)
        #expect(ski.items.filter { $0.category == "Outerwear" }.map(\.name) == ["Ski jacket and trousers"])
        #expect(ski.items.filter { GarmentFamily.of($0.name) == .gloves }.count == 1)
    }

    @Test func theLaundryIntervalCapsEveryDailyFamily() {
        var traveller = Traveller.standard
        traveller.laundryDays = 3
        let list = PackingRules.list(for: Self.context(Self.mild, dayCount: 10, traveller: traveller))
        #expect(Self.item(list, "Underwear")?.quantity == 4)
        #expect(Self.item(list, "Socks")?.quantity == 4)
        // Ten days from three days' clothes: washes after days 3, 6 and 9.
        #expect(list.notices.filter { $0.contains("counted for 3 of the 10 days: plan 3 washes, one every 3 days") }.count == 1)
        let week = PackingRules.list(for: Self.context(Self.mild, dayCount: 8))
        #expect(week.notices.contains { $0.contains("counted for 7 of the 8 days: plan one wash on the way") })
        let exact = PackingRules.list(for: Self.context(Self.mild, dayCount: 7))
        #expect(!exact.notices.contains { $0.contains("wash") })
        let carryOn = PackingRules.list(for: Self.context(Self.mild, dayCount: 10, activities: ["carry-on only"]))
        #expect(Self.item(carryOn, "Underwear")?.quantity == 5)
    }

    // MARK: - Activity kits

    @Test func everyActivityHasAKitAndEveryAliasFindsIt() {
        #expect(ActivityKits.all.count >= 40)
        var seen: Set<String> = []
        for kit in ActivityKits.all {
            #expect(!kit.gear.isEmpty || !kit.wear.isEmpty, "\(kit.name) brings nothing")
            for word in kit.words {
                #expect(ActivityKits.kit(named: word)?.name == kit.name, "\(word) → \(ActivityKits.kit(named: word)?.name ?? "nil")")
                #expect(ActivityKits.kit(named: word.uppercased())?.name == kit.name)
                #expect(seen.insert(ActivityKits.normalized(word)).inserted, "\(word) names two kits")
            }
            for gear in kit.gear {
                #expect(PackingInstructions.categories.contains(gear.category), "\(kit.name): \(gear.category)")
                #expect(!gear.reason.isEmpty && gear.name.count <= 50 && gear.reason.count <= 100)
            }
        }
        for group in ["water", "snow", "outdoors", "town", "occasions", "people", "style"] {
            #expect(ActivityKits.all.contains { $0.group.rawValue == group })
        }
    }

    /// Every kit's gear is on the list of a mild trip with that activity (conditions permitting), never as
    /// a stacked family member.
    @Test func everyKitReachesTheList() {
        for kit in ActivityKits.all {
            let list = PackingRules.list(for: Self.context(Self.mild, dayCount: 4, activities: [kit.aliases.first ?? kit.name], country: "FR"))
            let names = Set(list.items.map(\.name))
            for gear in kit.gear where PackingRules.holds(gear.when, weather: TripWeather(Self.context(Self.mild, dayCount: 4, country: "FR")),
                                                          context: Self.context(Self.mild, dayCount: 4, country: "FR")) {
                let name = PackingRules.localized(gear.name, for: .standard)
                let superseded = PackingRules.supersedes.contains { $0.1 == name && names.contains($0.0) }
                #expect(names.contains(name) || superseded, "\(kit.name): \(name) missing")
            }
            for family in GarmentFamily.allCases {
                #expect(list.items.filter { GarmentFamily.of($0.name) == family }.count <= 1, "\(kit.name): \(family) stacked")
            }
        }
    }

    @Test(arguments: [
        ("scuba diving", ["Swimsuit", "Dive certification card and logbook", "Reef-safe sunscreen", "Dry bag"]),
        ("dive", ["Swimsuit", "Dive mask", "Rash guard"]),
        ("snorkelling", ["Swimsuit", "Mask and snorkel", "Reef-safe sunscreen", "Water shoes"]),
        ("wedding", ["Formal outfit", "Dress shoes", "Garment bag", "Gift or card"]),
        ("sightseeing", ["Comfortable walking shoes, broken in", "Day bag", "Portable charger"]),
        ("safari", ["Tops in neutral colours (khaki, tan, olive)", "Binoculars"]),
        ("aurora", ["Tripod", "Headlamp with a red light", "Warm fleece or down jacket", "Thermal base layers (top and bottom)"]),
        ("beach", ["Swimsuit", "Shorts", "Sandals or flip-flops", "Beach towel"]),
    ])
    func kitsBringWhatPeopleBring(_ activity: String, _ expected: [String]) {
        let list = PackingRules.list(for: Self.context(Self.mild, dayCount: 5, activities: [activity]))
        let names = Set(list.items.map(\.name))
        for name in expected { #expect(names.contains(name), "\(activity): \(name) missing from \(names.sorted())") }
        // Reef-safe sunscreen replaces the plain one rather than joining it.
        if names.contains("Reef-safe sunscreen") { #expect(!names.contains("Sunscreen (SPF 30+)")) }
    }

    @Test func aDiveTripNotesTheFlightAndASafariInTheHeatGetsRepellent() {
        let dive = PackingRules.list(for: Self.context(Self.hot, dayCount: 5, activities: ["diving"]))
        #expect(dive.notices.filter { $0.contains("18 hours") }.count == 1)
        let safari = PackingRules.list(for: Self.context(Self.hot, dayCount: 5, activities: ["safari"]))
        #expect(Self.item(safari, "Insect repellent") != nil)
        let surfCold = PackingRules.list(for: Self.context(Self.mild, dayCount: 3, activities: ["surfing"]))
        #expect(Self.item(surfCold, "Wetsuit")?.reason.contains("68°F") == true)
        let surfHot = PackingRules.list(for: Self.context(Self.hot, dayCount: 3, activities: ["surfing"]))
        #expect(Self.item(surfHot, "Wetsuit") == nil)
    }

    @Test func anUnknownWordIsANoticeNeverAnItem() {
        let list = PackingRules.list(for: Self.context(Self.mild, dayCount: 3, activities: ["scubba", "chess"]))
        #expect(!list.items.contains { PackingCheck.key($0.name).contains("scubba") || PackingCheck.key($0.name).contains("chess") })
        #expect(!list.items.contains { $0.name.hasPrefix("Gear for") })
        let scubba = list.notices.filter { $0.contains("'scubba'") }
        #expect(scubba.count == 1)
        #expect(scubba.first?.contains("scuba diving") == true)
        #expect(scubba.first?.contains("'plan activities' lists the \(ActivityKits.all.count)") == true)
        #expect(list.notices.filter { $0.contains("'chess'") }.count == 1)
    }

    // MARK: - The traveller: plugs, voltage, passports, units

    /// A trip through several countries: the passport names each, an adapter for each kind of socket, the
    /// authorisation and voltage of each (London then Paris from the US; Paris then London from Germany).
    @Test func everyCountryOfTheTripIsPackedFor() throws {
        var context = Self.context(Self.mild, dayCount: 6, country: "GB", traveller: Traveller(home: "US"))
        context.countries = ["GB", "FR"]
        let list = PackingRules.list(for: context)
        let passport = try #require(Self.item(list, "Passport"))
        #expect(passport.reason.contains("the United Kingdom and France"), "\(passport.reason)")
        let adapters = list.items.filter { $0.name.hasPrefix("Plug adapter") }.map(\.name)
        #expect(adapters.count == 2, "\(adapters)")
        #expect(adapters.contains { $0.contains("G") } && adapters.contains { $0.contains("E") || $0.contains("C") }, "\(adapters)")
        #expect(list.items.allSatisfy { $0.reason.count <= 100 })
        let mains = list.notices.filter { $0.hasPrefix("Mains in") }
        #expect(mains == ["Mains in the United Kingdom and France are 230 V, at home 120 V: chargers marked 100–240 V are fine; hair dryers, curling irons and straighteners made for 120 V need a converter or a dual-voltage model."], "\(mains)")

        var fromGermany = Self.context(Self.mild, dayCount: 6, country: "FR", traveller: Traveller(home: "DE"))
        fromGermany.countries = ["FR", "GB"]
        let european = PackingRules.list(for: fromGermany)
        #expect(Self.item(european, "Passport") != nil, "an ID card is not enough for the United Kingdom")
        #expect(Self.item(european, "Passport or national ID card") == nil)

        // Sockets that share a type take one adapter: Vietnam (A, C, F) and Thailand (A, B, C, F, O) from Singapore.
        var southeastAsia = Self.context(Self.mild, dayCount: 9, country: "VN", traveller: Traveller(home: "SG"))
        southeastAsia.countries = ["VN", "TH"]
        let adapter = PackingRules.list(for: southeastAsia).items.filter { $0.name.hasPrefix("Plug adapter") }
        #expect(adapter.map(\.name) == ["Plug adapter (types A, C and F)"], "\(adapter)")
        #expect(adapter.first?.reason == "One for Vietnam and Thailand: each takes types A, C and F; plugs from Singapore (G) do not fit")

        // Home in between (Vancouver, Seattle, Vancouver from the US) is abroad once, Canada.
        var roundTrip = Self.context(Self.mild, dayCount: 6, country: "CA", traveller: Traveller(home: "US"))
        roundTrip.countries = ["CA", "US"]
        #expect(try #require(Self.item(PackingRules.list(for: roundTrip), "Passport")).reason.contains("to Canada;"))
    }

    @Test(arguments: [
        ("US", "MX", true, false), ("US", "CA", true, false), ("US", "JP", true, false), ("US", "GB", false, true),
        ("US", "CH", false, true), ("US", "AU", false, true), ("US", "SG", false, true), ("GB", "IE", true, false),
        ("GB", "US", false, true), ("GB", "FR", false, false), ("DE", "FR", true, false), ("DE", "CH", false, false),
        ("AU", "NZ", true, false), ("JP", "US", true, false), ("US", "BR", false, false), ("GB", "SG", true, false),
    ])
    func plugsAndVoltage(_ home: String, _ destination: String, _ fits: Bool, _ voltage: Bool) throws {
        let advice = try #require(PowerAdvice(home: home, destination: destination))
        #expect(advice.plugsFit == fits, "\(home) → \(destination)")
        #expect(advice.voltageDiffers == voltage, "\(home) → \(destination) voltage")
        let list = PackingRules.list(for: Self.context(Self.mild, dayCount: 3, country: destination, traveller: Traveller(home: home)))
        let adapter = list.items.first { $0.name.hasPrefix("Plug adapter") }
        #expect((adapter == nil) == fits)
        if let adapter {
            let sockets = try #require(PlugTable.country(destination)).sockets
            #expect(sockets.allSatisfy { adapter.name.contains($0) }, "\(adapter.name) names \(sockets)")
        }
        #expect(list.notices.contains { $0.hasPrefix("Mains in") } == voltage)
        #expect(list.items.contains { $0.name.hasPrefix("Passport") })
    }

    @Test func passportOnlyAbroadAndTheTravellersOwnUnits() throws {
        let british = Traveller(home: "GB")
        #expect(british.units == .metric)
        let home = PackingRules.list(for: Self.context(Self.cold, dayCount: 3, country: "GB", traveller: british))
        #expect(!home.items.contains { $0.name.hasPrefix("Passport") || $0.name.hasPrefix("Plug adapter") })
        let coat = try #require(Self.item(home, "Insulated winter coat"))
        #expect(coat.reason == "Freezing: low of -11°C Thu Dec 3")
        #expect(PackingRules.list(for: Self.context(Self.mild, dayCount: 3, country: "PR")).items.allSatisfy { !$0.name.hasPrefix("Passport") })
        #expect(Traveller.region(fromLocale: "en_GB.UTF-8") == "GB")
        #expect(Traveller.region(fromLocale: "C.UTF-8") == nil)
        #expect(Traveller.region(fromLocale: "de_CH@euro") == "CH")
        #expect(MeasurementUnits.forHome("US") == .us && MeasurementUnits.forHome("FR") == .metric)
        // The check reads a metric reason as citing the forecast.
        let check = PackingCheck(context: Self.context(Self.cold, dayCount: 3, country: "GB", traveller: british), destination: "London", place: nil)
        #expect(check.citesForecast(coat.reason))
    }

    // MARK: - The place

    @Test func altitudeGlareAndHumidity() throws {
        let high = PackingRules.list(for: Self.context(Self.mild, dayCount: 4, country: "PE", elevation: 3_399))
        #expect(high.notices.filter { $0.contains("altitude sickness") }.count == 1)
        #expect(high.notices.first { $0.contains("altitude sickness") }?.contains("11,152 ft") == true)
        #expect(Self.item(high, "Sunscreen (SPF 30+)") != nil && Self.item(high, "Lip balm with SPF") != nil)
        let low = PackingRules.list(for: Self.context(Self.mild, dayCount: 4, country: "PE", elevation: 2_400))
        #expect(!low.notices.contains { $0.contains("altitude") })
        let snow = [Rules.day(0, high: 28, low: 15, chance: 80, summary: "Snow", snow: true)]
            + (1..<4).map { Rules.day($0, high: 30, low: 14, chance: 10, summary: "Cloudy") }
        let glare = PackingRules.list(for: Self.context(snow, dayCount: 4))
        #expect(Self.item(glare, "Sunglasses")?.reason.hasPrefix("Snow glare") == true)
        #expect(Self.item(glare, "Sunglasses")?.category == "Accessories")
        let humid = (0..<4).map { Rules.day($0, high: 88, low: 75, chance: 60, summary: "Chance Showers And Thunderstorms") }
        let tropics = PackingRules.list(for: Self.context(humid, dayCount: 4))
        #expect(Self.item(tropics, "Insect repellent")?.weather == true)
        #expect(Self.item(tropics, "Sunglasses") == nil, "sunglasses for a thunderstorm day")
    }

    @Test func contradictionsAreResolved() {
        let gusty = (0..<4).map { Rules.day($0, high: 50, low: 42, chance: 70, summary: "Rain", wind: 25, gust: 47) }
        let list = PackingRules.list(for: Self.context(gusty, dayCount: 4))
        #expect(!list.items.contains { $0.name.contains("umbrella") })
        #expect(Self.item(list, "Waterproof rain jacket")?.reason.contains("Too windy for an umbrella") == true)
        let freezing = PackingRules.list(for: Self.context(Self.cold, dayCount: 4, activities: ["camping"]))
        #expect(!freezing.items.contains { $0.name == "Insect repellent" })
        for item in PackingRules.list(for: Self.context(Self.hot, dayCount: 4, activities: ["beach"])).items {
            if let category = ItemCategories.category(for: item.name) { #expect(item.category == category) }
        }
        #expect(ItemCategories.category(for: "Sunglasses") == "Accessories")
        #expect(ItemCategories.category(for: "Compact umbrella") == "Rain & weather")
    }

    // MARK: - Trip shapes and notices

    @Test func dayTripsAndPastTrips() {
        var context = Self.context([], dayCount: 1)
        context.missingDays = [Self.start]
        context.today = Self.start.adding(days: 30)
        let list = PackingRules.list(for: context)
        #expect(list.notices.first?.contains("in the past") == true)
        #expect(!list.notices.contains { $0.contains("run pack again") || $0.contains("Run pack again") })
        #expect(!list.items.contains { $0.name == "Sleepwear" || $0.name == "Underwear" || $0.quantity.map { $0 > 1 } == true })
        context.today = Self.start.adding(days: -30)
        #expect(!PackingRules.list(for: context).notices.contains { $0.contains("in the past") })
    }

    @Test func everyNoticeOnce() {
        var context = Self.context(Self.wet, dayCount: 12, activities: ["diving", "scubba", "diving"], country: "GB")
        context.days[1].hasThunder = true
        context.days[2].hasThunder = true
        context.isStale = true
        context.missingDays = [Self.start.adding(days: 11)]
        let notices = PackingRules.list(for: context).notices
        let keys = notices.map(PackingCheck.key)
        #expect(Set(keys).count == keys.count, "\(notices)")
        #expect(notices.filter { $0.contains("Thunderstorms") }.count == 1)
    }
}
