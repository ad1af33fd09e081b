import FoundationEssentials
import Basics

/// Numbers with a fixed count of decimals ("39.7392", "-104.9847"), as `Printf.format("%.4f")` writes
/// them but without Foundation's formatting machinery, whose first use in a process costs about a
/// million instructions (it is on the path of every `plan show`).
public enum FixedDecimal {
    /// `value` rounded to `places` decimals (0...9), always written with all of them.
    public static func text(_ value: Double, places: Int) -> String {
        let places = min(max(places, 0), 9)
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrEven)
        guard value.isFinite, scaled < 1e15, let units = Int(checked: scaled) else {
            return Printf.format("%.\(places)f", value)
        }
        let sign = value < 0 && units != 0 ? "-" : ""
        let whole = String(units / scale)
        guard places > 0 else { return sign + whole }
        let fraction = String(units % scale)
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
