/// One straight piece of an arrow's animation path.
public struct ArrowLeg: Sendable, Equatable {
    /// Scene positions where the leg starts and ends.
    public var start: SIMD3<Double>, end: SIMD3<Double>
    /// Yaw of the leg (see ``RoutePath/yaw(of:)``), degrees.
    public var yaw: Double
    /// Turn at the start of this leg relative to the previous leg, degrees in
    /// (-180, 180] (0 for the first leg; ±180 is a U-turn).
    public var turn: Double
}

/// An arrow of the route (seed 000: one every 3 m over the 100 m ahead).
public struct RouteArrow: Sendable, Equatable {
    /// Where the arrow sits, scene metres.
    public var position: SIMD3<Double>
    /// Its yaw along its segment, degrees (see ``RoutePath/yaw(of:)``).
    public var yaw: Double
    /// Along-route distance from the route's start, metres.
    public var distanceAlong: Double
    /// Its animation section: from this arrow to where the next begins, split at every
    /// vertex in between, so consecutive arrows' sections join end to start.
    public var legs: [ArrowLeg]
}

extension RoutePath {
    /// The window ahead of the user: from the projection along the route until the
    /// cumulative length exceeds `ahead` metres (or the route ends). Returns the
    /// along-route interval [start, end].
    public func window(from projection: Projection, ahead: Double = 100) -> ClosedRange<Double> {
        projection.distanceAlong...min(length, projection.distanceAlong + max(0, ahead))
    }

    /// Arrows every `spacing` metres from the user's projection over the window ahead,
    /// each with its animation legs. A one-point or zero-length route has none.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a spacing or window that is not
    ///   finite and positive.
    public func arrows(from projection: Projection, spacing: Double = 3, ahead: Double = 100) throws(WaymarkError) -> [RouteArrow] {
        guard spacing.isFinite, ahead.isFinite else { throw .invalidInput(.nonFinite) }
        guard spacing > 0, ahead > 0 else { throw .invalidInput(.notPositive) }
        let range = window(from: projection, ahead: ahead)
        guard length > 0 else { return [] }
        var arrows: [RouteArrow] = []
        var s = range.lowerBound
        while s < range.upperBound || (arrows.isEmpty && s <= range.upperBound) {
            let (p, segment) = point(atDistance: s)
            let next = min(s + spacing, length)
            arrows.append(RouteArrow(position: p, yaw: segmentYaw(segment), distanceAlong: s, legs: legs(from: s, to: next)))
            if next <= s { break }
            s += spacing
        }
        return arrows
    }

    /// The pieces of the route between two along-route distances, split at vertices;
    /// zero-length segments contribute no leg.
    public func legs(from s0: Double, to s1: Double) -> [ArrowLeg] {
        guard points.count > 1, s1 > s0 else { return [] }
        var result: [ArrowLeg] = []
        var i = 0
        while i < points.count - 2 && cumulative[i + 1] <= s0 { i += 1 }
        var s = s0
        var previousYaw: Double? = nil
        while s < s1 && i < points.count - 1 {
            let span = cumulative[i + 1] - cumulative[i]
            let end = min(cumulative[i + 1], s1)
            if span > 0 && end > s {
                let direction = points[i + 1] - points[i]
                let a = points[i] + (s - cumulative[i]) / span * direction
                let b = points[i] + (end - cumulative[i]) / span * direction
                let yaw = yaw(of: direction) ?? previousYaw ?? segmentYaw(i)
                let turn = previousYaw.map { AngleMath.normalizedAzimuth(yaw - $0) } ?? 0
                result.append(ArrowLeg(start: a, end: b, yaw: yaw, turn: turn))
                previousYaw = yaw
                s = end
            }
            i += 1
        }
        return result
    }
}
