import WaymarkCore

/// The user's progress along a route with memory, so routes that double back, pass
/// close to themselves or start and end at the same place are followed in order.
///
/// The first position is placed by a search of the whole route that prefers the
/// earliest point within `offRoute` metres of the nearest (so a loop whose first fix
/// lands a little behind its start starts at its start, not at its finish). After that only the part of the route from
/// `behind` metres before the current progress to `ahead` metres after it is searched
/// (horizontally, see ``nearest(route:user:from:to:current:)`` for how legs close to
/// each other are told apart), and progress never decreases: a user standing still, or GPS noise
/// that moves the anchor back a little, never moves it back. When the user has been
/// farther than `offRoute` metres from that window for `reacquireAfter` seconds, the
/// whole route is searched again (the only time progress can jump back).
struct RouteProgress: Sendable {
    let behind: Double, ahead: Double, offRoute: Double, reacquireAfter: Double
    private(set) var distance: Double? = nil
    private(set) var offset = 0.0
    private var offSince: Double? = nil

    init(behind: Double, ahead: Double, offRoute: Double, reacquireAfter: Double) {
        self.behind = behind
        self.ahead = ahead
        self.offRoute = offRoute
        self.reacquireAfter = reacquireAfter
    }

    var isOffRoute: Bool { distance != nil && offset > offRoute }

    /// Moves on with the user at `user` (route coordinates) at `time`.
    mutating func update(route: RoutePath, user: SIMD3<Double>, time: Double) {
        guard let current = distance else {
            let p = route.projectPreferringStart(user, margin: offRoute)
            distance = p.distanceAlong
            offset = p.offset
            return
        }
        let near = Self.nearest(route: route, user: user, from: current - behind, to: current + ahead, current: current)
        offset = near.offset
        if near.offset > offRoute {
            let since = offSince ?? time
            offSince = since
            if time - since >= reacquireAfter {
                let p = route.project(user)
                if p.offset <= offRoute {
                    distance = p.distanceAlong
                    offset = p.offset
                    offSince = nil
                }
            }
            return
        }
        offSince = nil
        distance = max(current, near.along)
    }

    /// The best point for `user` among the route's points with along-route distance
    /// in [from, to]: on each segment the closest point (horizontally); among the
    /// segments, the least offset plus 0.5 × metres behind `current` plus 0.3 ×
    /// metres ahead of it. The penalties only choose between segments (never move a
    /// point along one), settling ties between legs that lie on or near each other —
    /// an out-and-back walker on the way back, a hairpin's other leg — in favour of
    /// going on from where the user was.
    /// O(log n + segments in the window).
    static func nearest(route: RoutePath, user: SIMD3<Double>, from: Double, to: Double, current: Double) -> (along: Double, offset: Double) {
        let lo = min(max(from, 0), route.length), hi = min(max(to, 0), route.length)
        let pts = route.points, cum = route.cumulative
        guard pts.count > 1 else {
            let d = route.horizontal(user - pts[0])
            return (0, (d * d).sum().squareRoot())
        }
        var i = route.segment(containing: lo)
        while i > 0 && cum[i] > lo { i -= 1 }
        var bestAlong = lo, bestOffset = Double.infinity, bestCost = Double.infinity
        let u = route.horizontal(user)
        while i < pts.count - 1 && cum[i] <= hi {
            let span = cum[i + 1] - cum[i]
            if span > 0 {
                // The part of this segment inside the window, as fractions.
                let t0 = max(0, (lo - cum[i]) / span), t1 = min(1, (hi - cum[i]) / span)
                if t1 >= t0 {
                    let a = route.horizontal(pts[i]), ab = route.horizontal(pts[i + 1]) - a
                    let l2 = (ab * ab).sum()
                    let closest = l2 > 0 ? ((u - a) * ab).sum() / l2 : t0
                    let tc = min(t1, max(t0, closest))
                    let d = u - (a + tc * ab)
                    let offset = (d * d).sum().squareRoot()
                    let along = cum[i] + tc * span
                    let cost = offset + 0.5 * max(0, current - along) + 0.3 * max(0, along - current)
                    if cost < bestCost { bestCost = cost; bestOffset = offset; bestAlong = along }
                }
            }
            i += 1
        }
        if bestOffset == .infinity {      // a window inside zero-length segments
            let d = u - route.horizontal(route.point(atDistance: lo).point)
            return (lo, (d * d).sum().squareRoot())
        }
        return (bestAlong, bestOffset)
    }
}
