import CWaymarkMath
import WaymarkCore

/// The navigator's estimator: where the AR scene lies in the world, from GPS fixes,
/// compass readings and the scene track itself.
///
/// The scene → world map is a rotation by the heading correction c and a translation:
/// world (east, north) = R(c)·(u − p) + t, with u a scene position read as east/north
/// (``SceneAxes``), R(c) = [[cos c, sin c], [−sin c, cos c]] (true azimuth = scene azimuth
/// + c) and t the world position of the scene point p — the anchor, moved to the device on
/// every measurement, so t is the user's own position and the session's yaw drift turns
/// the map about the user.
///
/// The heading is the model's one nonlinearity, and its posterior can be far from a
/// Gaussian (no compass under gravity alignment, a start 90° off): a Gaussian over a linear
/// stand-in such as (cos c, sin c) cannot keep the map a rotation (its scale drifts to
/// 1 / cos e under a heading error e, and the user runs ahead). So the posterior is a
/// Gaussian sum — a bank of extended Kalman filters (``Model/cells`` over the heading for
/// each GPS error model, ``count`` in all), each over
/// x = (c, tx, ty, gx, gy, m, vx, vy, o) linearised at its own heading, with a weight (its prior times
/// the likelihood of everything it has seen):
/// - c: the heading correction, radians, an angle (scale exactly 1);
/// - tx, ty: the anchor;
/// - gx, gy: the GPS's slowly varying error, first-order Gauss–Markov (correlation time τ,
///   share F of the fix's σ); the rest of the σ is white;
/// - m: the compass's slowly varying error, radians, Gauss–Markov as well;
/// - vx, vy: the GPS velocity's slowly varying error, m/s, Gauss–Markov over time;
/// - o: the user's signed offset from the route's centre line (left of the leg positive),
///   m, Gauss–Markov over the distance walked (the side of a street, kept for a block);
///   with two sides (``Model/routeSide``) each cell splits in two at a new street, one per
///   side, so the bank is a Gaussian sum over the side too (``seedOffset()``).
/// The cells start on a grid over the whole circle (the prior's weights), so every initial
/// error from 0 to 180° is inside the bank; within a cell the heading spans a few degrees,
/// where the linearisation is exact to far below the GPS noise. The grid is repeated for
/// each GPS error model the bank weighs (``Model/alternativeGPS``: how much of a fix's
/// error is slowly varying is the phone's, and its fixes tell which model fits), so the
/// weights are a posterior over the model too. The tests hold the bank against an
/// independent grid posterior of the same model (`ExactPosterior`).
///
/// Reported accuracy that understates the error (an urban canyon) shows in the fixes'
/// normalised innovations: their running mean sets an inflation of the reported σ (1 to √6),
/// so the σ widens instead of fixes being rejected.
///
/// The vertical is apart (``VerticalFilter``). Storage is fixed in size and reserved at
/// creation: no allocation after it, bounded work per call (each cell's 9 × 9 update).
struct NavigationFilter: Sendable {
    static let c = 0, tx = 1, ty = 2, gx = 3, gy = 4, m = 5, vx = 6, vy = 7, o = 8
    /// Lanes per cell, and covariance entries per cell.
    static let n = 9, nn = 81
    /// A lane vector (``n`` used).
    typealias Lanes = SIMD16<Double>

    /// What the filter assumes of the sensors (``Navigator/Configuration`` fills it).
    struct Model: Sendable, Equatable {
        var gpsCorrelationTime = 30.0
        var gpsCorrelatedShare = 0.8
        var compassCorrelationTime = 60.0
        var compassCorrelatedShare = 0.8
        /// Yaw random walk of the AR session, rad² per second.
        var yawRate = 0.0
        /// Translation random walk of the AR session, m² per metre walked.
        var translationRate = 0.0
        /// Measurements whose Mahalanobis distance exceeds this are outliers.
        var gate = 4.0
        /// Prior 1-σ of the heading, radians; nil: no prior (gravity alignment).
        var headingPrior: Double? = 20 * AngleMath.radiansPerDegree
        /// Whether understated accuracy is detected from the innovations (see the type).
        var adaptiveAccuracy = true
        /// Cells over the heading for each GPS model (their spacing is 360° / cells).
        var cells = 72
        /// GPS error models besides (``gpsCorrelatedShare``, ``gpsCorrelationTime``) that
        /// the bank weighs against it, each with its own cells: (share, correlation time).
        var alternativeGPS: [GPSModel] = []
        /// The mean time between changes of the phone's GPS error model, seconds (a street
        /// canyon after a park): the bank's Markov switching between the models
        /// (``switchModels(dt:)``); nil: the models never change (each keeps the weight its
        /// fixes gave it).
        var switchingTime: Double? = nil
        /// The GPS velocity error's slowly varying share of its σ and its correlation time, s.
        var velocityCorrelatedShare = 0.5
        var velocityCorrelationTime = 10.0
        /// The route offset's 1-σ (m), its correlation distance (m walked), the white
        /// part of each route measurement (the walker's sway about a line, m), and the gate
        /// (σ) beyond which the user is taken to be off the route.
        var routeOffsetSigma = 2.0
        var routeOffsetDistance = 1000.0
        /// The distance of each side's centre from the centre line, m: the offset's prior is
        /// then half N(+side, σ²) and half N(−side, σ²), one per side of the street, σ
        /// ``routeOffsetSigma``; 0: N(0, σ²).
        var routeSide = 0.0
        var routeSway = 0.3
        var routeGate = 3.0
    }

