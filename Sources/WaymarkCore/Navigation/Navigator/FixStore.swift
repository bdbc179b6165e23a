/// One fix as the navigator keeps it: the GPS position in the navigator's fixed
/// tangent frame and the device's scene position when it was taken.
struct FixRecord: Sendable, BitwiseCopyable {
    var gps: SIMD3<Double>          // ENU metres in the navigator's tangent frame
    var hasHeight: Bool
    var scene: SIMD3<Double>        // scene metres
    var horizontalAccuracy: Double, verticalAccuracy: Double
    var time: Double
    var serial: Int                 // 0, 1, 2, … in arrival order
}

/// A weighted 2-D fit of the GPS track onto the scene track (as the frame sees it).
struct TrackFit: Sendable {
    /// Degrees to add to the frame's heading correction.
    var angle: Double
    /// 1-σ of `angle`, degrees: σ / √(Σ wᵢ|s̃ᵢ|²) with σ of one coordinate 1/√w.
    var sigma: Double
    var used: Int
    var gpsMean: SIMD2<Double>, sceneMean: SIMD2<Double>
    /// Twice the largest horizontal scene distance of a used fix from their mean, m
    /// (the length of a straight walk).
    var span: Double

    /// The GPS position the fit gives for scene-ENU position `u`.
    func gps(at u: SIMD2<Double>) -> SIMD2<Double> { gpsMean + Self.rotate(u - sceneMean, by: angle) }

    /// Turns an (east, north) vector clockwise by `degrees` (an azimuth increase).
    static func rotate(_ p: SIMD2<Double>, by degrees: Double) -> SIMD2<Double> {
        let (s, c) = AngleMath.sincosd(-degrees)
        return SIMD2(c * p.x - s * p.y, s * p.x + c * p.y)
    }
}

/// The fixes a navigator keeps — a ring of `capacity` records — and scratch space for
/// the fits, all reserved at creation so adding fixes and fitting allocate nothing.
struct FixStore: Sendable {
    private(set) var records: [FixRecord]
    private(set) var count = 0
    private var head = 0                 // index of the oldest
    private(set) var nextSerial = 0
    // Scratch for the fits, `capacity` each.
    private var gps: [SIMD2<Double>], scene: [SIMD2<Double>], weight: [Double]
    private var active: [Bool], residual: [Double], work: [Double]
    var gathered = 0
    /// The unit of the gathered weights (``InverseVariance``).
    private var weightUnit = 1.0

    init(capacity: Int) {
        let blank = FixRecord(gps: .zero, hasHeight: false, scene: .zero, horizontalAccuracy: 1, verticalAccuracy: 1, time: 0, serial: 0)
        records = [FixRecord](repeating: blank, count: capacity)
        // Each array its own buffer (`scene = gps` would share one, and the first
        // write would copy it: an allocation after create).
        gps = [SIMD2<Double>](repeating: .zero, count: capacity)
        scene = [SIMD2<Double>](repeating: .zero, count: capacity)
        weight = [Double](repeating: 0, count: capacity)
        active = [Bool](repeating: false, count: capacity)
        residual = [Double](repeating: 0, count: capacity)
        work = [Double](repeating: 0, count: capacity)
    }

    var capacity: Int { records.count }
    var last: FixRecord? { count == 0 ? nil : self[count - 1] }

    /// The i-th kept fix, oldest first.
    subscript(i: Int) -> FixRecord { records[(head + i) % capacity] }

    /// Forgets every fix (serials go on).
    mutating func removeAll() {
        count = 0
        head = 0
    }

    mutating func append(_ record: FixRecord) {
        var r = record
        r.serial = nextSerial
        nextSerial += 1
        if count < capacity {
            records[(head + count) % capacity] = r
            count += 1
        } else {
            records[head] = r
            head = (head + 1) % capacity
        }
    }

    /// Loads the horizontal GPS and scene-ENU (through `frame`) positions of the fixes
    /// that pass the filters into the scratch arrays; returns how many.
    mutating func gather(frame: SceneFrame, near centre: SIMD3<Double>? = nil, within radius: Double = 0,
                         maximumAccuracy: Double = .infinity, fromSerial: Int = 0) -> Int {
        var n = 0, smallest = Double.infinity
        for i in 0..<count {
            let r = self[i]
            guard r.horizontalAccuracy <= maximumAccuracy, r.serial >= fromSerial else { continue }
            if let c = centre {
                let d = r.scene - c
                guard (d * d).sum() <= radius * radius else { continue }
            }
            let u = frame.enu(fromScene: r.scene)
            gps[n] = SIMD2(r.gps.x, r.gps.y)
            scene[n] = SIMD2(u.x, u.y)
            weight[n] = r.horizontalAccuracy
            smallest = min(smallest, r.horizontalAccuracy)
            n += 1
        }
        weightUnit = n > 0 ? InverseVariance.unit(smallest: smallest) : 1
        for i in 0..<n { weight[i] = InverseVariance.weight(weight[i], unit: weightUnit) }
        gathered = n
        return n
    }

