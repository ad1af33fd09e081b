import Foundation
import Store
import Testing
import Tools
@testable import Planner

/// Yellow fever where CDC's Yellow Book recommends the vaccine within a country, not the whole country: no
/// certificate line for Lima, Cusco and Machu Picchu, Quito and the Galápagos, Bogotá, Buenos Aires or Nairobi;
/// still the line for Iquitos, the Ecuadorian Amazon, Iguazú and Ghana. Read as the traveller gets the list.
@Suite struct YellowFeverAreaTests {
    typealias Trips = StopAndPersonClothingTests
    typealias Stop = MalariaAreaTests

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let stops: [Trips.Stop]
        /// The country the certificate line is for; nil: no such line.
        let names: String?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Lima then Cusco: none in the Andes or on the coast",
             stops: [Stop.stop("Lima", "PE", -12.05, -77.04, nights: 2), Stop.stop("Cusco", "PE", -13.53, -71.97)], names: nil),
        Case(label: "Machu Picchu: none", stops: [Stop.stop("Machu Picchu", "PE", -13.16, -72.55)], names: nil),
        Case(label: "Quito then the Galápagos: none",
             stops: [Stop.stop("Quito", "EC", -0.18, -78.47, nights: 2), Stop.stop("Puerto Ayora", "EC", -0.74, -90.31)], names: nil),
        Case(label: "Bogotá and Cartagena: none",
             stops: [Stop.stop("Bogotá", "CO", 4.71, -74.07, nights: 2), Stop.stop("Cartagena", "CO", 10.39, -75.51)], names: nil),
        Case(label: "Buenos Aires: none", stops: [Stop.stop("Buenos Aires", "AR", -34.6, -58.38)], names: nil),
        Case(label: "Nairobi: none", stops: [Stop.stop("Nairobi", "KE", -1.29, 36.82)], names: nil),
        Case(label: "Lima then Iquitos: the Amazon", stops: [Stop.stop("Lima", "PE", -12.05, -77.04, nights: 2), Stop.stop("Iquitos", "PE", -3.75, -73.25)],
             names: "Peru"),
        Case(label: "Tena, the Ecuadorian Amazon", stops: [Stop.stop("Tena", "EC", -0.99, -77.81)], names: "Ecuador"),
        Case(label: "Buenos Aires then Iguazú", stops: [Stop.stop("Buenos Aires", "AR", -34.6, -58.38, nights: 2), Stop.stop("Puerto Iguazú", "AR", -25.6, -54.57)],
             names: "Argentina"),
        Case(label: "Nairobi then the Masai Mara", stops: [Stop.stop("Nairobi", "KE", -1.29, 36.82, nights: 2), Stop.stop("Masai Mara", "KE", -1.5, 35.14)],
             names: "Kenya"),
        Case(label: "Accra: all of Ghana", stops: [Stop.stop("Accra", "GH", 5.6, -0.19)], names: "Ghana"),
    ]

    @Test(arguments: cases)
    func aCertificateWhereTheVaccineIsRecommended(_ trip: Case) {
        let (list, _) = Trips.pack(trip.stops, home: "GB")
        let line = list.items.first { $0.name == "Yellow fever vaccination certificate" }
        if let names = trip.names {
            // The reason names the country, or says "on this trip" when the names would not fit the line.
            let reason = line?.reason ?? "no certificate line"
            #expect(line != nil && (reason.contains(names) || reason.contains("on this trip")), "\(reason)")
        } else {
            #expect(line == nil, "\(line?.reason ?? "")")
        }
    }
}
