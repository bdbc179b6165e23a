/// The spherical shortcuts AR navigation apps use to turn a geographic offset into
/// metres, kept as named baselines so anyone can measure how wrong they are against the
/// exact ``SceneFrame``.
///
/// Both work on a sphere and ignore the Earth's curvature in height (y = h − h₀), so
/// they misplace a point by centimetres at 100 m and by metres at a few kilometres;
/// `waymark accuracy` prints the table.
@frozen
public struct SphericalBaseline: Sendable, Equatable, BitwiseCopyable {
    /// The two shortcuts found in published AR navigation apps.
    public enum Method: Int32, Sendable, CaseIterable, BitwiseCopyable {
        /// "Building Waypoints Using Augmented Reality", "How we developed the AR
        /// application for reviewing historical places", "AR Navigation Application
        /// based on iOS Platform" and ARKit-CoreLocation: haversine distance d and
        /// initial bearing b on the sphere, then east = d·sin b, north = d·cos b
        /// (in ARKit axes x = d·sin b, z = −d·cos b), up = h − h₀.
        case haversine = 0
        /// "How Yandex created augmented reality in Maps for iOS": east = Δlon · 2πR·cos(lat₀)/360,
        /// north = Δlat · 2πR/360, up = h − h₀ (Δlon folded into [-180, 180)).
        case metersPerDegree = 1
    }

    /// Which method.
    public let method: Method
    /// Sphere radius, metres.
    public let radius: Double

    /// A baseline on a sphere of `radius` metres (default 6 371 008.8 m, the mean
    /// Earth radius).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a radius that is not finite
    ///   or not positive.
    public init(_ method: Method, radius: Double = Ellipsoid.meanEarthRadius) throws(WaymarkError) {
        let sphere = try Haversine(radius: radius)
        self.method = method
        self.radius = sphere.radius
    }

    @usableFromInline init(uncheckedMethod method: Method) {
        self.method = method
        radius = Ellipsoid.meanEarthRadius
    }

    /// Haversine + bearing on the mean-radius sphere.
    public static let haversine = SphericalBaseline(uncheckedMethod: .haversine)
    /// Metres per degree on the mean-radius sphere.
    public static let metersPerDegree = SphericalBaseline(uncheckedMethod: .metersPerDegree)

    /// The baseline's (east, north, up) offset of `point` from `origin`, metres.
    @inlinable
    public func enu(of point: GeodeticCoordinate, from origin: GeodeticCoordinate) -> SIMD3<Double> {
        let up = point.height - origin.height
        switch method {
        case .haversine:
            let sphere = Haversine(uncheckedRadius: radius)
            let d = sphere.distance(origin, point)
            let (s, c) = AngleMath.sincosd(sphere.initialBearing(origin, point))
            return SIMD3(d * s, d * c, up)
        case .metersPerDegree:
            let metersPerDegree = 2 * Double.pi * radius / 360
            let (_, cosLat0) = AngleMath.sincosd(origin.latitude)
            let dLon = AngleMath.normalizedLongitude(point.longitude - origin.longitude)
            return SIMD3(dLon * metersPerDegree * cosLat0, (point.latitude - origin.latitude) * metersPerDegree, up)
        }
    }
}
