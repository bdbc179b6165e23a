import WaymarkCore

/// A walking route in scene coordinates, as the AR layer draws it (the Yandex.Maps article, "Route
/// polyline"): the user's projection onto it, the window ahead, arrows every few
/// metres with their animation legs, the distance left, and whether the user is off
/// the route.
///
/// Lengths along the route are 3-D (the arrows follow the ground); nearness — which
/// segment the user is on and how far off it — is measured horizontally, in the plane
/// perpendicular to the scene's up axis, because the camera is held above the ground.
/// Zero-length segments are kept (indices match the input) but never chosen.
public struct RoutePath: Sendable {
    /// The vertices, scene metres.
    public let points: [SIMD3<Double>]
    /// The scene convention (which axis is up, which is the model's forward).
    public let axes: SceneAxes
    /// `cumulative[i]`: 3-D length from vertex 0 to vertex i, metres.
    public let cumulative: [Double]

    /// A route through `points` (at least one).
    /// - Parameters:
    ///   - points: scene positions, metres.
    ///   - axes: any axis assignment in metres (``SceneAxes/unit`` `.metre`: a route's
    ///     lengths and spacings are metres; the navigator converts scenes in other units).
    /// - Throws: ``WaymarkError/badCount`` for no points, ``WaymarkError/invalidElement(index:fault:)``
    ///   for a non-finite one or one beyond ±``Limits/maximumSceneCoordinate`` (lengths stay
    ///   finite), ``WaymarkError/invalidInput(_:)`` (``InputFault/outOfRange``)
    ///   for axes in a unit other than metres.
    public init(points: [SIMD3<Double>], axes: SceneAxes = .eus) throws(WaymarkError) {
        guard axes.unit == .metre else { throw .invalidInput(.outOfRange) }
        guard !points.isEmpty else { throw .badCount }
        for (i, p) in points.enumerated() {
            if let fault = Limits.sceneFault(p) { throw .invalidElement(index: i, fault: fault) }
        }
        var cumulative = [0.0]
        cumulative.reserveCapacity(points.count)
        for i in 1..<max(points.count, 1) where points.count > 1 {
            let d = points[i] - points[i - 1]
            cumulative.append(cumulative[i - 1] + (d * d).sum().squareRoot())
        }
        self.points = points
        self.axes = axes
        self.cumulative = cumulative
    }

    /// Total 3-D length, metres.
    public var length: Double { cumulative[cumulative.count - 1] }

    @inlinable
    func horizontal(_ v: SIMD3<Double>) -> SIMD3<Double> {
        var h = v
        h[axes.upAxisIndex] = 0
        return h
    }

    /// Where the user is relative to the route.
    public struct Projection: Sendable, Equatable {
        /// Index of the segment (from vertex `segment` to `segment + 1`); 0 for a
        /// one-point route.
        public var segment: Int
        /// Position along that segment, 0…1.
        public var fraction: Double
        /// The closest route point, scene metres.
        public var point: SIMD3<Double>
        /// 3-D length from the start of the route to `point`, metres.
        public var distanceAlong: Double
        /// Horizontal distance from the user to `point`, metres.
        public var offset: Double

        /// Memberwise initialiser (for callers that keep projections, e.g. the C ABI).
        public init(segment: Int, fraction: Double, point: SIMD3<Double>, distanceAlong: Double, offset: Double) {
            self.segment = segment
            self.fraction = fraction
            self.point = point
            self.distanceAlong = distanceAlong
            self.offset = offset
        }
    }

    /// The closest point of the route to `position` (horizontally); ties go to the
    /// earlier segment, so a user exactly on a vertex is at the end of the segment
    /// leading to it.
    public func project(_ position: SIMD3<Double>) -> Projection {
        var best = Projection(segment: 0, fraction: 0, point: points[0], distanceAlong: 0,
                              offset: (horizontal(position - points[0]) * horizontal(position - points[0])).sum().squareRoot())
        guard points.count > 1 else { return best }
        var bestDistance2 = Double.infinity
        for i in 0..<(points.count - 1) {
            let (t, d2) = closest(onSegment: i, to: position)
            if d2 < bestDistance2 {
                bestDistance2 = d2
                best = projection(onSegment: i, at: t, offset: d2.squareRoot())
            }
        }
        return best
    }

    /// The fraction t ∈ [0, 1] of segment `i` closest to `position` (horizontally) and
    /// the squared horizontal distance to it.
    @inline(__always)
    func closest(onSegment i: Int, to position: SIMD3<Double>) -> (t: Double, distance2: Double) {
        let a = points[i], b = points[i + 1]
        let ab = horizontal(b - a), ap = horizontal(position - a)
        let length2 = (ab * ab).sum()
        let t = length2 > 0 ? min(1, max(0, (ap * ab).sum() / length2)) : 0
        let d = horizontal(position) - horizontal(a + t * (b - a))
        return (t, (d * d).sum())
    }

