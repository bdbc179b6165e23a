/// Four-lane sine and cosine of angles in degrees, branch-free, for the batch paths.
///
/// Reduction: q = nearest integer to x/90 (by the 1.5·2⁵² rounding trick, exact for
/// |x| < 2⁵¹·90) and r = x − 90q, which is exact for |x| < 2⁵³ because both terms are
/// multiples of ulp(x); so multiples of 90° give exactly 0 and ±1, as in
/// ``AngleMath/sincosd(_:)``. The residual (|r| ≤ 45°, in radians ≤ π/4) goes through
/// fdlibm's `__kernel_sin`/`__kernel_cos` polynomials (truncation below 2⁻⁵⁸).
///
/// Error bound: against an 80-bit reference over 2·10⁶ random angles (a test keeps
/// it): at most 2.2e-16 absolute (one ulp of 1) and 3.2e-16 relative. At the Earth's
/// radius that is 1.4e-9 m, below the frame's 1e-8 m claim.
@usableFromInline
package enum VectorTrig {
    @usableFromInline package static let roundingMagic = SIMD4<Double>(repeating: 0x1.8p52)
    /// Angles at or beyond this many degrees are folded into [−180, 180] first (2⁴⁸,
    /// well inside the range where the rounding-trick reduction is exact).
    @usableFromInline package static let reductionLimit = SIMD4<Double>(repeating: 0x1p48)

    @inlinable @inline(__always)
    package static func sincosd(_ x: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        var x = x
        // The reduction is exact below 2⁵¹·90; beyond (longitudes of 1e17 and more, which
        // the header allows) each lane is first folded exactly by remainder, off the hot path.
        if any(pointwiseMax(x, -x) .>= reductionLimit) {
            for k in 0..<4 where !(x[k].magnitude < reductionLimit[k]) { x[k] = x[k].remainder(dividingBy: 360) }
        }
        let shifted = x * (1.0 / 90.0) + roundingMagic
        let q = shifted - roundingMagic
        // The low bits of the shifted value's significand are q mod 4.
        let quadrant = unsafeBitCast(shifted, to: SIMD4<UInt64>.self) & 3
        let (sp, cp) = polynomials((x - q * 90) * AngleMath.radiansPerDegree)
        let swap = (quadrant & 1) .!= 0
        var s = sp.replacing(with: cp, where: swap)
        var c = cp.replacing(with: sp, where: swap)
        s.replace(with: -s, where: (quadrant & 2) .!= 0)
        c.replace(with: -c, where: ((quadrant &+ 1) & 2) .!= 0)
        return (s + 0, c + 0)
    }

    /// fdlibm's `__kernel_sin` / `__kernel_cos` on |r| ≤ π/4 radians, lane-wise: shared
    /// by the four-lane and the scalar forms (the scalar one runs it on two lanes, which
    /// costs the same as scalar code), so both give the same bits.
    @inlinable @inline(__always)
    package static func polynomials<V: SIMD>(_ r: V) -> (sin: V, cos: V) where V.Scalar == Double {
        let z = r * r
        var sp = z * 1.58969099521155010221e-10 + V(repeating: -2.50507602534068634195e-08)
        sp = z * sp + V(repeating: 2.75573137070700676789e-06)
        sp = z * sp + V(repeating: -1.98412698298579493134e-04)
        sp = z * sp + V(repeating: 8.33333333332248946124e-03)
        sp = z * sp + V(repeating: -1.66666666666666324348e-01)
        sp = r + r * z * sp
        var cp = z * -1.13596475577881948265e-11 + V(repeating: 2.08757232129817482790e-09)
        cp = z * cp + V(repeating: -2.75573143513906633035e-07)
        cp = z * cp + V(repeating: 2.48015872894767294178e-05)
        cp = z * cp + V(repeating: -1.38888888888741095749e-03)
        cp = z * cp + V(repeating: 4.16666666666666019037e-02)
        cp = (V(repeating: 1) - 0.5 * z) + z * z * cp
        return (sp, cp)
    }

    /// Scalar sin and cos of `x` degrees with the same reduction and polynomials as the
    /// four-lane form (same error bound), for scalar hot paths.
    @inlinable @inline(__always)
    package static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
        // Folded first beyond 2⁴⁸ (as the four-lane form); NaN and ±infinity stay NaN.
        let x = x.magnitude < 0x1p48 ? x : x.remainder(dividingBy: 360)
        let shifted = x * (1.0 / 90.0) + 0x1.8p52
        let q = shifted - 0x1.8p52
        let lanes = polynomials(SIMD2(repeating: (x - q * 90) * AngleMath.radiansPerDegree))
        let sp = lanes.sin[0], cp = lanes.cos[0]
        // The quadrant from the significand's low bits: no Int conversion to trap on NaN.
        switch shifted.bitPattern & 3 {
        case 0: return (sp + 0, cp + 0)
        case 1: return (cp + 0, -sp + 0)
        case 2: return (-sp + 0, -cp + 0)
        default: return (-cp + 0, sp + 0)
        }
    }

    /// sin and cos of a small angle `x` degrees, |x| ≤ 0.5°, by Taylor polynomials to
    /// x⁷ and x⁶ (truncation below 1e-21).
    @inlinable @inline(__always)
    package static func sincosdSmall(_ x: Double) -> (sin: Double, cos: Double) {
        let r = x * AngleMath.radiansPerDegree
        let z = r * r
        return (r + r * z * (-1.0 / 6 + z * (1.0 / 120 - z * (1.0 / 5040))),
                1 - z * (0.5 - z * (1.0 / 24 - z * (1.0 / 720))))
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

    /// sin and cos of `base + d` degrees for |d| ≤ 1° (checked by the caller), from the
    /// base's sine and cosine and short Taylor polynomials of d: truncation below
    /// 3.3e-17 (d⁷/5040 at 1°), so the result is within an ulp of the full
    /// ``sincosd(_:)``, at about half the cost. Local frames use it for points within
    /// 1° of the origin.
    @inlinable @inline(__always)
    package static func sincosd(near base: (sin: Double, cos: Double), offset d: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        let x = d * AngleMath.radiansPerDegree
        let z = x * x
        let sd = x + x * z * (-1.0 / 6 + z * (1.0 / 120))
        let cd = 1 - z * (0.5 - z * (1.0 / 24 - z * (1.0 / 720)))
        return (base.sin * cd + base.cos * sd, base.cos * cd - base.sin * sd)
    }
}
