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
