import CWaymarkKernels
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
    /// a, f, e², (1 − f)², |e²| and e⁴ (e² negative for prolate shapes), as the C
    /// kernels read them.
    @usableFromInline let constants: wmk_ellipsoid

    @usableFromInline
    init(_ ellipsoid: Ellipsoid) {
        let f = ellipsoid.flattening, e2 = ellipsoid.eccentricitySquared
        constants = wmk_ellipsoid(a: ellipsoid.equatorialRadius, f: f, e2: e2, e2m: (1 - f) * (1 - f),
                                  e2a: e2.magnitude, e4a: e2 * e2)
    }

    /// Geodetic (degrees, metres) → ECEF (metres), with sin and cos exact at multiples
    /// of 90° (``AngleMath/sincosd(_:)``): the frames' origins.
    @inlinable @inline(__always)
    func forward(latitude: Double, longitude: Double, height: Double) -> (x: Double, y: Double, z: Double) {
        let (sphi, cphi) = AngleMath.sincosd(latitude)
        let (slam, clam) = AngleMath.sincosd(longitude)
        let n = constants.a / (1 - constants.e2 * sphi * sphi).squareRoot()
        let r = (n + height) * cphi
        return (r * clam, r * slam, (constants.e2m * n + height) * sphi)
    }

    /// ECEF (metres) → geodetic (degrees, metres), longitude in [-180, 180): the C
    /// kernels' scalar `wmk_geocentric_reverse`, the one implementation every path
    /// (this, the four-lane kernels' rare lanes) runs.
    @inlinable
    func reverse(x: Double, y: Double, z: Double) -> (latitude: Double, longitude: Double, height: Double) {
        var g = (0.0, 0.0, 0.0)
        withUnsafeMutableBytes(of: &g) { out in
            withUnsafePointer(to: constants) { wmk_geocentric_reverse($0, x, y, z, out.baseAddress!.assumingMemoryBound(to: Double.self)) }
        }
        return g
    }
}
