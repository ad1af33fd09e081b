import Model
import Rendering

extension PackCommand {
    /// Whether the target is a trip id (digits) rather than a destination to add.
    public var targetsTrip: Bool {
        !target.isEmpty && target.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `pack <trip>` packs the trip as it is: a new name, activities or stops are changes to make with
    /// `plan edit` (or `plan leg add`), never options silently ignored. The problem, or nil.
    static func tripDetailsProblem(_ arguments: Self) -> String? {
        guard arguments.targetsTrip else { return nil }
        let details = arguments.details
        let trip = arguments.target
        if details.from != nil || details.to != nil {
            return "--from and --to go with a destination, not a trip id; to move trip \(trip)'s dates run 'plan edit \(trip) --from <date> --to <date>'."
        }
        if details.activities != nil || details.name != nil {
            let option = details.activities != nil ? "--activities" : "--name"
            return "\(option) goes with a destination, not a trip id; change trip \(trip) with 'plan edit \(trip) \(option) …', then pack it."
        }
        if !details.stops.isEmpty {
            return "--then goes with a destination, not a trip id; add a stop with 'plan leg add \(trip) <place> --to <date>'."
        }
        if details.adults != nil || details.children != nil {
            let option = details.adults != nil ? "--adults" : "--children"
            return "\(option) goes with a destination, not a trip id; change trip \(trip) with 'plan edit \(trip) \(option) …', then pack it."
        }
        if details.like != nil {
            return "--like goes with a destination (a new trip), not a trip id."
        }
        return nil
    }
}
