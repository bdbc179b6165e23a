import WaymarkCore

/// Corrects the AR session's compass error from pairs of estimates (the pairs method of
/// the Yandex.Maps article "How Yandex created augmented reality in Maps for iOS",
/// section "Coordinate system adjustment"), and a robust least-squares estimator beyond it.
///
/// The correction is the heading correction δ of ``SceneFrame``: how far true azimuths
/// exceed the scene's. Each trigger returns a correction to *add* to the frame's δ.
///
/// The pairs method (``Estimator/pairwise``), every step configurable:
/// 1. buffer estimates until `bufferCount` are collected or `bufferInterval` seconds
///    have passed since the last trigger (the time limit guards against GPS loss);
/// 2. filter out estimates with a horizontal accuracy value above `maximumAccuracy`,
///    and pairs closer together than `minimumPairDistance`;
/// 3. select pairs (``PairSelection``);
/// 4. per pair, correction = initialBearing(1, 2) − initialBearing(1, 2calc), 2calc
///    being estimate 2's position computed from estimate 1 plus the scene offset
///    (through the frame, so it is relative to the correction already applied);
/// 5. average on the circle; the buffer is then emptied.
///
/// The robust estimator (``Estimator/robustLeastSquares``) keeps every estimate so far
/// (or the last `history` seconds, for drifting sessions) and solves for the rotation
/// that best maps the scene track onto the GPS track (2-D Procrustes on centred
/// positions, weights 1/σ²), rejecting fixes whose residual exceeds `rejection` times
/// the robust (median-based) residual scale and solving again. Its 1-σ uncertainty is
/// σ / √(Σ wᵢ|s̃ᵢ|²) — the least-squares limit for the data — and the number of fixes
/// used is reported. The fit is the navigator's own engine (`TrackFitter`).
public struct HeadingCorrector: Sendable {
    /// Which pairs of estimates the pairwise estimator averages.
    public enum PairSelection: Sendable, Equatable {
        /// Every pair.
        case all
        /// Each estimate in one pair at most: (1, 2), (3, 4), …
        case disjoint
        /// A seeded random `percent` of all pairs.
        case randomPercent(Double, seed: UInt64)
        /// The `percent` of pairs with the highest weight distance / (accuracy₁ + accuracy₂).
        case topWeightPercent(Double)
    }

    /// How a trigger turns the buffered estimates into a correction; the raw values are
    /// the C ABI's `WM_ESTIMATOR_PAIRWISE` and `WM_ESTIMATOR_ROBUST`.
    public enum Estimator: Int32, Sendable, Equatable {
        /// The Yandex.Maps article's method: for pairs of estimates at least
        /// ``Configuration/minimumPairDistance`` apart, the difference between the true
        /// bearing and the bearing the scene gives, averaged on the circle. Needs long
        /// baselines: with 5 m GPS noise and 10-fix buffers it is worse than no correction.
        case pairwise = 0
        /// Weighted 2-D Procrustes over the whole track with median-based outlier
        /// rejection and a 1-σ uncertainty (the default).
        case robustLeastSquares = 1
    }

    /// Every setting of the corrector; the defaults are the article's values with the
    /// robust estimator.
    public struct Configuration: Sendable, Equatable {
        /// The estimator (default ``Estimator/robustLeastSquares``).
        public var estimator: Estimator = .robustLeastSquares
        /// Trigger after this many estimates (10) …
        public var bufferCount = 10
        /// … or after this many seconds since the last trigger (10).
        public var bufferInterval = 10.0
        /// Estimates whose horizontal accuracy value is larger are dropped, metres (30).
        public var maximumAccuracy = 30.0
        /// Pairwise estimator: pairs closer than this are dropped, metres (10).
        public var minimumPairDistance = 10.0
        /// Pairwise estimator: which pairs are averaged (all).
        public var pairSelection: PairSelection = .all
        /// Robust estimator: rejection threshold in robust residual scales.
        public var rejection = 3.0
        /// Robust estimator: seconds of history kept (nil: all).
        public var history: Double? = nil
        /// The defaults.
        public init() {}

        /// Throws what ``HeadingCorrector/init(configuration:)`` documents.
        public func validate() throws(WaymarkError) {
            var percent = 100.0
            switch pairSelection {
            case .all, .disjoint: break
            case .randomPercent(let p, _), .topWeightPercent(let p): percent = p
            }
            for v in [bufferInterval, maximumAccuracy, minimumPairDistance, rejection, percent, history ?? 1] where !v.isFinite {
                throw .invalidInput(.nonFinite)
            }
            guard bufferCount >= 1, bufferInterval >= 0, maximumAccuracy >= 0, minimumPairDistance >= 0, rejection > 0,
                  percent > 0, percent <= 100, (history ?? 1) > 0 else { throw .invalidInput(.outOfRange) }
        }
    }

    /// One trigger's outcome.
    public struct Correction: Sendable, Equatable {
        /// Degrees to add to the frame's heading correction.
        public var angle: Double
        /// 1-σ uncertainty of the frame's heading after applying it, degrees (nil for
        /// the pairwise estimator, which has none).
        public var uncertainty: Double?
        /// Pairs (pairwise) or fixes (robust) used.
        public var used: Int
    }

    /// The settings the corrector was made with.
    public let configuration: Configuration
    private var buffer: [LocationEstimate] = []
    private var lastTrigger: Double? = nil
    private var randomState: UInt64
    /// Magnitudes of the corrections applied so far, oldest first.
    public private(set) var appliedMagnitudes: [Double] = []

