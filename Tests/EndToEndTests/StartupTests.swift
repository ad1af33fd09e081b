import Foundation
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
    @Test func theBinaryNeedsNoSwiftLibraryAndNoCurlAtStart() throws {
        let sandbox = PlanSandbox()
        for arguments in [["--version"], ["list"], ["show", "1"], ["history", "search", "snow"]] {
            let result = try sandbox.run(arguments, environment: ["LD_DEBUG": "libs"])
            let libraries = loadedLibraries(result)
            #expect(!libraries.isEmpty, "LD_DEBUG gave nothing for \(arguments): \(result.stderr.prefix(300))")
            #expect(!libraries.contains { $0.contains("libcurl") }, "\(arguments) loaded \(libraries)")
            #expect(!libraries.contains { $0.contains("libswiftCore") || $0.contains("libFoundation") },
                    "\(arguments) loaded \(libraries)")
            // The C++ library comes from its archive (Sources/plan/Linking): ~1,700 fewer symbols to bind.
            #expect(!libraries.contains { $0.contains("libstdc++") }, "\(arguments) loaded \(libraries)")
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
