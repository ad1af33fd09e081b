import Testing
@testable import Planner

/// The adapter's reason says which home plugs fit and which need the adapter, never that plugs which fit do
/// not (the reason said "plugs from the United States (A, B) do not fit" in Bolivia, whose A sockets take
/// them); no adapter when every home plug fits.
@Suite struct PowerAdviceTests {
    @Test(arguments: [
        ("US", "BO", "Bolivia's sockets are types A and C: plugs from the United States of type A fit; type B needs an adapter"),
        ("DE", "ZA", "South Africa's sockets are types C, D, M and N: plugs from Germany of type C fit; type F needs an adapter"),
        ("IN", "MV", "The Maldives' sockets are types C, D, G, J, K and L: plugs from India of types C and D fit; type M needs an adapter"),
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
}
