import CWaymarkKernels

/// Geodesics between points at most ``maximumDistance`` apart — route legs, POI
/// distances — in closed form, much faster than Karney's iterative `geod_inverse` and
/// as exact within that range (tested: 1 µm and 1e-8° against `geod_inverse`).
///
/// Method: the chord between the two points is formed from *differences* of sines
/// (no cancellation, so it is exact to round-off even for centimetre lines); the arc
/// follows from the chord by s = c (1 + c²κ²/24 + 3c⁴κ⁴/640), with κ the normal
/// curvature (Euler) at the mid-latitude in the line's direction; the azimuths are the
/// normal sections' (from the chord in each end's East-North-Up frame) less the
/// classical normal-section-to-geodesic angle (e′²/12)(s/N)² cos²φ sin 2α. Truncation
/// at 10 km: below 1e-9 m in length and 2e-10° in azimuth.
///
/// This is the core's geodesic: it needs no PROJ. Karney's method for lines of any
/// length is `Geodesic` in WaymarkPROJ, whose `fastInverse` tries this one first.
public struct ShortRangeGeodesic: Sendable {
    /// The ellipsoid the lines run on.
    public let ellipsoid: Ellipsoid
    /// 1/a, 1/(1 − e²), e′²/(12a²).
    @usableFromInline let constants: SIMD3<Double>

    /// The WGS-84 short-range geodesic, built once.
    public static let wgs84 = ShortRangeGeodesic(.wgs84)

    /// The short-range method on `ellipsoid`.
    public init(_ ellipsoid: Ellipsoid) {
        self.ellipsoid = ellipsoid
        let a = ellipsoid.equatorialRadius, e2 = ellipsoid.eccentricitySquared
        constants = SIMD3(1 / a, 1 / (1 - e2), e2 / (1 - e2) / (12 * a * a))
    }

    /// The longest line the short-range method accepts, metres.
    public static let maximumDistance = 10_000.0

    /// The inverse problem for points ≤ 10 km apart, or nil when they are farther
    /// apart (or within 0.01° of a pole, where azimuths need Karney's conventions):
    /// use Karney's method (`Geodesic` in WaymarkPROJ) or ``inverseAnyLength(_:_:)`` then.
    @inlinable
    public func inverse(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate) -> GeodesicInverse? {
        inverse(from: start(p1), to: p2)
    }

    /// What the short-range method needs of a line's first point, computed once when
    /// many lines leave the same point (POI distances from the user): see
    /// ``start(_:)`` and ``inverse(from:to:)``.
    @frozen
    public struct Start: Sendable {
        @usableFromInline let latitude: Double, longitude: Double
        @usableFromInline let sinLatitude: Double, cosLatitude: Double, radiusFactor: Double   // √(1 − e² sin²φ)

        @inlinable init(latitude: Double, longitude: Double, sinLatitude: Double, cosLatitude: Double, radiusFactor: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.sinLatitude = sinLatitude
            self.cosLatitude = cosLatitude
            self.radiusFactor = radiusFactor
        }
    }

    /// The first point of many lines, prepared once.
    @inlinable @inline(__always)
    public func start(_ p: GeodeticCoordinate) -> Start {
        let (s, c) = VectorTrig.sincosd(p.latitude)
        return Start(latitude: p.latitude, longitude: p.longitude, sinLatitude: s, cosLatitude: c,
                               radiusFactor: (1 - ellipsoid.eccentricitySquared * s * s).squareRoot())
    }

    /// ``inverse(_:_:)`` from a prepared first point: one line through the C kernel's
    /// portable body (`short_range_body.inc`, the method's one implementation), so a
    /// single line has the bits of the same line in a baseline batch.
    @inlinable @inline(__always)
    public func inverse(from start: Start, to p2: GeodeticCoordinate) -> GeodesicInverse? {
        var constants = kernelConstants
        var first = start.kernelStart
        var result = (0.0, 0.0, 0.0)
        let refused = withUnsafeMutableBytes(of: &result) { r in
            withUnsafeBytes(of: p2) { p in
                let out = r.baseAddress!.assumingMemoryBound(to: Double.self)
                return Self.inverseChunk(&constants, &first, p.baseAddress!, StridedTriples.size, 1,
                                         out, out + 1, out + 2, .baseline)
            }
        }
        return refused != 0 ? nil : GeodesicInverse(distance: result.0, azimuth1: result.1, azimuth2: result.2)
    }

    /// The inverse problem for points any distance apart, without PROJ: this method up
    /// to 10 km, Vincenty's iteration beyond (``VincentyInverse``; within 0.1 mm of
    /// Karney's except for nearly antipodal points, see there). Navigation's distances
    /// (fix pairs, POIs) go through here.
    @inlinable
    public func inverseAnyLength(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate) -> GeodesicInverse {
        inverse(p1, p2) ?? VincentyInverse.solve(p1, p2, on: ellipsoid)
    }
}
