import Foundation
import Testing

/// Every module imports only what Package.swift says it depends on. SwiftPM builds every module into one
/// folder, so an undeclared `import` of a module built earlier compiles, and the layering drawn in
/// docs/architecture.md can break silently (LanguageModels imported Model that way until issue 47's Basics).
@Suite struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each target's name and declared dependencies, read from Package.swift's text.
    static func declared() throws -> [String: Set<String>] {
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name: "([^"]+)"((?:(?!\.(?:target|executableTarget|testTarget|systemLibrary|plugin)\().)*)"#)
            .dotMatchesNewlines()
        var found: [String: Set<String>] = [:]
        for match in package.matches(of: target) {
            guard let name = match.output[2].substring, let rest = match.output[3].substring else { continue }
            var dependencies: Set<String> = []
            if let list = rest.firstMatch(of: #/dependencies: \[([^\]]*)\]/#) {
                for quoted in list.output.1.matches(of: #/"([^"]+)"/#) { dependencies.insert(String(quoted.output.1)) }
            }
            found[String(name)] = dependencies
        }
        return found
    }

    /// The front ends, and the renderers they share, reach the database, the services and the planner only
    /// through the core (PlanKit): issue 42's thin front ends.
    @Test func frontEndsDependOnTheCoreNotOnInnerLayers() throws {
        let targets = try Self.declared()
        let inner: Set<String> = ["Store", "Tools", "Planner"]
        for frontEnd in ["Interface", "PlanMCP", "Web", "Rendering", "plan"] {
            let dependencies = try #require(targets[frontEnd], "\(frontEnd) is not in Package.swift")
            #expect(dependencies.contains("PlanKit") || frontEnd == "plan", "\(frontEnd): \(dependencies.sorted())")
            #expect(dependencies.isDisjoint(with: inner), "\(frontEnd) depends on \(dependencies.intersection(inner).sorted())")
        }
    }

    @Test func everyImportOfAModuleOfPlansIsDeclared() throws {
        let targets = try Self.declared()
        #expect(targets["LanguageModels"] == ["Basics", "JSON", "HTTPCore"], "\(targets["LanguageModels"] ?? [])")
        #expect(targets.count > 20, "read only \(targets.count) targets from Package.swift")
        let folders = ["Sources": { (name: String) in name }, "Tests": { (name: String) in name == "Support" ? "TestSupport" : name }]
        var undeclared: [String] = []
        for (top, targetName) in folders {
            let base = Self.root.appendingPathComponent(top)
            for folder in try FileManager.default.contentsOfDirectory(atPath: base.path) {
                guard let dependencies = targets[targetName(folder)] else { continue }
                let enumerator = FileManager.default.enumerator(at: base.appendingPathComponent(folder), includingPropertiesForKeys: nil)
                while let url = enumerator?.nextObject() as? URL {
                    guard url.pathExtension == "swift" else { continue }
                    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                        guard words.count == 2, words[0] == "import" else { continue }
                        let module = String(words[1])
                        if targets[module] != nil, module != targetName(folder), !dependencies.contains(module) {
                            undeclared.append("\(top)/\(folder)/…/\(url.lastPathComponent) imports \(module)")
                        }
                    }
                }
            }
        }
        #expect(undeclared.isEmpty, "declare them in Package.swift, or import what is declared:\n\(undeclared.joined(separator: "\n"))")
    }
}
