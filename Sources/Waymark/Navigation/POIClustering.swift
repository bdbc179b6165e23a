/// A group of points of interest shown as one marker (seed 003, "Excess AR objects").
public struct POICluster: Sendable, Equatable {
    /// Index (into the input) of the attraction the marker stands for: the nearest of
    /// the group to the user.
    public var head: Int
    /// Indices of every member, the head first, by increasing distance from the user.
    public var members: [Int]
    /// Geodesic distance from the user to the head, metres.
    public var distance: Double
    /// How many points the marker stands for (the seed shows this number).
    public var count: Int { members.count }
}

/// Seed 003's visibility rules for points of interest.
public enum POIClustering {
    /// Points within `radius` metres of the user (500 m in seed 003), clustered by the
    /// seed's rule: taking the points nearest-first, a point joins the cluster of an
    /// earlier (nearer) attraction when it lies within half the user's distance to that
    /// attraction; otherwise it starts a cluster of its own. As the user approaches,
    /// the zones shrink and clusters split, as the seed describes. Distances are
    /// geodesic on WGS-84 (short-range method, exact). Deterministic: ties keep input
    /// order.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a radius that is not finite and
    ///   positive.
    public static func clusters(user: GeodeticCoordinate, points: [GeodeticCoordinate],
                                radius: Double = 500) throws(WaymarkError) -> [POICluster] {
        guard radius.isFinite else { throw .invalidInput(.nonFinite) }
        guard radius > 0 else { throw .invalidInput(.notPositive) }
        let g = Geodesic.wgs84
        let distances = points.map { g.fastInverse(user, $0).distance }
        let order = points.indices.filter { distances[$0] <= radius }.sorted {
            distances[$0] < distances[$1] || (distances[$0] == distances[$1] && $0 < $1)
        }
        var clusters: [POICluster] = []
        for i in order {
            if let k = clusters.firstIndex(where: { g.fastInverse(points[$0.head], points[i]).distance <= $0.distance / 2 }) {
                clusters[k].members.append(i)
            } else {
                clusters.append(POICluster(head: i, members: [i], distance: distances[i]))
            }
        }
        return clusters
    }
}
