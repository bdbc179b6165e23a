import CProj

/// Degree-based trigonometry with exact argument reduction, after GeographicLib's
/// `Math::sincosd`: reducing in degrees first keeps sin 90° = 1, cos 90° = 0 and
/// sin 180° = 0 exact, which matters at the poles and on the ±180° meridian.
@usableFromInline
enum AngleMath {
    @usableFromInline static let radiansPerDegree = Double.pi / 180
    @usableFromInline static let degreesPerRadian = 180 / Double.pi

    /// sin and cos of `degrees`, exact at multiples of 90°.
    @inlinable @inline(__always)
    static func sincosd(_ degrees: Double) -> (sin: Double, cos: Double) {
        // remainder is exact, so r is the true residual in [-45, 45].
        var r = degrees.remainder(dividingBy: 360)
        let quarter = (r / 90).rounded(.toNearestOrEven)
        r -= 90 * quarter
        let x = r * radiansPerDegree
        let s = sin(x), c = cos(x)
        let sinValue: Double, cosValue: Double
        switch Int(quarter) & 3 {
        case 0: sinValue = s; cosValue = c
        case 1: sinValue = c; cosValue = -s
        case 2: sinValue = -s; cosValue = -c
        default: sinValue = -c; cosValue = s
        }
        // Adding 0 turns -0 into +0, as GeographicLib does.
        return (sinValue + 0, cosValue + 0)
    }

    /// atan2 in degrees, in (-180, 180].
    @inlinable @inline(__always)
    static func atan2d(_ y: Double, _ x: Double) -> Double {
        atan2(y, x) * degreesPerRadian
    }

    /// Longitude (or any angle) folded into [-180, 180).
    @inlinable @inline(__always)
    static func normalizedLongitude(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees < 180 { return degrees }   // the usual case, no libm call
        let r = degrees.remainder(dividingBy: 360)  // exact, in [-180, 180]
        return r == 180 ? -180 : r
    }

    /// Azimuth folded into (-180, 180], the convention of PROJ's geodesic routines.
    @inlinable @inline(__always)
    static func normalizedAzimuth(_ degrees: Double) -> Double {
        if degrees > -180 && degrees <= 180 { return degrees }
        let r = degrees.remainder(dividingBy: 360)
        return r == -180 ? 180 : r
    }
}
