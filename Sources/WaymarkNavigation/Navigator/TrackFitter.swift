import WaymarkCore

/// A fit of a GPS track onto a scene track (as the frame sees it), both horizontal ENU
/// metres: the heading correction that turns one onto the other.
struct TrackFit: Sendable {
    /// Degrees to add to the frame's heading correction.
    var angle: Double
    /// 1-σ of `angle`, degrees: σ / √(Σ wᵢ|s̃ᵢ|²) with σ of one coordinate 1/√w; NaN
    /// for the pairwise estimator, which has none.
    var sigma: Double
    /// Points (robust fit) or pairs (pairwise) used.
    var used: Int
    var gpsMean: SIMD2<Double>, sceneMean: SIMD2<Double>
    /// Twice the largest horizontal scene distance of a used point from their mean, m
    /// (the length of a straight walk); for the pairwise estimator the longest pair.
    var span: Double

    /// The GPS position the fit gives for scene-ENU position `u`.
    func gps(at u: SIMD2<Double>) -> SIMD2<Double> { gpsMean + Self.rotate(u - sceneMean, by: angle) }

    /// Turns an (east, north) vector clockwise by `degrees` (an azimuth increase).
    static func rotate(_ p: SIMD2<Double>, by degrees: Double) -> SIMD2<Double> {
        let (s, c) = AngleMath.sincosd(-degrees)
        return SIMD2(c * p.x - s * p.y, s * p.x + c * p.y)
    }
}

/// The one heading-fit engine, used by the navigator's ``FixStore`` and by
/// ``HeadingCorrector``: points loaded into storage reserved at creation, so loading and
/// fitting allocate nothing (the navigator allocates nothing after it is created).
///
/// Two estimators over the loaded points:
/// - ``robustFit(rejection:onCollapse:)``: weighted 2-D Procrustes (weights 1/σ²) on the
///   centred tracks, then up to two rounds of rejecting points whose residual exceeds
///   `rejection` robust scales (median residual / 0.8326) and solving again;
/// - ``pairwise(minimumDistance:)``: the pairs method of the Yandex.Maps article "How
///   Yandex created augmented reality in Maps for iOS" (section "Coordinate system
///   adjustment") — per pair, GPS bearing − scene bearing, averaged on the circle.
struct TrackFitter: Sendable {
    /// What the robust fit returns when a rejection round leaves fewer than two points,
    /// or none spread out. The two callers answer differently, and each keeps its
    /// answer: their outputs (the corrector's C and CLI results, the navigator's replay
    /// rows) depend on it.
    enum Collapse: Sendable {
        /// The fit of the round before (the navigator: its span and σ gates judge it).
        case previousFit
        /// No fit (the corrector: a track its own rejection empties gives no correction).
        case noFit
    }

    private var gps: [SIMD2<Double>], scene: [SIMD2<Double>], weight: [Double]
    private var active: [Bool], residual: [Double], work: [Double]
    /// Points loaded since ``removeAll()``.
    private(set) var count = 0
    private var smallestAccuracy = Double.infinity
    /// The unit of the weights (``InverseVariance``).
    private var weightUnit = 1.0

    init(capacity: Int) {
        // Each array its own buffer (`scene = gps` would share one, and the first
        // write would copy it: an allocation after create).
        gps = [SIMD2<Double>](repeating: .zero, count: capacity)
        scene = [SIMD2<Double>](repeating: .zero, count: capacity)
        weight = [Double](repeating: 0, count: capacity)
        active = [Bool](repeating: false, count: capacity)
        residual = [Double](repeating: 0, count: capacity)
        work = [Double](repeating: 0, count: capacity)
    }

    /// Most points it holds.
    var capacity: Int { gps.count }

    /// Forgets the loaded points.
    mutating func removeAll() {
        count = 0
        smallestAccuracy = .infinity
        weightUnit = 1
    }

    /// Loads a point: its horizontal GPS and scene-ENU positions and the GPS horizontal
    /// accuracy (1 σ, m). Call ``weigh()`` after the last one.
    mutating func append(gps g: SIMD2<Double>, scene s: SIMD2<Double>, accuracy: Double) {
        gps[count] = g
        scene[count] = s
        weight[count] = accuracy
        smallestAccuracy = min(smallestAccuracy, accuracy)
        count += 1
    }

    /// Turns the loaded accuracies into weights 1/σ², in the unit of the smallest.
    mutating func weigh() {
        weightUnit = count > 0 ? InverseVariance.unit(smallest: smallestAccuracy) : 1
        for i in 0..<count { weight[i] = InverseVariance.weight(weight[i], unit: weightUnit) }
    }

