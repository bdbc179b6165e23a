import CWaymarkMath
import WaymarkIO

/// Text helpers shared by the SVG and HTML writers: escaping, and numbers short enough
/// for coordinates and read-outs. Bytes, not Characters, and WaymarkIO's ``NumberText``
/// for every number: Embedded Swift has neither Character comparison nor a printer for
/// doubles.
package enum Markup {
    /// `text` safe inside an element or a double-quoted attribute of an HTML page and of
    /// an SVG (XML 1.0) document: `& < > "` as entities; tab, LF and CR as character
    /// references (kept, and not folded to spaces in an attribute); every other character
    /// XML 1.0 does not allow or HTML calls a control (C0 and DEL, C1, U+FFFE and U+FFFF)
    /// written out as its code in text, `\x1b` or `\u0085`, so a track's name with a
    /// control byte still gives a well-formed page that shows where the byte was.
    package static func escape(_ text: String) -> String {
        let digits: StaticString = "0123456789abcdef"
        func hex(_ value: UInt32, _ width: Int, into out: inout [UInt8]) {
            for k in stride(from: width - 1, through: 0, by: -1) { out.append(digits.utf8Start[Int((value >> (4 * UInt32(k))) & 15)]) }
        }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x09: out.append(contentsOf: "&#9;".utf8)
            case 0x0A: out.append(contentsOf: "&#10;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: "\\x".utf8); hex(UInt32(c), 2, into: &out)
            case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                out.append(contentsOf: "\\u00".utf8); hex(UInt32(bytes[i + 1]), 2, into: &out)
                i += 1
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                out.append(contentsOf: "\\uff".utf8); hex(UInt32(bytes[i + 2]) - 0xBE + 0xFE, 2, into: &out)
                i += 2
            default: out.append(c)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A drawing coordinate to 0.01 user units (a hundredth of a pixel at 1:1): shortest
    /// text for the rounded value, so files stay small and stable.
    package static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }   // never "nan" in an attribute (the browser logs an error)
        let v = (value * 100).rounded() / 100
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return NumberText.shortest(v)
    }

    /// `value` with `digits` significant digits in plain decimal notation (never
    /// exponent form), for read-outs and labels: 0.561, 27.9, 1350.
    package static func significant(_ value: Double, _ digits: Int = 3) -> String {
        guard value.isFinite else { return NumberText.shortest(value) }
        guard value != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(value))))
        let decimals = max(0, digits - 1 - magnitude)
        return fixed(value, decimals)
    }

    /// `significant` without trailing zeros after the point: 10, 2.5, 0.28.
    package static func compact(_ value: Double, _ digits: Int = 3) -> String { trimmingZeros(significant(value, digits)) }

    /// A plain decimal without trailing zeros after its point (nor the point when
    /// nothing follows it): "2.50" → "2.5", "3.00" → "3", "100" stays.
    package static func trimmingZeros(_ decimal: String) -> String {
        var text = Array(decimal.utf8)
        guard text.contains(0x2E) else { return decimal }
        while text.last == 0x30 { text.removeLast() }
        if text.last == 0x2E { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` with exactly `decimals` digits after the point, rounded half away from
    /// zero from the scaled value (not `%.*f`, which rounds the binary value exactly:
    /// the pages have always printed these digits).
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        let scale = pow(10.0, Double(decimals))
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return NumberText.shortest(value) }
        var digits = Array(String(Int(scaled)).utf8)
        if decimals > 0 {
            if digits.count <= decimals { digits = [UInt8](repeating: 0x30, count: decimals - digits.count + 1) + digits }
            digits.insert(0x2E, at: digits.count - decimals)
        }
        if value < 0 && scaled != 0 { digits.insert(0x2D, at: 0) }
        return String(decoding: digits, as: UTF8.self)
    }
}

extension Markup {
    /// `text` with the first `target` in it (compared byte for byte) replaced by
    /// `replacement`; `text` itself when `target` is not in it.
    package static func replacingFirst(_ target: String, in text: String, with replacement: String) -> String {
        let bytes = Array(text.utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return text }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return String(decoding: bytes[..<start] + Array(replacement.utf8) + bytes[(start + pattern.count)...], as: UTF8.self)
        }
        return text
    }
}
