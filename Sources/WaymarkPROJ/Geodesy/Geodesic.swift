import CProj
import WaymarkCore

/// Geodesics on an ellipsoid through PROJ's copy of Karney's algorithms (`geodesic.h`).
///
/// Accuracy is that of Karney (2013): about 15 nm in distance on WGS-84, azimuths to
/// round-off except where the problem itself is ill-conditioned (nearly antipodal
/// points). Heights are ignored: geodesics run on the ellipsoid's surface.
///
/// Threading: after initialisation `geod_*` only reads the stored state, so one
/// `Geodesic` may be used from any number of threads. PROJ's `geod_init` fills
/// process-wide constants on its first call without a lock; every initialiser here
/// first runs through ``Geodesic/wgs84``, a `static let` whose one-time, thread-safe
/// initialisation makes that first call, so no two threads ever race on it.
public struct Geodesic: Sendable {
    @usableFromInline let state: geod_geodesic
    /// The ellipsoid the geodesics run on.
    public let ellipsoid: Ellipsoid
    /// The closed-form method for lines up to 10 km on the same ellipsoid.
    public let shortRange: ShortRangeGeodesic

    /// The WGS-84 geodesic, built once.
    public static let wgs84 = Geodesic(building: .wgs84)

    /// Geodesics on `ellipsoid`.
    public init(_ ellipsoid: Ellipsoid) {
        self = ellipsoid == .wgs84 ? Self.wgs84 : Geodesic(building: ellipsoid)
    }

    private init(building ellipsoid: Ellipsoid) {
        if ellipsoid != .wgs84 { _ = Self.wgs84 }  // PROJ's one-time set-up, see above
        var state = geod_geodesic()
        geod_init(&state, ellipsoid.equatorialRadius, ellipsoid.flattening)
        self.state = state
        self.ellipsoid = ellipsoid
        shortRange = ShortRangeGeodesic(ellipsoid)
    }

    /// Shortest geodesic from `a` to `b`.
    @inlinable
    public func inverse(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> GeodesicInverse {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        withUnsafePointer(to: state) {
            geod_inverse($0, a.latitude, a.longitude, b.latitude, b.longitude, &s12, &azi1, &azi2)
        }
        // geod_inverse gives −180 for some antipodal lines; the documented range is (−180, 180].
        return GeodesicInverse(distance: s12, azimuth1: AngleMath.normalizedAzimuth(azi1),
                               azimuth2: AngleMath.normalizedAzimuth(azi2))
    }

    /// The point reached from `start` after `distance` metres along azimuth `azimuth`
    /// (degrees clockwise from north). Negative distances go backwards.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``) when
    ///   azimuth or distance is NaN or ±Inf.
    @inlinable
    public func direct(from start: GeodeticCoordinate, azimuth: Double, distance: Double) throws(WaymarkError) -> GeodesicDirect {
        guard azimuth.isFinite, distance.isFinite else { throw .invalidInput(.nonFinite) }
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        withUnsafePointer(to: state) {
            geod_direct($0, start.latitude, start.longitude, azimuth, distance, &lat2, &lon2, &azi2)
        }
        // geod_direct keeps |lat2| <= 90 and reduces lon2 to [-180, 180]; fold 180.
        let destination = GeodeticCoordinate(unchecked: lat2, AngleMath.normalizedLongitude(lon2), start.height)
        return GeodesicDirect(destination: destination, azimuth2: AngleMath.normalizedAzimuth(azi2))
    }

    /// Inverse problems from one origin to every point of `targets`.
    ///
    /// - Parameters:
    ///   - origin: the first point of every line.
    ///   - targets: the other ends.
    ///   - output: receives one result per target; must be at least as long.
    /// - Throws: ``WaymarkError/badCount`` when `output` is too short (nothing written).
    @inlinable
    public func inverse(from origin: GeodeticCoordinate,
                        to targets: UnsafeBufferPointer<GeodeticCoordinate>,
                        into output: UnsafeMutableBufferPointer<GeodesicInverse>) throws(WaymarkError) {
        guard output.count >= targets.count else { throw .badCount }
        withUnsafePointer(to: state) { g in
            for i in 0..<targets.count {
                var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
                let b = targets[i]
                geod_inverse(g, origin.latitude, origin.longitude, b.latitude, b.longitude, &s12, &azi1, &azi2)
                output[i] = GeodesicInverse(distance: s12, azimuth1: azi1, azimuth2: azi2)
            }
        }
    }

    /// Cumulative geodesic length along a polyline: `output[i]` is the length from
    /// `points[0]` to `points[i]` through every vertex between (so `output[0] == 0`).
    /// Returns the total length, metres (0 for fewer than two points).
    /// - Throws: ``WaymarkError/badCount`` when `output` is shorter than `points`.
    @inlinable
    @discardableResult
    public func cumulativeLength(of points: UnsafeBufferPointer<GeodeticCoordinate>,
                                 into output: UnsafeMutableBufferPointer<Double>) throws(WaymarkError) -> Double {
        guard output.count >= points.count else { throw .badCount }
        guard let base = points.baseAddress else { return 0 }
        return try length(geodetic: base, stride: MemoryLayout<GeodeticCoordinate>.stride, count: points.count,
                          cumulative: output.baseAddress)
    }

    /// Total geodesic length of a polyline, metres (`geod_inverse` on every leg).
    @inlinable
    public func length(of points: UnsafeBufferPointer<GeodeticCoordinate>) -> Double {
        guard let base = points.baseAddress else { return 0 }
        // Valid coordinates and a 24-byte stride cannot fail the strided form.
        return (try? length(geodetic: base, stride: MemoryLayout<GeodeticCoordinate>.stride, count: points.count,
                            cumulative: nil)) ?? 0
    }
}

/// The core's closed-form method for lines up to 10 km (``ShortRangeGeodesic``), with
/// Karney's `geod_inverse` behind it for everything else.
extension Geodesic {
    /// The longest line the short-range method accepts, metres.
    public static let maximumShortRangeDistance = ShortRangeGeodesic.maximumDistance

    /// The inverse problem for points ≤ 10 km apart by ``ShortRangeGeodesic``, or nil
    /// when they are farther apart (or within 0.01° of a pole): call ``inverse(_:_:)`` then.
    @inlinable
    public func shortRangeInverse(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate) -> GeodesicInverse? {
        shortRange.inverse(p1, p2)
    }

    /// ``shortRangeInverse(_:_:)`` where it applies, `geod_inverse` otherwise.
    @inlinable
    public func fastInverse(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate) -> GeodesicInverse {
        shortRange.inverse(p1, p2) ?? inverse(p1, p2)
    }
}
