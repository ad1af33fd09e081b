import FoundationEssentials
import CQREncode

/// A QR code drawn in the terminal with Unicode half blocks: two rows of modules a line (`▀`, `▄`, `█`, space),
/// dark modules drawn as ink, with the quiet zone the standard asks for around it (light, so on a dark terminal
/// the code is framed by its own light margin).
public enum QRCodeText {
    /// Modules of light margin on each side.
    static let quietZone = 2

    /// The lines of `text`'s QR code; nil when libqrencode cannot be loaded or the text is too long for a code.
    public static func lines(for text: String) -> [String]? {
        var width: Int32 = 0
        guard let modules = plan_qr_encode(text, &width), width > 0 else { return nil }
        defer { plan_qr_free(modules) }
        let size = Int(width)  // widening
        let grid = (0..<size).map { row in (0..<size).map { column in modules[row * size + column] & 1 == 1 } }
        return lines(grid)
    }

    /// The lines of a grid of modules (true: dark), as the terminal shows them: light modules in the block
    /// character (the terminal's text colour), dark ones as the background, so the code reads as dark on
    /// light on a terminal with a dark background, the usual one; scanners read either way round.
    static func lines(_ grid: [[Bool]]) -> [String] {
        let size = grid.count
        let padded = size + 2 * quietZone
        func isDark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quietZone, column - quietZone)
            guard r >= 0, r < size, c >= 0, c < size, c < grid[r].count else { return false }
            return grid[r][c]
        }
        var lines: [String] = []
        var row = 0
        while row < padded {
            var line = ""
            for column in 0..<padded {
                let top = !isDark(row, column)
                let bottom = row + 1 < padded ? !isDark(row + 1, column) : false
                switch (top, bottom) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line)
            row += 2
        }
        return lines
    }
}
