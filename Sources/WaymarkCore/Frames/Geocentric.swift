import CWaymarkMath

/// Earth-centred, Earth-fixed (ECEF) coordinates on an ellipsoid: X towards (0°, 0°),
/// Y towards (0°, 90° E), Z towards the north pole, metres.
///
/// The reverse conversion is Vermeille's closed form (J. Geodesy 2004, "Computing
/// geodetic coordinates from geocentric coordinates") with the cancellation-avoiding
/// arrangement Karney uses in GeographicLib's `Geocentric`: accurate to round-off
/// (nanometres, 1e-15°) from the centre of the Earth to far beyond the Moon, with no
/// iteration.
@usableFromInline
struct Geocentric: Sendable, BitwiseCopyable {
    @usableFromInline let a: Double
    @usableFromInline let f: Double
    @usableFromInline let e2: Double      // e², negative for prolate
    @usableFromInline let e2m: Double     // 1 − e² = (1 − f)²
    @usableFromInline let e2a: Double     // |e²|
    @usableFromInline let e4a: Double     // e⁴

    @usableFromInline
    init(_ ellipsoid: Ellipsoid) {
        a = ellipsoid.equatorialRadius
        f = ellipsoid.flattening
        e2 = ellipsoid.eccentricitySquared
        e2m = (1 - f) * (1 - f)
        e2a = e2.magnitude
        e4a = e2 * e2
    }

    /// Geodetic (degrees, metres) → ECEF (metres).
    @inlinable @inline(__always)
    func forward(latitude: Double, longitude: Double, height: Double) -> (x: Double, y: Double, z: Double) {
        let (sphi, cphi) = AngleMath.sincosd(latitude)
        let (slam, clam) = AngleMath.sincosd(longitude)
        let n = a / (1 - e2 * sphi * sphi).squareRoot()
        let r = (n + height) * cphi
        return (r * clam, r * slam, (e2m * n + height) * sphi)
    }

    /// Geodetic → ECEF for four points at once (the batch path; scalar conversions
    /// in ``SceneFrame`` use it too, one lane filled, so every path agrees bit for bit).
    @inlinable @inline(__always)
    func forward(latitude: SIMD4<Double>, longitude: SIMD4<Double>, height: SIMD4<Double>)
        -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        let (sphi, cphi) = VectorTrig.sincosd(latitude)
        let (slam, clam) = VectorTrig.sincosd(longitude)
        return forward(sinLatitude: sphi, cosLatitude: cphi, sinLongitude: slam, cosLongitude: clam, height: height)
    }

    /// Geodetic → ECEF for four points from their latitudes' and longitudes' sines and
    /// cosines.
    @inlinable @inline(__always)
    func forward(sinLatitude sphi: SIMD4<Double>, cosLatitude cphi: SIMD4<Double>, sinLongitude slam: SIMD4<Double>,
                 cosLongitude clam: SIMD4<Double>, height: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        let n = a / (1 - e2 * sphi * sphi).squareRoot()
        let r = (n + height) * cphi
        return (r * clam, r * slam, (e2m * n + height) * sphi)
    }

    /// ECEF (metres) → geodetic (degrees, metres). Longitude in [-180, 180).
    @inlinable
    func reverse(x: Double, y: Double, z: Double) -> (latitude: Double, longitude: Double, height: Double) {
        // Within 2⁻³⁰⁰ a of the axis or of the equatorial plane a point is taken as on it
        // (a shift under 1e-80 m): the squares below would be subnormal, and their
        // products with e⁴ would keep no digit.
        let tiny = 0x1p-300 * a
        let r0 = (x * x + y * y).squareRoot()
        let R = r0 < tiny ? 0 : r0
        let z = z.magnitude < tiny ? Double(signOf: z, magnitudeOf: 0) : z
        var h: Double
        let phi: Double
        if e4a < 0x1p-140 {
            // A sphere, or within 2⁻⁷⁰ of one (|f| < 4e-22, at most 1e-11 m from it at
            // a = 1e10 m), where Vermeille's products of e⁴ with squared distances from the
            // centre would underflow. The centre maps to the north pole, as on an ellipsoid.
            h = (R * R + z * z).squareRoot()
            phi = atan2(h != 0 ? z : 1, R)
            h -= a
        } else {
            // Prolate shapes swap the roles of R and z in Vermeille's quartic.
            var p = (R / a) * (R / a)
            var q = e2m * (z / a) * (z / a)
            let r = (p + q - e4a) / 6
            if f < 0 { swap(&p, &q) }
            if !(e4a * q == 0 && r <= 0) {
                // S = r³·s and T = r·t, so r = 0 never divides.
                let S = e4a * p * q / 4
                let r2 = r * r, r3 = r * r2
                let disc = S * (2 * r3 + S)
                var u = r
                if disc >= 0 {
                    var T3 = r3 + S
                    // The sign that maximises |T3| avoids cancellation.
                    T3 += T3 < 0 ? -disc.squareRoot() : disc.squareRoot()
                    let T = cbrt(T3)
                    u += T + (T != 0 ? r2 / T : 0)
                } else {
                    // Three real roots; this one avoids cancellation (disc < 0 ⇒ r < 0).
                    let angle = atan2((-disc).squareRoot(), -(S + r3))
                    u += 2 * r * cos(angle / 3)
                }
                let v = (u * u + e4a * q).squareRoot()
                let uv = u < 0 ? e4a * q / (v - u) : u + v       // u + v without cancellation
                let w = max(0, e2a * (uv - q) / (2 * v))
                let k = uv / ((uv + w * w).squareRoot() + w)
                let k1 = f >= 0 ? k : k - e2
                let k2 = f >= 0 ? k + e2 : k
                let d = k1 * R / k2
                phi = atan2(z / k1, R / k2)
                h = (1 - e2m / k1) * (d * d + z * z).squareRoot()
            } else {
                // On the equatorial plane inside the evolute (oblate) or on the axis
                // inside it (prolate): take the limits of the general formulas.
                let zz = ((f >= 0 ? e4a - p : p) / e2m).squareRoot()
                let xx = (f < 0 ? e4a - p : p).squareRoot()
                let angle = atan2(zz, xx)
                phi = z < 0 ? -angle : angle
                h = -a * (f >= 0 ? e2m : 1) * (xx * xx + zz * zz).squareRoot() / e2a
            }
        }
        // −atan2(−y, x) lands in [-180, 180) directly.
        let lon = AngleMath.normalizedLongitude(-atan2(-y, x) * AngleMath.degreesPerRadian)
        let lat = max(-90, min(90, phi * AngleMath.degreesPerRadian))
        return (lat, lon, h)
    }
}
