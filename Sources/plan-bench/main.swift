import Foundation
import HTTPCore
import LanguageModels
import Model
import Store
import Tools

// plan's own cache-hit path, in process, timed hit by hit: what bench/cache-hit.sh sets beside
// requests-cache's `session.get`. Not a test: it prints figures (one JSON object on stdout).
//
//   plan-bench cache-hit <database> <nws-base-url> <trip-id> [hits]
//   plan-bench hit-only <database> <nws-base-url> <trip-id> <hits>
//
// `hit-only` runs just the `hit` path, untimed, for instruction counts under valgrind: (count at 2n −
// count at n) / n is the cost of one hit.
//
// The database is a copy of one where `plan show <trip-id>` has filled the cache (NWS). Three paths,
// each `hits` times after 50 warm-up runs:
//   hit:   HTTPClient.getDecoded of the forecast URL: the lookup, freshness, the hit counted (in memory)
//          and the decoded forecast read back from its record, as `plan show` does for each hit;
//   show:  ForecastService.forecast(for:): both of show's hits (/points, then the forecast);
//   lookup: Store.freshDecoded alone (the SQL and the row), the floor under `hit`.
// Counters are flushed once at the end, in one transaction, and checked. Any request is an error.

/// A transport that refuses: every path timed here must be answered by the cache.
struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        throw BenchError.requested(request.url.absoluteString)
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage
    case requested(String)
    case notAHit(String)
    case setup(String)

    var description: String {
        switch self {
        case .usage: return "usage: plan-bench cache-hit|hit-only <database> <nws-base-url> <trip-id> [hits]"
        case let .requested(url): return "a request went out for \(url): the cache did not answer"
        case let .notAHit(what): return "not a cache hit: \(what)"
        case let .setup(what): return what
        }
    }
}

/// Median and 90th percentile of per-run times, in microseconds.
func figures(_ samples: [Duration]) -> [String: Double] {
    let sorted = samples.map { Double($0.components.attoseconds) / 1e12 + Double($0.components.seconds) * 1e6 }.sorted()
    guard !sorted.isEmpty else { return ["median_us": 0, "p90_us": 0] }
    let median = sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    let p90 = sorted[min(sorted.count - 1, Int(checkedRounding: Double(sorted.count - 1) * 0.9) ?? 0)]
    return ["median_us": median, "p90_us": p90]
}

func time(_ runs: Int, _ body: () async throws -> Void) async throws -> [Duration] {
    for _ in 0..<50 { try await body() }
    var samples: [Duration] = []
    samples.reserveCapacity(runs)
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        try await body()
        samples.append(clock.now - start)
    }
    return samples
}

func hitOnly(_ arguments: [String]) async throws {
    guard arguments.count == 4, let hits = Int(arguments[3]), let url = URL(string: arguments[1]) else { throw BenchError.usage }  // parses text
    let store = try Store(path: arguments[0])
    let http = HTTPClient(
        store: store, transport: NoNetwork(), configuration: HTTPClient.Configuration(userAgent: "plan-bench"), mode: .normal
    )
    _ = url
    let forecastURL = try await store.rows("SELECT url FROM http_cache WHERE url LIKE '%/forecast'").first?.string("url")
    guard let forecastURL, let forecast = URL(string: forecastURL) else { throw BenchError.setup("no forecast in the cache") }
    for _ in 0..<hits {
        let fetched = try await http.getDecoded(forecast, service: "NWS", kind: .forecast, accept: "application/geo+json") {
            _ -> Forecast in throw BenchError.notAHit("the forecast was decoded from its body")
        }
        guard fetched.origin == .cache else { throw BenchError.notAHit("origin \(fetched.origin)") }
    }
    try await store.flushCounters()
}

func cacheHit(_ arguments: [String]) async throws {
    guard arguments.count >= 3, let base = URL(string: arguments[1]), let tripID = Int(arguments[2]) else {  // parses text
        throw BenchError.usage
    }
    let hits = arguments.count > 3 ? Int(arguments[3]) ?? 10_000 : 10_000  // parses text
    let store = try Store(path: arguments[0])
    guard let place = try await store.trip(id: tripID)?.place else { throw BenchError.setup("trip \(tripID) has no place") }
    let http = HTTPClient(
        store: store, transport: NoNetwork(), configuration: HTTPClient.Configuration(userAgent: "plan-bench"), mode: .normal
    )
    let service = ForecastService(http: http, nwsBase: base, openMeteoBase: base)
    let forecastURL = try await store.rows("SELECT url FROM http_cache WHERE url LIKE '%/forecast'").first?.string("url")
    guard let forecastURL, let url = URL(string: forecastURL) else { throw BenchError.setup("no forecast in the cache") }
    let before = try await store.cacheStatistics().hits

    var days = 0
    let hit = try await time(hits) {
        let fetched = try await http.getDecoded(url, service: "NWS", kind: .forecast, accept: "application/geo+json") {
            _ -> Forecast in throw BenchError.notAHit("the forecast was decoded from its body")
        }
        guard fetched.origin == .cache else { throw BenchError.notAHit("origin \(fetched.origin)") }
        days = fetched.value.days.count
    }
    let show = try await time(hits) {
        let report = try await service.forecast(for: place)
        guard report.origin == .cached else { throw BenchError.notAHit("show's origin \(report.origin)") }
    }
    let lookup = try await time(hits) {
        guard try await store.freshDecoded(url: forecastURL, at: Date(), maximumLifetime: ResourceKind.forecast.maximumLifetime) != nil else {
            throw BenchError.notAHit("no fresh record")
        }
    }
    let clock = ContinuousClock()
    let flushStart = clock.now
    try await store.flushCounters()
    let flush = clock.now - flushStart
    let counted = try await store.cacheStatistics().hits - before
    let expected = (hits + 50) * 3
    guard counted == expected else { throw BenchError.setup("cache.hit rose by \(counted), expected \(expected)") }

    var result: [String: Any] = ["hits": hits, "days": days, "counted": counted,
                                 "flush_us": Double(flush.components.attoseconds) / 1e12]
    for (name, samples) in [("hit", hit), ("show", show), ("lookup", lookup)] {
        for (key, value) in figures(samples) { result["\(name)_\(key)"] = value }
    }
    let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    print(String(decoding: json, as: UTF8.self))
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "cache-hit": try await cacheHit(Array(arguments.dropFirst()))
    case "hit-only": try await hitOnly(Array(arguments.dropFirst()))
    default: throw BenchError.usage
    }
} catch {
    FileHandle.standardError.write(Data("plan-bench: \(error)\n".utf8))
    exit(1)
}
