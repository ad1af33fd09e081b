import FoundationEssentials
import Glibc
import Model
import Store

/// The weather a place usually has in a month when plan has neither a forecast nor the climate: typical
/// highs and lows at sea level by latitude, the hemisphere's own season (and its cooler southern oceans
/// past 40°S), lowered by the elevation when plan knows it. A guess, and said to be one.
///
/// The table is rough zonal climatology (typical daily highs and lows, °F, of the coldest and warmest
/// month at sea level, read from long-term station normals such as Singapore, Miami, Dubai, Atlanta,
/// Chicago, London, Oslo, Fairbanks, Buenos Aires, Punta Arenas); between band centres it interpolates.
struct SeasonGuess: Equatable, Sendable {
    /// Typical high and low, °F.
    let high: Int
    let low: Int

    /// One latitude band's centre and its coldest- and warmest-month high and low.
    struct Band: Sendable {
        let latitude: Double
        let winterHigh: Double, winterLow: Double, summerHigh: Double, summerLow: Double
    }

    static let northern: [Band] = [
        Band(latitude: 0, winterHigh: 86, winterLow: 73, summerHigh: 87, summerLow: 73),
        Band(latitude: 15, winterHigh: 84, winterLow: 68, summerHigh: 90, summerLow: 76),
        Band(latitude: 25, winterHigh: 74, winterLow: 57, summerHigh: 93, summerLow: 77),
        Band(latitude: 35, winterHigh: 56, winterLow: 38, summerHigh: 89, summerLow: 69),
        Band(latitude: 45, winterHigh: 38, winterLow: 24, summerHigh: 81, summerLow: 60),
        Band(latitude: 55, winterHigh: 33, winterLow: 25, summerHigh: 68, summerLow: 52),
        Band(latitude: 65, winterHigh: 15, winterLow: 0, summerHigh: 63, summerLow: 45),
        Band(latitude: 80, winterHigh: -5, winterLow: -20, summerHigh: 42, summerLow: 33),
    ]

    /// The south's oceans keep its summers cool and its winters mild past 40°S.
    static let southern: [Band] = Array(northern.prefix(4)) + [
        Band(latitude: 45, winterHigh: 50, winterLow: 37, summerHigh: 70, summerLow: 51),
        Band(latitude: 55, winterHigh: 37, winterLow: 28, summerHigh: 56, summerLow: 41),
        Band(latitude: 70, winterHigh: 10, winterLow: 0, summerHigh: 36, summerLow: 28),
        Band(latitude: 90, winterHigh: -60, winterLow: -70, summerHigh: -15, summerLow: -25),
    ]

    /// Degrees Fahrenheit lost per kilometre up (near the ground, about 5 °C a kilometre).
    static let lapsePerKilometre = 9.0

    init(latitude: Double, month: Int, elevation: Double?) {
        let bands = latitude >= 0 ? Self.northern : Self.southern
        let absolute = latitude.isFinite ? min(abs(latitude), 90) : 0
        let upper = bands.firstIndex { $0.latitude >= absolute } ?? bands.count - 1
        let lower = max(0, upper - 1)
        let a = bands[lower], b = bands[upper]
        let t = b.latitude == a.latitude ? 0 : (absolute - a.latitude) / (b.latitude - a.latitude)
        // 0 in the hemisphere's coldest month (January north, July south), 1 in its warmest.
        let phase = Double((min(max(month, 1), 12) - 1 + (latitude >= 0 ? 0 : 6)) % 12)
        let summer = (1 - cos(2 * Double.pi * phase / 12)) / 2
        func blend(_ winter: Double, _ summerValue: Double) -> Double { winter + (summerValue - winter) * summer }
        let high = blend(a.winterHigh, a.summerHigh) + (blend(b.winterHigh, b.summerHigh) - blend(a.winterHigh, a.summerHigh)) * t
        let low = blend(a.winterLow, a.summerLow) + (blend(b.winterLow, b.summerLow) - blend(a.winterLow, a.summerLow)) * t
        let drop = max(0, min(elevation ?? 0, 9_000)) / 1_000 * Self.lapsePerKilometre
        // A latitude that is not a number (a damaged database) leaves the sea-level equator's guess.
        self.high = Int(checkedRounding: high - drop) ?? 86
        self.low = Int(checkedRounding: low - drop) ?? 73
    }
}
