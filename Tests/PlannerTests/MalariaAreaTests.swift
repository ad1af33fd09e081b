import Foundation
import Store
import Testing
import Tools
@testable import Planner

/// Issue 43: malaria is where CDC's Yellow Book says it is within a country, not the whole country: no
/// antimalarials for Cape Town, Cancún, Rio or Cusco; still the line for Kruger, Chiapas and the Amazon. Read as
/// the traveller gets the list from the built-in engine.
@Suite struct MalariaAreaTests {
    typealias Trips = StopAndPersonClothingTests

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let stops: [Trips.Stop]
        let home: String
        /// The words the antimalarials line's reason holds; nil: no such line.
        let says: String?
        var testDescription: String { label }
    }

    static func stop(_ name: String, _ country: String, _ latitude: Double, _ longitude: Double, nights: Int = 5) -> Trips.Stop {
        Trips.Stop(place: Trips.place(name, country, latitude, longitude), nights: nights, high: 80, low: 64, activities: ["sightseeing"])
    }

    static let capeTown = stop("Cape Town", "ZA", -33.92, 18.42)
    static let skukuza = stop("Skukuza", "ZA", -24.99, 31.59, nights: 3)
    static let cancun = stop("Cancún", "MX", 21.16, -86.85)
    static let sanCristobal = stop("San Cristóbal de las Casas", "MX", 16.74, -92.64)

    static let cases: [Case] = [
        Case(label: "Cape Town, a British family's summer: no malaria there", stops: [capeTown], home: "GB", says: nil),
        Case(label: "Cancún's resorts, from the US: rare cases only", stops: [cancun], home: "US", says: nil),
        Case(label: "Rio de Janeiro: none", stops: [stop("Rio de Janeiro", "BR", -22.91, -43.17)], home: "GB", says: nil),
        Case(label: "Cusco and Machu Picchu: none above the Amazon", stops: [stop("Cusco", "PE", -13.53, -71.97)], home: "US", says: nil),
        Case(label: "Bangkok then Phuket: none", stops: [stop("Bangkok", "TH", 13.75, 100.5, nights: 3), stop("Phuket", "TH", 7.88, 98.39)],
             home: "GB", says: nil),
        Case(label: "Lisbon then Cape Town: none", stops: [stop("Lisbon", "PT", 38.72, -9.14, nights: 3), capeTown], home: "US", says: nil),
        Case(label: "Cape Town then Kruger: the Kruger area", stops: [capeTown, skukuza], home: "GB", says: "Kruger"),
        Case(label: "Chiapas: risk", stops: [sanCristobal], home: "US", says: "Chiapas"),
        Case(label: "Cancún then Chiapas: Chiapas named", stops: [cancun, sanCristobal], home: "GB", says: "Chiapas"),
        Case(label: "Manaus: the Amazon", stops: [stop("Manaus", "BR", -3.12, -60.02)], home: "GB", says: "Amazon"),
        Case(label: "Mombasa: Kenya has it widely", stops: [stop("Mombasa", "KE", -4.04, 39.67)], home: "GB", says: "Kenya"),
    ]

    @Test(arguments: cases)
    func antimalarialsWhereMalariaIs(_ trip: Case) {
        let (list, _) = Trips.pack(trip.stops, home: trip.home)
        let line = list.items.first { $0.name.hasPrefix("Antimalarials") }
        if let says = trip.says {
            #expect(line?.reason.contains(says) == true, "\(line?.reason ?? "no antimalarials line")")
            #expect(line?.reason.contains("check before you go") == true)
        } else {
            #expect(line == nil, "\(line?.reason ?? "")")
        }
    }
}
