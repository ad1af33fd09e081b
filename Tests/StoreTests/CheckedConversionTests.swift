import Foundation
import Model
import Store
import Testing

/// No conversion in Sources can trap on an outside number (issue 20, finding 1).
@Suite struct CheckedConversionTests {
    @Test func checkedHelpersNeverTrap() {
        let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 9.223372036854775807e18,
                                  -9.223372036854775808e18, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        for value in extremes where !(value == -9.223372036854775808e18) {
            #expect(Int(checked: value) == nil, "\(value)")
            #expect(Int(checkedRounding: value) == nil, "\(value)")
            #expect(Int(checked: value, in: 0...10) == nil)
            #expect(value.sleepNanoseconds <= 86_400 * 1_000_000_000)
        }
        #expect(Int(checked: -9.223372036854775808e18) == Int.min)
        #expect(Int(checked: 2.9) == 2)
        #expect(Int(checked: -2.9) == -2)
        #expect(Int(checkedRounding: 2.5) == 3)
        #expect(Int(checked: 11.0, in: 0...10) == nil)
        #expect(Int(checked: 7.0, in: 0...10) == 7)
        #expect(Double(1e300).checkedWholeSeconds == nil)
        #expect(Double(2.1).checkedWholeSeconds == 3)
    }

    /// Every `Int(x)`, `Int32(x)`, `UInt64(x)`, `time_t(x)`… in Sources is labelled (`checked:`, `exactly:`,
    /// `clamping:`, `ascii:`…) or says on its line why it cannot trap (`// widening`, `// parses text`).
    @Test func sourcesHaveNoUncheckedConversions() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let pattern = try Regex(#"(^|[^A-Za-z0-9_.])(U?Int(8|16|32|64)?|time_t|CInt|CLong)\((?!\s*(checked|checkedRounding|exactly|clamping|truncatingIfNeeded|bitPattern|ascii|littleEndian|bigEndian):)"#)
        let marker = try Regex(#"//.*\b(widening|parses text)\b"#)
        var unchecked: [String] = []
        var files = 0
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "CheckedConversion.swift" else { continue }
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                guard line.contains(pattern), !line.contains(marker) else { continue }
                unchecked.append("\(url.path.replacingOccurrences(of: root.path + "/", with: "")):\(number + 1): \(code)")
            }
        }
        #expect(files > 100, "found only \(files) Swift files under \(root.path)")
        #expect(unchecked.isEmpty, "unchecked conversions (use Int(checked:) and friends):\n\(unchecked.joined(separator: "\n"))")
    }
}
