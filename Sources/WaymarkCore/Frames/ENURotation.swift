/// The rotation R(φ₀, λ₀) from ECEF offsets to east, north and up at a point: the one
/// home of the ENU rotation in Swift (the C kernels' vector body is the other form).
///
/// Its three uses are written here side by side: ``rotate(_:)`` and its transpose
/// ``unrotate(_:from:)`` in the factored form (the horizontal component along the meridian
/// first, which rounds fewer times than the rows), and ``rows`` for the kernels' frame.
@frozen @usableFromInline
struct ENURotation: Sendable, BitwiseCopyable {
    @usableFromInline let sinLat: Double, cosLat: Double
    @usableFromInline let sinLon: Double, cosLon: Double

    /// The rotation at `latitude`, `longitude` (degrees), with sin and cos exact at
    /// multiples of 90°.
    @inlinable
    init(latitude: Double, longitude: Double) {
        (sinLat, cosLat) = AngleMath.sincosd(latitude)
        (sinLon, cosLon) = AngleMath.sincosd(longitude)
    }

    /// ECEF offset → ENU.
    @inlinable @inline(__always)
    func rotate(_ d: SIMD3<Double>) -> SIMD3<Double> {
        let t = cosLon * d.x + sinLon * d.y
        return SIMD3(-sinLon * d.x + cosLon * d.y,
                     -sinLat * t + cosLat * d.z,
                     cosLat * t + sinLat * d.z)
    }

    /// ENU about `origin` (ECEF, metres) → ECEF: the origin plus the transpose (R being
    /// orthonormal), summed from the origin outwards.
    @inlinable @inline(__always)
    func unrotate(_ enu: SIMD3<Double>, from origin: SIMD3<Double>) -> SIMD3<Double> {
        let t = -sinLat * enu.y + cosLat * enu.z
        return SIMD3(origin.x + cosLon * t - sinLon * enu.x,
                     origin.y + sinLon * t + cosLon * enu.x,
                     origin.z + cosLat * enu.y + sinLat * enu.z)
    }

    /// The rows of R: east, north and up as ECEF unit vectors.
    @inlinable
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        (SIMD3(-sinLon, cosLon, 0),
         SIMD3(-sinLat * cosLon, -sinLat * sinLon, cosLat),
         SIMD3(cosLat * cosLon, cosLat * sinLon, sinLat))
    }
}
