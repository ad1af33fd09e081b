import Foundation
import Testing
@testable import Basics

/// Basics' text helpers against Foundation's own answers (this test target may import Foundation; plan's modules
/// may not, issue 47).
@Suite struct TextTests {
    static let samples = [
        "", " ", "plain", "  both ends  ", "\ttab\t", "\u{A0}no-break\u{3000}", "\n newline \r\n", "\u{2028}x\u{2029}",
        "\u{85}next line\u{85}", " \u{301}combining", "émoji 🧳 ", "  ", "a\u{200B}", "\u{FEFF}bom",
    ]

    @Test func trimmingMatchesFoundation() {
        for text in Self.samples {
            #expect(text.trimming(.whitespaces) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(
                text.trimming(.whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.debugDescription)"
            )
            #expect(text.trimming(ScalarSet(" .-")) == text.trimmingCharacters(in: CharacterSet(charactersIn: " .-")))
        }
    }

    @Test func printfMatchesStringFormat() {
        let values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 39.73915, -104.98474, 1e-7, 123_456.789, 1e21, 0.125]
        for value in values {
            for format in ["%.0f", "%.1f", "%.4f", "%.0f%%", "latitude %.4f, longitude %.4f."] {
                #expect(Printf.format(format, value, value) == String(format: format, value, value), "\(format) \(value)")
            }
        }
        #expect(Printf.format("%d trips", 12) == "12 trips")
        let long = String(repeating: "x", count: 300) + "%.2f"
        #expect(Printf.format(long, 1.0) == String(repeating: "x", count: 300) + "1.00")
    }

    @Test func numbersAsPlanPrintsThem() {
        #expect(NumberText.upTo(0.7, places: 2) == "0.7")
        #expect(NumberText.upTo(1, places: 2) == "1")
        #expect(NumberText.upTo(0.955, places: 3) == "0.955")
        #expect(NumberText.upTo(-0.001, places: 2) == "0")
        #expect(NumberText.upTo(.nan, places: 2) == "NaN")
        #expect(NumberText.grouped(32_768) == "32,768")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(-1_000_000) == "-1,000,000")
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test func paddingAndCase() {
        #expect("ab".padded(toLength: 4) == "ab  ")
        #expect("abcdef".padded(toLength: 4) == "abcd")
        #expect("Content-Type".equalsIgnoringCase("content-type"))
        #expect(!"ETag".equalsIgnoringCase("E-Tag"))
        let text = "Pack for ASPEN and aspen"
        let found = text.firstRangeIgnoringCase(of: "aspen")
        #expect(found.map { String(text[$0]) } == "ASPEN")
        let second = found.flatMap { text.firstRangeIgnoringCase(of: "Aspen", from: $0.upperBound) }
        #expect(second.map { String(text[$0]) } == "aspen")
        #expect(text.firstRangeIgnoringCase(of: "vail") == nil)
    }

    /// Every scalar of the Basic Multilingual Plane and the supplementary letters: composed, decomposed and
    /// folded as Foundation does, and the ASCII key of its compatibility decomposition (PlaceName's) the same.
    @Test func unicodeFormsMatchFoundation() {
        var differences: [String] = []
        for value in UInt32(0x20)...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                  scalar.properties.generalCategory != .surrogate, scalar.properties.generalCategory != .privateUse
            else { continue }
            let text = "a" + String(scalar) + "b"
            if UnicodeForms.composed(text) != text.precomposedStringWithCanonicalMapping
                || UnicodeForms.decomposed(text) != text.decomposedStringWithCanonicalMapping
                || Self.key(UnicodeForms.compatibilityDecomposed(text)) != Self.key(text.decomposedStringWithCompatibilityMapping) {
                differences.append(String(value, radix: 16))
            }
        }
        // Thai and Lao AM and the halfwidth voiced marks: NFKD splits them into a mark and a letter, so after a
        // Latin letter they leave or join its grapheme; no place name puts them there, and the key ignores both.
        #expect(differences == ["e33", "eb3", "ff9e", "ff9f"], "\(differences.count) scalars differ: \(differences.prefix(20))")
        #expect(UnicodeForms.folded("Crème Brûlée") == "creme brulee")
        #expect(UnicodeForms.compatibilityDecomposed("ﬁeld Ｔｏｋｙｏ²") == "field Tokyo2")
    }

    /// The ASCII letters and digits of `text`, lowercased, with its nonspacing marks dropped.
    static func key(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }.map(Character.init))
            .lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    @Test func pathsAsNSStringGivesThem() {
        // What NSString's deletingLastPathComponent gives (written out: corelibs Foundation traps on some of them).
        let expected = ["/a/b": "/a", "/a": "/", "a": "", "/a/b/": "/a", "/": "/", "": "", "a/b": "a", "/a/b.gguf": "/a",
                        "rel/dir/": "rel", "/plan/db/plan.sqlite": "/plan/db"]
        for (path, folder) in expected {
            #expect(PathText.folder(of: path) == folder, "\(path)")
        }
        #expect(PathText.lastComponent(of: "/models/SmolLM2.gguf") == "SmolLM2.gguf")
        #expect(PathText.homeFolder().hasPrefix("/"))
        #expect(PathText.executable()?.hasPrefix("/") == true)
    }

    /// No module of the plan executable imports Foundation, FoundationInternationalization or FoundationNetworking:
    /// one such import links ICU's data table back in (issue 47: 78.5 MB → 29.6 MB).
    @Test func planSourcesImportOnlyFoundationEssentials() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let forbidden: Set<String> = ["Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"]
        var found: [String] = []
        var files = 0
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            // Harnesses, not part of the installed executable.
            if url.path.contains("/Sources/cache-probe/") || url.path.contains("/Sources/plan-bench/") { continue }
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.isEmpty && $0 != "@_exported" }
                guard words.count == 2, words[0] == "import", forbidden.contains(String(words[1])) else { continue }
                found.append("\(url.lastPathComponent): \(line)")
            }
        }
        #expect(files > 300, "found only \(files) Swift files under \(root.path)")
        #expect(found.isEmpty, "import FoundationEssentials instead:\n\(found.joined(separator: "\n"))")
    }
}
