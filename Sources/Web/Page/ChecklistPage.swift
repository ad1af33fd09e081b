import FoundationEssentials
import Model
import PlanKit

/// The checklist page of one trip, drawn on the server: the trip's name, stops and dates, a line of weather a
/// day, then the list by category, each item a checkbox inside its label (its quantity, what is packed of it,
/// its reason), and the progress. Readable without its script (the paper view, `?print`, has none); the
/// script (`PageScript`) keeps the ticks live. Every text from the trip is escaped (`HTMLText`).
struct ChecklistPage {
    let checklist: TripChecklist
    /// The page's own path ("/t/<secret>/"), where the script finds its state and sends its ticks.
    let base: String
    let isPrint: Bool

    var html: String {
        let trip = checklist.trip
        var parts: [String] = []
        parts.append("""
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>Packing: \(HTMLText.escaped(trip.name))</title>
            <link rel="stylesheet" href="/app.css">
            </head>
            <body class="\(isPrint ? "print" : "live")">
            <main id="page" data-base="\(HTMLText.escaped(base))" data-list="\(checklist.list.base?.id ?? 0)">
            """)
        parts.append(header)
        parts.append(weather)
        parts.append(items)
        parts.append("</main>")
        if !isPrint { parts.append(#"<script src="/app.js"></script>"#) }
        parts.append("</body></html>\n")
        return parts.joined(separator: "\n")
    }

    /// The trip, its stops and dates, the progress and the page's notices.
    var header: String {
        let trip = checklist.trip
        let list = checklist.list
        var lines = ["<header>", "<h1>\(HTMLText.escaped(trip.name))</h1>"]
        let nights = trip.nights == 1 ? "1 night" : "\(trip.nights) nights"
        lines.append(#"<p class="dates">\#(Self.dates(trip.start, trip.end)) · \#(nights)</p>"#)
        lines.append(#"<ul class="stops" aria-label="Stops">"#)
        for leg in trip.legs {
            let place = leg.place?.label ?? leg.destination
            let dates = trip.hasStops ? " <span class=\"when\">\(Self.dates(leg.start, leg.end))</span>" : ""
            lines.append("<li>\(HTMLText.escaped(place))\(dates)</li>")
        }
        lines.append("</ul>")
        lines.append(#"<p id="progress" role="status" aria-live="polite">\#(list.packedCount) of \#(list.entries.count) packed</p>"#)
        lines.append(#"<progress id="bar" max="\#(max(1, list.entries.count))" value="\#(list.packedCount)" aria-hidden="true"></progress>"#)
        if let outOfDate = list.base?.outOfDate {
            lines.append(#"<p class="note">This list is out of date: \#(HTMLText.escaped(outOfDate)). Pack again with plan to bring it up to date.</p>"#)
        }
        lines.append(#"<p id="notice" role="alert" hidden></p>"#)
        lines.append(#"<p id="link" class="link" hidden>Offline: ticks are kept on this phone and sent when the laptop answers.</p>"#)
        lines.append("</header>")
        return lines.joined(separator: "\n")
    }

    /// A line of weather a day (`plan show`'s figures), under the stop's name on a trip of several.
    var weather: String {
        guard !checklist.days.isEmpty || !checklist.weatherNotes.isEmpty else { return "" }
        var lines = [#"<section aria-labelledby="weather-title">"#, #"<h2 id="weather-title">Weather</h2>"#, #"<ul class="weather">"#]
        var stop: String?
        for day in checklist.days {
            if let name = day.stop, name != stop {
                lines.append(#"<li class="stop">\#(HTMLText.escaped(name))</li>"#)
                stop = name
            }
            lines.append("<li>\(HTMLText.escaped(day.line))</li>")
        }
        for note in checklist.weatherNotes {
            lines.append(#"<li class="note">\#(HTMLText.escaped(note))</li>"#)
        }
        lines.append("</ul></section>")
        return lines.joined(separator: "\n")
    }

    /// The list by category.
    var items: String {
        let list = checklist.list
        var lines: [String] = []
        for (index, category) in list.categories.enumerated() {
            lines.append(#"<section aria-labelledby="category-\#(index)">"#)
            lines.append(#"<h2 id="category-\#(index)">\#(HTMLText.escaped(category))</h2>"#)
            lines.append(#"<ul class="items">"#)
            for entry in list.entries where entry.item.category == category {
                lines.append(item(entry))
            }
            lines.append("</ul></section>")
        }
        return lines.joined(separator: "\n")
    }

    /// One item: its checkbox inside its label, so the whole row is the tick target and a screen reader reads
    /// the name, quantity and reason as the checkbox's label.
    func item(_ entry: TravellerList.Entry) -> String {
        let item = entry.item
        let quantity = item.quantity.map(String.init) ?? ""
        let shownQuantity = item.quantity.map { #" <span class="qty">× \#($0)</span>"# } ?? ""
        let part = #"<span class="part"\#(entry.partNote == nil ? " hidden" : "")>\#(HTMLText.escaped(entry.partNote ?? ""))</span>"#
        let reason = item.reason.isEmpty ? "" : #"<span class="reason">\#(HTMLText.escaped(item.reason))</span>"#
        let own = entry.isOwn ? #" <span class="own">yours</span>"# : ""
        let text = """
            <span class="text"><span class="name">\(HTMLText.escaped(item.name))</span>\(shownQuantity)\(own) \(part)\(reason)</span>
            """
        let row = #"<li class="item\#(entry.packed ? " packed" : "")" data-key="\#(HTMLText.escaped(entry.key))" "#
            + #"data-name="\#(HTMLText.escaped(item.name))" data-q="\#(quantity)">"#
        // On paper a box to tick with a pen (ticked when packed); on the phone a checkbox in the row's label.
        if isPrint {
            return row + #"<span class="box" role="img" aria-label="\#(entry.packed ? "packed" : "not packed")">\#(entry.packed ? "☑" : "☐")</span>"#
                + text + "</li>"
        }
        return row + #"<label><input type="checkbox"\#(entry.packed ? " checked" : "")>"# + text + "</label></li>"
    }

    /// "Thu Dec 3 – Sun Dec 6".
    static func dates(_ start: CalendarDate, _ end: CalendarDate) -> String {
        start == end ? start.shortLabel : "\(start.shortLabel) – \(end.shortLabel)"
    }
}
