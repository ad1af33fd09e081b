import Foundation
import TestSupport
import Testing

/// Lists a seasoned traveller would sign, through the real binary against the loopback weather stand-in:
/// the traveller (`plan config`), `plan activities`, new weather shapes (cold alpine snow, high altitude,
/// tropical heat with thunder, southern summer), notices once in every output, day and past trips.
@Suite struct TravellerListTests {
    typealias World = PackFlowTests.World

    func world() throws -> World { World(services: try WeatherServices()) }

    static func names(_ pack: [String: Any]) -> Set<String> {
        Set((pack["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    static func item(_ pack: [String: Any], _ prefix: String) -> [String: Any]? {
        (pack["items"] as? [[String: Any]] ?? []).first { ($0["name"] as? String)?.hasPrefix(prefix) == true }
    }

    @Test func theTravellerIsConfiguredStoredAndOverridden() throws {
        let world = try world()
        let defaults = try world.json(["config"])
        #expect(defaults["home"] as? String == "US" && defaults["units"] as? String == "us" && defaults["laundry"] as? Int == 7)
        #expect(defaults["homeSource"] as? String == "default")
        let fromLocale = try #require(try world.sandbox.run(["config", "--json"], environment: ["LANG": "en_GB.UTF-8"]).json() as? [String: Any])
        #expect(fromLocale["home"] as? String == "GB" && fromLocale["units"] as? String == "metric")
        #expect(try world.run(["config", "set", "home", "gb"]).status == 0)
        #expect(try world.run(["config", "set", "laundry", "4"]).status == 0)
        let stored = try world.json(["config"])
        #expect(stored["home"] as? String == "GB" && stored["homeSource"] as? String == "config" && stored["laundry"] as? Int == 4)
        let overridden = try #require(try world.sandbox.run(["config", "--json"], environment: ["PLAN_HOME_COUNTRY": "AU", "PLAN_UNITS": "us"]).json() as? [String: Any])
        #expect(overridden["home"] as? String == "AU" && overridden["units"] as? String == "us")
        // Bad input: one or two lines, exit 64, the database untouched.
        let before = world.sandbox.databaseBytes()
        for bad in [["config", "set", "home", "XX"], ["config", "set", "units", "kelvin"], ["config", "set", "laundry", "0"],
                    ["config", "set", "shoe-size", "9"]] {
            let result = try world.run(bad)
            #expect(result.status == 64, "\(bad): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 2)
        }
        #expect(try world.sandbox.run(["config"], environment: ["PLAN_UNITS": "kelvin"]).status == 64)
        #expect(world.sandbox.databaseBytes() == before)
    }

    @Test func activitiesListsTheVocabulary() throws {
        let world = try world()
        let listed = try world.run(["activities", "--json"])
        #expect(listed.status == 0)
        let kits = try #require(try listed.json() as? [[String: Any]])
        #expect(kits.count >= 40)
        #expect(kits.contains { $0["name"] as? String == "scuba diving" && ($0["aliases"] as? [String])?.contains("diving") == true })
        let text = try world.run(["activities"])
        #expect(text.stdout.contains("Occasions") && text.stdout.contains("wedding"))
        let help = try world.run(["pack", "--help"])
        #expect(help.stdout.contains("plan activities"))
    }

    @Test func aSkiWeekInTheAlpsForAnAmericanAndABriton() throws {
        let world = try world()
        let us = try world.json(["pack", "Zermatt"] + world.dates(1, 7) + ["--activities", "skiing"])
        let names = Self.names(us)
        #expect(names.isSuperset(of: ["Ski jacket and trousers", "Ski socks", "Ski goggles", "Warm hat", "Sunglasses", "Sunscreen (SPF 30+)", "Passport"]))
        #expect(!names.contains("Socks") && !names.contains("Wool socks") && !names.contains("Insulated winter coat"))
        let adapter = try #require(Self.item(us, "Plug adapter"))
        #expect((adapter["name"] as? String)?.contains("J") == true)
        #expect((us["notices"] as? [String] ?? []).contains { $0.hasPrefix("Mains in Switzerland are 230 V") })
        #expect((Self.item(us, "Thermal base layers")?["reason"] as? String)?.contains("°F") == true)
        let gb = try #require(try world.sandbox.run(["pack", "1", "--json"], environment: world.network.merging(["PLAN_HOME_COUNTRY": "GB"]) { _, new in new }).json() as? [String: Any])
        #expect(Self.item(gb, "Plug adapter") != nil, "a British plug does not fit Swiss sockets")
        #expect(!(gb["notices"] as? [String] ?? []).contains { $0.hasPrefix("Mains") }, "230 V both sides")
        #expect((Self.item(gb, "Thermal base layers")?["reason"] as? String)?.contains("°C") == true)
    }

    @Test func highAltitudeBringsTheNoticeAndSun() throws {
        let world = try world()
        let pack = try world.json(["pack", "Cusco"] + world.dates(1, 4) + ["--activities", "hiking"])
        let notices = pack["notices"] as? [String] ?? []
        #expect(notices.filter { $0.contains("altitude sickness") }.count == 1)
        #expect(Self.names(pack).isSuperset(of: ["Sunscreen (SPF 30+)", "Lip balm with SPF", "Sunglasses"]))
        #expect(Self.item(pack, "Plug adapter") == nil, "Peru takes US plugs")
    }

    @Test func tropicalHeatWithThunderOnABeachWeek() throws {
        let world = try world()
        let pack = try world.json(["pack", "Cancún"] + world.dates(1, 7) + ["--activities", "beach,snorkeling"])
        let names = Self.names(pack)
        #expect(names.isSuperset(of: ["Swimsuit", "Shorts", "Sandals or flip-flops", "Reef-safe sunscreen", "Mask and snorkel", "Insect repellent", "Passport"]))
        #expect(!names.contains("Sunscreen (SPF 30+)"), "reef-safe replaces it")
        #expect(Self.item(pack, "Plug adapter") == nil, "Mexico takes US plugs")
        #expect((pack["notices"] as? [String] ?? []).filter { $0.hasPrefix("Thunderstorms forecast") }.count == 1)
    }

    @Test func aBusinessTripToSingaporeFromLondonAndASouthernSummer() throws {
        let world = try world()
        let environment = world.network.merging(["PLAN_HOME_COUNTRY": "GB"]) { _, new in new }
        let result = try world.sandbox.run(["pack", "Singapore"] + world.dates(1, 3) + ["--activities", "business", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let pack = try #require(try result.json() as? [String: Any])
        #expect(Self.item(pack, "Plug adapter") == nil, "Singapore's sockets are type G, like home")
        #expect(Self.item(pack, "Business outfits") != nil && Self.item(pack, "Dress shoes") != nil)
        let tops = (pack["items"] as? [[String: Any]] ?? []).filter { ($0["name"] as? String)?.lowercased().contains("tops") == true }
        #expect(tops.count <= 1)
        let sydney = try world.json(["pack", "Sydney"] + world.dates(1, 5) + ["--activities", "beach"])
        #expect((Self.item(sydney, "Plug adapter")?["name"] as? String)?.contains("type I") == true)
        #expect(Self.names(sydney).isSuperset(of: ["Shorts", "Swimsuit", "Sun hat"]))
    }

    @Test func eachNoticeOnceInTextMarkdownAndJSON() throws {
        let world = try world()
        let added = try world.run(["add", "Tallahassee"] + world.dates(1, 4) + ["--activities", "scubba,diving"])
        #expect(added.status == 0)
        #expect(added.stderr.contains("'scubba'"))
        let json = try world.json(["pack", "1"])
        let notices = json["notices"] as? [String] ?? []
        #expect(Set(notices.map { $0.lowercased() }).count == notices.count, "\(notices)")
        let unknown = try #require(notices.first { $0.contains("'scubba'") })
        let phrase = String(unknown.prefix(40))
        for format in [[], ["--markdown"]] {
            let out = try world.run(["pack", "1"] + format).stdout
            #expect(out.components(separatedBy: phrase).count == 2, "\(format): \(out)")
            #expect(out.components(separatedBy: "18 hours").count == 2)
        }
        #expect(!Self.names(json).contains { $0.lowercased().contains("scubba") })
    }

    @Test func aPastDayTripSaysSoAndPacksNothingForTheNight() throws {
        let world = try world()
        let pack = try world.json(["pack", "Denver, CO"] + world.dates(-40, -40))
        let notices = pack["notices"] as? [String] ?? []
        #expect(notices.first?.contains("in the past") == true)
        #expect(!notices.contains { $0.lowercased().contains("run pack again") })
        let names = Self.names(pack)
        #expect(!names.contains("Sleepwear") && !names.contains("Underwear") && !names.contains("Toothbrush and toothpaste"))
        let show = try world.sandbox.run(["show", "1"], environment: world.network.merging(["PLAN_UNITS": "metric"]) { _, new in new })
        #expect(show.status == 0 || show.status == 69)
    }

    @Test func laundryOnAddCapsTheCounts() throws {
        let world = try world()
        #expect(try world.run(["add", "San Diego, CA"] + world.dates(1, 12) + ["--laundry", "3"]).status == 0)
        let pack = try world.json(["pack", "1"])
        #expect(Self.item(pack, "Underwear")?["quantity"] as? Int == 4)
        #expect(try world.run(["add", "San Diego, CA"] + world.dates(1, 2) + ["--laundry", "0"]).status == 64)
        let show = try world.sandbox.run(["show", "1"], environment: world.network.merging(["PLAN_UNITS": "metric"]) { _, new in new })
        #expect(show.stdout.contains("°C"))
    }
}
