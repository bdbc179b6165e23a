import CWaymarkText

/// Numbers read from text, the one parser of every Waymark reader (the CLI's inputs, the
/// C API's readers, and through it Python, JS and C#), so a file reads the same in every
/// language.
///
/// The language is Swift's `Double(String)` (the C library's `strtod` in the C locale,
/// the whole field consumed): `[+-]` digits with an optional point and exponent,
/// hexadecimal floats, `inf`, `infinity` and `nan`. Nothing else: no leading or
/// trailing spaces (the readers trim fields first), no digit separators (`55.733_97`),
/// no non-ASCII digits, and a NUL byte anywhere refuses the field (C's `strtod` would stop
/// at it and read the number before it). Results are correctly rounded.
public enum DecimalText {
    /// The value of the whole of `bytes`, or nil when they are not a number in the
    /// language above. Non-finite values are returned as they are (callers that take only
    /// finite numbers use ``finite(_:)``).
    public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        guard n > 0 else { return nil }
        if let exact = clinger(bytes) { return exact }
        // strtod skips leading white space and stops at the first byte it cannot take
        // (a NUL among them): both are refusals here, checked on the bytes themselves.
        let first = bytes[0]
        guard first > 32, first != 127 else { return nil }
        if bytes.contains(0) { return nil }
        if n < 128 {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
                parse(bytes, into: buffer.baseAddress!)
            }
        }
        // Long fields (a million-digit number is still a number): a heap copy, freed here.
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: n + 1)
        defer { buffer.deallocate() }
        return parse(bytes, into: buffer)
    }

    /// ``double(_:)`` of an array slice's bytes.
    public static func double(_ bytes: ArraySlice<UInt8>) -> Double? {
        bytes.withUnsafeBufferPointer { double($0) }
    }

    /// A finite number from text with surrounding white space allowed (XML attribute
    /// and element text), nil otherwise.
    public static func finite(_ bytes: ArraySlice<UInt8>) -> Double? {
        guard let v = double(ByteText.trimmed(bytes)), v.isFinite else { return nil }
        return v
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into base: UnsafeMutablePointer<CChar>) -> Double? {
        let n = bytes.count
        for i in 0..<n { base[i] = CChar(bitPattern: bytes[i]) }
        base[n] = 0
        var end: UnsafeMutablePointer<CChar>? = nil
        let value = strtod(base, &end)
        guard let end, end - base == n else { return nil }
        return value
    }

    /// Exact powers of ten (every one up to 1e22 is a double).
    private static let powers: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
                                Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22)

    @inline(__always)
    private static func power(_ k: Int) -> Double {
        withUnsafeBytes(of: powers) { $0.load(fromByteOffset: k * 8, as: Double.self) }
    }

    /// Clinger's fast path: a plain decimal whose digits make an integer below 2^53 (at
    /// most 15 significant digits) scaled by at most 10^±22 is that integer times or
    /// divided by an exact power of ten, one correctly rounded operation, so the result
    /// is the correctly rounded value of the text (as `strtod` gives). Anything else:
    /// nil, for the general path.
    @inline(__always)
    static func clinger(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = b.count
        var i = 0
        var negative = false
        if b[0] == UInt8(ascii: "-") { negative = true; i = 1 } else if b[0] == UInt8(ascii: "+") { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, significant = 0, scale = 0
        while i < n, b[i] &- 48 < 10 {
            if mantissa != 0 || b[i] != 48 { significant += 1 }
            mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48)
            i += 1; digits += 1
        }
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, b[i] &- 48 < 10 {
                if mantissa != 0 || b[i] != 48 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48)
                i += 1; digits += 1; scale -= 1
            }
        }
        guard digits > 0, significant <= 15 else { return nil }
        if i < n {
            guard b[i] | 0x20 == UInt8(ascii: "e") else { return nil }
            i += 1
            var exponentNegative = false
            if i < n, b[i] == UInt8(ascii: "-") { exponentNegative = true; i += 1 } else if i < n, b[i] == UInt8(ascii: "+") { i += 1 }
            var exponent = 0, exponentDigits = 0
            while i < n, b[i] &- 48 < 10 {
                if exponent < 10_000 { exponent = exponent * 10 + Int(b[i] &- 48) }
                i += 1; exponentDigits += 1
            }
            guard exponentDigits > 0, i == n else { return nil }
            scale += exponentNegative ? -exponent : exponent
        }
        let m = Double(mantissa)   // exact: below 10^15 < 2^53
        let value: Double
        if mantissa == 0 {
            value = 0
        } else if scale >= 0 {
            guard scale <= 22 else { return nil }
            value = m * power(scale)
        } else {
            guard scale >= -22 else { return nil }
            value = m / power(-scale)
        }
        return negative ? -value : value
    }

    /// `[+-]? digits* (. digits*)? ([eE] [+-]? digits+)?` with at least one mantissa
    /// digit: the plain decimal form (GeoJSON's numbers are a subset of it).
    public static func isPlainDecimal(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
        guard n > 0 else { return false }
        if b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-") { i = 1 }
        var digits = 0
        while i < n, b[i] &- 48 < 10 { i += 1; digits += 1 }
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, b[i] &- 48 < 10 { i += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if i < n, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            var exponentDigits = 0
            while i < n, b[i] &- 48 < 10 { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == n
    }
}