    /// A GPS error model: the slowly varying share of a fix's σ and its correlation time, s.
    struct GPSModel: Sendable, Equatable {
        var share: Double
        var time: Double
    }

    let model: Model
    /// Cells in all, and over the heading for each GPS model.
    let count: Int, perModel: Int
    /// Cells the storage holds: twice ``count`` when the route offset has two sides
    /// (``Model/routeSide``): each cell then splits in two, one per side of the street.
    let capacity: Int
    /// Cells in use, the first ``live`` of the storage: ``count``, and while the offset has
    /// two sides one more for each cell that carries weight (its other side, ``partner``).
    var live: Int
    /// Per cell: the GPS model it follows (an index into ``gps``).
    var cellModel: [Int]
    /// Per cell beyond ``count``: the cell it was split from (its other side).
    var partner: [Int]
    /// Per cell: the centre of its route offset's prior (m, left of the leg positive; 0
    /// for one Gaussian about the centre line), towards which o decays.
    var offsetCentre: [Double]
    /// The GPS models, the configured one first; cell k follows model k / perModel.
    let gps: [GPSModel]
    /// Per cell: the mean (``n`` lanes), the covariance (``nn``, row-major), the log-weight.
    var mean: [Double], cov: [Double], logWeight: [Double]
    /// An update's results before they are committed (a non-finite one is refused whole),
    /// and the covariance kept while a forced fix is tried.
    var nextMean: [Double], nextCov: [Double], nextLog: [Double], savedCov: [Double]
    /// Per cell: the last measurement's innovation, S, log-likelihood and PHᵀ
    /// (``scratchStride`` entries; ``predict(dims:noise:_:)``).
    var scratch: [Double]
    /// The normalised weights (refreshed after every change).
    var weight: [Double]
    /// Per heading and side (3 per heading cell: the left side, the right, whole): the
    /// weight over the GPS models and the heaviest cell, while the models switch.
    var keyTotal: [Double], keyBest: [Int]
    /// When the models last switched (``switchModels(dt:)``), seconds.
    var switchedAt: Double? = nil

    /// The anchor's scene point p (east/north as the scene reads them).
    var reference = SIMD2<Double>()
    /// Whether a fix has placed the anchor.
    var anchored = false
    /// Whether the heading has a direction (false only under gravity alignment until the
    /// bank has narrowed to ``directionSigma``).
    var headingKnown: Bool
    var time: Double? = nil
    /// The last fix's σ per axis (reported × the accuracy scale): each GPS model splits it
    /// into its white and slowly varying parts.
    var gpsSigma = 0.0
    var compassBiasSigma = 0.0
    /// The GPS velocity error's slowly varying σ per axis (m/s), from the last velocity used.
    var velocityBiasSigma = 0.0
    /// Whether the route offset o has its prior (route evidence has begun on this leg).
    var offsetSeeded = false
    /// Heading information (1/rad²) each kind of measurement added, for the source.
    var compassInformation = 0.0, trackInformation = 0.0
    /// Fixes rejected in a row (after a few the world is taken to have moved).
    var rejectedInARow = 0
    /// The last fix's or reading's innovation (metres, or degrees for a reading) and its
    /// size in σ (√NIS against the bank's predictive spread), for the navigator's notes.
    var lastInnovation: Double? = nil
    var lastInnovationSigmas: Double? = nil
    /// Whether the last fix was taken only after five rejected in a row widened the anchor.
    var lastForced = false
    /// The scene position of the last fix that informed the heading.
    var lastHeadingFix: SIMD2<Double>? = nil
    /// The running mean of the fixes' NIS / 2 at unit accuracy scale, and the scale on the
    /// reported σ it sets (≥ 1; see ``noteAccuracy(_:)``).
    var nisMean = 1.0
    var accuracyInflation = 1.0

