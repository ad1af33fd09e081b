import FoundationEssentials
import Model
import Store

/// The alerts of one NWS `/alerts/active` answer as the HTTP cache keeps them beside the document:
///
///     alerts 1
///     alert <event> <headline> <severity> <onset> <ends> <summary>     (one line an alert, as in `Forecast`'s record)
///
/// so a fresh hit reads these lines instead of parsing the GeoJSON again (a cached `plan show` of a US trip
/// reads its alerts every time). Bump the version (the `1`) whenever the fields change.
struct AlertList: CompactRecord, Sendable {
    var alerts: [WeatherAlert]

    init(_ alerts: [WeatherAlert]) {
        self.alerts = alerts
    }

    var record: String {
        (["alerts\t1"] + alerts.map(Forecast.alertLine)).joined(separator: "\n")
    }

    init?(record: String) {
        let fields = RecordFields(record)
        guard let header = fields.lines.first, header.count == 2, fields.isField(header[0], "alerts"),
              fields.isField(header[1], "1"), fields.lines.count <= AlertsDecoder.maximumAlerts + 1
        else { return nil }
        var alerts: [WeatherAlert] = []
        for line in fields.lines.dropFirst() {
            guard let kind = line.first, fields.isField(kind, "alert"), let alert = Forecast.alert(line, fields) else {
                return nil
            }
            alerts.append(alert)
        }
        self.alerts = alerts
    }
}
