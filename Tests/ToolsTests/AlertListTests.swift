import Foundation
import Model
import Store
import Testing
@testable import Tools

/// The alerts kept beside a cached `/alerts/active` document (`AlertList`): every field comes back, a damaged
/// record is not read, and a cached read takes the record instead of parsing the GeoJSON again.
@Suite struct AlertListTests {
    static let alerts = [
        WeatherAlert(
            event: "Winter Storm Warning", headline: "Winter Storm Warning issued\tDecember 1", severity: "Severe",
            onset: Date(timeIntervalSinceReferenceDate: 786_000_000.5), ends: Date(timeIntervalSinceReferenceDate: 786_216_000),
            summary: "heavy snow\\expected;\ntravel difficult"
        ),
        WeatherAlert(event: "Wind Advisory", headline: "Wind Advisory", severity: "Moderate", onset: nil, ends: nil, summary: ""),
    ]

    @Test func everyFieldReadsBack() {
        #expect(AlertList(record: AlertList(Self.alerts).record)?.alerts == Self.alerts)
        #expect(AlertList(record: AlertList([]).record)?.alerts == [])
    }

    @Test func aDamagedOrOtherRecordIsNotRead() {
        let record = AlertList(Self.alerts).record
        for damaged in ["", "alerts", record.replacingOccurrences(of: "alerts\t1", with: "alerts\t2"), record + "\nday\t1",
                        record.replacingOccurrences(of: "Severe\t", with: "Severe\tx\t"), "point\t1\thttps://example.com\t\\N",
                        Forecast(source: "nws", url: "u", timeZone: "UTC", updatedAt: nil, fetchedAt: Date(), days: []).record] {
            #expect(AlertList(record: damaged) == nil, "read \(damaged.debugDescription)")
        }
    }

    @Test func aCachedReadTakesTheKeptRecord() async throws {
        let harness = try await HTTPHarness()
        let service = AlertsService(http: harness.client(), base: harness.services.url)
        let denver = ForecastServiceTests.denver
        let today = CalendarDate(Date(), in: TimeZone(identifier: denver.timeZone))
        let first = try await service.alerts(for: denver, from: today, to: today.adding(days: 3))
        #expect(!first.isEmpty, "the stand-in's Denver has alerts in force")
        let url = harness.services.url.absoluteString + "/alerts/active?point=39.7392,-104.9847"
        let kept = try #require(try await harness.store.freshDecoded(url: url, at: harness.clock.now, maximumLifetime: 3_600))
        let list = try #require(AlertList(record: kept.record))
        #expect(list.alerts.map(\.event).sorted() == ["Wind Advisory", "Winter Storm Warning"])
        let second = try await service.alerts(for: denver, from: today, to: today.adding(days: 3))
        #expect(second == first)
        #expect(try await harness.log().filter { $0.path == "/alerts/active" }.count == 1)
    }
}
