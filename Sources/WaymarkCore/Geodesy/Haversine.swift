import CWaymarkMath

/// The spherical method of AR navigation apps, kept as a named baseline so its error can
/// be measured.
///
/// "Building Waypoints Using Augmented Reality", "How we developed the AR application
/// for reviewing historical places", "AR Navigation Application based on iOS Platform"
/// and ARKit-CoreLocation compute a distance with the
/// haversine formula and an initial bearing with
/// `atan2(sin Δλ · cos φ₂, cos φ₁ · sin φ₂ − sin φ₁ · cos φ₂ · cos Δλ)` on a sphere.
/// On WGS-84 that errs by up to about 0.5 % in distance and 0.2° in bearing; use
/// ``Geodesic`` for real work.
@frozen
public struct Haversine: Sendable {
    /// Sphere radius, metres.
    public let radius: Double

    /// A haversine baseline on a sphere of `radius` metres (default: the mean Earth
    /// radius, 6 371 008.8 m).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` when `radius` is not finite
    ///   (``InputFault/nonFinite``) or not positive (``InputFault/notPositive``).
    public init(radius: Double = Ellipsoid.meanEarthRadius) throws(WaymarkError) {
        guard radius.isFinite else { throw .invalidInput(.nonFinite) }
        guard radius > 0 else { throw .invalidInput(.notPositive) }
        self.radius = radius
    }

    @usableFromInline init(uncheckedRadius: Double) { radius = uncheckedRadius }

    /// The default baseline (mean Earth radius).
    public static let standard = Haversine(uncheckedRadius: Ellipsoid.meanEarthRadius)

    /// Great-circle distance from `a` to `b`, metres (haversine formula).
    @inlinable
    public func distance(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> Double {
        let phi1 = a.latitude * AngleMath.radiansPerDegree
        let phi2 = b.latitude * AngleMath.radiansPerDegree
        let dPhi = (b.latitude - a.latitude) * AngleMath.radiansPerDegree
        let dLambda = AngleMath.normalizedLongitude(b.longitude - a.longitude) * AngleMath.radiansPerDegree
        let sinHalfPhi = sin(dPhi / 2), sinHalfLambda = sin(dLambda / 2)
        let h = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        return 2 * radius * asin(min(1, h.squareRoot()))
    }

    /// Initial bearing from `a` to `b`, degrees clockwise from north, (-180, 180]:
    /// the apps' atan2 formula.
    @inlinable
    public func initialBearing(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> Double {
        let phi1 = a.latitude * AngleMath.radiansPerDegree
        let phi2 = b.latitude * AngleMath.radiansPerDegree
        let dLambda = AngleMath.normalizedLongitude(b.longitude - a.longitude) * AngleMath.radiansPerDegree
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        return AngleMath.atan2d(y, x)
    }

    /// Distance and initial bearing together (the pair the apps compute per waypoint).
    @inlinable
    public func inverse(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> (distance: Double, bearing: Double) {
        (distance(a, b), initialBearing(a, b))
    }

    /// Final bearing on arrival at `b`, degrees clockwise from north, (-180, 180].
    @inlinable
    public func finalBearing(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> Double {
        AngleMath.normalizedAzimuth(initialBearing(b, a) + 180)
    }

    /// The point `distance` metres from `start` along the great circle leaving at
    /// `bearing` degrees (height copied from `start`).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``) when
    ///   bearing or distance is NaN or ±Inf.
    @inlinable
    public func destination(from start: GeodeticCoordinate, bearing: Double, distance: Double) throws(WaymarkError) -> GeodeticCoordinate {
        guard bearing.isFinite, distance.isFinite else { throw .invalidInput(.nonFinite) }
        let delta = distance / radius
        let phi1 = start.latitude * AngleMath.radiansPerDegree
        let theta = bearing * AngleMath.radiansPerDegree
        let sinPhi2 = sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta)
        let phi2 = asin(max(-1, min(1, sinPhi2)))
        let dLambda = atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sinPhi2)
        let lat = min(90, max(-90, phi2 * AngleMath.degreesPerRadian))
        let lon = AngleMath.normalizedLongitude(start.longitude + dLambda * AngleMath.degreesPerRadian)
        return GeodeticCoordinate(unchecked: lat, lon, start.height)
    }
}
