import FoundationEssentials
import Glibc
import Model
import PlanKit
import Rendering

/// The list as a document to take along: a Markdown checklist or CSV, written exactly (both renderers
/// make outside text inert themselves).
struct ListOutput {
    let context: Context

    func document(_ list: TravellerList, trip: Trip, csv: Bool) throws {
        guard list.base != nil || !list.entries.isEmpty else {
            throw CLIError(
                code: ExitCode.noInput, message: "trip \(trip.id) has no packing list yet.",
                hint: "Run 'plan pack \(trip.id)' to make one."
            )
        }
        let text = csv ? ChecklistCSV.render(list) : ChecklistMarkdown.render(list, title: Self.title(trip))
        Console.emit(text, to: STDOUT_FILENO)
    }

    static func title(_ trip: Trip) -> String {
        "Packing list: \(trip.placesLabel), \(trip.start) to \(trip.end)"
    }
}
