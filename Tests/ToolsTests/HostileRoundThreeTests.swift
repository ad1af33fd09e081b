import Foundation
import CSQLite
import JSON
import LanguageModels
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// Issue 20: services, place data and numbers that used to trap or hang. Each case is the hostile input
/// itself; the assertion is that it is read as unknown, skipped or refused with the documented error.
@Suite struct HostileRoundThreeTests {
    // MARK: - Geocoders

    @Test(arguments: ["1e300", "-1e19", "9.3e18", "1e16", "-1"])
    func aNominatimIdOutOfRangeIsUnknown(_ id: String) throws {
        let result = try JSONValue.parse(Data("""
            {"lat": "39.74", "lon": "-104.98", "name": "Denver", "osm_type": "relation", "osm_id": \(id),
             "address": {"country_code": "us", "state": "Colorado"}, "category": "place", "type": "city", "place_rank": 16}
            """.utf8))
        let candidate = try #require(NominatimGeocoder.candidate(from: result))
        #expect(candidate.sourceID == nil)
        #expect(candidate.name == "Denver")
    }

    @Test func anUnboundedRegionIsCutBeforeItIsStored() throws {
        let region = String(repeating: "R", count: 300_000)
        let openMeteo = try JSONValue.parse(Data("""
            {"name": "Denver", "latitude": 39.74, "longitude": -104.98, "country_code": "US", "admin1": "\(region)",
             "population": 1e300, "id": 1e300, "feature_code": "PPLA"}
            """.utf8))
        let candidate = try #require(OpenMeteoGeocoder.candidate(from: openMeteo))
        #expect(candidate.regionName.count == Place.maximumTextLength)
        #expect(candidate.population == nil)
        #expect(candidate.sourceID == nil)
        let nominatim = try JSONValue.parse(Data("""
            {"lat": "39.74", "lon": "-104.98", "name": "Denver", "address": {"country_code": "us", "state": "\(region)"}}
            """.utf8))
        #expect(NominatimGeocoder.candidate(from: nominatim)?.regionName.count == Place.maximumTextLength)
    }

    // MARK: - Fuzz: every decoder's numbers, extreme doubles

    static let extremes = ["1e308", "-1e308", "1e300", "-1e300", "9.3e18", "-9.3e18", "9223372036854775807",
                           "9223372036854775808", "-9223372036854775809", "4.9e-324", "-0", "0", "1e-300",
                           "18446744073709551616", "1.7976931348623157e308", "123456789012345678901234567890"]

    static func number(_ generator: inout SplitMix64) -> String {
        if Bool.random(using: &generator) { return extremes.randomElement(using: &generator) ?? "0" }
        let mantissa = Double.random(in: -10...10, using: &generator)
        return "\(mantissa)e\(Int.random(in: -330...330, using: &generator))"
    }

