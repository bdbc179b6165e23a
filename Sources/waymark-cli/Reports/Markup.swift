#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text helpers shared by the SVG and HTML writers: escaping, and numbers short enough
/// for coordinates and read-outs.
enum Markup {
    /// `text` safe inside an element or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A drawing coordinate to 0.01 user units (a hundredth of a pixel at 1:1): shortest
    /// text for the rounded value, so files stay small and stable.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }   // never "nan" in an attribute (the browser logs an error)
        let v = (value * 100).rounded() / 100
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return v.description
    }

    /// `value` with `digits` significant digits in plain decimal notation (never
    /// exponent form), for read-outs and labels: 0.561, 27.9, 1350.
    static func significant(_ value: Double, _ digits: Int = 3) -> String {
        guard value.isFinite else { return value.description }
        guard value != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(value))))
        let decimals = max(0, digits - 1 - magnitude)
        return fixed(value, decimals)
    }

    /// `significant` without trailing zeros after the point: 10, 2.5, 0.28.
    static func compact(_ value: Double, _ digits: Int = 3) -> String {
        var text = significant(value, digits)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `value` with exactly `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        let scale = pow(10.0, Double(decimals))
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value.description }
        var digits = String(Int(scaled))
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (value < 0 && scaled != 0 ? "-" : "") + digits
    }
}
