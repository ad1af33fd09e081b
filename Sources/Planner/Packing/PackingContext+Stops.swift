import FoundationEssentials
import Model
import Store

extension PackingContext {
    /// The trip's share at one stop: its days, its weather, its activities and the party's.
    func at(_ stop: StopPlan) -> PackingContext {
        var share = self
        share.start = stop.start
        // A stop before the last ends the day before the move (that day is the next stop's), unless that
        // would leave it no night: its working days and clothes are its own.
        share.end = stop.isLast || stop.start.days(to: stop.end) < 2 ? stop.end : stop.end.adding(days: -1)
        share.activities = Self.adding(party.activities, to: stop.activities)
        share.days = days.filter { stop.owns($0.date) }
        share.missingDays = missingDays.filter { stop.owns($0) }
        share.latitude = stop.latitude ?? latitude
        share.placeName = stop.name
        if !stopSeas.isEmpty {
            share.sea = stopSeas.first { $0.stop == stop.name }
            share.stopSeas = []
        }
        share.stopPlans = []
        return share
    }

    /// The context with the party's kits among its activities (children, a baby).
    var withPartyActivities: PackingContext {
        var context = self
        context.activities = Self.adding(party.activities, to: activities)
        return context
    }

    static func adding(_ extra: [String], to activities: [String]) -> [String] {
        activities + extra.filter { word in !activities.contains { ActivityKits.kit(named: $0)?.name == word || $0 == word } }
    }
}

extension TripParty {
    /// The kits the party brings whatever the trip: the children's for children of 2 and over, the baby's for
    /// a child under 2.
    var activities: [String] {
        (olderChildren.isEmpty ? [] : ["children"]) + (babies.isEmpty ? [] : ["baby"])
    }
}