    /// A corrector with `configuration`; it allocates its buffers as estimates arrive.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a configuration value that is
    ///   NaN or infinite (``InputFault/nonFinite``) or out of range
    ///   (``InputFault/outOfRange``: a buffer count below 1, a negative interval,
    ///   accuracy or pair distance, a rejection or history that is not positive, a
    ///   pair percentage outside (0, 100]).
    public init(configuration: Configuration = Configuration()) throws(WaymarkError) {
        try configuration.validate()
        self.configuration = configuration
        if case .randomPercent(_, let seed) = configuration.pairSelection { randomState = seed } else { randomState = 0 }
    }

    /// The article's convergence indicator: each trigger corrects less. True when the last
    /// three corrections shrink in magnitude (or the last is below 0.5°).
    public var isConverging: Bool {
        guard let last = appliedMagnitudes.last else { return false }
        if last < 0.5 { return true }
        guard appliedMagnitudes.count >= 3 else { return false }
        let m = appliedMagnitudes, n = m.count
        return m[n - 1] <= m[n - 2] && m[n - 2] <= m[n - 3]
    }

    /// Feeds an estimate (its timestamp is the clock). Returns a correction when the
    /// buffer triggers — `bufferCount` estimates since the last trigger, or
    /// `bufferInterval` seconds — and one can be computed; nil otherwise.
    public mutating func add(_ estimate: LocationEstimate, frame: SceneFrame) -> Correction? {
        pendingCount += 1
        if estimate.horizontalAccuracy <= configuration.maximumAccuracy { buffer.append(estimate) }
        if configuration.estimator == .robustLeastSquares, let keep = configuration.history {
            buffer.removeAll { $0.timestamp < estimate.timestamp - keep }
        }
        let start = lastTrigger ?? estimate.timestamp
        if lastTrigger == nil { lastTrigger = start }
        let due = pendingCount >= configuration.bufferCount || estimate.timestamp - start >= configuration.bufferInterval
        guard due else { return nil }
        lastTrigger = estimate.timestamp
        pendingCount = 0
        let result: Correction?
        switch configuration.estimator {
        case .pairwise:
            result = pairwiseCorrection(frame: frame)
            buffer.removeAll()
        case .robustLeastSquares:
            result = robustCorrection(frame: frame)
        }
        if let r = result { appliedMagnitudes.append(r.angle.magnitude) }
        return result
    }

    /// Estimates since the last trigger (the limit by quantity).
    private var pendingCount = 0

    // MARK: Pairwise

    /// The pairs method over the buffer. Its bearings are geodesic between the fixes
    /// (the navigator's pairs use bearings in its tangent plane instead); the averaging
    /// is the shared ``CircularSum``.
    mutating func pairwiseCorrection(frame: SceneFrame) -> Correction? {
        let g = ShortRangeGeodesic.wgs84
        var pairs: [(Int, Int, Double, Double)] = []   // i, j, weight, true bearing 1 → 2
        for i in buffer.indices {
            for j in buffer.indices where j > i {
                let line = g.inverseAnyLength(buffer[i].fix, buffer[j].fix)
                guard line.distance >= configuration.minimumPairDistance else { continue }
                pairs.append((i, j, line.distance / (buffer[i].horizontalAccuracy + buffer[j].horizontalAccuracy), line.azimuth1))
            }
        }
        switch configuration.pairSelection {
        case .all: break
        case .disjoint:
            // Flags, not a Set: Embedded Swift seeds hashing with arc4random_buf, which
            // would raise the library's glibc floor to 2.36.
            var used = [Bool](repeating: false, count: buffer.count)
            pairs = pairs.filter { p in
                guard !used[p.0], !used[p.1] else { return false }
                used[p.0] = true; used[p.1] = true
                return true
            }
        case .randomPercent(let percent, _):
            let keep = max(1, Int((Double(pairs.count) * percent / 100).rounded()))
            for k in stride(from: pairs.count - 1, to: 0, by: -1) {   // seeded Fisher–Yates
                randomState &+= 0x9E37_79B9_7F4A_7C15
                var z = randomState
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                pairs.swapAt(k, Int(z % UInt64(k + 1)))
            }
            pairs = Array(pairs.prefix(keep))
        case .topWeightPercent(let percent):
            let keep = max(1, Int((Double(pairs.count) * percent / 100).rounded()))
            pairs = Array(pairs.sorted { $0.2 > $1.2 }.prefix(keep))
        }
        guard !pairs.isEmpty else { return nil }
        var sum = CircularSum()
        for p in pairs {
            let e1 = buffer[p.0], e2 = buffer[p.1]
            let calculated = e1.carried(to: e2.scenePosition, through: frame)
            sum.add(p.3 - g.inverseAnyLength(e1.fix, calculated).azimuth1)
        }
        guard let angle = sum.mean else { return nil }
        return Correction(angle: angle, uncertainty: nil, used: pairs.count)
    }

    // MARK: Robust least squares

    /// The robust fit over the buffer in the frame's tangent plane. A rejection round
    /// that leaves too few fixes gives no correction (``TrackFitter/Collapse/noFit``):
    /// the corrector has no later gate that would catch a fit of so inconsistent a track.
    func robustCorrection(frame: SceneFrame) -> Correction? {
        let t = frame.tangentFrame
        var fitter = TrackFitter(capacity: buffer.count)
        for e in buffer {
            let g = t.forward(e.fix), u = frame.enu(fromScene: e.scenePosition)
            fitter.append(gps: SIMD2(g.x, g.y), scene: SIMD2(u.x, u.y), accuracy: e.horizontalAccuracy)
        }
        fitter.weigh()
        guard let fit = fitter.robustFit(rejection: configuration.rejection, onCollapse: .noFit) else { return nil }
        return Correction(angle: fit.angle, uncertainty: fit.sigma, used: fit.used)
    }
}
