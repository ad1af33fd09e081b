import Model
@testable import Store
import Testing

/// The out-of-date reason as the net change since the list (issue 35, point 8).
@Suite struct ChangeNoteTests {
    @Test(arguments: [
        ("dates Thu Dec 3 → Sun Dec 6 became Fri Dec 4 → Mon Dec 7", "dates Fri Dec 4 → Mon Dec 7 became Sat Dec 5 → Tue Dec 8",
         "dates Thu Dec 3 → Sun Dec 6 became Sat Dec 5 → Tue Dec 8"),
        ("activities ski became ski, hiking", "activities ski, hiking became ski",
         nil),
        ("dates A became B; activities none became ski", "activities ski became hiking",
         "dates A became B; activities none became hiking"),
        ("stop 2 dates A became B", "stop 1 dates C became D",
         "stop 2 dates A became B; stop 1 dates C became D"),
        ("stop 2 Moab, UT became Phoenix, AZ", "stop 2 Phoenix, AZ became Sedona, AZ; stop 3 Page, AZ added (Tue Dec 8 → Wed Dec 9)",
         "stop 2 Moab, UT became Sedona, AZ; stop 3 Page, AZ added (Tue Dec 8 → Wed Dec 9)"),
        ("travelling 1 adult became 2 adults", "travelling 2 adults became 2 adults, 1 child (4)",
         "travelling 1 adult became 2 adults, 1 child (4)"),
        ("stop 3 Page, AZ removed", "stop 3 Page, AZ removed", "stop 3 Page, AZ removed; stop 3 Page, AZ removed"),
    ] as [(String, String, String?)])
    func notesAddUpToTheNetChange(earlier: String, new: String, net: String?) {
        #expect(ChangeNote.combine(earlier, new) == net)
    }
}
