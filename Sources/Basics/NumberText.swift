/// Numbers as plan prints them, written by hand: what it used Foundation's `formatted(.number…)` for, without
/// ICU (issue 47). Always the same in every locale: "." before decimals, "," between thousands.
public enum NumberText {
    /// `value` with at most `places` decimals (0...9), trailing zeros dropped: 0.7, 1, 0.95.
    public static func upTo(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 9)
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        var text = Printf.format("%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` with its thousands grouped: 32,768; -1,000,000.
    public static func grouped<Number: BinaryInteger>(_ value: Number) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
