// swift-tools-version: 6.0
import PackageDescription

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
        .target(
            name: "Store",
            dependencies: ["CSQLite"],
            plugins: ["EmbedMigrations"]
        ),
        .target(name: "Tools", dependencies: ["Store"]),
        .target(name: "Planner", dependencies: ["Tools", "Store"]),
        .executableTarget(name: "plan", dependencies: ["Planner", "Tools", "Store"]),
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "StoreTests", dependencies: ["Store"]),
        .testTarget(name: "ToolsTests", dependencies: ["Tools", "Store", "TestSupport"]),
        .testTarget(name: "PlannerTests", dependencies: ["Planner", "Tools", "Store", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Store", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
