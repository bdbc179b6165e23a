import WaymarkCore

/// Inverse-variance weights, 1/σ², in units of a power of two near the smallest σ of the
/// set they weigh: exact scaling, so weighted means come out the same to the bit as with
/// 1/σ², while every σ > 0 gives a finite weight (1/σ² overflows below σ = 1e-154, and the
/// mean turns NaN). A σ more than 2¹⁰²³ times the smallest gets weight 0, as its share
/// of the mean would round to nothing anyway.
enum InverseVariance {
    /// The unit for a set whose smallest σ is `smallest` (finite, > 0): 2^⌊log₂ σ⌋.
    @inline(__always)
    static func unit(smallest: Double) -> Double {
        Double(sign: .plus, exponent: smallest.exponent, significand: 1)
    }

    /// The weight of `sigma` in that unit: 1 / (σ / unit)² = unit² / σ².
    @inline(__always)
    static func weight(_ sigma: Double, unit: Double) -> Double {
        let s = sigma / unit
        return 1 / (s * s)
    }
}