    /// The projection at fraction `t` of segment `i`.
    @inline(__always)
    func projection(onSegment i: Int, at t: Double, offset: Double) -> Projection {
        let a = points[i], b = points[i + 1]
        let along = cumulative[i] + t * (cumulative[i + 1] - cumulative[i])
        return Projection(segment: i, fraction: t, point: a + t * (b - a), distanceAlong: along, offset: offset)
    }

    /// Where a user starting at `position` is on the route: the earliest point (in route
    /// order) whose offset is within `margin` metres of the least offset. A loop whose
    /// finish is near its start, or a route passing the start again, starts at its start
    /// even when the first position lands a little nearer a later leg.
    public func projectPreferringStart(_ position: SIMD3<Double>, margin: Double) -> Projection {
        let nearest = project(position)
        guard points.count > 1, margin > 0 else { return nearest }
        for i in 0..<(points.count - 1) where cumulative[i] < nearest.distanceAlong {
            let (t, d2) = closest(onSegment: i, to: position)
            let offset = d2.squareRoot()
            if offset <= nearest.offset + margin { return projection(onSegment: i, at: t, offset: offset) }
        }
        return nearest
    }

    /// The route point `distance` metres along the route (clamped to its ends), and
    /// the segment it lies on (at a vertex: the segment leaving it). O(log n), no
    /// allocation.
    public func point(atDistance distance: Double) -> (point: SIMD3<Double>, segment: Int) {
        guard points.count > 1 else { return (points[0], 0) }
        let s = distance.isNaN ? 0 : min(max(distance, 0), length)
        let i = segment(containing: s)
        let span = cumulative[i + 1] - cumulative[i]
        let t = span > 0 ? (s - cumulative[i]) / span : 0
        return (points[i] + t * (points[i + 1] - points[i]), i)
    }

    /// The segment whose [start, end) holds along-route distance `s` (a vertex belongs
    /// to the segment leaving it, the last segment keeps the finish), skipping
    /// zero-length segments so it has a direction. Binary search: O(log n).
    func segment(containing s: Double) -> Int {
        let last = points.count - 2
        var lo = 0, hi = last          // the answer is the last i with cumulative[i] <= s
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if cumulative[mid] <= s { lo = mid } else { hi = mid - 1 }
        }
        var i = lo
        // A run of zero-length segments ending at s: move past them.
        while i < last && cumulative[i + 1] - cumulative[i] == 0 { i += 1 }
        return i
    }

    /// The remaining along-route distance from the user's projection to the finish.
    public func remainingDistance(from projection: Projection) -> Double { length - projection.distanceAlong }

    /// Whether the user is farther than `threshold` metres (horizontally) from the route.
    public func isOffRoute(_ projection: Projection, threshold: Double = 20) -> Bool { projection.offset > threshold }

    /// The yaw (degrees) of the right-handed rotation about the scene's up axis that
    /// turns the model's forward axis (``SceneAxes/forward``: −z in eus, +z in eun, +y in
    /// enu, +x in unreal, as for anchor transforms) onto the horizontal direction `d`;
    /// nil for a vertical or zero `d`.
    public func yaw(of d: SIMD3<Double>) -> Double? { Self.yaw(of: d, axes: axes) }

    /// ``yaw(of:)`` for a scene with `axes`.
    public static func yaw(of d: SIMD3<Double>, axes: SceneAxes) -> Double? {
        let y = axes.yawAxes
        return d[y.side] == 0 && d[y.forward] == 0 ? nil : AngleMath.atan2d(y.sinSign * d[y.side], y.cosSign * d[y.forward])
    }

    /// The horizontal unit direction of segment `i` (from point `i` to `i + 1`), in the
    /// route's axes; nil for a vertical or zero-length segment.
    package func direction(ofSegment i: Int) -> SIMD3<Double>? {
        let d = horizontal(points[i + 1] - points[i])
        let l = (d * d).sum().squareRoot()
        return l > 0 ? d / l : nil
    }

    /// How far the route turns at vertex `v`, degrees in [0, 180]: the angle between the
    /// horizontal directions of the segments into and out of it (0 at the ends, and where
    /// either has no direction). The navigator's route evidence and the walk simulator
    /// call a turn of more than 20° a corner.
    package func turn(atVertex v: Int) -> Double {
        guard v > 0, v + 1 < points.count, let a = direction(ofSegment: v - 1), let b = direction(ofSegment: v) else { return 0 }
        let c = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        return AngleMath.atan2d((c * c).sum().squareRoot(), (a * b).sum())
    }

    /// The yaw of the first segment at or after `segment` that has a horizontal
    /// direction, else of the last one before it; 0 for a route with none.
    func segmentYaw(_ segment: Int) -> Double {
        guard points.count > 1 else { return 0 }
        for i in segment..<(points.count - 1) { if let y = yaw(of: points[i + 1] - points[i]) { return y } }
        for i in stride(from: min(segment, points.count - 2), through: 0, by: -1) { if let y = yaw(of: points[i + 1] - points[i]) { return y } }
        return 0
    }
}
