import Foundation
import JSON
import LanguageModels
import Model
@testable import PlanMCP
import Store
import Testing

/// A tool's arguments are read with plan's checks: the wrong type, an out-of-range number or an overlong
/// string is an error the model can read, never a trap.
@Suite struct ToolArgumentsTests {
    let today = CalendarDate(year: 2026, month: 12, day: 2) ?? CalendarDate(Date())

    func arguments(_ values: [String: JSONValue]) -> ToolArguments {
        ToolArguments(values: values, today: today)
    }

    @Test func tripIDsAreWholeNumbersFromOne() throws {
        #expect(try arguments(["trip": 4]).trip() == 4)
        #expect(try arguments(["trip": " 12 "]).trip() == 12)
        for bad: JSONValue in [0, -3, 1.5, 1e300, "x", "9999999999999", true, [1]] {
            #expect(throws: PlanToolError.self, "\(bad)") { try arguments(["trip": bad]).trip() }
        }
        #expect(throws: PlanToolError.missing("trip")) { try arguments([:]).trip() }
    }

    @Test func thePartyIsAdultsAndChildrensAges() throws {
        #expect(try arguments(["adults": 2]).integer("adults", in: TripParty.adultRange) == 2)
        #expect(try arguments([:]).integer("adults", in: TripParty.adultRange) == nil)
        for bad: JSONValue in [0, 21, 1.5, "two", [2]] {
            #expect(throws: PlanToolError.self, "\(bad)") { try arguments(["adults": bad]).integer("adults", in: TripParty.adultRange) }
        }
        #expect(try arguments(["children": [6, 1]]).integers("children", in: TripParty.childAgeRange, limit: 20) == [6, 1])
        for bad: JSONValue in [[18], [-1], [2.5], 6, .array(Array(repeating: 3, count: 21))] {
            #expect(throws: PlanToolError.self, "\(bad)") {
                try arguments(["children": bad]).integers("children", in: TripParty.childAgeRange, limit: 20)
            }
        }
        let stops = try arguments(["stops": [["destination": "Aspen, CO", "to": "2026-12-10", "activities": ["ski"]]]]).stops("stops", limit: 20)
        #expect(stops.first?.activities == ["ski"])
    }

    @Test func datesAreISOOrTodayOrTomorrow() throws {
        #expect(try arguments(["from": "2026-12-24"]).date("from").description == "2026-12-24")
        #expect(try arguments(["from": "today"]).date("from") == today)
        #expect(try arguments(["from": "Tomorrow"]).date("from") == today.adding(days: 1))
        for bad: JSONValue in ["2026-13-01", "next week", 20261224, ""] {
            #expect(throws: PlanToolError.self, "\(bad)") { try arguments(["from": bad]).date("from") }
        }
    }

    @Test func stringsAreTrimmedAndCapped() throws {
        #expect(try arguments(["query": "  Denver, CO \n"]).string("query") == "Denver, CO")
        #expect(throws: PlanToolError.self) { try arguments(["query": .string(String(repeating: "a", count: 201))]).string("query") }
        #expect(throws: PlanToolError.self) { try arguments(["query": "   "]).string("query") }
        #expect(try arguments(["query": .null]).optionalString("query") == nil)
    }

    @Test func wordsAreNamesOrNumbersWithinALimit() throws {
        #expect(try arguments(["items": [1, "socks"]]).words("items", limit: 5) == ["1", "socks"])
        #expect(try arguments(["items": "socks"]).words("items", limit: 5) == ["socks"])
        #expect(throws: PlanToolError.self) { try arguments(["items": .array(Array(repeating: 1, count: 6))]).words("items", limit: 5) }
        #expect(throws: PlanToolError.self) { try arguments(["items": [["a": 1]]]).words("items", limit: 5) }
    }

    @Test func numbersAndFlagsAreChecked() throws {
        #expect(try arguments(["latitude": 39.7]).number("latitude", in: -90...90) == 39.7)
        #expect(throws: PlanToolError.self) { try arguments(["latitude": 91]).number("latitude", in: -90...90) }
        #expect(throws: PlanToolError.self) { try arguments(["latitude": "39"]).number("latitude", in: -90...90) }
        #expect(try arguments([:]).bool("packed", default: true))
        #expect(throws: PlanToolError.self) { try arguments(["packed": "yes"]).bool("packed", default: true) }
    }
}