    @Test func fuzzTheDecodersNumbersWithExtremeDoubles() throws {
        // The seed actually used is the one printed: PLAN_FUZZ_SEED's when set, else a fresh one.
        let seed = ProcessInfo.processInfo.environment["PLAN_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        print("HostileRoundThreeTests fuzz seed: \(seed) (set PLAN_FUZZ_SEED to repeat)")
        var generator = SplitMix64(seed: seed)
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        for _ in 0..<300 {
            var local = generator
            let n: () -> String = { Self.number(&local) }
            let nominatim = "{\"lat\": \"\(n())\", \"lon\": \"\(n())\", \"name\": \"X\", \"osm_type\": \"node\", \"osm_id\": \(n()), \"place_rank\": \(n())}"
            let openMeteo = "{\"name\": \"X\", \"latitude\": \(n()), \"longitude\": \(n()), \"population\": \(n()), \"id\": \(n()), \"elevation\": \(n())}"
            for text in [nominatim, openMeteo] {
                guard let value = try? JSONValue.parse(Data(text.utf8)) else { continue }
                _ = NominatimGeocoder.candidate(from: value)
                _ = OpenMeteoGeocoder.candidate(from: value)
                _ = value["osm_id"]?.intValue
            }
            let nws = """
                {"properties": {"updateTime": "2026-12-03T06:00:00+00:00", "periods": [
                  {"startTime": "2026-12-03T06:00:00-07:00", "isDaytime": true, "temperature": \(n()), "temperatureUnit": "F",
                   "probabilityOfPrecipitation": {"value": \(n())}, "windSpeed": "\(n()) to \(n()) mph", "windGust": "\(n()) mph",
                   "shortForecast": "Snow", "detailedForecast": ""}]}}
                """
            if let forecast = try? NWSForecastDecoder.forecast(from: Data(nws.utf8), url: "u", timeZone: "UTC", fetchedAt: fetched) {
                Self.expectInRange(forecast.days, seed: seed)
            }
            let daily = ["temperature_2m_max", "temperature_2m_min", "precipitation_probability_max", "precipitation_sum",
                         "snowfall_sum", "weather_code", "wind_speed_10m_max", "wind_gusts_10m_max", "uv_index_max"]
                .map { "\"\($0)\": [\(n()), \(n()), \(n())]" }.joined(separator: ", ")
            let om = """
                {"latitude": \(n()), "longitude": \(n()), "timezone": "UTC", "utc_offset_seconds": \(n()),
                 "daily": {"time": ["2026-12-03", "2026-12-04", "2026-12-05"], \(daily)}}
                """
            if let forecast = try? OpenMeteoForecastDecoder.forecast(from: Data(om.utf8), url: "u", fallbackTimeZone: "UTC", fetchedAt: fetched) {
                Self.expectInRange(forecast.days, seed: seed)
            }
            // Rows: whatever a damaged database holds, read without a trap.
            let raw = Double(n()) ?? 0
            let row = Row(columns: ["x"], values: [.real(raw)])
            _ = try? row.int("x")
            if let latitude = try? row.double("x", in: -90...90) {
                #expect((-90...90).contains(latitude), "a latitude of \(latitude) read from \(raw) (seed \(seed))")
            }
            if !raw.isFinite {
                #expect(Int(checked: raw) == nil && Int(checkedRounding: raw) == nil, "\(raw) converted (seed \(seed))")
            }
            _ = raw.sleepNanoseconds
            _ = Age.describe(raw)
            _ = FixedDecimal.text(raw, places: 4)
            _ = CalendarDate(Date(timeIntervalSince1970: raw))
            generator = local
        }
    }

    /// Whatever numbers came in, a decoded day holds only figures inside plan's ranges.
    static func expectInRange(_ days: [ForecastDay], seed: UInt64) {
        for day in days {
            for temperature in [day.high, day.low].compactMap({ $0 }) {
                #expect((-150...150).contains(temperature), "a temperature of \(temperature) °F (seed \(seed))")
            }
            if let chance = day.precipitationChance { #expect((0...100).contains(chance), "a chance of \(chance)% (seed \(seed))") }
            for speed in [day.wind, day.gust].compactMap({ $0 }) {
                #expect((0...300).contains(speed), "a wind of \(speed) mph (seed \(seed))")
            }
        }
    }

    // MARK: - Place data

    /// A copy of the place data to damage, or nil when the data is not built here.
    static func placeDataCopy(_ damage: String?) throws -> String? {
        let source = Gazetteer.defaultPath()
        guard FileManager.default.isReadableFile(atPath: source) else { return nil }
        let path = FileManager.default.temporaryDirectory.appending(path: "gazetteer-\(UUID().uuidString).sqlite").path
        // The bytes, never the link: Data/gazetteer.sqlite is often a symlink to a shared build, and
        // copyItem copies a symlink as a symlink, so the damage below went into the shared file itself.
        let contents = try Data(contentsOf: URL(fileURLWithPath: source).resolvingSymlinksInPath())
        guard FileManager.default.createFile(atPath: path, contents: contents) else { return nil }
        var info = stat()
        #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "the copy is not a regular file")
        if let damage {
            var db: OpaquePointer?
            guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db else { return nil }
            defer { sqlite3_close_v2(db) }
            #expect(sqlite3_exec(db, damage, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        }
        return path
    }

    @Test func aPopulationOf1e300InThePlaceDataIsUnknown() async throws {
        guard let path = try Self.placeDataCopy("UPDATE places SET population = 1e300, latitude = latitude WHERE name = 'Denver'") else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await Gazetteer(path: path).resolve("Denver, CO")
        #expect(result.place.name == "Denver")
        #expect(result.place.population == nil)
    }

    @Test func outOfRangeCoordinatesInThePlaceDataAreSkipped() async throws {
        guard let path = try Self.placeDataCopy("UPDATE places SET latitude = 1e300 WHERE name = 'Denver' AND country = 'US'") else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try? await Gazetteer(path: path).resolve("Denver, CO")
        #expect(result.map { (-90...90).contains($0.place.latitude) } ?? true)
    }

    @Test func aRecursiveViewInPlaceOfNamesIsDamagedNotAHang() async throws {
        guard let path = try Self.placeDataCopy("""
            DROP TABLE names;
            CREATE VIEW names AS WITH RECURSIVE c(key, place) AS (SELECT 'denver', 1 UNION ALL SELECT key, place + 1 FROM c)
            SELECT key, place, 'name' AS kind FROM c;
            """) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: GeocodingError.gazetteerDamaged(path: path)) { _ = try Gazetteer(path: path) }
    }

    @Test(arguments: ["text", "truncated", "no tables"])
    func aDamagedPlaceDataFileIsReportedAsSuch(_ damage: String) async throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "gazetteer-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        switch damage {
        case "text":
            try Data("this is not place data\n".utf8).write(to: URL(fileURLWithPath: path))
        case "truncated":
            guard let whole = FileManager.default.contents(atPath: Gazetteer.defaultPath()) else { return }
            try whole.prefix(64 * 1024).write(to: URL(fileURLWithPath: path))
        default:
            var db: OpaquePointer?
            _ = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
            _ = sqlite3_exec(db, "CREATE TABLE other (x); INSERT INTO other VALUES (1);", nil, nil, nil)
            sqlite3_close_v2(db)
        }
        await #expect(throws: GeocodingError.gazetteerDamaged(path: path)) {
            let gazetteer = try Gazetteer(path: path)
            try await gazetteer.check()
        }
        await #expect(throws: GeocodingError.gazetteerDamaged(path: path)) {
            _ = try await Gazetteer(path: path).resolve("Denver, CO")
        }
        // With no online geocoder to stand in, the resolver names the damaged file (exit 69), not PLAN_DB.
        if let gazetteer = try? Gazetteer(path: path) {
            await #expect(throws: GeocodingError.gazetteerDamaged(path: path)) {
                _ = try await PlaceResolver(gazetteer: gazetteer, online: nil).resolve("Denver, CO")
            }
        }
    }
}
