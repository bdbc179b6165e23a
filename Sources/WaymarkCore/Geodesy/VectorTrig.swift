import CWaymarkKernels

/// Sine and cosine of angles in degrees for the hot paths: thin forms over the C
/// kernels' `wmk_sincosd` (`waymark_sincosd.h`), the one home of the reduction and the
/// polynomials, so the Swift forms and every lane of the C kernels' portable body give
/// the same bits.
///
/// Error bound: at most 2.2e-16 absolute (one ulp of 1) and 3.2e-16 relative against an
/// 80-bit reference (a test keeps it): 1.4e-9 m at the Earth's radius, below the frame's
/// 1e-8 m claim. Multiples of 90° give exactly 0 and ±1, as ``AngleMath/sincosd(_:)``.
@usableFromInline
package enum VectorTrig {
    /// sin and cos of four angles in degrees, lane by lane.
    @inlinable @inline(__always)
    package static func sincosd(_ x: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        let a = sincosd(x[0]), b = sincosd(x[1]), c = sincosd(x[2]), d = sincosd(x[3])
        return (SIMD4(a.sin, b.sin, c.sin, d.sin), SIMD4(a.cos, b.cos, c.cos, d.cos))
    }

    /// sin and cos of `x` degrees (any value; NaN and ±infinity give NaN).
    @inlinable @inline(__always)
    package static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
        var s = 0.0, c = 0.0
        wmk_sincosd(x, &s, &c)
        return (s, c)
    }

    /// sin and cos of four angles `base + d` degrees for |d| ≤ 13.5° (checked by the
    /// caller), from the bases' sines and cosines by angle addition: Taylor polynomials
    /// of d to d⁹ and d¹⁰ (truncation below 3.2e-15 at 13.5°, 1e-18 at 6.5°; in the GCJ-02 offset, below 1e-17°) and no
    /// range reduction. The GCJ-02 inverse evaluates its second and later Newton
    /// iterates with it, within a few hundredths of a degree of the first.
    @inlinable @inline(__always)
    package static func sincosd(near base: (sin: SIMD4<Double>, cos: SIMD4<Double>), offsets d: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        let x = d * AngleMath.radiansPerDegree
        let z = x * x
        var sd = z * (1.0 / 362_880) + SIMD4(repeating: -1.0 / 5040)
        sd = z * sd + SIMD4(repeating: 1.0 / 120)
        sd = z * sd + SIMD4(repeating: -1.0 / 6)
        sd = x + x * z * sd
        var cd = z * (-1.0 / 3_628_800) + SIMD4(repeating: 1.0 / 40320)
        cd = z * cd + SIMD4(repeating: -1.0 / 720)
        cd = z * cd + SIMD4(repeating: 1.0 / 24)
        cd = (SIMD4(repeating: 1) - 0.5 * z) + z * z * cd
        return (base.sin * cd + base.cos * sd, base.cos * cd - base.sin * sd)
    }
}
