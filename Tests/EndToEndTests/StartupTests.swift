import Foundation
import Model
import Store
import TestSupport
import Testing

/// How the binary starts: Swift and Foundation linked in, and libcurl (with the ~30 libraries it needs)
/// loaded only by a command that makes a request. `LD_DEBUG=libs` makes the dynamic loader name every
/// library it loads on stderr.
@Suite struct StartupTests {
    func loadedLibraries(_ result: PlanResult) -> [String] {
        result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    #if os(Linux)
    /// On a database with a trip whose forecast is cached and a packed list (what docs/benchmarks.md's
    /// start-up figures measure): `--version`, `list`, a cached `show` and a history search all succeed and
    /// load neither the Swift libraries nor libcurl.
    @Test func theBinaryNeedsNoSwiftLibraryAndNoCurlAtStart() throws {
        let services = try WeatherServices()
        let sandbox = PlanSandbox()
        let today = CalendarDate(Date())
        let added = try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 1).description])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let network = services.environment.merging(["PLAN_OFFLINE": ""]) { _, new in new }
        let pack = try sandbox.run(["pack", "1"], environment: network)
        #expect(pack.status == 0, "stderr: \(pack.stderr.suffix(500))")
        let requests = try sandbox.sqlite("SELECT count(*) FROM http_cache")
        #expect(requests != "0", "the pack cached no forecast")
        for arguments in [["--version"], ["list"], ["show", "1"], ["history", "search", "boots"]] {
            let result = try sandbox.run(arguments, environment: network.merging(["LD_DEBUG": "libs"]) { _, new in new })
            #expect(result.status == 0, "\(arguments) exited \(result.status): \(result.stderr.suffix(300))")
            let libraries = loadedLibraries(result)
            #expect(!libraries.isEmpty, "LD_DEBUG gave nothing for \(arguments): \(result.stderr.prefix(300))")
            #expect(!libraries.contains { $0.contains("libcurl") }, "\(arguments) loaded \(libraries)")
            #expect(!libraries.contains { $0.contains("libswiftCore") || $0.contains("libFoundation") },
                    "\(arguments) loaded \(libraries)")
            // The C++ library comes from its archive (Sources/plan/Linking): ~1,700 fewer symbols to bind.
            #expect(!libraries.contains { $0.contains("libstdc++") }, "\(arguments) loaded \(libraries)")
            if arguments == ["show", "1"] { #expect(result.stdout.contains("(cached)"), "\(result.stdout)") }
            if arguments == ["list"] { #expect(result.stdout.contains("Denver")) }
            if arguments.first == "history" { #expect(!result.stdout.contains("No matches"), "the search found nothing") }
        }
    }

    @Test func aRequestLoadsCurlAndWorks() throws {
        let services = try WeatherServices()
        let sandbox = PlanSandbox()
        let today = CalendarDate(Date())
        let added = try sandbox.run([
            "add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 1).description,
        ])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let network = services.environment.merging(["PLAN_OFFLINE": "", "LD_DEBUG": "libs"]) { _, new in new }
        let cold = try sandbox.run(["show", "1"], environment: network)
        #expect(cold.status == 0, "stderr: \(cold.stderr.suffix(500))")
        #expect(loadedLibraries(cold).contains { $0.contains("libcurl") })
        #expect(cold.stdout.contains("Forecast    NWS"))
        // The same show from the cache makes no request, so it loads nothing more.
        let warm = try sandbox.run(["show", "1"], environment: network)
        #expect(warm.status == 0)
        #expect(!loadedLibraries(warm).contains { $0.contains("libcurl") })
        #expect(warm.stdout.contains("(cached)"))
    }
    #endif
}
