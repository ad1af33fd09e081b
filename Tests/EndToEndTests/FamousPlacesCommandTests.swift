import Foundation
import TestSupport
import Testing

/// Issue 35, points 6 and 7, on the built binary offline: `plan add` of a bare famous name is the place a
/// traveller means, and "could also be" names only other places.
@Suite struct FamousPlacesCommandTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let destination: String
        let country: String
        let region: String
        let name: String
        /// What stderr must say (the note), or nil when it must say no "could also be".
        var couldAlsoBe: String?
        var testDescription: String { "plan add \(destination)" }
    }

    static let cases: [Case] = [
        Case(destination: "Bali", country: "ID", region: "", name: "Bali", couldAlsoBe: "Bāli, West Bengal, IN"),
        Case(destination: "Banff", country: "CA", region: "AB", name: "Banff", couldAlsoBe: "Banff, Scotland, GB"),
        Case(destination: "Sydney", country: "AU", region: "NSW", name: "Sydney", couldAlsoBe: "Sydney, NS, CA"),
        Case(destination: "Paris", country: "FR", region: "Ile-de-France", name: "Paris", couldAlsoBe: "Paris, TX, US"),
        Case(destination: "Tokyo, Japan", country: "JP", region: "Tokyo", name: "Tokyo"),
        Case(destination: "Lisbon, Portugal", country: "PT", region: "Lisbon", name: "Lisbon"),
        Case(destination: "Porto, Portugal", country: "PT", region: "Porto", name: "Porto"),
    ]

    @Test(arguments: cases)
    func addsTheFamousPlace(_ input: Case) throws {
        let sandbox = PlanSandbox()
        let added = try sandbox.run(["add", input.destination, "--from", "2026-12-03", "--to", "2026-12-06", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let trip = try #require(try added.json() as? [String: Any])
        let place = try #require(trip["place"] as? [String: Any], "\(trip)")
        #expect(place["country"] as? String == input.country)
        #expect(place["region"] as? String == input.region)
        #expect(place["name"] as? String == input.name)
        #expect(place["source"] as? String == "gazetteer")
        if let other = input.couldAlsoBe {
            #expect(added.stderr.contains("could also be: \(other)"), "stderr: \(added.stderr)")
        } else {
            #expect(!added.stderr.contains("could also be"), "stderr: \(added.stderr)")
        }
        #expect(!added.stderr.contains("Airport"), "stderr: \(added.stderr)")
    }
}
