import WaymarkCore
import WaymarkNavigation

/// The one computation behind `waymark accuracy TRACK` and `waymark length`: a track's
/// points placed and its segments measured by the exact method and by both spherical
/// baselines, with the baselines' errors. The CSV, the summary lines and the page all
/// read these numbers.
///
/// Exact: Karney's geodesic on WGS-84 (WaymarkPROJ's `Geodesic`, handed in as
/// ``Inverse`` so this module needs no PROJ: the CLI and the C API pass the same) for
/// distances and azimuths, the
/// closed-form local tangent frame (``SceneFrame``, ENU about the origin) for positions.
/// Haversine: great-circle distance and initial bearing on the mean-radius sphere
/// (``Haversine``), and its scene position (``SphericalBaseline/haversine``). Metres per
/// degree: the scene position of ``SphericalBaseline/metersPerDegree`` about the origin;
/// a segment's distance and azimuth are those of the difference of its two ends' flat
/// positions (what an app working in that frame measures).
package struct TrackComparison {
    /// A track's point as read: its input line, where it is, and its time when the input gives one.
    package struct Point {
        /// The input line the point came from.
        package var line: Int
        package var coordinate: GeodeticCoordinate
        /// Seconds since 1970 UTC, when the input gives it.
        package var time: Double?

        package init(line: Int, coordinate: GeodeticCoordinate, time: Double? = nil) {
            self.line = line; self.coordinate = coordinate; self.time = time
        }
    }

    /// The exact inverse problem from the first coordinate to the second: distance
    /// (metres) and azimuth at the first (degrees clockwise from north).
    package typealias Inverse = (GeodeticCoordinate, GeodeticCoordinate) -> (distance: Double, azimuth: Double)

    package struct PointResult {
        package var index: Int
        package var point: Point
        /// Exact ENU position about the origin, metres.
        package var exact: SIMD3<Double>
        package var haversine: SIMD3<Double>
        package var metersPerDegree: SIMD3<Double>
        /// Geodesic distance travelled from the first point, metres.
        package var alongTrack: Double
        /// Geodesic distance from the origin, metres.
        package var fromOrigin: Double

        package var haversineHorizontalError: Double { horizontal(haversine - exact) }
        package var haversine3DError: Double { full(haversine - exact) }
        package var metersPerDegreeHorizontalError: Double { horizontal(metersPerDegree - exact) }
        package var metersPerDegree3DError: Double { full(metersPerDegree - exact) }
    }

    package struct SegmentResult {
        /// The segment from point `index` − 1 to point `index`.
        package var index: Int
        package var geodesic: Double, azimuth: Double
        package var haversine: Double, haversineAzimuth: Double
        package var metersPerDegree: Double, metersPerDegreeAzimuth: Double

        package var haversineDistanceError: Double { haversine - geodesic }
        package var metersPerDegreeDistanceError: Double { metersPerDegree - geodesic }
        /// Nil for a segment of zero length (a repeated fix): it has no direction to be wrong about.
        package var haversineAzimuthError: Double? { geodesic > 0 ? angleDifference(haversineAzimuth, azimuth) : nil }
        package var metersPerDegreeAzimuthError: Double? { geodesic > 0 ? angleDifference(metersPerDegreeAzimuth, azimuth) : nil }
    }

    /// The largest height magnitude a comparison takes, metres: the frame conversions'
    /// limit (``Limits/maximumSceneCoordinate``, 10¹² m). Within it every position, error,
    /// RMS and percentile is a finite number; beyond it an error's square overflows to
    /// infinity, so callers refuse such a track (``firstHeightOutOfRange(_:origin:)``).
    package static let maximumHeight = Limits.maximumSceneCoordinate

    /// The index of the first point whose height is beyond ±``maximumHeight``; -1 when it
    /// is the origin's; nil when the comparison takes them all.
    package static func firstHeightOutOfRange(_ points: [Point], origin: GeodeticCoordinate?) -> Int? {
        if let origin, !(origin.height.magnitude <= maximumHeight) { return -1 }
        return points.firstIndex { !($0.coordinate.height.magnitude <= maximumHeight) }
    }

    /// The points as read.
    package let input: [Point]
    package let origin: GeodeticCoordinate
    /// The origin is the track's first point (no `--origin`).
    package let originIsFirstPoint: Bool
    package private(set) var points: [PointResult] = []
    /// One per consecutive pair: `segments[k]` ends at point k + 1.
    package private(set) var segments: [SegmentResult] = []

    /// Of `points` (at least one) about `origin` (nil: the first point), with `inverse`
    /// the exact geodesic. Heights beyond ±``maximumHeight`` give infinite errors: the
    /// caller checks ``firstHeightOutOfRange(_:origin:)`` first.
    package init(points: [Point], origin: GeodeticCoordinate? = nil, inverse: Inverse) {
        input = points
        self.origin = origin ?? points[0].coordinate
        originIsFirstPoint = origin == nil
        let frame = SceneFrame(origin: self.origin, axes: .enu)
        let sphere = Haversine.standard
        var along = 0.0
        for (k, p) in points.enumerated() {
            let c = p.coordinate
            if k > 0 {
                let a = points[k - 1].coordinate
                let exact = inverse(a, c)
                let flat = SphericalBaseline.metersPerDegree.enu(of: c, from: self.origin) - SphericalBaseline.metersPerDegree.enu(of: a, from: self.origin)
                segments.append(SegmentResult(index: k, geodesic: exact.distance, azimuth: exact.azimuth,
                                              haversine: sphere.distance(a, c), haversineAzimuth: sphere.initialBearing(a, c),
                                              metersPerDegree: horizontal(flat), metersPerDegreeAzimuth: azimuth(flat)))
                along += exact.distance
            }
            self.points.append(PointResult(index: k, point: p, exact: frame.scenePosition(of: c),
                                      haversine: frame.scenePosition(of: c, baseline: .haversine),
                                      metersPerDegree: frame.scenePosition(of: c, baseline: .metersPerDegree),
                                      alongTrack: along, fromOrigin: inverse(self.origin, c).distance))
        }
    }

    /// The track's length by each method, metres.
    package var length: (geodesic: Double, haversine: Double, metersPerDegree: Double) {
        (segments.reduce(0) { $0 + $1.geodesic }, segments.reduce(0) { $0 + $1.haversine }, segments.reduce(0) { $0 + $1.metersPerDegree })
    }

    /// Maximum (and where), root mean square and percentiles of some values.
    package struct Summary {
        package var count: Int
        package var max: Double
        /// The index of the largest value (its point or segment number).
        package var at: Int
        package var rms: Double
        package var p50: Double, p95: Double, p99: Double

        /// Of `values` (absolute values are taken); `indices[k]` numbers value k.
        /// Percentiles interpolate linearly between the closest ranks (numpy's default).
        package init(_ values: [Double], indices: [Int]) {
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

    package func pointSummary(_ value: (PointResult) -> Double) -> Summary { Summary(points.map(value), indices: points.map({ $0.index })) }
    /// Over the segments where `value` is defined.
    package func segmentSummary(_ value: (SegmentResult) -> Double?) -> Summary {
        let defined = segments.compactMap { s in value(s).map { ($0, s.index) } }
        return Summary(defined.map({ $0.0 }), indices: defined.map({ $0.1 }))
    }
}

/// East/north length of an ENU vector.
package func horizontal(_ v: SIMD3<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
/// Length of a 3-D vector.
package func full(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

/// The azimuth of an ENU offset, degrees clockwise from north, (−180, 180].
private func azimuth(_ v: SIMD3<Double>) -> Double { AngleMath.normalizedAzimuth(AngleMath.atan2d(v.x, v.y)) }

/// `a − b` folded into (−180, 180], degrees.
private func angleDifference(_ a: Double, _ b: Double) -> Double { AngleMath.normalizedAzimuth(a - b) }
