/// Text for standard error that a hostile input cannot use to drive the terminal
/// (CWE-150): messages echo file names, field values, column names, GPX names and CRS
/// strings, and a raw ESC or BEL among them could retitle the terminal, move the cursor
/// or rewrite what is already on screen.
///
/// Every control character is written as an escape: C0 (U+0000–U+001F, tab and line
/// breaks included) and DEL as `\xHH` (ESC is `\x1b`, BEL `\x07`), C1 (U+0080–U+009F)
/// as `\u{HH}` (CSI is `\u{9b}`). Backslashes are kept as they are, so messages without
/// control characters read unchanged.
enum TerminalText {
    /// `text` with every control character escaped; with `keepingLineBreaks`, line feeds
    /// stay (for text whose lines are its own layout, such as a usage message).
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineBreaks && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !(keepingLineBreaks && scalar == "\n") else { out.append(scalar); continue }
            let hex = String(scalar.value, radix: 16)
            let digits = hex.count == 1 ? "0" + hex : hex
            out.append(contentsOf: (scalar.value < 0x80 ? "\\x\(digits)" : "\\u{\(digits)}").unicodeScalars)
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
