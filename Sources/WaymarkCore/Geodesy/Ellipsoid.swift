/// An ellipsoid of revolution, given by its equatorial radius and flattening.
///
/// `f > 0` is oblate (the Earth), `f == 0` is a sphere (the spherical baselines), `f < 0`
/// is prolate. Derived constants are computed once, so frames built on the ellipsoid
/// do no per-point set-up.
@frozen
public struct Ellipsoid: Equatable, Sendable, BitwiseCopyable {
    /// Equatorial radius (semi-major axis for oblate shapes), metres.
    public let equatorialRadius: Double
    /// Flattening f = (a − b) / a.
    public let flattening: Double
    /// First eccentricity squared, e² = f (2 − f); negative for prolate shapes.
    public let eccentricitySquared: Double
    /// Polar radius b = a (1 − f), metres.
    public var polarRadius: Double { equatorialRadius * (1 - flattening) }

    /// Creates an ellipsoid.
    ///
    /// - Parameters:
    ///   - equatorialRadius: a in metres, 1 m to 1e10 m (a hundred times Jupiter's): beyond
    ///     that, scene arithmetic near the surface could overflow or underflow.
    ///   - flattening: f in [−1, 1) (from a 2:1 prolate spindle to a flat disc). Use
    ///     `1 / inverseFlattening`.
    /// - Throws: ``WaymarkError/invalidEllipsoid`` otherwise.
    public init(equatorialRadius: Double, flattening: Double) throws(WaymarkError) {
        guard equatorialRadius >= 1, equatorialRadius <= 1e10,
              flattening >= -1, flattening < 1
        else { throw .invalidEllipsoid }
        self.init(uncheckedEquatorialRadius: equatorialRadius, flattening: flattening)
    }

    @usableFromInline
    init(uncheckedEquatorialRadius a: Double, flattening f: Double) {
        equatorialRadius = a
        flattening = f
        eccentricitySquared = f * (2 - f)
    }

    /// WGS-84: a = 6 378 137 m, 1/f = 298.257223563. The datum of GPS and of every
    /// coordinate Waymark takes unless told otherwise.
    public static let wgs84 = Ellipsoid(uncheckedEquatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// GRS-80: a = 6 378 137 m, 1/f = 298.257222101 (ETRS89, NAD83, CGCS2000).
    public static let grs80 = Ellipsoid(uncheckedEquatorialRadius: 6_378_137, flattening: 1 / 298.257222101)

    /// The mean Earth radius R₁ = (2a + b) / 3 of WGS-84, 6 371 008.8 m: the sphere
    /// of the haversine and metres-per-degree baselines.
    public static let meanEarthRadius = 6_371_008.8

    /// A sphere of the given radius in metres (finite, positive).
    /// - Throws: ``WaymarkError/invalidEllipsoid`` otherwise.
    public static func sphere(radius: Double) throws(WaymarkError) -> Ellipsoid {
        try Ellipsoid(equatorialRadius: radius, flattening: 0)
    }
}
