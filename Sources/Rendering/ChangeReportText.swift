import FoundationEssentials
import Model

/// A re-pack's change report as people read it: "Since the last list (Sun Nov 29): + Rain jacket — 90% rain
/// Thu Dec 4; − Sunscreen; Socks ×5 → ×6", on one line when it fits, else one change a line.
public enum ChangeReportText {
    /// The widest one-line report; longer ones get a line per change.
    public static let oneLineWidth = 100

    /// The report's lines; `day` is the local calendar day the last list was made.
    public static func lines(_ report: ListChangeReport, day: CalendarDate) -> [String] {
        let head = "Since the last list (\(day.shortLabel)):"
        guard !report.isEmpty else { return [head + " no changes."] }
        var parts: [String] = report.added.map { added in
            "+ \(added.item.label)" + (added.item.reason.isEmpty ? "" : " — \(added.item.reason)")
        }
        parts += report.removed.map { "− \($0.item.label)" + ($0.isKept ? " (you ticked it, so it stays)" : "") }
        parts += report.changed.map { "\($0.item.name) ×\($0.from ?? 1) → ×\($0.to ?? 1)" }
        parts += report.replaced.map { replaced in
            "\(replaced.old.name) → \(replaced.new.label)" + (replaced.wasPacked ? " (you had packed the \(replaced.old.name.lowercased()))" : "")
        }
        let line = head + " " + parts.joined(separator: "; ")
        if line.count <= oneLineWidth { return [line] }
        return [head] + parts.map { "  " + $0 }
    }
}