    /// The bank's heading (circular mean, radians), its variance (rad²), and the anchor.
    var headingMean = 0.0, headingVariance = 0.0
    var anchor = SIMD2<Double>()

    var vertical = VerticalFilter()
    /// After a tracking reset: the world position the user had (east/north, the bank's
    /// mean; up) and when, until the next scene position arrives.
    var resetWorld: (horizontal: SIMD2<Double>, up: Double?, time: Double)? = nil

    /// Whether a reset waits for the new scene's first position.
    var awaitingScene: Bool { resetWorld != nil }
    var verticalKnown: Bool { vertical.known }

    /// The smallest GPS σ per axis a fix is taken at (m), and the smallest compass σ (rad).
    static let minimumGPSSigma = 0.01, minimumCompassSigma = 0.01 * AngleMath.radiansPerDegree

    /// Under gravity alignment the heading gets a direction once the bank's σ is this
    /// small (radians, 30°): one compass reading of a phone's usual 10–20° accuracy, or a
    /// track that has ruled out all but one direction.
    static let directionSigma = 30 * AngleMath.radiansPerDegree

    init(model: Model) {
        self.model = model
        perModel = max(model.cells, 1)
        gps = [GPSModel(share: model.gpsCorrelatedShare, time: model.gpsCorrelationTime)] + model.alternativeGPS
        count = perModel * gps.count
        capacity = model.routeSide > 0 ? 2 * count : count
        live = count
        mean = [Double](repeating: 0, count: capacity * Self.n)
        cov = [Double](repeating: 0, count: capacity * Self.nn)
        logWeight = [Double](repeating: 0, count: capacity)
        // Each its own storage (a copy would share the buffer until the first write, and
        // that write would allocate after creation).
        nextMean = [Double](repeating: 0, count: capacity * Self.n)
        nextCov = [Double](repeating: 0, count: capacity * Self.nn)
        savedCov = [Double](repeating: 0, count: capacity * Self.nn)
        nextLog = [Double](repeating: 0, count: capacity)
        scratch = [Double](repeating: 0, count: capacity * Self.scratchStride)
        weight = [Double](repeating: 0, count: capacity)
        keyTotal = [Double](repeating: 0, count: 3 * perModel)
        keyBest = [Int](repeating: 0, count: 3 * perModel)
        offsetCentre = [Double](repeating: 0, count: capacity)
        partner = [Int](repeating: 0, count: capacity)
        let cells = count, each = perModel
        cellModel = (0..<capacity).map { ($0 % cells) / each }
        headingKnown = model.headingPrior != nil
        resetHeading()
    }

    /// The cells back to the alignment's prior over the heading, uncorrelated with the
    /// rest (whose mean and covariance every cell shares).
    mutating func resetHeading() {
        let spacing = 2 * Double.pi / Double(perModel)
        // Each cell a Gaussian of σ_cell at a grid node; weighted by a normal of the
        // remaining variance, the sum is the prior N(0, σ²) to within the grid's ripple.
        var cellSigma = spacing / 2
        var spread = Double.infinity
        if let s = model.headingPrior {
            cellSigma = min(cellSigma, s / 2.squareRoot())
            spread = (s * s - cellSigma * cellSigma).squareRoot()
        }
        for k in 0..<count {
            let angle = Self.wrap(Double(k % perModel) * spacing)
            mean[k * Self.n + Self.c] = angle
            let b = k * Self.nn
            for i in 0..<Self.n {
                cov[b + Self.c * Self.n + i] = 0
                cov[b + i * Self.n + Self.c] = 0
            }
            cov[b] = cellSigma * cellSigma
            logWeight[k] = spread.isFinite ? -0.5 * angle * angle / (spread * spread) : 0
        }
        headingKnown = model.headingPrior != nil
        compassInformation = 0
        trackInformation = 0
        lastHeadingFix = nil
        refresh()
    }

    /// The log-weight (relative to the heaviest cell) at or below which a cell is dead
    /// (``isDead(_:)``), and the floor a dead cell's log-weight is pinned at: far enough
    /// below that no later renormalisation lifts it above the other.
    static let deadLogWeight = -50.0, floorLogWeight = -700.0

