import Foundation
import Store

/// Resolves place names offline from the GeoNames gazetteer (`Data/gazetteer.sqlite`).
public final class Gazetteer: Sendable {
    private let database: ReadOnlyDatabase

    /// Opens the gazetteer at `path`.
    public init(path: String) throws {
        do {
            database = try ReadOnlyDatabase(path: path)
        } catch {
            throw GeocodingError.gazetteerUnavailable(path: path)
        }
    }

    /// Where the gazetteer is: `PLAN_GAZETTEER`; beside the binary (`gazetteer.sqlite`, or
    /// `../share/plan/gazetteer.sqlite`); else the source tree's `Data/` folder this binary was built from.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["PLAN_GAZETTEER"], !explicit.isEmpty { return explicit }
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
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

    /// The most likely place for what a traveller typed, with the others it could have meant.
    public func resolve(_ query: String) async throws -> GeocodingResult {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !PlaceName.key(trimmed).isEmpty else {
            throw GeocodingError.notFound(query: trimmed, suggestions: [])
        }
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
                    regions.contains(RegionCode(country: $0.place.country, code: $0.place.region))
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
            let namesakes = filtered.dropFirst().filter(\.isOwnName).map(\.place)
            return GeocodingResult(
                query: trimmed, place: place, alternatives: Array(namesakes.prefix(4)), matchCount: namesakes.count + 1
            )
        }
        if !knownButUnmatched.isEmpty {
            throw GeocodingError.notFound(query: trimmed, suggestions: knownButUnmatched.prefix(4).map(\.place.label))
        }
        throw GeocodingError.notFound(query: trimmed, suggestions: try await suggestions(for: trimmed))
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
        /// The place's own name (not an alternate name) matched.
        var isOwnName: Bool
    }

    private func places(named key: String) async throws -> [Candidate] {
        let rows = try await database.rows(
            """
            SELECT p.id, p.name, p.country, p.admin1, p.latitude, p.longitude, p.population, p.timezone,
                   coalesce(k.key IN (?1, ?2), 0) AS own
            FROM names n JOIN places p ON p.id = n.place LEFT JOIN place_keys k ON k.place = p.id
            WHERE n.key = ?1
            ORDER BY own DESC, p.population DESC
            LIMIT 200
            """,
            [.text(key), .text(Self.saintVariant(of: key))]
        )
        return try rows.map { Candidate(place: try Self.place(from: $0), isOwnName: try $0.int("own") == 1) }
    }

    private func regions(matching key: String) async throws -> Set<RegionCode> {
        let rows = try await database.rows(
            "SELECT country, code FROM regions WHERE key = ?1 OR lower(code) = ?1", [.text(key)]
        )
        return Set(try rows.map { RegionCode(country: try $0.string("country"), code: try $0.string("code")) })
    }

    private func countries(matching key: String) async throws -> Set<String> {
        let rows = try await database.rows("SELECT code FROM country_names WHERE key = ?", [.text(key)])
        return Set(try rows.map { try $0.string("code") })
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

    private static func place(from row: Row) throws -> Place {
        let country = try row.string("country")
        let admin1 = try row.string("admin1")
        return Place(
            name: try row.string("name"), region: country == "US" ? admin1 : "", country: country,
            latitude: try row.double("latitude"), longitude: try row.double("longitude"),
            timeZone: try row.string("timezone"), source: "gazetteer", sourceID: String(try row.int("id")),
            population: try row.int("population")
        )
    }
}
