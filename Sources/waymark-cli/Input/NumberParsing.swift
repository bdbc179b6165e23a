#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers read straight from a field's UTF-8 bytes, with no String made per field.
///
/// The fast path takes the plain decimal forms (`[+-]digits[.digits][e[+-]digits]`,
/// either side of the point may be empty but not both) and hands them to the C
/// library's `strtod` from a stack buffer; `strtod` rounds correctly, as Swift's
/// `Double(String)` does (which calls it too), so both give the same double. Anything
/// else (`inf`, `nan`, hexadecimal, over 63 bytes) goes through `Double(String)`, so
/// the accepted language is exactly Swift's.
enum NumberParsing {
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        guard n > 0 else { return nil }
        if let exact = clinger(bytes) { return exact }
        if n < 64, isPlainDecimal(bytes) {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Double? in
                let base = buffer.baseAddress!
                for i in 0..<n { base[i] = CChar(bitPattern: bytes[i]) }
                base[n] = 0
                var end: UnsafeMutablePointer<CChar>? = nil
                let value = strtod(base, &end)
                guard let end, end - base == n else { return nil }
                return value
            }
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Exact powers of ten (every one up to 1e22 is a double).
    private static let powers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// Clinger's fast path: a plain decimal whose digits make an integer below 2^53
    /// (at most 15 significant digits) scaled by at most 10^±22 is that integer times or
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
            value = m * powers[scale]
        } else {
            guard scale >= -22 else { return nil }
            value = m / powers[-scale]
        }
        return negative ? -value : value
    }

    /// `[+-]? digits* (. digits*)? ([eE] [+-]? digits+)?` with at least one mantissa digit.
    @inline(__always)
    static func isPlainDecimal(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
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
