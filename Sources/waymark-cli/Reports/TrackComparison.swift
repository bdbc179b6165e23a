#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark
import WaymarkCore

/// The one computation behind `waymark accuracy TRACK` and `waymark length`: a track's
/// points placed and its segments measured by the exact method and by both spherical
/// baselines, with the baselines' errors. The CSV, the summary lines and the page all
/// read these numbers.
///
/// Exact: Karney's geodesic on WGS-84 (``Geodesic``) for distances and azimuths, the
/// closed-form local tangent frame (``SceneFrame``, ENU about the origin) for positions.
/// Haversine: great-circle distance and initial bearing on the mean-radius sphere
/// (``Haversine``), and its scene position (``SphericalBaseline/haversine``). Metres per
/// degree: the scene position of ``SphericalBaseline/metersPerDegree`` about the origin;
/// a segment's distance and azimuth are those of the difference of its two ends' flat
/// positions (what an app working in that frame measures).
struct TrackComparison {
    struct PointResult {
        var index: Int
        var point: Track.Point
        /// Exact ENU position about the origin, metres.
        var exact: SIMD3<Double>
        var haversine: SIMD3<Double>
        var metersPerDegree: SIMD3<Double>
        /// Geodesic distance travelled from the first point, metres.
        var alongTrack: Double
        /// Geodesic distance from the origin, metres.
        var fromOrigin: Double

        var haversineHorizontalError: Double { horizontal(haversine - exact) }
        var haversine3DError: Double { full(haversine - exact) }
        var metersPerDegreeHorizontalError: Double { horizontal(metersPerDegree - exact) }
        var metersPerDegree3DError: Double { full(metersPerDegree - exact) }
    }

    struct SegmentResult {
        /// The segment from point `index` − 1 to point `index`.
        var index: Int
        var geodesic: Double, azimuth: Double
        var haversine: Double, haversineAzimuth: Double
        var metersPerDegree: Double, metersPerDegreeAzimuth: Double

        var haversineDistanceError: Double { haversine - geodesic }
        var metersPerDegreeDistanceError: Double { metersPerDegree - geodesic }
        /// Nil for a segment of zero length (a repeated fix): it has no direction to be wrong about.
        var haversineAzimuthError: Double? { geodesic > 0 ? angleDifference(haversineAzimuth, azimuth) : nil }
        var metersPerDegreeAzimuthError: Double? { geodesic > 0 ? angleDifference(metersPerDegreeAzimuth, azimuth) : nil }
    }

    let track: Track
    let origin: GeodeticCoordinate
    /// The origin is the track's first point (no `--origin`).
    let originIsFirstPoint: Bool
    private(set) var points: [PointResult] = []
    /// One per consecutive pair: `segments[k]` ends at point k + 1.
    private(set) var segments: [SegmentResult] = []

    init(track: Track, origin: GeodeticCoordinate? = nil) {
        self.track = track
        self.origin = origin ?? track.points[0].coordinate
        originIsFirstPoint = origin == nil
        let frame = SceneFrame(origin: self.origin, axes: .enu)
        let geodesic = Geodesic.wgs84, sphere = Haversine.standard
        var along = 0.0
        for (k, p) in track.points.enumerated() {
            let c = p.coordinate
            if k > 0 {
                let a = track.points[k - 1].coordinate
                let exact = geodesic.inverse(a, c)
                let flat = SphericalBaseline.metersPerDegree.enu(of: c, from: self.origin) - SphericalBaseline.metersPerDegree.enu(of: a, from: self.origin)
                segments.append(SegmentResult(index: k, geodesic: exact.distance, azimuth: exact.azimuth1,
                                              haversine: sphere.distance(a, c), haversineAzimuth: sphere.initialBearing(a, c),
                                              metersPerDegree: horizontal(flat), metersPerDegreeAzimuth: azimuth(flat)))
                along += exact.distance
            }
            points.append(PointResult(index: k, point: p, exact: frame.scenePosition(of: c),
                                      haversine: frame.scenePosition(of: c, baseline: .haversine),
                                      metersPerDegree: frame.scenePosition(of: c, baseline: .metersPerDegree),
                                      alongTrack: along, fromOrigin: geodesic.inverse(self.origin, c).distance))
        }
    }

    /// The track's length by each method, metres.
    var length: (geodesic: Double, haversine: Double, metersPerDegree: Double) {
        (segments.reduce(0) { $0 + $1.geodesic }, segments.reduce(0) { $0 + $1.haversine }, segments.reduce(0) { $0 + $1.metersPerDegree })
    }

    /// Maximum (and where), root mean square and percentiles of some values.
    struct Summary {
        var count: Int
        var max: Double
        /// The index of the largest value (its point or segment number).
        var at: Int
        var rms: Double
        var p50: Double, p95: Double, p99: Double

        /// Of `values` (absolute values are taken); `indices[k]` numbers value k.
        /// Percentiles interpolate linearly between the closest ranks (numpy's default).
        init(_ values: [Double], indices: [Int]) {
            let magnitudes = values.map(abs)
            count = magnitudes.count
            let worst = magnitudes.indices.max { magnitudes[$0] < magnitudes[$1] }
            max = worst.map { magnitudes[$0] } ?? 0
            at = worst.map { indices[$0] } ?? 0
            rms = count == 0 ? 0 : (magnitudes.reduce(0) { $0 + $1 * $1 } / Double(count)).squareRoot()
            let sorted = magnitudes.sorted()
            func percentile(_ q: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                let rank = q * Double(sorted.count - 1)
                let lo = Int(rank.rounded(.down)), hi = Swift.min(lo + 1, sorted.count - 1)
                return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - Double(lo))
            }
            p50 = percentile(0.50); p95 = percentile(0.95); p99 = percentile(0.99)
        }
    }

    func pointSummary(_ value: (PointResult) -> Double) -> Summary { Summary(points.map(value), indices: points.map(\.index)) }
    /// Over the segments where `value` is defined.
    func segmentSummary(_ value: (SegmentResult) -> Double?) -> Summary {
        let defined = segments.compactMap { s in value(s).map { ($0, s.index) } }
        return Summary(defined.map(\.0), indices: defined.map(\.1))
    }
}

/// East/north length of an ENU vector.
func horizontal(_ v: SIMD3<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
/// Length of a 3-D vector.
func full(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

/// The azimuth of an ENU offset, degrees clockwise from north, (−180, 180].
private func azimuth(_ v: SIMD3<Double>) -> Double { AngleMath.normalizedAzimuth(AngleMath.atan2d(v.x, v.y)) }

/// `a − b` folded into (−180, 180], degrees.
private func angleDifference(_ a: Double, _ b: Double) -> Double { AngleMath.normalizedAzimuth(a - b) }