    /// Weighted mean of GPS − scene over the points (the fused anchor shift).
    func meanOffset() -> SIMD2<Double>? {
        var sum = SIMD2<Double>.zero, sw = 0.0
        for i in 0..<count { sum += weight[i] * (gps[i] - scene[i]); sw += weight[i] }
        return sw > 0 ? sum / sw : nil
    }

    /// The robust fit over the points; nil with fewer than two or no spread, and when a
    /// rejection round collapses, what `onCollapse` says.
    mutating func robustFit(rejection: Double, onCollapse: Collapse) -> TrackFit? {
        let n = count
        guard n >= 2 else { return nil }
        for i in 0..<n { active[i] = true }
        var result: TrackFit? = nil
        for _ in 0..<3 {
            guard let fit = procrustes(n) else { return onCollapse == .previousFit ? result : nil }
            result = fit
            var m = 0
            for i in 0..<n {
                let r = gps[i] - fit.gps(at: scene[i])
                residual[i] = (r * r).sum().squareRoot()
                if active[i] { work[m] = residual[i]; m += 1 }
            }
            let scale = max(median(m) / 0.8326, 1e-9)
            var changed = false
            for i in 0..<n {
                let keep = residual[i] <= rejection * scale
                if keep != active[i] { active[i] = keep; changed = true }
            }
            if !changed { break }
        }
        return result
    }

    /// Weighted 2-D Procrustes over the active points: the azimuth turn taking centred
    /// scene vectors onto centred GPS vectors.
    private func procrustes(_ n: Int) -> TrackFit? {
        var sw = 0.0, gm = SIMD2<Double>.zero, sm = SIMD2<Double>.zero, used = 0
        for i in 0..<n where active[i] { sw += weight[i]; gm += weight[i] * gps[i]; sm += weight[i] * scene[i]; used += 1 }
        guard used >= 2 else { return nil }
        gm /= sw; sm /= sw
        var cross = 0.0, dot = 0.0, spread = 0.0, reach = 0.0
        for i in 0..<n where active[i] {
            let a = scene[i] - sm, b = gps[i] - gm
            // Azimuth of (east, north) is atan2(east, north): Δazimuth from a to b.
            cross += weight[i] * (b.x * a.y - b.y * a.x)
            dot += weight[i] * (b.y * a.y + b.x * a.x)
            spread += weight[i] * (a * a).sum()
            reach = max(reach, (a * a).sum())
        }
        guard spread > 0 else { return nil }
        return TrackFit(angle: AngleMath.atan2d(cross, dot), sigma: weightUnit / spread.squareRoot() * AngleMath.degreesPerRadian,
                        used: used, gpsMean: gm, sceneMean: sm, span: 2 * reach.squareRoot())
    }

    /// The median of work[0..<m], by selection in place (no allocation).
    private mutating func median(_ m: Int) -> Double {
        guard m > 0 else { return 0 }
        let upper = select(m / 2, m)
        if m % 2 == 1 { return upper }
        var lower = -Double.infinity
        for i in 0..<(m / 2) { lower = max(lower, work[i]) }   // select leaves the smaller ones first
        return (lower + upper) / 2
    }

    /// Hoare's selection: work[k] becomes the k-th smallest of work[0..<m], smaller
    /// ones before it.
    private mutating func select(_ k: Int, _ m: Int) -> Double {
        var lo = 0, hi = m - 1
        while lo < hi {
            let pivot = work[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while work[i] < pivot { i += 1 }
                while work[j] > pivot { j -= 1 }
                if i <= j { work.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return work[k]
    }

    /// The pairs method over the points: every pair at least `minimumDistance` apart in
    /// the scene, correction = GPS bearing − scene bearing, averaged on the circle. Nil
    /// without a pair; `sigma` is NaN.
    func pairwise(minimumDistance: Double) -> TrackFit? {
        var sum = CircularSum(), used = 0, span = 0.0
        for i in 0..<count {
            for j in (i + 1)..<max(count, i + 1) {
                let du = scene[j] - scene[i], dg = gps[j] - gps[i]
                let d = (du * du).sum().squareRoot()
                span = max(span, d)
                guard d >= minimumDistance, d > 0, (dg * dg).sum() > 0 else { continue }
                sum.add(AngleMath.atan2d(dg.x, dg.y) - AngleMath.atan2d(du.x, du.y))
                used += 1
            }
        }
        guard used > 0, let angle = sum.mean else { return nil }
        return TrackFit(angle: angle, sigma: .nan, used: used, gpsMean: .zero, sceneMean: .zero, span: span)
    }
}
