import Testing
@testable import Planner

/// The adapter's reason says which home plugs fit and which need the adapter, never that plugs which fit do
/// not (the reason said "plugs from the United States (A, B) do not fit" in Bolivia, whose A sockets take
/// them); no adapter when every home plug fits.
@Suite struct PowerAdviceTests {
    @Test(arguments: [
        ("US", "BO", "Bolivia's sockets are types A and C: your plugs of type A fit; type B needs an adapter"),
        ("DE", "ZA", "South Africa's sockets are types C, D, M and N: your plugs of type C fit; type F needs an adapter"),
        // Past 100 characters with the sockets named: the item's name names them, the reason keeps the plugs.
        ("IN", "MV", "Your plugs of types C and D fit; type M needs an adapter"),
        ("US", "SG", "Singapore's sockets are type G; plugs from the United States (A, B) do not fit"),
    ])
    func theReasonSaysWhichPlugsFit(home: String, destination: String, reason: String) throws {
        let advice = try #require(PowerAdvice(home: home, destination: destination))
        #expect(!advice.plugsFit)
        #expect(advice.adapterReason == reason)
    }

    @Test(arguments: [("DE", "FR"), ("US", "CA"), ("GB", "SG"), ("US", "JP")])
    func noAdapterWhenEveryHomePlugFits(home: String, destination: String) throws {
        let advice = try #require(PowerAdvice(home: home, destination: destination))
        #expect(advice.plugsFit, "\(advice.adapterReason)")
        #expect(advice.unfittingPlugs.isEmpty)
    }

    /// Every adapter reason, for every pair of countries in the table, fits a packing answer's reason (at most
    /// 100 characters): a longer one set the built-in engine's whole answer aside.
    @Test func everyAdapterReasonFitsAnAnswersReason() {
        var longest = ""
        for home in PlugTable.byCode.keys {
            for destination in PlugTable.byCode.keys {
                guard let advice = PowerAdvice(home: home, destination: destination), !advice.plugsFit else { continue }
                if advice.adapterReason.count > longest.count { longest = advice.adapterReason }
            }
        }
        #expect(longest.count <= 100, "\(longest.count): \(longest)")
    }
}
