import WaymarkCore

/// One straight piece of an arrow's animation path.
public struct ArrowLeg: Sendable, Equatable, BitwiseCopyable {
    /// Scene positions where the leg starts and ends.
    public var start: SIMD3<Double>, end: SIMD3<Double>
    /// Yaw of the leg (see ``RoutePath/yaw(of:)``), degrees.
    public var yaw: Double
    /// Turn at the start of this leg relative to the previous leg, degrees in
    /// (-180, 180]: positive to the right (clockwise seen from above), as everywhere in
    /// Waymark; 0 for the first leg; 180 is a U-turn.
    public var turn: Double
}

/// An arrow of the route (the Yandex.Maps article: one every 3 m over the 100 m ahead).
public struct RouteArrow: Sendable, Equatable {
    /// Where the arrow sits, scene metres.
    public var position: SIMD3<Double>
    /// Its yaw along its segment, degrees (see ``RoutePath/yaw(of:)``).
    public var yaw: Double
    /// Along-route distance from the route's start, metres: k · spacing for an integer k.
    public var distanceAlong: Double
    /// Its animation section: from this arrow to where the next begins, split at every
    /// vertex in between, so consecutive arrows' sections join end to start.
    public var legs: [ArrowLeg]
}

/// Which arrows lie in a window: k · spacing for k in `first...last` (empty when
/// `last < first`). Computed from integers, so 0.1 m over 100 m is exactly 1,001
/// positions 0, 0.1, …, 100 and never drifts by accumulated round-off.
public struct ArrowRange: Sendable, Equatable {
    /// The first and last k (the range is empty when `last < first`).
    public var first: Int, last: Int
    /// Metres between arrows.
    public var spacing: Double
    /// How many arrows.
    public var count: Int { last >= first ? last - first + 1 : 0 }
    /// Along-route distance of arrow `k`.
    public func distance(_ k: Int) -> Double { Double(k) * spacing }
}

extension RoutePath {
    /// The window ahead of the user: from the projection along the route until the
    /// cumulative length exceeds `ahead` metres (or the route ends), both ends clamped
    /// to the route. Returns the along-route interval [start, end].
    public func window(from projection: Projection, ahead: Double = 100) -> ClosedRange<Double> {
        let start = min(max(projection.distanceAlong.isNaN ? 0 : projection.distanceAlong, 0), length)
        return start...min(length, start + max(0, ahead))
    }

    /// The arrows of the window [from, from + ahead] (clamped to the route): those at
    /// along-route distances k · spacing, anchored to the route so they stay put on the
    /// ground as the user walks. Work is O(1); nothing is allocated.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a spacing, window or start that
    ///   is not finite and positive (start: finite), more than 2⁴⁰ arrows, or a route
    ///   more than 2⁵² spacings long.
    public func arrowRange(from distance: Double, spacing: Double = 3, ahead: Double = 100) throws(WaymarkError) -> ArrowRange {
        guard spacing.isFinite, ahead.isFinite, distance.isFinite else { throw .invalidInput(.nonFinite) }
        guard spacing > 0, ahead > 0 else { throw .invalidInput(.notPositive) }
        guard length > 0 else { return ArrowRange(first: 0, last: -1, spacing: spacing) }
        let start = min(max(distance, 0), length), end = min(length, start + ahead)
        let firstK = (start / spacing).rounded(.up), lastK = (end / spacing).rounded(.down)
        // Both ends must be integers an Int holds (a spacing of 1e-300 would not be).
        guard lastK < 0x1p52, lastK - firstK < 0x1p40 else { throw .invalidInput(.outOfRange) }
        var first = Int(firstK), last = Int(lastK)
        // Division can round across an integer: keep k · spacing inside [start, end].
        if Double(first) * spacing < start { first += 1 }
        if first > 0 && Double(first - 1) * spacing >= start { first -= 1 }
        if Double(last) * spacing > end { last -= 1 }
        if Double(last + 1) * spacing <= end { last += 1 }
        return ArrowRange(first: first, last: last, spacing: spacing)
    }