    /// Weighted mean of GPS − scene over the gathered fixes (the fused anchor shift).
    func meanOffset() -> SIMD2<Double>? {
        var sum = SIMD2<Double>.zero, sw = 0.0
        for i in 0..<gathered { sum += weight[i] * (gps[i] - scene[i]); sw += weight[i] }
        return sw > 0 ? sum / sw : nil
    }

    /// The robust fit (weighted Procrustes, then up to two rounds of rejecting
    /// residuals above `rejection` robust scales) over the gathered fixes; nil with
    /// fewer than two or no spread.
    mutating func robustFit(rejection: Double) -> TrackFit? {
        let n = gathered
        guard n >= 2 else { return nil }
        for i in 0..<n { active[i] = true }
        var result: TrackFit? = nil
        for _ in 0..<3 {
            guard let fit = procrustes(n) else { return result }
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

    private func procrustes(_ n: Int) -> TrackFit? {
        var sw = 0.0, gm = SIMD2<Double>.zero, sm = SIMD2<Double>.zero, used = 0
        for i in 0..<n where active[i] { sw += weight[i]; gm += weight[i] * gps[i]; sm += weight[i] * scene[i]; used += 1 }
        guard used >= 2 else { return nil }
        gm /= sw; sm /= sw
        var cross = 0.0, dot = 0.0, spread = 0.0, reach = 0.0
        for i in 0..<n where active[i] {
            let a = scene[i] - sm, b = gps[i] - gm
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

    /// The article's pairs over the gathered fixes: every pair at least `minimumDistance`
    /// apart in the scene, correction = GPS bearing − scene bearing, averaged on the
    /// circle. Nil without a pair; `sigma` is NaN (the seed has none).
    func pairwise(minimumDistance: Double) -> TrackFit? {
        var s = 0.0, c = 0.0, used = 0, span = 0.0
        for i in 0..<gathered {
            for j in (i + 1)..<max(gathered, i + 1) {
                let du = scene[j] - scene[i], dg = gps[j] - gps[i]
                let d = (du * du).sum().squareRoot()
                span = max(span, d)
                guard d >= minimumDistance, d > 0, (dg * dg).sum() > 0 else { continue }
                let a = AngleMath.atan2d(dg.x, dg.y) - AngleMath.atan2d(du.x, du.y)
                let (sa, ca) = AngleMath.sincosd(a)
                s += sa; c += ca; used += 1
            }
        }
        guard used > 0, s != 0 || c != 0 else { return nil }
        return TrackFit(angle: AngleMath.normalizedAzimuth(AngleMath.atan2d(s, c)), sigma: .nan, used: used,
                        gpsMean: .zero, sceneMean: .zero, span: span)
    }

    /// The article's best estimate among the fixes within `radius` of `centre`: the lowest
    /// accuracy value, the newest among equals.
    func best(near centre: SIMD3<Double>, within radius: Double) -> FixRecord? {
        var best: FixRecord? = nil
        for i in 0..<count {
            let r = self[i]
            let d = r.scene - centre
            guard (d * d).sum() <= radius * radius else { continue }
            if let b = best, r.horizontalAccuracy > b.horizontalAccuracy { continue }
            best = r
        }
        return best
    }

    /// Weighted (1/σv²) mean of GPS up − scene-ENU up over the fixes within `radius`
    /// of `centre` that have a height; nil when none has.
    func verticalOffset(frame: SceneFrame, near centre: SIMD3<Double>, within radius: Double) -> Double? {
        func counts(_ r: FixRecord) -> Bool {
            let d = r.scene - centre
            return r.hasHeight && (d * d).sum() <= radius * radius
        }
        var sum = 0.0, sw = 0.0, smallest = Double.infinity
        for i in 0..<count where counts(self[i]) { smallest = min(smallest, self[i].verticalAccuracy) }
        guard smallest.isFinite else { return nil }
        let unit = InverseVariance.unit(smallest: smallest)
        for i in 0..<count where counts(self[i]) {
            let r = self[i]
            let w = InverseVariance.weight(r.verticalAccuracy, unit: unit)
            sum += w * (r.gps.z - frame.enu(fromScene: r.scene).z)
            sw += w
        }
        return sw > 0 ? sum / sw : nil
    }
}
