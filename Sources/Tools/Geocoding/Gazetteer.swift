import FoundationEssentials
import Basics
import Glibc
import Model
import Store

/// Resolves place names offline from the gazetteer (`Data/gazetteer.sqlite`, built by `scripts/build-gazetteer.sh`):
/// GeoNames places and first-level regions worldwide, and airports.
public final class Gazetteer: Sendable {
    private let database: ReadOnlyDatabase

    /// Opens the gazetteer at `path`.
    public init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw GeocodingError.gazetteerUnavailable(path: path)
        }
        do {
            database = try ReadOnlyDatabase(path: path)
        } catch {
            throw GeocodingError.gazetteerDamaged(path: path)
        }
    }

    /// The tables plan reads; a file without them is not place data.
    static let tables = ["names", "places", "place_keys", "region_names", "regions", "airport_names", "airports", "country_names"]

    /// A bounded check of the file (`doctor`, and before the first lookup): SQLite's own, the tables plan
    /// reads, no views, and a row from each table. Throws `gazetteerDamaged` naming the file.
    public func check(quick: Bool = true) async throws {
        do {
            let listed = try await database.rows("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view')")
            var found: Set<String> = []
            for row in listed {
                let type = try row.string("type"), name = try row.string("name")
                if type == "view" { throw GeocodingError.gazetteerDamaged(path: database.path) }
                found.insert(name)
            }
            guard Self.tables.allSatisfy(found.contains) else { throw GeocodingError.gazetteerDamaged(path: database.path) }
            for table in Self.tables { _ = try await database.rows("SELECT * FROM \(table) LIMIT 1") }
            if !quick {
                let verdict = try await database.rows("PRAGMA quick_check(1)").first?.values.first
                guard case .text("ok")? = verdict else { throw GeocodingError.gazetteerDamaged(path: database.path) }
            }
        } catch let error as GeocodingError {
            throw error
        } catch {
            throw GeocodingError.gazetteerDamaged(path: database.path)
        }
    }

    /// Where the gazetteer is: `PLAN_GAZETTEER`; beside the binary (`gazetteer.sqlite`, or
    /// `../share/plan/gazetteer.sqlite`); else the source tree's `Data/` folder this binary was built from.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["PLAN_GAZETTEER"], !explicit.isEmpty { return explicit }
        var candidates: [String] = []
        if let executable = PathText.executable().map({ URL(fileURLWithPath: PathText.folder(of: $0), isDirectory: true) }) {
            candidates.append(executable.appending(path: "gazetteer.sqlite").path)
            candidates.append(executable.appending(path: "../share/plan/gazetteer.sqlite").standardized.path)
        }
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appending(path: "Data/gazetteer.sqlite").path)
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) } ?? candidates[candidates.count - 1]
    }

    // MARK: - Resolving

    /// The most likely place for what a traveller typed, with the others it could have meant: a city or town,
    /// else a first-level region (represented by its largest place), else an airport by code or name.
    /// A result is tentative when the words name a natural feature ("Lake Como", "Mount Rainier") but only a
    /// small town of that name is known, or when only an airport has the name ("Santorini"): an online geocoder
    /// should be asked first.
    public func resolve(_ query: String) async throws -> GeocodingResult {
        do {
            return try await resolveChecked(query)
        } catch let error as GeocodingError {
            throw error
        } catch {
            // SQLite's errors here are the place data's (truncated, not SQLite, tables missing), never PLAN_DB's.
            throw GeocodingError.gazetteerDamaged(path: database.path)
        }
    }

    private func resolveChecked(_ query: String) async throws -> GeocodingResult {
        let trimmed = query.trimming(.whitespacesAndNewlines)
        let key = PlaceName.key(trimmed)
        guard !key.isEmpty else {
            throw GeocodingError.notFound(query: trimmed, suggestions: [])
        }
        if Self.looksLikeAirportCode(trimmed), let airport = try await airport(trimmed) {
            return airport.result
        }
        if let feature = try await namedFeature(trimmed) { return feature }
        let (found, isQualified, knownButUnmatched) = try await city(trimmed)
        let region = try await region(trimmed)
        let mentionsAirport = key.split(separator: " ").contains("airport")
        let airport = mentionsAirport || !Self.namesAFeature(key) ? try await airport(trimmed) : nil
        if case let (city, admin1)? = found {
            let population = city.place.population ?? 0
            if let region, !isQualified, Self.regionWins(region, over: city.place, typed: trimmed) {
                return region.result.adding(city.place)
            }
            if let airport, mentionsAirport || (population < Self.featureTownPopulation && !airport.isCode
                && !Self.isNear(airport.result.place, city.place)) {
                return airport.result.adding(city.place)
            }
            // The city's own region ("Tokyo, Japan": the prefecture) is not another place it could be.
            guard let region, region.result.place.sourceID != "\(city.place.country)-\(admin1)" else { return city }
            return city.adding(region.result.place)
        }
        if let region { return region.result }
        if let airport {
            // "Santorini" names an airport, and an island: without the word "airport", ask online first.
            var result = airport.result
            result.isTentative = !mentionsAirport && !airport.isCode
            return result
        }
        if !knownButUnmatched.isEmpty {
            throw GeocodingError.notFound(query: trimmed, suggestions: knownButUnmatched.prefix(4).map(\.place.label))
        }
        throw GeocodingError.notFound(query: trimmed, suggestions: try await suggestions(for: trimmed))
    }

    /// A famous place travellers name that is not a town ("Torres del Paine", "Petra", "Uluru, Australia"), chosen
    /// over the towns of its name, which are said as what else it could be; nil when the name is none of them or
    /// its qualifiers name another country ("Petra, Greece" is the village).
    private func namedFeature(_ trimmed: String) async throws -> GeocodingResult? {
        for attempt in Self.readings(of: trimmed) where !attempt.isSpaceSplit {
            guard let entry = NamedFeatures.named(attempt.name) else { continue }
            var fits = true
            for qualifier in attempt.qualifiers {
                let countries = try await countries(matching: qualifier)
                let regions = try await regions(matching: qualifier)
                if !countries.contains(entry.country) && !regions.contains(where: { $0.country == entry.country }) { fits = false }
            }
            guard fits else { continue }
            let place = entry.place
            guard attempt.qualifiers.isEmpty else {
                return GeocodingResult(query: trimmed, place: place, alternatives: [], matchCount: 1)
            }
            let namesakes = GeocodingResult.distinct(try await places(named: attempt.name).filter(\.isOwnName).map(\.place), from: place)
            return GeocodingResult(query: trimmed, place: place, alternatives: Array(namesakes.prefix(4)), matchCount: namesakes.count + 1)
        }
        return nil
    }

    /// A city or town by name, with region or country qualifiers ("Portland, OR", "raleigh nc"); else the
    /// places that had the name but not the qualifiers.
    private func city(
        _ trimmed: String
    ) async throws -> (result: (GeocodingResult, admin1: String)?, isQualified: Bool, unmatched: [Candidate]) {
        var knownButUnmatched: [Candidate] = []
        for attempt in Self.readings(of: trimmed) {
            let candidates = try await places(named: attempt.name)
            guard !candidates.isEmpty else { continue }
            var filtered = candidates
            var qualified = true
            for qualifier in attempt.qualifiers {
                let regions = try await regions(matching: qualifier)
                let countries = try await countries(matching: qualifier)
                if regions.isEmpty && countries.isEmpty {
                    qualified = false  // not a place qualifier we know: ignore it
                    continue
                }
                let byRegion = filtered.filter {
                    regions.contains(RegionCode(country: $0.place.country, code: $0.admin1))
                }
                filtered = byRegion.isEmpty ? filtered.filter { countries.contains($0.place.country) } : byRegion
            }
            if filtered.isEmpty {
                if knownButUnmatched.isEmpty { knownButUnmatched = candidates }
                continue
            }
            if !qualified && attempt.isSpaceSplit { continue }
            let place = filtered[0].place
            // Only places of the same name count as alternatives, not ones that merely list it as an alias.
            let namesakes = GeocodingResult.distinct(filtered.dropFirst().filter(\.isOwnName).map(\.place), from: place)
            let isTentative = attempt.qualifiers.isEmpty && Self.namesAFeature(attempt.name)
                && (place.population ?? 0) < Self.featureTownPopulation
            let result = GeocodingResult(
                query: trimmed, place: place, alternatives: Array(namesakes.prefix(4)), matchCount: namesakes.count + 1,
                isTentative: isTentative
            )
            return ((result, filtered[0].admin1), !attempt.qualifiers.isEmpty, [])
        }
        return (nil, false, knownButUnmatched)
    }

    /// A town smaller than this loses to a region of the same name ("Queensland" is not Queensland, AB).
    static let regionOverTownPopulation = 50_000

    /// Whether a region of the name is meant rather than the town: the town is small ("Queensland" is not
    /// Queensland, AB); or the region is in another country and its largest place outnumbers the town ten times
    /// ("Florida" is the state, not Florida, Cuba; "Canterbury" stays the English city), or outnumbers it and is
    /// spelt as typed while the town is not ("Bali" is the Indonesian province, not Bāli in West Bengal).
    static func regionWins(_ region: (result: GeocodingResult, population: Int), over town: Place, typed: String) -> Bool {
        let people = town.population ?? 0
        if people < regionOverTownPopulation { return true }
        guard region.result.place.country != town.country, region.population > people else { return false }
        if region.population / 10 >= people { return true }
        let typed = typed.lowercased()
        return region.result.place.name.lowercased() == typed && town.name.lowercased() != typed
    }

    /// Whether an airport is the town's own (within 50 km): then the town is the destination ("Banff", not Banff
    /// Airport); a far airport of the name is meant over a small town ("Heathrow", not Heathrow, FL).
    static func isNear(_ airport: Place, _ town: Place) -> Bool {
        TripPlaces.distance(from: town, toLatitude: airport.latitude, longitude: airport.longitude)
            <= GeocodingResult.samePlaceRadius
    }

    /// Towns smaller than this that share a natural feature's name ("Lake Como, NJ") are only tentative.
    static let featureTownPopulation = 10_000

    /// Words that name natural features and other places travellers go that are not towns.
    static let featureWords: Set<String> = [
        "lake", "lakes", "mount", "mt", "mountain", "mountains", "national", "park", "island", "islands", "isle",
        "beach", "coast", "valley", "canyon", "glacier", "falls", "bay", "reef", "peak", "forest", "desert",
        "volcano", "river", "ski", "resort", "cape", "keys", "springs",
    ]

    static func namesAFeature(_ key: String) -> Bool {
        key.split(separator: " ").contains { featureWords.contains(String($0)) }
    }

    /// "JFK", "LHR", "KJFK": three or four capital letters as typed.
    static func looksLikeAirportCode(_ text: String) -> Bool {
        (3...4).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isUppercase }
    }

    /// Ways to read a query: the whole of it; "name, qualifier, qualifier"; "name qualifier" split on spaces.
    struct Reading: Equatable {
        var name: String
        var qualifiers: [String]
        var isSpaceSplit: Bool
    }

    static func readings(of query: String) -> [Reading] {
        var readings: [Reading] = []
        let commaParts = query.split(separator: ",").map { PlaceName.key(String($0)) }.filter { !$0.isEmpty }
        if commaParts.count > 1 {
            readings.append(Reading(name: commaParts[0], qualifiers: Array(commaParts.dropFirst()), isSpaceSplit: false))
        }
        let whole = PlaceName.key(query)
        readings.append(Reading(name: whole, qualifiers: [], isSpaceSplit: false))
        let words = whole.split(separator: " ").map(String.init)
        if words.count > 1 {
            for tail in 1...min(3, words.count - 1) {
                readings.append(Reading(
                    name: words.dropLast(tail).joined(separator: " "),
                    qualifiers: [words.suffix(tail).joined(separator: " ")],
                    isSpaceSplit: true
                ))
            }
        }
        return readings
    }

    // MARK: - Queries

    struct RegionCode: Hashable {
        var country: String
        var code: String
    }

    struct Candidate {
        var place: Place
        /// GeoNames' admin1 code (the US postal code), for matching region qualifiers.
        var admin1: String
        /// The place's own name (not an alternate name) matched.
        var isOwnName: Bool
    }

    private func places(named key: String) async throws -> [Candidate] {
        let rows = try await database.rows(
            """
            SELECT p.id, p.name, p.country, p.admin1, p.region, p.latitude, p.longitude, p.population, p.timezone,
                   coalesce(k.key IN (?1, ?2), 0) AS own
            FROM names n JOIN places p ON p.id = n.place LEFT JOIN place_keys k ON k.place = p.id
            WHERE n.key = ?1
            ORDER BY own DESC, p.population DESC
            LIMIT 200
            """,
            [.text(key), .text(Self.saintVariant(of: key))]
        )
        // A row with values out of range (a crafted file) is skipped, not a failure.
        return rows.compactMap {
            try? Candidate(place: Self.place(from: $0), admin1: $0.string("admin1"), isOwnName: $0.int("own") == 1)
        }
    }

    /// Regions a qualifier names: by name ("British Columbia", "Bavaria"), ISO name ("Bayern") or abbreviation
    /// ("BC", "QLD", "NC").
    private func regions(matching key: String) async throws -> Set<RegionCode> {
        let rows = try await database.rows("SELECT country, code FROM region_names WHERE key = ?1", [.text(key)])
        return Set(try rows.map { RegionCode(country: try $0.string("country"), code: try $0.string("code")) })
    }

    /// A first-level region as a destination ("Bavaria", "Queensland", "Victoria, Australia"), at the point of its
    /// most populous place; namesakes elsewhere are its alternatives.
    private func region(_ query: String) async throws -> (result: GeocodingResult, population: Int)? {
        for attempt in Self.readings(of: query) where !attempt.isSpaceSplit {
            var countries: Set<String>?
            for qualifier in attempt.qualifiers {
                let named = try await self.countries(matching: qualifier)
                countries = (countries ?? named).intersection(named)
            }
            let rows = try await database.rows(
                """
                SELECT DISTINCT r.country, r.code, r.name, p.latitude, p.longitude, p.timezone, p.population,
                       p.name AS city
                FROM region_names n JOIN regions r ON r.country = n.country AND r.code = n.code
                JOIN places p ON p.id = r.place
                WHERE n.key = ?1 AND n.kind != 'abbr'
                ORDER BY p.population DESC
                """,
                [.text(attempt.name)]
            )
            let places = rows.compactMap { row -> (Place, Int)? in
                guard let country = try? row.string("country") else { return nil }
                if let countries, !countries.contains(country) { return nil }
                guard let place = try? Place(
                    name: row.string("name"), region: "", country: country,
                    latitude: row.double("latitude", in: -90...90), longitude: row.double("longitude", in: -180...180),
                    timeZone: row.string("timezone"), source: "gazetteer",
                    sourceID: "\(country)-\(row.string("code"))", population: nil, kind: .region
                ).bounded else { return nil }
                let people = (try? row.double("population")).flatMap { Int(checked: $0, in: 0...10_000_000_000) }
                return (place, people ?? 0)
            }
            if case let (first, population)? = places.first {
                let others = GeocodingResult.distinct(places.dropFirst().map(\.0), from: first)
                let result = GeocodingResult(
                    query: query, place: first, alternatives: Array(others.prefix(4)), matchCount: others.count + 1
                )
                return (result, population)
            }
        }
        return nil
    }

    /// An airport by IATA or ICAO code ("JFK", "EGLL") or by name ("Heathrow", "O'Hare airport"), and whether a
    /// code matched.
    private func airport(_ query: String) async throws -> (result: GeocodingResult, isCode: Bool)? {
        var key = PlaceName.key(query)
        var keys = [key]
        for word in [" airport", " international airport", " intl airport"] where key.hasSuffix(word) {
            key = String(key.dropLast(word.count))
            keys.append(key)
        }
        for key in keys.reversed() where key.count >= 3 {
            let rows = try await database.rows(
                """
                SELECT a.iata, a.name, a.country, a.region, a.latitude, a.longitude, a.timezone, n.kind
                FROM airport_names n JOIN airports a ON a.id = n.airport
                WHERE n.key = ?1
                ORDER BY n.kind = 'iata' DESC, n.kind = 'icao' DESC, a.id
                LIMIT 20
                """,
                [.text(key)]
            )
            let places = rows.compactMap { row in
                try? Place(
                    name: row.string("name"), region: row.string("region"), country: row.string("country"),
                    latitude: row.double("latitude", in: -90...90), longitude: row.double("longitude", in: -180...180),
                    timeZone: row.string("timezone"), source: "gazetteer", sourceID: row.string("iata"),
                    population: nil, kind: .airport
                ).bounded
            }
            if let first = places.first {
                // A code names one airport; a name may name several ("Santa Maria airport").
                let isCode = try rows.first?.string("kind") != "name"
                let others = isCode ? [] : GeocodingResult.distinct(Array(places.dropFirst()), from: first)
                let result = GeocodingResult(
                    query: query, place: first, alternatives: Array(others.prefix(4)), matchCount: others.count + 1
                )
                return (result, isCode)
            }
        }
        return nil
    }

    private func countries(matching key: String) async throws -> Set<String> {
        let rows = try await database.rows("SELECT code FROM country_names WHERE key = ?", [.text(key)])
        return Set(try rows.map { try $0.string("code") })
    }

    // MARK: - Helping online answers

    /// What a place in `country` shows as its region when the region is called `name` ("California" → "CA",
    /// "Ontario" → "ON", "Bavaria" → "Bavaria"), or nil when the region is not known.
    public func regionLabel(country: String, name: String) async throws -> String? {
        let rows = try await database.rows(
            """
            SELECT r.label FROM region_names n JOIN regions r ON r.country = n.country AND r.code = n.code
            WHERE n.key = ?1 AND n.country = ?2 AND n.kind != 'abbr' LIMIT 1
            """,
            [.text(PlaceName.key(name)), .text(country)]
        )
        return try rows.first?.string("label")
    }

    /// The time zone of the known place nearest to a point (within about 1,000 km), for answers that carry none.
    public func timeZone(nearLatitude latitude: Double, longitude: Double) async throws -> String? {
        for box in [0.5, 2.0, 8.0] {
            let rows = try await database.rows(
                """
                SELECT timezone FROM places
                WHERE latitude BETWEEN ?1 - ?3 AND ?1 + ?3 AND longitude BETWEEN ?2 - ?4 AND ?2 + ?4
                ORDER BY (latitude - ?1) * (latitude - ?1) + (longitude - ?2) * (longitude - ?2) * ?5
                LIMIT 1
                """,
                [.real(latitude), .real(longitude), .real(box), .real(box * 2), .real(Self.longitudeScale(latitude))]
            )
            if let zone = try rows.first?.string("timezone") { return zone }
        }
        return nil
    }

    /// cos² of the latitude: how much a degree of longitude counts against a degree of latitude.
    static func longitudeScale(_ latitude: Double) -> Double {
        let c = cos(latitude * .pi / 180)
        return c * c
    }

    /// Country codes a qualifier names ("France", "FR", "USA", "Indonesia").
    public func countryCodes(matching text: String) async throws -> Set<String> {
        try await countries(matching: PlaceName.key(text))
    }

    /// Whether a qualifier names a region of `country` ("Ontario" or "ON" in CA).
    public func isRegion(_ text: String, of country: String, named name: String) async throws -> Bool {
        let regions = try await regions(matching: PlaceName.key(text))
        guard let label = try await regionLabel(country: country, name: name) else {
            return PlaceName.key(text) == PlaceName.key(name)
        }
        let rows = try await database.rows(
            "SELECT country, code FROM regions WHERE country = ?1 AND label = ?2", [.text(country), .text(label)]
        )
        let codes = Set(try rows.map { RegionCode(country: try $0.string("country"), code: try $0.string("code")) })
        return !regions.isDisjoint(with: codes)
    }

    /// The closest known names, by edit distance among names sharing the first two letters.
    private func suggestions(for query: String) async throws -> [String] {
        let key = PlaceName.key(query.split(separator: ",").first.map(String.init) ?? query)
        guard key.count >= 2 else { return [] }
        let prefix = String(key.prefix(2))
        let rows = try await database.rows(
            "SELECT DISTINCT key FROM names WHERE key >= ?1 AND key < ?1 || '{' LIMIT 60000", [.text(prefix)]
        )
        let limit = max(2, key.count / 3)
        let scored = try rows.compactMap { row -> (String, Int)? in
            let candidate = try row.string("key")
            guard abs(candidate.count - key.count) <= limit else { return nil }
            let distance = PlaceName.distance(key, candidate)
            return distance <= limit ? (candidate, distance) : nil
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var labels: [String] = []
        for (candidate, _) in scored.prefix(12) {
            if let best = try await places(named: candidate).first?.place, !labels.contains(best.label) {
                labels.append(best.label)
            }
            if labels.count == 3 { break }
        }
        return labels
    }

    /// "st louis" ↔ "saint louis": the gazetteer lists both spellings, so either counts as a place's own name.
    static func saintVariant(of key: String) -> String {
        if key.hasPrefix("st ") { return "saint " + key.dropFirst(3) }
        if key.hasPrefix("saint ") { return "st " + key.dropFirst(6) }
        return key
    }

    /// A place row; coordinates out of range throw (the row is skipped), a population out of range is unknown.
    private static func place(from row: Row) throws -> Place {
        Place(
            name: try row.string("name"), region: try row.string("region"), country: try row.string("country"),
            latitude: try row.double("latitude", in: -90...90), longitude: try row.double("longitude", in: -180...180),
            timeZone: try row.string("timezone"), source: "gazetteer", sourceID: String(try row.int("id")),
            population: (try? row.double("population")).flatMap { Int(checked: $0, in: 0...10_000_000_000) }
        ).bounded
    }
}