    /// Arrow `k` of a range: position, yaw and along-route distance (no legs).
    public func arrowPlacement(_ k: Int, spacing: Double) -> (position: SIMD3<Double>, yaw: Double, distanceAlong: Double) {
        let s = Double(k) * spacing
        let (p, segment) = point(atDistance: s)
        return (p, segmentYaw(segment), s)
    }

    /// Arrows every `spacing` metres at along-route distances k · spacing over the
    /// window ahead of `projection`, each with its animation legs. A one-point or
    /// zero-length route has none. Allocates the array it returns (use
    /// ``arrowRange(from:spacing:ahead:)`` and ``arrowPlacement(_:spacing:)`` to
    /// allocate nothing).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` as ``arrowRange(from:spacing:ahead:)``.
    public func arrows(from projection: Projection, spacing: Double = 3, ahead: Double = 100) throws(WaymarkError) -> [RouteArrow] {
        let range = try arrowRange(from: projection.distanceAlong, spacing: spacing, ahead: ahead)
        var arrows: [RouteArrow] = []
        arrows.reserveCapacity(range.count)
        for k in stride(from: range.first, through: range.last, by: 1) {
            let a = arrowPlacement(k, spacing: spacing)
            arrows.append(RouteArrow(position: a.position, yaw: a.yaw, distanceAlong: a.distanceAlong,
                                     legs: legs(from: a.distanceAlong, to: min(range.distance(k + 1), length))))
        }
        return arrows
    }

    /// The pieces of the route between two along-route distances, split at vertices;
    /// zero-length segments contribute no leg.
    public func legs(from s0: Double, to s1: Double) -> [ArrowLeg] {
        var result: [ArrowLeg] = []
        forEachLeg(from: s0, to: s1) { result.append($0) }
        return result
    }

    /// How many legs ``legs(from:to:)`` returns, without building them: O(log n + legs).
    public func legCount(from s0: Double, to s1: Double) -> Int {
        var n = 0
        forEachLeg(from: s0, to: s1) { _ in n += 1 }
        return n
    }

    /// Visits the legs between two along-route distances in order, allocating nothing.
    public func forEachLeg(from s0: Double, to s1: Double, _ body: (ArrowLeg) -> Void) {
        guard points.count > 1, s0.isFinite, s1.isFinite, s1 > s0 else { return }
        let lo = min(max(s0, 0), length), hi = min(max(s1, 0), length)
        guard hi > lo else { return }
        var i = segment(containing: lo)
        // segment(containing:) skips forward past zero-length runs; legs start from the
        // first segment that holds lo.
        while i > 0 && cumulative[i] > lo { i -= 1 }
        var s = lo
        var previousYaw: Double? = nil, previousDirection: SIMD3<Double>? = nil
        while s < hi && i < points.count - 1 {
            let span = cumulative[i + 1] - cumulative[i]
            let end = min(cumulative[i + 1], hi)
            if span > 0 && end > s {
                let direction = points[i + 1] - points[i]
                let a = points[i] + (s - cumulative[i]) / span * direction
                let b = points[i] + (end - cumulative[i]) / span * direction
                let yaw = yaw(of: direction) ?? previousYaw ?? segmentYaw(i)
                let turn = previousDirection.map { turnAngle(from: $0, to: direction) } ?? 0
                body(ArrowLeg(start: a, end: b, yaw: yaw, turn: turn))
                previousYaw = yaw
                previousDirection = direction
                s = end
            }
            i += 1
        }
    }

    /// The turn from horizontal direction `a` to `b`, degrees in (-180, 180], positive
    /// to the right (clockwise seen from above) whatever the scene's handedness; 0 when
    /// either has no horizontal part.
    public func turnAngle(from a: SIMD3<Double>, to b: SIMD3<Double>) -> Double {
        let ea = axes.enu(fromScene: a), eb = axes.enu(fromScene: b)
        guard (ea.x != 0 || ea.y != 0) && (eb.x != 0 || eb.y != 0) else { return 0 }
        return AngleMath.normalizedAzimuth(AngleMath.atan2d(eb.x, eb.y) - AngleMath.atan2d(ea.x, ea.y))
    }
}
