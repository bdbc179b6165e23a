/// Exact decimal text of a `Double`, for handing ellipsoid parameters to PROJ as a
/// string without the 1-ulp loss of a 17-digit rendering. Works in Embedded Swift,
/// where floating-point string interpolation is unavailable.
enum ExactDecimal {
    /// The exact decimal expansion of `value`, or nil when it is not finite or its
    /// binary exponent is outside what 128-bit arithmetic covers (|value| ≥ 2^74 or a
    /// fraction finer than 2^−74), far beyond any real ellipsoid.
    static func text(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        let negative = value < 0
        let magnitude = value.magnitude
        // magnitude = significand · 2^exponent with an integer significand.
        let significand = UInt128(magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0))
        let exponent = Int(magnitude.exponent) - 52
        guard exponent < 74, exponent > -74 else { return nil }
        let integerPart: UInt128, fraction: UInt128, fractionBits: Int
        if exponent >= 0 {
            integerPart = significand << UInt128(exponent)
            fraction = 0
            fractionBits = 0
        } else {
            fractionBits = -exponent
            integerPart = significand >> UInt128(fractionBits)
            fraction = significand & ((1 << UInt128(fractionBits)) - 1)
        }
        var digits: [UInt8] = []
        var n = integerPart
        repeat {
            digits.append(UInt8(truncatingIfNeeded: n % 10) + 48)
            n /= 10
        } while n > 0
        var text = negative ? "-" : ""
        for d in digits.reversed() { text.append(Character(Unicode.Scalar(d))) }
        if fraction != 0 {
            text.append(".")
            // Each step is exact: fraction < 2^74, so fraction · 10 < 2^78.
            var f = fraction
            let mask: UInt128 = (1 << UInt128(fractionBits)) - 1
            while f != 0 {
                f *= 10
                text.append(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: f >> UInt128(fractionBits)) + 48)))
                f &= mask
            }
        }
        return text
    }
}
