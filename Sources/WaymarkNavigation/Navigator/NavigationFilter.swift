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
/// x = (c, tx, ty, gx, gy, m) linearised at its own heading, with a weight (its prior times
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
/// creation: no allocation after it, bounded work per call (each cell's 6 × 6 update).
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
    private let gps: [GPSModel]
    /// Per cell: the mean (``n`` lanes), the covariance (``nn``, row-major), the log-weight.
    var mean: [Double], cov: [Double], logWeight: [Double]
    /// An update's results before they are committed (a non-finite one is refused whole),
    /// and the covariance kept while a forced fix is tried.
    private var nextMean: [Double], nextCov: [Double], nextLog: [Double], savedCov: [Double]
    /// Per cell: the last measurement's innovation, S, log-likelihood and PHᵀ
    /// (``scratchStride`` entries; ``predict(dims:noise:_:)``).
    private var scratch: [Double]
    /// The normalised weights (refreshed after every change).
    var weight: [Double]

    /// The anchor's scene point p (east/north as the scene reads them).
    private(set) var reference = SIMD2<Double>()
    /// Whether a fix has placed the anchor.
    private(set) var anchored = false
    /// Whether the heading has a direction (false only under gravity alignment until the
    /// bank has narrowed to ``directionSigma``).
    private(set) var headingKnown: Bool
    private(set) var time: Double? = nil
    /// The last fix's σ per axis (reported × the accuracy scale): each GPS model splits it
    /// into its white and slowly varying parts.
    private var gpsSigma = 0.0
    private var compassBiasSigma = 0.0
    /// The GPS velocity error's slowly varying σ per axis (m/s), from the last velocity used.
    var velocityBiasSigma = 0.0
    /// Whether the route offset o has its prior (route evidence has begun on this leg).
    var offsetSeeded = false
    /// Heading information (1/rad²) each kind of measurement added, for the source.
    private(set) var compassInformation = 0.0, trackInformation = 0.0
    /// Fixes rejected in a row (after a few the world is taken to have moved).
    private var rejectedInARow = 0
    /// The last fix's or reading's innovation (metres, or degrees for a reading) and its
    /// size in σ (√NIS against the bank's predictive spread), for the navigator's notes.
    var lastInnovation: Double? = nil
    var lastInnovationSigmas: Double? = nil
    /// Whether the last fix was taken only after five rejected in a row widened the anchor.
    private(set) var lastForced = false
    /// The scene position of the last fix that informed the heading.
    private var lastHeadingFix: SIMD2<Double>? = nil
    /// The running mean of the fixes' NIS / 2 at unit accuracy scale, and the scale on the
    /// reported σ it sets (≥ 1; see ``noteAccuracy(_:)``).
    private var nisMean = 1.0
    private(set) var accuracyInflation = 1.0

    /// The bank's heading (circular mean, radians), its variance (rad²), and the anchor.
    private(set) var headingMean = 0.0, headingVariance = 0.0
    private(set) var anchor = SIMD2<Double>()

    private(set) var vertical = VerticalFilter()
    /// After a tracking reset: the world position the user had (east/north, the bank's
    /// mean; up) and when, until the next scene position arrives.
    private var resetWorld: (horizontal: SIMD2<Double>, up: Double?, time: Double)? = nil

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
        offsetCentre = [Double](repeating: 0, count: capacity)
        partner = [Int](repeating: 0, count: capacity)
        let cells = count, each = perModel
        cellModel = (0..<capacity).map { ($0 % cells) / each }
        headingKnown = model.headingPrior != nil
        resetHeading()
    }

    /// The cells back to the alignment's prior over the heading, uncorrelated with the
    /// rest (whose mean and covariance every cell shares).
    private mutating func resetHeading() {
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
            // Floored, so a cell far out keeps a finite log-weight and its arithmetic stays finite.
            logWeight[k] = max(logWeight[k] - top, -700)
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
    private mutating func refreshMoments() {
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

    // MARK: Time and motion

    /// Moves the anchor to scene point `u` and lets time run to `now`: each cell carries
    /// its anchor along the track through its own heading, its uncertainty grows by the
    /// session's drift, and the Gauss–Markov errors decay.
    mutating func advance(to now: Double, scene u: SIMD3<Double>, limited: Bool) {
        // A gap beyond a day counts as a day: the uncertainty is saturated by then, and
        // the process noise stays finite whatever the caller's clock does.
        let dt = min(max(0, now - (time ?? now)), 86_400)
        time = max(now, time ?? now)
        let h = SIMD2(u.x, u.y)
        if let r = resetWorld {
            // The first scene position after a reset: the user is where they were in the
            // world (each GPS model's cells where that model put them), give or take a brisk
            // walk since (a day's at most).
            reference = h
            let walk = 2.0 * min(max(0, now - r.time), 86_400)
            for k in 0..<live {
                cov[k * Self.nn + Self.tx * Self.n + Self.tx] += walk * walk
                cov[k * Self.nn + Self.ty * Self.n + Self.ty] += walk * walk
            }
            if let up = r.up { vertical.replace(offset: up - u.z, widenedBy: walk * walk * 0.01 + 0.25) }
            resetWorld = nil
            refreshMoments()
        }
        let d = h - reference
        let moved = d.x != 0 || d.y != 0
        guard dt > 0 || moved else { return }
        reference = h
        // The session's drift: yaw about the user, translation per metre walked (and,
        // while tracking is limited, per second).
        let walked = (d * d).sum().squareRoot()
        var yaw = model.yawRate * dt
        var shift = model.translationRate * walked
        if limited {
            yaw += 3e-4 * dt            // (1°)² per second
            shift += 0.25 * dt          // (0.5 m)² per second
        }
        let compassPhi = dt > 0 ? exp(-dt / model.compassCorrelationTime) : 1
        let mq = (1 - compassPhi * compassPhi) * compassBiasSigma * compassBiasSigma
        let velocityPhi = dt > 0 ? exp(-dt / model.velocityCorrelationTime) : 1
        let vq = (1 - velocityPhi * velocityPhi) * velocityBiasSigma * velocityBiasSigma
        // The side of the street changes with the distance walked, not with time.
        let offsetPhi = offsetSeeded ? exp(-walked / model.routeOffsetDistance) : 1
        let oq = (1 - offsetPhi * offsetPhi) * model.routeOffsetSigma * model.routeOffsetSigma
        // A cell left whole while the others split by side: the two sides' spread.
        let oqWhole = model.routeSide > 0 ? (1 - offsetPhi * offsetPhi) * (model.routeOffsetSigma * model.routeOffsetSigma
                                                                          + model.routeSide * model.routeSide) : oq
        let n = Self.n, centres = offsetCentre, models = cellModel
        mean.withUnsafeMutableBufferPointer { x in
            cov.withUnsafeMutableBufferPointer { p in
                var gpsPhi = 1.0, gq = 0.0
                for k in 0..<live {
                    let xb = k * n, b = k * Self.nn
                    if k == 0 || models[k] != models[k - 1] {
                        // This GPS model's decay over dt.
                        let g = gps[models[k]]
                        gpsPhi = anchored && dt > 0 ? exp(-dt / g.time) : 1
                        let correlated = gpsSigma * g.share
                        gq = (1 - gpsPhi * gpsPhi) * correlated * correlated
                    }
                    if moved {
                        // t += R(c)·d; its gradient in c is j.
                        let c = x[xb], sn = sin(c), cs = cos(c)
                        x[xb + Self.tx] += cs * d.x + sn * d.y
                        x[xb + Self.ty] += -sn * d.x + cs * d.y
                        let jx = -sn * d.x + cs * d.y, jy = -cs * d.x - sn * d.y
                        // P ← F P Fᵀ with F = I + j e_cᵀ on the t rows: rows, then columns.
                        for i in 0..<n {
                            p[b + Self.tx * n + i] += jx * p[b + i]
                            p[b + Self.ty * n + i] += jy * p[b + i]
                        }
                        for i in 0..<n {
                            p[b + i * n + Self.tx] += jx * p[b + i * n]
                            p[b + i * n + Self.ty] += jy * p[b + i * n]
                        }
                    }
                    p[b] += yaw
                    p[b + Self.tx * n + Self.tx] += shift
                    p[b + Self.ty * n + Self.ty] += shift
                    if gpsPhi < 1 {
                        for lane in Self.gx...Self.gy {
                            x[xb + lane] *= gpsPhi
                            for j in 0..<n { p[b + lane * n + j] *= gpsPhi; p[b + j * n + lane] *= gpsPhi }
                            p[b + lane * n + lane] += gq
                        }
                    }
                    // The Gauss–Markov errors decay towards 0 and their variance towards its
                    // stationary value.
                    func decay(_ lane: Int, _ phi: Double, _ q: Double) {
                        guard phi < 1 else { return }
                        x[xb + lane] *= phi
                        for j in 0..<n { p[b + lane * n + j] *= phi; p[b + j * n + lane] *= phi }
                        p[b + lane * n + lane] += q
                    }
                    decay(Self.m, compassPhi, mq)
                    decay(Self.vx, velocityPhi, vq)
                    decay(Self.vy, velocityPhi, vq)
                    let centre = centres[k]
                    if centre == 0 {
                        decay(Self.o, offsetPhi, oqWhole)
                    } else if offsetPhi < 1 {
                        // One side of the street: towards that side's centre.
                        x[xb + Self.o] -= centre
                        decay(Self.o, offsetPhi, oq)
                        x[xb + Self.o] += centre
                    }
                }
            }
        }
        vertical.advance(dt: dt, correlationTime: model.gpsCorrelationTime, shift: shift)
        refreshMoments()
    }

    // MARK: Measurements

    /// A GPS fix: world (east, north) `z` of the device at scene point `u` (already the
    /// anchor: call ``advance(to:scene:limited:)`` first), 1-σ per axis `sigma` as
    /// reported. `informsHeading`: false while the device has not moved (standing still
    /// says nothing about the heading) or tracking is limited — the heading lanes and the
    /// cells' weights are then left as they are (a Schmidt update). Returns whether it was used.
    @discardableResult
    mutating func addFix(_ z: SIMD2<Double>, sigma reported: Double, informsHeading: Bool) -> Bool {
        // No phone knows its position to a centimetre: a smaller σ is taken as one, so a
        // covariance never collapses to zero.
        var sigma = max(reported, Self.minimumGPSSigma) * accuracyInflation
        lastInnovation = nil
        lastInnovationSigmas = nil
        lastForced = false
        // A σ whose square a Double cannot hold (an accuracy confidence of 1e-300 reads any
        // accuracy as 1e150 m) says nothing: the fix is not used and nothing changes.
        guard (sigma * sigma).isFinite else { return false }
        gpsSigma = sigma
        guard anchored else {
            for k in 0..<live {
                let share = gps[cellModel[k]].share
                let tt = sigma * sigma, cc = sigma * share * sigma * share
                let xb = k * Self.n, b = k * Self.nn
                mean[xb + Self.tx] = z.x; mean[xb + Self.ty] = z.y
                mean[xb + Self.gx] = 0; mean[xb + Self.gy] = 0
                for i in Self.tx...Self.gy { for j in 0..<Self.n { cov[b + i * Self.n + j] = 0; cov[b + j * Self.n + i] = 0 } }
                cov[b + Self.tx * (Self.n + 1)] = tt; cov[b + Self.ty * (Self.n + 1)] = tt
                cov[b + Self.gx * (Self.n + 1)] = cc; cov[b + Self.gy * (Self.n + 1)] = cc
                cov[b + Self.tx * Self.n + Self.gx] = -cc; cov[b + Self.gx * Self.n + Self.tx] = -cc
                cov[b + Self.ty * Self.n + Self.gy] = -cc; cov[b + Self.gy * Self.n + Self.ty] = -cc
            }
            anchored = true
            lastHeadingFix = reference
            refresh()
            return true
        }
        let before = headingVariance
        var (nis, distance) = predictFix(z, sigma: sigma)
        lastInnovation = distance
        lastInnovationSigmas = nis.isFinite ? nis.squareRoot() : nil
        if noteAccuracy(leadingModelNIS()) {
            // The covariance was widened: this fix is taken at the wider σ too.
            sigma = max(reported, Self.minimumGPSSigma) * accuracyInflation
            gpsSigma = sigma
            (nis, _) = predictFix(z, sigma: sigma)
        }
        var used = nis.isFinite && nis <= model.gate * model.gate && commit(schmidt: !informsHeading)
        if !used && nis.isFinite {
            rejectedInARow += 1
            // Several fixes in a row far from the prediction: the world moved (the
            // anchor was wrong), not the GPS. Widen the anchor by what they say — and keep
            // the widening only if the fix is then taken.
            if rejectedInARow >= 5 {
                let y = z - SIMD2(anchor.x, anchor.y)
                for i in 0..<(live * Self.nn) { savedCov[i] = cov[i] }
                for k in 0..<live {
                    cov[k * Self.nn + Self.tx * (Self.n + 1)] += y.x * y.x
                    cov[k * Self.nn + Self.ty * (Self.n + 1)] += y.y * y.y
                }
                _ = predictFix(z, sigma: sigma)
                used = commit(schmidt: !informsHeading)
                lastForced = used
                if !used { swap(&cov, &savedCov) }
            }
        }
        if used {
            rejectedInARow = 0
            if informsHeading { noteHeadingInformation(before: before, track: true) }
        }
        return used
    }

    /// Each cell's innovation, S and PHᵀ for fix `z` of 1-σ `sigma` per axis (the white
    /// part as the cell's GPS model has it; H picks t + g), in the scratch; returns the NIS
    /// against the bank's moment-matched prediction and the innovation's length.
    private mutating func predictFix(_ z: SIMD2<Double>, sigma: Double) -> (nis: Double, distance: Double) {
        var h0 = Lanes(), h1 = Lanes()
        h0[Self.tx] = 1; h0[Self.gx] = 1
        h1[Self.ty] = 1; h1[Self.gy] = 1
        var r = 0.0
        let models = cellModel, gps = self.gps
        let (nis, y) = predict(dims: 2, noise: { k in
            if k == 0 || models[k] != models[k - 1] {
                let share = gps[models[k]].share
                r = sigma * sigma * (1 - share * share)
            }
            return (r, 0, r)
        }) { _, x in
            (SIMD2(z.x - x[Self.tx] - x[Self.gx], z.y - x[Self.ty] - x[Self.gy]), h0, h1)
        }
        return (nis, (y * y).sum().squareRoot())
    }

    /// Fills the scratch for a measurement of one or two values (`dims`) that is linear —
    /// or linearised at each cell's mean — in the cell's state: `measure(k, x)` gives cell
    /// k's innovation y (measured − predicted) and the rows h0, h1 of its H (h1 and y.y
    /// unused when `dims` is 1), `noise(k)` its white R = [[r00, r01], [r01, r11]]
    /// (called for the cells in order). Per cell: y, S = H P Hᵀ + R, the log-likelihood,
    /// and PHᵀ. Returns the NIS of the bank's moment-matched prediction and its mean
    /// innovation (NaN NIS when it cannot be formed).
    @inline(__always)
    mutating func predict(dims: Int, noise: (Int) -> (Double, Double, Double),
                                  _ measure: (Int, UnsafeBufferPointer<Double>) -> (y: SIMD2<Double>, h0: Lanes, h1: Lanes))
        -> (nis: Double, innovation: SIMD2<Double>) {
        let n = Self.n, nn = Self.nn, cells = live, stride = Self.scratchStride
        mean.withUnsafeBufferPointer { x in cov.withUnsafeBufferPointer { p in scratch.withUnsafeMutableBufferPointer { sc in
            for k in 0..<cells {
                let xb = k * n, b = k * nn, e = k * stride
                let (y, h0, h1) = measure(k, UnsafeBufferPointer(rebasing: x[xb..<(xb + n)]))
                let (r00, r01, r11) = noise(k)
                var ph0 = Lanes(), ph1 = Lanes()
                // H has a few non-zero lanes: only those columns of P count.
                var used: UInt32 = 0
                for j in 0..<n where h0[j] != 0 || h1[j] != 0 { used |= 1 << UInt32(j) }
                for i in 0..<n {
                    var u = 0.0, v = 0.0, lanes = used
                    while lanes != 0 {
                        let j = lanes.trailingZeroBitCount
                        lanes &= lanes - 1
                        let pij = p[b + i * n + j]
                        u += pij * h0[j]; v += pij * h1[j]
                    }
                    ph0[i] = u; ph1[i] = v
                }
                var s00 = r00, s01 = r01, s11 = r11, y1 = y.y
                for i in 0..<n { s00 += h0[i] * ph0[i]; s01 += h0[i] * ph1[i]; s11 += h1[i] * ph1[i] }
                if dims == 1 { s01 = 0; s11 = 1; y1 = 0; ph1 = Lanes() }
                let det = s00 * s11 - s01 * s01
                let q = (s11 * y.x * y.x - 2 * s01 * y.x * y1 + s00 * y1 * y1) / det
                sc[e] = y.x; sc[e + 1] = y1
                sc[e + 2] = s00; sc[e + 3] = s01; sc[e + 4] = s11
                sc[e + 5] = det > 0 && q.isFinite ? -0.5 * (q + log(det)) : -.infinity
                for i in 0..<n { sc[e + 6 + i] = ph0[i]; sc[e + 6 + n + i] = ph1[i] }
            }
        } } }
        return mixtureNIS(dims: dims)
    }

    /// The NIS of the moment-matched prediction of the cells in use, or of those that
    /// follow GPS model `model` (their weights renormalised; each cell's S and the spread of its prediction) from the scratch
    /// ``predict(dims:noise:_:)`` filled, and its mean innovation (NaN NIS when it cannot be
    /// formed).
    func mixtureNIS(model: Int? = nil, dims: Int) -> (nis: Double, innovation: SIMD2<Double>) {
        let stride = Self.scratchStride
        var total = 0.0, my = SIMD2<Double>()
        for k in 0..<live where model == nil || cellModel[k] == model { total += weight[k]; my += weight[k] * SIMD2(scratch[k * stride], scratch[k * stride + 1]) }
        guard total > 0 else { return (.nan, my) }
        my /= total
        var m00 = 0.0, m01 = 0.0, m11 = 0.0
        for k in 0..<live where model == nil || cellModel[k] == model {
            let e = k * stride
            let dx = scratch[e] - my.x, dy = scratch[e + 1] - my.y
            m00 += weight[k] * (scratch[e + 2] + dx * dx)
            m01 += weight[k] * (scratch[e + 3] + dx * dy)
            m11 += weight[k] * (scratch[e + 4] + dy * dy)
        }
        m00 /= total; m01 /= total; m11 /= total
        if dims == 1 {
            return (m00 > 0 ? my.x * my.x / m00 : .nan, my)
        }
        let det = m00 * m11 - m01 * m01
        let nis = det > 0 ? (m11 * my.x * my.x - 2 * m01 * my.x * my.y + m00 * my.y * my.y) / det : .nan
        return (nis, my)
    }

    /// The NIS of the last fix under the GPS model the bank finds most probable (its
    /// cells moment-matched on their own; on a tie the configured model). Understated
    /// accuracy is what the leading model does not explain. The bank's own NIS also grows
    /// when the models merely disagree (a white and a slowly varying model weighed half and
    /// half while the user stands, before any walk has told them apart), and an inflation
    /// read from it made a white phone look like a slowly varying one at a wider σ — a trap
    /// its fixes could not get it out of.
    private func leadingModelNIS() -> Double {
        var lead = 0, leadWeight = -1.0
        for m in 0..<gps.count {
            var total = 0.0
            for k in 0..<live where cellModel[k] == m { total += weight[k] }
            if total > leadWeight + 1e-6 { lead = m; leadWeight = total }
        }
        return mixtureNIS(model: lead, dims: 2).nis
    }

    /// Scratch entries per cell: y (2), S (3), the log-likelihood, PHᵀ (2 × ``n``).
    static let scratchStride = 6 + 2 * n

    /// The running mean of NIS / 2 (each clamped at 6, so multipath jumps move it little)
    /// over about 30 fixes, at unit inflation; the inflation of the reported σ is its square
    /// root once it is clearly above 1 (at most √6: the clamp). Returns whether it widened
    /// the covariance now.
    @discardableResult
    private mutating func noteAccuracy(_ nis: Double) -> Bool {
        guard model.adaptiveAccuracy, nis.isFinite else { return false }
        let raw = min(nis * accuracyInflation * accuracyInflation / 2, 6)
        nisMean += (raw - nisMean) / 30
        // Honest fixes keep the mean within about ±0.2 of 1 (NIS / 2 is exponential with
        // mean 1, averaged over ~30 fixes): it must pass 1.4 to widen the σ, and fall below
        // 1.15 to let it narrow again.
        var scale = accuracyInflation
        if nisMean > 1.4 { scale = nisMean.squareRoot() } else if nisMean < 1.15 { scale = 1 }
        let r = scale * scale / (accuracyInflation * accuracyInflation)
        accuracyInflation = scale
        guard r > 1 else { return false }
        // What the fixes taught was taught at too small a σ: under the wider one the same
        // fixes give a covariance r times as large. (The cells' weights are left as they
        // are, so the estimate itself does not move — a standing user's world does not turn;
        // shrinking back is left to new fixes: the σ is never narrowed by hindsight.)
        for i in 0..<(live * Self.nn) { cov[i] *= r }
        refresh()
        return true
    }

    /// The Kalman update of every cell from the scratch ``predict(dims:noise:_:)`` filled
    /// (P by the general Joseph form, right for the Schmidt gain too). `schmidt`: the
    /// heading and the errors that move with it (c, m, vx, vy) keep their values and the
    /// cells their weights — a measurement that must not turn the world; else the weights
    /// take each cell's likelihood. Returns false, changing nothing, when any result would
    /// not be finite or no cell could take it.
    mutating func commit(schmidt: Bool) -> Bool {
        let n = Self.n, nn = Self.nn, cells = live, stride = Self.scratchStride
        var finite = true, usable = 0
        // Raw buffers: the loops run per cell on every measurement.
        mean.withUnsafeBufferPointer { x in cov.withUnsafeBufferPointer { p in scratch.withUnsafeBufferPointer { sc in
        logWeight.withUnsafeBufferPointer { lw in nextMean.withUnsafeMutableBufferPointer { nx in
        nextCov.withUnsafeMutableBufferPointer { np in nextLog.withUnsafeMutableBufferPointer { nl in
            for k in 0..<cells {
                let xb = k * n, b = k * nn, e = k * stride
                let y0 = sc[e], y1 = sc[e + 1]
                let s00 = sc[e + 2], s01 = sc[e + 3], s11 = sc[e + 4]
                let det = s00 * s11 - s01 * s01
                guard det > 0 else {
                    // This cell cannot take the measurement (a degenerate covariance): it
                    // keeps its state and drops out of the weights; the others go on.
                    for i in 0..<n { nx[xb + i] = x[xb + i] }
                    for i in 0..<nn { np[b + i] = p[b + i] }
                    nl[k] = -.infinity
                    continue
                }
                usable += 1
                let i00 = s11 / det, i01 = -s01 / det, i11 = s00 / det
                var ph0 = Lanes(), ph1 = Lanes()
                for i in 0..<n { ph0[i] = sc[e + 6 + i]; ph1[i] = sc[e + 6 + n + i] }
                var k0 = ph0 * i00 + ph1 * i01, k1 = ph0 * i01 + ph1 * i11
                if schmidt {
                    k0[Self.c] = 0; k1[Self.c] = 0; k0[Self.m] = 0; k1[Self.m] = 0
                    k0[Self.vx] = 0; k1[Self.vx] = 0; k0[Self.vy] = 0; k1[Self.vy] = 0
                }
                for i in 0..<n {
                    let v = x[xb + i] + k0[i] * y0 + k1[i] * y1
                    nx[xb + i] = v
                    if !v.isFinite { finite = false }
                }
                if schmidt {
                    // The general Joseph form (the gain is not the optimal one): S·Kᵀ once
                    // per column, (S K)ᵢ = (s00 k0 + s01 k1, s01 k0 + s11 k1).
                    let sk0 = s00 * k0 + s01 * k1, sk1 = s01 * k0 + s11 * k1
                    for i in 0..<n {
                        for j in i..<n {
                            let v = p[b + i * n + j] - (k0[i] * ph0[j] + k1[i] * ph1[j]) - (ph0[i] * k0[j] + ph1[i] * k1[j])
                                + k0[i] * sk0[j] + k1[i] * sk1[j]
                            np[b + i * n + j] = v
                            np[b + j * n + i] = v
                            if !v.isFinite { finite = false }
                        }
                    }
                } else {
                    // The optimal gain: P − K (PHᵀ)ᵀ, the Joseph form's value at a third of its
                    // cost (read from the scratch: a SIMD lane picked by a variable index is slow).
                    let h = e + 6
                    for i in 0..<n {
                        let a0 = sc[h + i], a1 = sc[h + n + i]
                        let ki0 = a0 * i00 + a1 * i01, ki1 = a0 * i01 + a1 * i11
                        for j in i..<n {
                            let v = p[b + i * n + j] - (ki0 * sc[h + j] + ki1 * sc[h + n + j])
                            np[b + i * n + j] = v
                            np[b + j * n + i] = v
                            if !v.isFinite { finite = false }
                        }
                    }
                }
                nl[k] = lw[k] + (schmidt ? 0 : sc[e + 5])
            }
        } } } } } } }
        guard finite, usable > 0 else { return false }
        swap(&mean, &nextMean)
        swap(&cov, &nextCov)
        swap(&logWeight, &nextLog)
        refresh()
        if live > count { pruneSides() }
        return true
    }

    /// Whether the device has moved at least `step` metres (horizontally, in the scene)
    /// since the last fix that informed the heading; records the position when it has.
    mutating func movedEnough(_ step: Double) -> Bool {
        guard let last = lastHeadingFix else { lastHeadingFix = reference; return true }
        let d = reference - last
        guard (d * d).sum() >= step * step else { return false }
        lastHeadingFix = reference
        return true
    }

    /// A compass reading: the map's heading is `measured` degrees (true heading of the
    /// viewing direction − its scene yaw), 1-σ `sigma` degrees: c + m + white noise, linear
    /// in every cell. Returns whether it was used.
    @discardableResult
    mutating func addCompass(measured: Double, sigma: Double) -> Bool {
        let share = model.compassCorrelatedShare
        let s = max(sigma * AngleMath.radiansPerDegree, Self.minimumCompassSigma)
        let white = s * (1 - share * share).squareRoot()
        let r = white * white
        let z = measured * AngleMath.radiansPerDegree
        let n = Self.n
        // The compass error's prior, for the first reading (kept only if it is used).
        let seed: Double? = cov[Self.m * n + Self.m] == 0 ? s * share * s * share : nil
        let before = headingVariance
        lastInnovation = nil
        lastInnovationSigmas = nil
        // The bank's prediction of c + m, on the circle.
        var sn = 0.0, cs = 0.0
        for k in 0..<live {
            let h = mean[k * n] + mean[k * n + Self.m]
            sn += weight[k] * sin(h); cs += weight[k] * cos(h)
        }
        let predicted = atan2(sn, cs)
        var spread = 0.0
        for k in 0..<live {
            let xb = k * n, b = k * Self.nn
            let d = Self.wrap(mean[xb] + mean[xb + Self.m] - predicted)
            spread += weight[k] * (cov[b] + 2 * cov[b + Self.m] + (seed ?? cov[b + Self.m * n + Self.m]) + r + d * d)
        }
        let y = Self.wrap(z - predicted)
        let nis = y * y / spread
        lastInnovation = y * AngleMath.degreesPerRadian
        lastInnovationSigmas = nis.isFinite ? nis.squareRoot() : nil
        guard nis.isFinite, nis <= model.gate * model.gate else { return false }
        if let seed { for k in 0..<live { cov[k * Self.nn + Self.m * n + Self.m] += seed } }
        var h = Lanes()
        h[Self.c] = 1; h[Self.m] = 1
        _ = predict(dims: 1, noise: { _ in (r, 0, 0) }) { _, x in
            (SIMD2(Self.wrap(z - x[Self.c] - x[Self.m]), 0), h, Lanes())
        }
        guard commit(schmidt: false) else {
            if let seed { for k in 0..<live { cov[k * Self.nn + Self.m * n + Self.m] -= seed } }
            return false
        }
        compassBiasSigma = s * share
        noteHeadingInformation(before: before, track: false)
        return true
    }

    mutating func noteHeadingInformation(before: Double, track: Bool) {
        let after = headingVariance
        guard after.isFinite, after > 0, before.isFinite, before > 0 else { return }
        let gained = 1 / after - 1 / before
        guard gained > 0 else { return }
        if track { trackInformation += gained } else { compassInformation += gained }
    }

    // MARK: Vertical

    /// A vertical measurement of tz (+ gz when `gps`), value `z`, 1-σ `sigma`.
    mutating func addVertical(_ z: Double, sigma: Double, gps: Bool, correlatedSigma: Double = 0) {
        vertical.add(z, sigma: sigma, gps: gps, correlatedSigma: correlatedSigma, gate: model.gate)
    }

    // MARK: Tracking

    /// The AR session restarted: scene positions before and after are unrelated. What is
    /// known of the world stays (the user's position, the GPS and compass errors, moment-
    /// matched over each GPS model's cells, and the models' weights); the heading returns
    /// to the alignment's prior and the anchor is re-placed at the next scene position.
    mutating func reset(at now: Double, sceneUp: Double?) {
        collapseSides()
        guard anchored else { resetHeading(); return }
        let n = Self.n
        var all = Lanes()
        for m in 0..<gps.count {
            let cells = (m * perModel)..<((m + 1) * perModel)
            var total = 0.0, mu = Lanes()
            for k in cells { total += weight[k]; for i in 1..<n { mu[i] += weight[k] * mean[k * n + i] } }
            // The model's weight, kept for after the reset (in the scratch of the log-weights).
            nextLog[m] = total > 0 ? max(log(total), -700) : -700
            guard total > 0 else { continue }
            mu /= total
            all += total * mu
            for i in 1..<n {
                for j in i..<n {
                    var v = 0.0
                    for k in cells {
                        v += weight[k] * (cov[k * Self.nn + i * n + j] + (mean[k * n + i] - mu[i]) * (mean[k * n + j] - mu[j]))
                    }
                    v /= total
                    for k in cells {
                        cov[k * Self.nn + i * n + j] = v
                        cov[k * Self.nn + j * n + i] = v
                    }
                }
            }
            for k in cells { for i in 1..<n { mean[k * n + i] = mu[i] } }
        }
        resetHeading()
        for k in 0..<count { logWeight[k] += nextLog[k / perModel] }
        refresh()
        let up: Double? = vertical.known ? (sceneUp.map { $0 + vertical.offset }) : nil
        // Two resets with no scene position between them: the walk counts from the first.
        resetWorld = (SIMD2(all[Self.tx], all[Self.ty]), up, resetWorld?.time ?? now)
    }
}
