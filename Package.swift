// swift-tools-version: 6.0
import PackageDescription

// The `plan` executable links the Swift standard library and Foundation statically (start-up in a few
// milliseconds instead of ~17: no dynamic Swift libraries to load and relocate), and loads libcurl only
// when a command makes a request: Tools' HTTP transport calls libcurl's easy API through CCurlLoader, which
// dlopen()s libcurl.so.4 on the first request (no FoundationNetworking, nothing links libcurl). The C++
// library is linked statically as well (Sources/plan/Linking).
// See docs/benchmarks.md (start-up) and Sources/CCurlLoader/CurlLoader.c.
/// Compiled against the static SDK too, so the executable's object names the static libraries' own
/// dependencies (CoreFoundation, …) for the linker.
let staticExecutableSwift: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]
/// The C++ library the Swift runtime needs comes from its static archive too: Sources/plan/Linking holds a
/// linker script named libstdc++.so that the linker finds first and that names libstdc++.a.
let staticExecutable: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-L", Context.packageDirectory + "/Sources/plan/Linking", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
        .when(platforms: [.linux])
    ),
    // A release executable carries no DWARF (about 12 MB of its 91.6 MB; issue 47): the symbol table stays, so a
    // crash's backtrace still names plan's functions. The debug build keeps it, for callgrind and lldb.
    .unsafeFlags(["-Xlinker", "--strip-debug"], .when(platforms: [.linux], configuration: .release)),
]

/// Debug information valgrind reads (see CMicroHTTPD below).
let dwarf4: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

