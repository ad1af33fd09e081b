import Store

/// The dates, name and activities of a new trip: `add` requires the dates, `pack <destination>` needs them.
public struct TripDetails: ParsableArguments, Equatable {
    /// `--from`: the first day.
    public var from: CalendarDate?
    /// `--to`: the last day.
    public var to: CalendarDate?
    /// `--name`: the trip's name (default: the destination).
    public var name: String?
    /// `--activities`: comma-separated, as typed.
    public var activities: String?
    /// `--laundry`: days between washes for this trip (over `plan config set laundry`).
    public var laundry: Int?

    public init() {}

    /// The declaration `add` and `pack` share; `add` marks the dates required.
    public static func parameters(datesRequired: Bool) -> [Parameter<TripDetails>] {
        [
            .option("from", \.from, value: "<date>", help: "first day (YYYY-MM-DD, today, tomorrow)", required: datesRequired) {
                try ArgumentText.date($0, option: "from", context: $1)
            },
            .option("to", \.to, value: "<date>", help: "last day (not before --from)", required: datesRequired) {
                try ArgumentText.date($0, option: "to", context: $1)
            },
            .option("name", \.name, value: "<text>", help: "a name for the trip (default: the destination)"),
            .option("activities", \.activities, value: "a,b", help: "what you will do: ski, beach, wedding, ... ('plan activities' lists them)"),
            .option("laundry", \.laundry, value: "<days>", help: "days between washes for this trip (default: plan config, else 7)") {
                try ArgumentText.number($0, option: "laundry", range: 1...60, context: $1)
            },
        ]
    }
}