    /// Whether cell `k` is out of the bank (``deadLogWeight``): its state is stale and
    /// is neither read (its weight is 0) nor updated.
    @inline(__always)
    func isDead(_ k: Int) -> Bool { logWeight[k] <= Self.deadLogWeight }

    /// An angle in [−π, π).
    static func wrap(_ a: Double) -> Double {
        let twoPi = 2 * Double.pi
        return a - twoPi * ((a + Double.pi) / twoPi).rounded(.down)
    }

    /// The normalised weights and the bank's moments, after any change.
    mutating func refresh() {
        var top = -Double.infinity
        for k in 0..<live where logWeight[k] > top { top = logWeight[k] }
        var total = 0.0
        for k in 0..<live {
            // A cell this far out is dropped from the sum (its weight exactly 0, its
            // log-weight pinned at the floor) and no longer updated until a reset or a
            // model switch revives it: its share of any moment is below 1e-21, and after
            // the first fixes most of the heading grid is such cells.
            logWeight[k] -= top
            if logWeight[k] <= Self.deadLogWeight {
                logWeight[k] = Self.floorLogWeight
                weight[k] = 0
                continue
            }
            weight[k] = exp(logWeight[k])
            total += weight[k]
        }
        var s = 0.0, co = 0.0
        for k in 0..<live {
            weight[k] /= total
            let w = weight[k], c = mean[k * Self.n]
            s += w * sin(c); co += w * cos(c)
        }
        headingMean = atan2(s, co)
        refreshMoments()
    }

    /// The heading's variance and the anchor, after a change that moved neither the cells'
    /// headings nor their weights (the motion between measurements).
    mutating func refreshMoments() {
        var v = 0.0, ax = 0.0, ay = 0.0
        for k in 0..<live {
            let w = weight[k], b = k * Self.n
            let d = Self.wrap(mean[b] - headingMean)
            v += w * (cov[k * Self.nn] + d * d)
            ax += w * mean[b + Self.tx]; ay += w * mean[b + Self.ty]
        }
        headingVariance = v
        anchor = SIMD2(ax, ay)
        if !headingKnown && v <= Self.directionSigma * Self.directionSigma { headingKnown = true }
    }

    // MARK: Read-outs

    /// The heading correction, degrees in [0, 360), and its 1-σ (nil while it has no direction).
    var heading: (degrees: Double, sigma: Double)? {
        guard headingKnown else { return nil }
        return (AngleMath.normalizedAzimuth(headingMean * AngleMath.degreesPerRadian),
                max(headingVariance, 0).squareRoot() * AngleMath.degreesPerRadian)
    }

    /// The horizontal DRMS, m, of the world position of scene point `u` (east/north as
    /// the scene reads them): each cell's t + R(c)·(u − p) with its own spread, and the
    /// spread of the cells' means.
    func anchorSigma(at u: SIMD2<Double>) -> Double {
        let d = u - reference
        var mx = 0.0, my = 0.0, within = 0.0
        // Two passes: the mixture mean, then each cell's spread about it.
        for k in 0..<live {
            let b = k * Self.n, c = mean[b], sn = sin(c), cs = cos(c)
            mx += weight[k] * (mean[b + Self.tx] + cs * d.x + sn * d.y)
            my += weight[k] * (mean[b + Self.ty] - sn * d.x + cs * d.y)
        }
        for k in 0..<live where weight[k] > 0 {
            let b = k * Self.n, q = k * Self.nn, c = mean[b], sn = sin(c), cs = cos(c)
            let ex = mean[b + Self.tx] + cs * d.x + sn * d.y - mx
            let ey = mean[b + Self.ty] - sn * d.x + cs * d.y - my
            // Gradients of the position over (c, tx, ty).
            let jx = -sn * d.x + cs * d.y, jy = -cs * d.x - sn * d.y
            func at(_ i: Int, _ j: Int) -> Double { cov[q + i * Self.n + j] }
            let vx = jx * jx * at(0, 0) + 2 * jx * at(0, Self.tx) + at(Self.tx, Self.tx)
            let vy = jy * jy * at(0, 0) + 2 * jy * at(0, Self.ty) + at(Self.ty, Self.ty)
            within += weight[k] * (vx + vy + ex * ex + ey * ey)
        }
        return max(within, 0).squareRoot()
    }

    /// Which source carries most of the heading information.
    var headingSource: NavigatorFrame.CorrectionSource {
        if trackInformation == 0 && compassInformation == 0 { return .none }
        return trackInformation > compassInformation ? .trackFit : .compass
    }
}
