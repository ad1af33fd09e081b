import FoundationEssentials

/// What the climate of one calendar day comes to, for packing: the day's `high`/`low` are the typical
/// (median) high and low; these are the rest. Built by `ClimateReduction` from the archive's answer.
public struct DayClimate: Codable, Sendable, Equatable {
    /// The place's short name, for reasons ("usual for Jan 3 in Zermatt").
    public var place: String
    /// The first and last year sampled.
    public var firstYear: Int
    public var lastYear: Int
    /// Days sampled (the calendar day and its neighbours, in each year).
    public var samples: Int
    /// A cold night: the 10th percentile of the lows, °F.
    public var coldNight: Int?
    /// A hot day: the 90th percentile of the highs, °F.
    public var hotDay: Int?
    /// The share of days with at least 1 mm of precipitation (0...1).
    public var wetShare: Double
    /// The share of days with at least 1 cm of snowfall (0...1).
    public var snowShare: Double

    public init(
        place: String, firstYear: Int, lastYear: Int, samples: Int, coldNight: Int?, hotDay: Int?,
        wetShare: Double, snowShare: Double
    ) {
        self.place = place
        self.firstYear = firstYear
        self.lastYear = lastYear
        self.samples = samples
        self.coldNight = coldNight
        self.hotDay = hotDay
        self.wetShare = wetShare
        self.snowShare = snowShare
    }

    /// Years sampled.
    public var years: Int { max(1, lastYear - firstYear + 1) }

    /// "4 days in 10" for a share; "under 1 day in 10" below 5 %.
    public static func daysInTen(_ share: Double) -> String {
        let tenths = share.isFinite ? Int(checkedRounding: min(max(share, 0), 1) * 10) ?? 0 : 0
        if tenths == 0 { return "under 1 day in 10" }
        if tenths == 10 { return "nearly every day" }
        return "\(tenths) day\(tenths == 1 ? "" : "s") in 10"
    }
}
