import Model
import Rendering

/// The dates, name and activities of a new trip: `add` requires the dates, `pack <destination>` needs them.
/// Stops after the first come as `--then <place> --to <date>`: a `--to` after a `--then` is that stop's.
public struct TripDetails: ParsableArguments, Equatable {
    /// `--from`: the first day.
    public var from: CalendarDate?
    /// `--to`: the last day (of the first stop, when there are stops).
    public var to: CalendarDate?
    /// `--name`: the trip's name (default: the destination).
    public var name: String?
    /// `--activities` before the first `--then`: the first stop's, comma-separated, as typed.
    public var activities: String?
    /// `--adults`: how many adults travel (nil: `plan config`, else 1).
    public var adults: Int?
    /// `--children`: each child's age (nil: `plan config`, else none).
    public var children: [Int]?
    /// `--then <place> --to <date>`, in order.
    public var stops: [Stop] = []
    /// `--like <trip>`: the trip whose activities and name to start from.
    public var like: Int?

    /// A stop after the first, as typed: where, its last day (nil until its `--to`) and its activities.
    public struct Stop: Sendable, Equatable {
        public var destination: String
        public var end: CalendarDate?
        public var activities: String?

        /// A stop as typed (`plan mcp`'s packing_list gives them too).
        public init(destination: String, end: CalendarDate?, activities: String? = nil) {
            self.destination = destination
            self.end = end
            self.activities = activities
        }
    }
    /// `--laundry`: days between washes for this trip (over `plan config set laundry`).
    public var laundry: Int?

    public init() {}

    /// The declaration `add` and `pack` share; `add` marks the dates required.
    public static func parameters(datesRequired: Bool) -> [Parameter<TripDetails>] {
        [
            .option("from", \.from, value: "<date>", help: "first day (YYYY-MM-DD, today, tomorrow)", required: datesRequired) {
                try ArgumentText.date($0, option: "from", context: $1)
            },
            toParameter(required: datesRequired),
            thenParameter,
            .option("name", \.name, value: "<text>", help: "a name for the trip (default: the destination)"),
            activitiesParameter,
            .option("adults", \.adults, value: "<n>", help: "adults travelling, 1 to 20 (default: plan config, else 1)") {
                try ArgumentText.number($0, option: "adults", range: TripParty.adultRange, context: $1)
            },
            .option("children", \.children, value: "<ages>", help: "each child's age, 0 to 17, comma-separated (under 2 is a baby)") {
                try ArgumentText.ages($0, option: "children", context: $1)
            },
            .option("laundry", \.laundry, value: "<days>", help: "days between washes for this trip (default: plan config, else 7)") {
                try ArgumentText.number($0, option: "laundry", range: 1...60, context: $1)
            },
            .option("like", \.like, value: "<trip>", help: "start from this trip's activities and name", completion: .trips) {
                try ArgumentText.id($0, what: "trip", context: $1)
            },
        ]
    }

    /// `--to`: the first stop's last day, or after `--then` that stop's.
    static func toParameter(required: Bool) -> Parameter<TripDetails> {
        Parameter(
            info: ParameterInfo(
                kind: .option, name: "to", valueName: "<date>",
                help: "last day (not before --from); after --then, that stop's last day", isRequired: required,
                isRepeatable: true
            ),
            assign: { details, text, context in
                let date = try ArgumentText.date(text, option: "to", context: context)
                guard let last = details.stops.indices.last else {
                    guard details.to == nil else { throw context.error("--to is given twice for the first stop; give it once (a next stop takes --then <place> --to <date>).") }
                    details.to = date
                    return
                }
                guard details.stops[last].end == nil else {
                    throw context.error(
                        "--then \(ArgumentText.printable(details.stops[last].destination)) has two --to dates; give each stop its own --then."
                    )
                }
                details.stops[last].end = date
            }
        )
    }

    /// `--then <place>`: a next stop, beginning the day the one before ends.
    static var thenParameter: Parameter<TripDetails> {
        Parameter(
            info: ParameterInfo(
                kind: .option, name: "then", valueName: "<place>",
                help: "a next stop, from the day the one before ends (give its --to after it; repeatable)",
                isRepeatable: true
            ),
            assign: { details, text, context in
                if let last = details.stops.last, last.end == nil {
                    throw context.error("--then \(ArgumentText.printable(last.destination)) needs its own --to <date> before the next --then.")
                }
                guard details.stops.count < TripLeg.maximumCount - 1 else {
                    throw context.error("a trip has at most \(TripLeg.maximumCount) stops.")
                }
                details.stops.append(Stop(destination: text, end: nil))
            }
        )
    }

    /// `--activities`: the first stop's, or after `--then` that stop's.
    static var activitiesParameter: Parameter<TripDetails> {
        Parameter(
            info: ParameterInfo(
                kind: .option, name: "activities", valueName: "a,b",
                help: "what you will do: ski, beach, wedding, ... ('plan activities'); after --then, that stop's",
                isRepeatable: true
            ),
            assign: { details, text, context in
                guard let last = details.stops.indices.last else {
                    guard details.activities == nil else { throw context.error("--activities is given twice for the first stop; give them once, comma-separated.") }
                    details.activities = text
                    return
                }
                guard details.stops[last].activities == nil else {
                    throw context.error(
                        "--then \(ArgumentText.printable(details.stops[last].destination)) has two --activities; give them once, comma-separated."
                    )
                }
                details.stops[last].activities = text
            }
        )
    }
}
