import CWaymarkMath
import WaymarkCore
import WaymarkNavigation

/// Where a simulated walker is at each moment: along the route at the scenario's speed,
/// with its pauses at corners, its wrong turn, its side of the street and cut corners,
/// and its detour. Drawn once per walk (from its own generator, so a walk that asks for
/// none of these draws exactly as before).
struct WalkPlan {
    /// A vertex where the route turns more than 20°: along-route distance, the
    /// directions in and out (horizontal, unit).
    struct Corner { var along: Double; var into: SIMD2<Double>; var out: SIMD2<Double> }

    let scenario: WalkSimulator.Scenario
    let path: RoutePath
    let start: Double, walked: Double
    let corners: [Corner]
    /// The signed offset (left of the leg positive) on each leg: leg k runs from corner
    /// k − 1 to corner k.
    let offsets: [Double]
    /// Pauses: walk distance (metres from the start, the wrong turn included) and seconds.
    let pauses: [(walk: Double, seconds: Double)]
    /// The wrong turn's corner, if any.
    let wrongCorner: Corner?
    /// Seconds from the first step to the last (pauses included).
    let walkTime: Double

    /// How far from a corner the walker starts cutting it, m.
    static let cut = 6.0

    init(_ s: WalkSimulator.Scenario, path: RoutePath, start: Double, walked: Double) {
        scenario = s
        self.path = path
        self.start = start
        self.walked = walked
        var corners: [Corner] = []
        let pts = path.points
        if pts.count > 2 {
            for v in 1..<(pts.count - 1) where path.turn(atVertex: v) > 20 {
                guard let a = path.direction(ofSegment: v - 1), let b = path.direction(ofSegment: v) else { continue }
                corners.append(Corner(along: path.cumulative[v], into: SIMD2(a.x, a.y), out: SIMD2(b.x, b.y)))
            }
        }
        self.corners = corners
        var rng = SeededGenerator(seed: s.seed ^ 0xBB67_AE85_84CA_A73B)
        var offsets: [Double] = []
        if let range = s.lateralOffset {
            var side: Double = rng.unit() < 0.5 ? -1 : 1
            for k in 0...corners.count {
                if k > 0 && rng.unit() < s.crossingProbability { side = -side }
                offsets.append(side * (range.lowerBound + (range.upperBound - range.lowerBound) * rng.unit()))
            }
        }
        self.offsets = offsets
        let wrong = s.wrongTurn.flatMap { w in corners.first { $0.along >= max(w, start) && $0.along < start + walked } }
        wrongCorner = wrong
        let extra = wrong == nil ? 0 : 2 * s.wrongTurnLength
        var pauses: [(walk: Double, seconds: Double)] = []
        if let range = s.cornerPause {
            for c in corners where c.along > start && c.along < start + walked {
                guard rng.unit() < 0.5 else { continue }
                let seconds = range.lowerBound + (range.upperBound - range.lowerBound) * rng.unit()
                // After the wrong turn's corner the walk is longer by the way there and back.
                let shift = wrong.map { c.along > $0.along ? extra : 0 } ?? 0
                pauses.append((c.along - start + shift, seconds))
            }
        }
        self.pauses = pauses
        walkTime = (walked + extra) / s.speed + pauses.reduce(0) { $0 + $1.seconds }
    }

    /// The walker at `time` (seconds since the walk's start): along-route distance, the
    /// ground point under them (ENU from the route's start) and the route segment they
    /// follow (where they look).
    func position(atTime time: Double) -> (along: Double, point: SIMD3<Double>, segment: Int) {
        let s = scenario
        var t = max(time - s.waitBefore, 0)
        var walk = 0.0
        var paused: Double? = nil
        for p in pauses {
            let reach = p.walk / s.speed
            if t <= reach { break }
            if t < reach + p.seconds { paused = p.walk; break }
            t -= p.seconds
        }
        let extra = wrongCorner == nil ? 0 : 2 * s.wrongTurnLength
        walk = paused ?? min(t * s.speed, walked + extra)
        var along = start + walk
        var aside = SIMD3<Double>()
        if let c = wrongCorner, along > c.along {
            let e = along - c.along
            if e < extra {
                // Straight on along the old leg, then back.
                let d = e < s.wrongTurnLength ? e : extra - e
                aside = SIMD3(c.into.x, c.into.y, 0) * d
                along = c.along
            } else {
                along -= extra
            }
        }
        let (onRoute, segment) = path.point(atDistance: along)
        var p = onRoute + aside + lateral(at: along, onRoute: onRoute, segment: segment)
        if let d = s.detour { p += WalkSimulator.detourShift(d, offset: s.detourOffset, along: along, path: path, segment: segment) }
        return (along, p, segment)
    }

    /// The walker's sideways step from the route's centre line at `along`: the leg's
    /// offset along its left normal, and near a corner the chord that cuts it.
    func lateral(at along: Double, onRoute: SIMD3<Double>, segment: Int) -> SIMD3<Double> {
        guard !offsets.isEmpty else { return .zero }
        var leg = 0
        while leg < corners.count && corners[leg].along <= along { leg += 1 }
        func left(_ d: SIMD2<Double>) -> SIMD3<Double> { SIMD3(-d.y, d.x, 0) }
        // The nearest corner, if within the cut.
        for k in max(leg - 1, 0)..<min(leg + 1, corners.count) where abs(along - corners[k].along) < Self.cut {
            let c = corners[k]
            let a = path.point(atDistance: c.along - Self.cut).point + left(c.into) * offsets[k]
            let b = path.point(atDistance: c.along + Self.cut).point + left(c.out) * offsets[k + 1]
            let f = (along - (c.along - Self.cut)) / (2 * Self.cut)
            return a + (b - a) * f - onRoute
        }
        guard let d = path.direction(ofSegment: segment) else { return .zero }
        return left(SIMD2(d.x, d.y)) * offsets[leg]
    }
}
