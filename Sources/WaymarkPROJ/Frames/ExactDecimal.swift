import WaymarkCore

/// Exact decimal text of a `Double`, for handing parameters to PROJ as a string without
/// trusting a printer's rounding. Works in Embedded Swift, where floating-point string
/// interpolation is unavailable, and needs no 128-bit integers (which Apple's systems
/// have only from iOS 18 / macOS 15).
///
/// Every finite double is a dyadic rational, so its decimal expansion terminates: at most
/// 309 integer digits and 1,074 fraction digits (for the smallest subnormal). A correctly
/// rounding parser (PROJ uses the C library's `strtod`) reads the text back as the same
/// double.
enum ExactDecimal {
    /// The exact decimal expansion of `value` ("-0" for negative zero prints as "0"),
    /// or nil when it is not finite.
    static func text(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        let magnitude = value.magnitude
        // magnitude = significand · 2^exponent with an integer significand < 2^53.
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)
        let exponent = magnitude.isNormal ? Int(magnitude.exponent) - 52 : -1074
        var text = value < 0 ? "-" : ""
        if exponent >= 0 {
            appendInteger(significand, shiftedLeftBy: exponent, to: &text)
            return text
        }
        let fractionBits = -exponent
        appendInteger(fractionBits >= 64 ? 0 : significand >> UInt64(fractionBits), shiftedLeftBy: 0, to: &text)
        appendFraction(significand, bits: fractionBits, to: &text)
        return text
    }

    /// Appends the decimal digits of `value · 2^shift` (little-endian 32-bit limbs,
    /// divided by 10⁹ repeatedly).
    private static func appendInteger(_ value: UInt64, shiftedLeftBy shift: Int, to text: inout String) {
        var limbs = [UInt32](repeating: 0, count: (64 + shift) / 32 + 1)
        for bit in 0..<64 where value >> UInt64(bit) & 1 == 1 {
            let position = bit + shift
            limbs[position / 32] |= 1 << UInt32(position % 32)
        }
        var chunks: [UInt32] = []   // base 10⁹, least significant first
        while limbs.contains(where: { $0 != 0 }) {
            var remainder: UInt64 = 0
            for i in limbs.indices.reversed() {
                let current = remainder << 32 | UInt64(limbs[i])
                limbs[i] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
        }
        if chunks.isEmpty { text.append("0"); return }
        for (k, chunk) in chunks.reversed().enumerated() {
            appendDigits(chunk, padTo: k == 0 ? 1 : 9, to: &text)
        }
    }

    /// Appends "." and the digits of the fraction `(value mod 2^bits) / 2^bits`,
    /// multiplying by 10 and taking the carry out of the top, exactly.
    private static func appendFraction(_ value: UInt64, bits: Int, to text: inout String) {
        let count = (bits + 31) / 32
        var limbs = [UInt32](repeating: 0, count: count)   // the fraction · 2^(32·count)
        // Place value's low `bits` bits so that bit `bits` of the fraction is the top.
        let shift = 32 * count - bits
        let masked = bits >= 64 ? value : value & ((1 << UInt64(bits)) - 1)
        guard masked != 0 else { return }
        for bit in 0..<64 where masked >> UInt64(bit) & 1 == 1 {
            let position = bit + shift
            limbs[position / 32] |= 1 << UInt32(position % 32)
        }
        text.append(".")
        while limbs.contains(where: { $0 != 0 }) {
            var carry: UInt64 = 0
            for i in limbs.indices {
                let product = UInt64(limbs[i]) * 10 + carry
                limbs[i] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            text.append(Character(Unicode.Scalar(UInt8(carry) + 48)))
        }
    }

    private static func appendDigits(_ chunk: UInt32, padTo width: Int, to text: inout String) {
        var digits: [UInt8] = []
        var n = chunk
        repeat {
            digits.append(UInt8(n % 10) + 48)
            n /= 10
        } while n > 0
        while digits.count < width { digits.append(48) }
        for d in digits.reversed() { text.append(Character(Unicode.Scalar(d))) }
    }
}
