/// Text from a client made safe to quote in a message: control and invisible characters dropped, cut to a length.
public enum MCPText {
    public static func safe(_ text: String, limit: Int) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit * 2) {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.count > limit ? String(result.prefix(limit - 1)) + "…" : result
    }
}
