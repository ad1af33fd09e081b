import Foundation
import TestSupport
import Testing

/// Entry and health facts through the real binary, offline against the loopback weather stand-in: a US
/// traveller to Nepal sees the visa on arrival and the malaria line; a Briton to Beijing the visa; a trip
/// to Svalbard names it, never "SJ".
@Suite struct CountryFactsEndToEndTests {
    typealias World = PackFlowTests.World

    func pack(_ world: World, _ place: String, home: String) throws -> [String: Any] {
        let arguments = ["pack", place] + world.dates(1, 4) + ["--json"]
        let result = try world.sandbox.run(arguments, environment: world.network.merging(["PLAN_HOME_COUNTRY": home]) { _, new in new })
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.json() as? [String: Any])
    }

    func item(_ pack: [String: Any], _ name: String) -> [String: Any]? {
        (pack["items"] as? [[String: Any]] ?? []).first { $0["name"] as? String == name }
    }

    @Test func visasMalariaAndNamesThroughTheBinary() throws {
        let world = World(services: try WeatherServices())
        let nepal = try pack(world, "Kathmandu", home: "US")
        let arrival = try #require(item(nepal, "Visa on arrival for Nepal"))
        #expect((arrival["reason"] as? String)?.contains("check before you go") == true)
        // CDC's Yellow Book names Kathmandu among the places in Nepal with no malaria (MalariaAreas).
        #expect(item(nepal, "Antimalarials (ask a travel clinic)") == nil)
        let china = try pack(world, "Beijing", home: "GB")
        let visa = try #require(item(china, "Visa for China"))
        #expect((visa["reason"] as? String)?.hasPrefix("Required for British passports; apply before you go") == true)
        let svalbard = try pack(world, "Longyearbyen", home: "US")
        let passport = try #require(item(svalbard, "Passport"))
        let reason = passport["reason"] as? String ?? ""
        #expect(reason.contains("Svalbard and Jan Mayen") && !reason.contains("to SJ"), "\(reason)")
    }
}
