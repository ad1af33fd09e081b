import FoundationEssentials
import Basics

/// What changed in a trip since its list was made, as the net change: "dates Thu Dec 3 → Sun Dec 6 became
/// Fri Dec 4 → Mon Dec 7" followed by "dates Fri Dec 4 → Mon Dec 7 became Sat Dec 5 → Tue Dec 8" is "dates Thu
/// Dec 3 → Sun Dec 6 became Sat Dec 5 → Tue Dec 8"; a change undone is no change.
public enum ChangeNote {
    /// The parts of `earlier` and `new` (each "; "-separated) as one note of net changes, or nil when every
    /// change was undone.
    public static func combine(_ earlier: String, _ new: String) -> String? {
        var parts: [String] = []
        for part in split(earlier) + split(new) {
            guard let change = Change(part), let index = parts.lastIndex(where: { Change($0)?.subject == change.subject }),
                  let before = Change(parts[index])
            else {
                parts.append(part)
                continue
            }
            if before.from == change.to {
                parts.remove(at: index)  // undone
            } else {
                parts[index] = "\(change.subject) \(before.from) became \(change.to)"
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func split(_ note: String) -> [String] {
        note.components(separatedBy: "; ").filter { !$0.isEmpty }
    }

    /// "<subject> <from> became <to>", where the subject is one a trip's change note uses.
    struct Change {
        let subject: String
        let from: String
        let to: String

        init?(_ part: String) {
            guard let became = part.firstRange(of: " became ") else { return nil }
            let head = String(part[..<became.lowerBound])
            guard let subject = Self.subjects.lazy.compactMap({ Self.prefix(head, matching: $0) }).first,
                  head.count > subject.count + 1
            else { return nil }
            self.subject = subject
            from = String(head.dropFirst(subject.count + 1))
            to = String(part[became.upperBound...])
        }

        /// The subjects, most specific first ("stop 2 dates" before "stop 2").
        static let subjects = ["stop # dates", "stop # activities", "stop #", "dates", "activities", "place", "travelling"]

        /// The subject `pattern` ("#" for a stop's number) at the start of `head`, as it is written there.
        static func prefix(_ head: String, matching pattern: String) -> String? {
            let parts = pattern.components(separatedBy: "#")
            guard parts.count == 2 else { return head.hasPrefix(pattern + " ") ? pattern : nil }
            guard head.hasPrefix(parts[0]) else { return nil }
            let rest = head.dropFirst(parts[0].count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            let subject = parts[0] + digits + parts[1]
            return head.hasPrefix(subject + " ") ? subject : nil
        }
    }
}