let package = Package(
    name: "plan",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "plan", targets: ["plan"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .executableTarget(
            name: "embed-migrations",
            path: "Plugins/EmbedMigrationsTool"
        ),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-migrations"]
        ),
        // plan's values: trips, stops, the party, places, calendar dates, item names, list changes, sessions.
        .target(name: "Basics"),
        .target(name: "Model", dependencies: ["Basics"]),
        .target(
            name: "Store",
            dependencies: ["Basics", "Model", "CSQLite"],
            plugins: ["EmbedMigrations"]
        ),
        // JSON values, the JSON Schema validator and partial JSON: no plan, no model.
        .target(name: "JSON", dependencies: ["Basics"]),
        // The one HTTP vocabulary: request, response, errors, limits, the transport protocol, HTTP dates.
        .target(name: "HTTPCore", dependencies: ["Basics"]),
        // The Foundation-Models-shaped framework: depends on no module of plan's.
        .target(name: "LanguageModels", dependencies: ["Basics", "JSON", "HTTPCore"]),
        // libcurl's easy API, loaded with dlopen on the first request (the headers come from libcurl4-openssl-dev).
        // DWARF 4, as the C modules below: valgrind 3.19 could not read the debug executable once its debug
        // information held this unit's DWARF 5 (issue 47's Foundation-free link).
        .target(name: "CCurlLoader", path: "Sources/CCurlLoader", cSettings: dwarf4),
        .target(name: "Tools", dependencies: ["Basics", "LanguageModels", "JSON", "HTTPCore", "Model", "Store", "CCurlLoader"]),
        .target(name: "Planner", dependencies: ["Basics", "LanguageModels", "JSON", "HTTPCore", "Tools", "Model", "Store"]),
        // The application core: the use cases every front end offers, with errors in the domain's words (issue 42,
        // in steps: a trip's checks, a trip's weather stop by stop).
        .target(name: "PlanKit", dependencies: ["Basics", "LanguageModels", "JSON", "HTTPCore", "Planner", "Tools", "Model", "Store"]),
        // What every front end draws the same way: a trip, its list, its weather as text (plain or styled at a
        // terminal). The command line and `plan mcp` both use it; like them, it reaches no inner layer (an error's
        // words and exit status are the core's ErrorReport).
        .target(name: "Rendering", dependencies: ["Basics", "PlanKit", "LanguageModels", "JSON", "HTTPCore", "Model"]),
        // The command line's one description (commands, options, help, completions, man page) and its drawings.
        // Imports the core, the renderers and plan's values: no inner layer (Store, Tools, Planner).
        .target(name: "Interface", dependencies: ["Basics", "Rendering", "PlanKit", "LanguageModels", "JSON", "HTTPCore", "Model"]),
        // The Model Context Protocol's server side (JSON-RPC over stdio, the lifecycle, tools and resources):
        // knows nothing of plan.
        .target(name: "MCP", dependencies: ["Basics", "JSON"]),
        // `plan mcp`'s catalog: plan's tools and resources over the core, served by MCP. Imports the core, the
        // renderers and plan's values: no inner layer (Store, Tools, Planner).
        .target(name: "PlanMCP", dependencies: ["Basics", "MCP", "Rendering", "PlanKit", "LanguageModels", "JSON", "Model"]),
        // libmicrohttpd and libqrencode for `plan serve`, dlopen()ed when it starts (libmicrohttpd needs GnuTLS and ten
        // more libraries: linked, every command would load them at start-up). The headers come from the -dev packages.
        // DWARF 4, as Swift writes: valgrind 3.19 (the start-up budget's callgrind) cannot read the executable's
        // debug info when these two objects carry clang's default DWARF 5.
        .target(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", cSettings: dwarf4),
        .target(name: "CQREncode", path: "Sources/CQREncode", cSettings: dwarf4),
        // `plan serve`: the trip's checklist as a page for a phone, over the core.
        // Imports only the core, plan's values and JSON: no inner layer.
        .target(name: "Web", dependencies: ["Basics", "CMicroHTTPD", "CQREncode", "PlanKit", "JSON", "Model"]),
        // The executable: picks the front end, sets the exit code. It imports no inner layer (Store, Tools,
        // Planner, LanguageModels); SwiftPM links them through the front ends.
        .executableTarget(
            name: "plan", dependencies: ["Web", "PlanMCP", "MCP", "Interface", "PlanKit", "Rendering", "JSON", "Model"], exclude: ["Linking"],
            swiftSettings: staticExecutableSwift, linkerSettings: staticExecutable
        ),
        // Benchmarks that time plan's own code in process (bench/cache-hit.sh); prints figures, tests nothing.
        // Linked like plan, so it runs the same code and valgrind can count its instructions.
        .executableTarget(
            name: "plan-bench", dependencies: ["LanguageModels", "JSON", "HTTPCore", "Tools", "Model", "Store"],
            swiftSettings: staticExecutableSwift, linkerSettings: staticExecutable
        ),
        // The seam for the outside cache-tests suite (RFC 9111): one request through plan's HTTP client and
        // cache per run, JSON in and out (Tools' CacheProbe). Not a product: built by `swift build --build-tests`
        // (scripts/test.sh), so it never rots.
        .executableTarget(name: "cache-probe", dependencies: ["Tools"]),
        .target(name: "TestSupport", dependencies: ["LanguageModels", "JSON", "HTTPCore"], path: "Tests/Support"),
        .testTarget(name: "BasicsTests", dependencies: ["Basics", "TestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Model", "Store", "CSQLite", "TestSupport"]),
        // LanguageModels' own tests: of plan's modules only Tools, for the real libcurl transport its backend's
        // tests talk to their stand-in servers through (the framework itself imports none of plan's).
        .testTarget(name: "LanguageModelsTests", dependencies: ["Basics", "LanguageModels", "JSON", "HTTPCore", "Tools", "TestSupport"]),
        .testTarget(name: "ToolsTests", dependencies: ["Basics", "CSQLite", "LanguageModels", "JSON", "HTTPCore", "Tools", "Model", "Store", "TestSupport"]),
        .testTarget(name: "PlannerTests", dependencies: ["Basics", "CSQLite", "LanguageModels", "JSON", "HTTPCore", "Planner", "Tools", "Model", "Store", "TestSupport"]),
        .testTarget(name: "PlanKitTests", dependencies: ["Basics", "JSON", "LanguageModels", "PlanKit", "Planner", "Tools", "Model", "Store"]),
        .testTarget(name: "InterfaceTests", dependencies: ["Basics", "Interface", "Rendering", "PlanKit", "LanguageModels", "JSON", "HTTPCore", "Planner", "Tools", "Model", "Store"]),
        .testTarget(name: "MCPTests", dependencies: ["MCP", "JSON"]),
        .testTarget(name: "WebTests", dependencies: ["Basics", "Web", "PlanKit", "Planner", "Model", "Store"]),
        .testTarget(name: "PlanMCPTests", dependencies: ["PlanMCP", "MCP", "LanguageModels", "JSON", "HTTPCore", "Model", "Store"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["Basics", "Interface", "LanguageModels", "JSON", "HTTPCore", "Model", "Store", "Tools", "Planner", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
