import WaymarkCore

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

/// The fixes a navigator keeps — a ring of `capacity` records — and the heading-fit
/// engine they are loaded into, all reserved at creation so adding fixes and fitting
/// allocate nothing.
struct FixStore: Sendable {
    private(set) var records: [FixRecord]
    private(set) var count = 0
    private var head = 0                 // index of the oldest
    private(set) var nextSerial = 0
    /// The fit over the fixes the last ``gather(frame:near:within:maximumAccuracy:fromSerial:)`` chose.
    private var fitter: TrackFitter

    init(capacity: Int) {
        let blank = FixRecord(gps: .zero, hasHeight: false, scene: .zero, horizontalAccuracy: 1, verticalAccuracy: 1, time: 0, serial: 0)
        records = [FixRecord](repeating: blank, count: capacity)
        fitter = TrackFitter(capacity: capacity)
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
    /// that pass the filters into the fitter; returns how many.
    mutating func gather(frame: SceneFrame, near centre: SIMD3<Double>? = nil, within radius: Double = 0,
                         maximumAccuracy: Double = .infinity, fromSerial: Int = 0) -> Int {
        fitter.removeAll()
        for i in 0..<count {
            let r = self[i]
            guard r.horizontalAccuracy <= maximumAccuracy, r.serial >= fromSerial else { continue }
            if let c = centre {
                let d = r.scene - c
                guard (d * d).sum() <= radius * radius else { continue }
            }
            let u = frame.enu(fromScene: r.scene)
            fitter.append(gps: SIMD2(r.gps.x, r.gps.y), scene: SIMD2(u.x, u.y), accuracy: r.horizontalAccuracy)
        }
        fitter.weigh()
        return fitter.count
    }

    /// Weighted mean of GPS − scene over the gathered fixes (the fused anchor shift).
    func meanOffset() -> SIMD2<Double>? { fitter.meanOffset() }

    /// The robust fit over the gathered fixes (``TrackFitter/robustFit(rejection:onCollapse:)``).
    /// A rejection round that leaves too few fixes keeps the round before's fit: the
    /// navigator gates every fit by its span and σ before applying it.
    mutating func robustFit(rejection: Double) -> TrackFit? { fitter.robustFit(rejection: rejection, onCollapse: .previousFit) }

    /// The pairs method over the gathered fixes (``TrackFitter/pairwise(minimumDistance:)``).
    func pairwise(minimumDistance: Double) -> TrackFit? { fitter.pairwise(minimumDistance: minimumDistance) }

    /// The most accurate fix (``EstimateBuffer/Rule/mostAccurate``) within `radius` of `centre`: the lowest
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
