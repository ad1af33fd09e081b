import FoundationEssentials
import JSON
import MCP
import Model
import Rendering

extension PlanCatalog {
    /// Each trip's checklist and JSON, newest trip first.
    public func resources() async throws -> [MCPResource] {
        let summaries = try await app.tripSummaries()
        return summaries.flatMap { summary -> [MCPResource] in
            let trip = summary.trip
            let label = "\(trip.name), \(trip.start) to \(trip.end)"
            return [
                MCPResource(uri: "plan://trips/\(trip.id)", name: "trip-\(trip.id)", description: "Packing checklist: \(label)", mimeType: "text/markdown"),
                MCPResource(uri: "plan://trips/\(trip.id).json", name: "trip-\(trip.id).json", description: "Trip and list as JSON: \(label)", mimeType: "application/json"),
            ]
        }
    }

    /// Each trip's two resources with the trip's stamp (its revision, dates, party, newest list and tick): a
    /// change from any process on the database shows as a new stamp.
    public func resourceVersions() async throws -> [String: String] {
        var versions: [String: String] = [:]
        for (id, stamp) in try await app.tripStamps() {
            versions["plan://trips/\(id)"] = stamp
            versions["plan://trips/\(id).json"] = stamp
        }
        return versions
    }

    /// `plan://trips/{id}` (Markdown) or `plan://trips/{id}.json`; nil for any other URI or an unknown trip.
    public func read(uri: String) async throws -> (text: String, mimeType: String)? {
        let prefix = "plan://trips/"
        guard uri.hasPrefix(prefix), uri.utf8.count <= 40 else { return nil }
        var rest = String(uri.dropFirst(prefix.count))
        let json = rest.hasSuffix(".json")
        if json { rest.removeLast(5) }
        guard !rest.isEmpty, rest.count <= 10, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber),
              let id = Int(rest),  // parses text
              let trip = try await app.trip(id) else { return nil }
        let list = try await app.list(tripID: id)
        let hasList = list.base != nil || !list.entries.isEmpty
        if json {
            var object = TripPrinter.json(trip, packed: list.base != nil).objectValue ?? [:]
            object["packingList"] = hasList ? ListPrinter.json(list) : .null
            return (JSONValue.object(object).prettyText, "application/json")
        }
        let title = "Packing list: \(trip.placesLabel), \(trip.start) to \(trip.end)"
        guard hasList else {
            return ("# \(ChecklistMarkdown.escape(title))\n\nNo packing list yet: call packing_list with trip \(id).\n", "text/markdown")
        }
        return (ChecklistMarkdown.render(list, title: title), "text/markdown")
    }
}
