import WaymarkCore

/// A group of points of interest shown as one marker (the AR guide to historical places, "Excess AR objects").
public struct POICluster: Sendable, Equatable {
    /// Index (into the input) of the attraction the marker stands for: the nearest of
    /// the group to the user.
    public var head: Int
    /// Indices of every member, the head first, by increasing distance from the user.
    public var members: [Int]
    /// Geodesic distance from the user to the head, metres.
    public var distance: Double
    /// How many points the marker stands for (the label a clustered marker shows).
    public var count: Int { members.count }
}

/// The AR guide to historical places' visibility rules for points of interest.
public enum POIClustering {
    /// Points within `radius` metres of the user (500 m in the AR guide to historical places), clustered by the
    /// guide's rule: taking the points nearest-first, a point joins the cluster of an
    /// earlier (nearer) attraction when it lies within half the user's distance to that
    /// attraction; otherwise it starts a cluster of its own. As the user approaches,
    /// the zones shrink and clusters split, as that article describes. Distances are
    /// geodesic on WGS-84 (short-range method, exact). Deterministic: ties keep input
    /// order.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a radius that is not finite and
    ///   positive.
    public static func clusters(user: GeodeticCoordinate, points: [GeodeticCoordinate],
                                radius: Double = 500) throws(WaymarkError) -> [POICluster] {
        guard radius.isFinite else { throw .invalidInput(.nonFinite) }
        guard radius > 0 else { throw .invalidInput(.notPositive) }
        let g = ShortRangeGeodesic.wgs84
        let distances = points.map { g.inverseAnyLength(user, $0).distance }
        let order = points.indices.filter { distances[$0] <= radius }.sorted {
            distances[$0] < distances[$1] || (distances[$0] == distances[$1] && $0 < $1)
        }
        var clusters: [POICluster] = []
        for i in order {
            if let k = clusters.firstIndex(where: { g.inverseAnyLength(points[$0.head], points[i]).distance <= $0.distance / 2 }) {
                clusters[k].members.append(i)
            } else {
                clusters.append(POICluster(head: i, members: [i], distance: distances[i]))
            }
        }
        return clusters
    }
}

extension POIClustering {
    /// ``clusters(user:points:radius:)`` without allocating, for the C ABI: the point
    /// whose marker stands for each point, written to `headOf[i]` (its own index for a
    /// marker, −1 beyond `radius`). The same rule and tie-breaking, computed in the
    /// output buffer itself: it first holds each in-range point's distance (the bits of
    /// a non-negative `Double` order as integers), then, as points are taken
    /// nearest-first, −2 − head. Time is quadratic in `count` (a scan per point), so
    /// counts are limited to ``Limits/maximumPointsOfInterest``.
    ///
    /// Every input is checked before anything is written.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount`` (beyond
    ///   ``Limits/maximumPointsOfInterest``), ``WaymarkError/invalidInput(_:)`` for the
    ///   radius, ``WaymarkError/invalidElement(index:fault:)`` for a point.
    public static func clusterHeads(user: GeodeticCoordinate, points: UnsafeRawPointer, stride: Int, count: Int,
                                    radius: Double, into headOf: UnsafeMutablePointer<Int64>) throws(WaymarkError) {
        guard radius.isFinite else { throw .invalidInput(.nonFinite) }
        guard radius > 0 else { throw .invalidInput(.notPositive) }
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        guard count <= Limits.maximumPointsOfInterest else { throw .badCount }
        if let bad = StridedTriples.firstGeodeticFault(points, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        let g = ShortRangeGeodesic.wgs84
        @inline(__always) func point(_ i: Int) -> GeodeticCoordinate {
            let (lat, lon, h) = StridedTriples.load(points, i * stride)
            return GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), h)
        }
        for i in 0..<count {
            let d = g.inverseAnyLength(user, point(i)).distance + 0   // never −0, whose bits are negative
            headOf[i] = d <= radius ? Int64(bitPattern: d.bitPattern) : -1
        }
        // Nearest first (ties by index): each step takes the smallest unprocessed key.
        while true {
            var next = -1
            var key = Int64.max
            for j in 0..<count where headOf[j] >= 0 && headOf[j] < key {
                next = j
                key = headOf[j]
            }
            guard next >= 0 else { break }
            let p = point(next)
            // The first cluster in creation order (heads by distance, then index) whose
            // zone holds p: heads are the processed points marked as their own.
            var head = next
            var headKey = Int64.max
            for j in 0..<count where headOf[j] == -2 - Int64(j) {
                let h = point(j)
                let dh = g.inverseAnyLength(user, h).distance
                let hk = Int64(bitPattern: dh.bitPattern)
                if hk < headKey && g.inverseAnyLength(h, p).distance <= dh / 2 {
                    head = j
                    headKey = hk
                }
            }
            headOf[next] = -2 - Int64(head)
        }
        for i in 0..<count where headOf[i] <= -2 { headOf[i] = -2 - headOf[i] }
    }
}
