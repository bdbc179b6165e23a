import CWaymarkMath

/// The navigator's estimator: a Kalman filter over where the AR scene lies in the world,
/// fed by GPS fixes, compass readings and the scene track itself.
///
/// The horizontal state is seven numbers, each a lane of `x`:
/// - `a`, `b`: the scene → world map's rotation as a similarity, world = M·(u − p) + t with
///   M = [[a, b], [−b, a]] and u the scene position read as east/north (``SceneAxes``). The
///   heading correction is atan2(b, a), the scale √(a² + b²) (1 for a true rotation). In
///   (a, b) the map is *linear*, so a GPS fix, the move of the anchor along the track and a
///   compass reading are all linear measurements: no linearisation, and a session whose
///   yaw is unknown (gravity alignment) starts from a prior centred on 0 with no direction.
/// - `tx`, `ty`: the world (east, north) position of the scene point p — the anchor. p is
///   moved to the device on every measurement, so the anchor is the user's own position;
///   rotation noise (the session's yaw drift) then turns the map about the user, not
///   about a scene origin hundreds of metres away.
/// - `gx`, `gy`: the GPS's slowly varying error, a first-order Gauss–Markov process
///   (correlation time τ, share F of the fix's σ); the rest of the σ is white.
/// - `m`: the compass's slowly varying error (radians), Gauss–Markov as well.
///
/// The vertical is apart: the scene's up offset `tz` (world up − scene up) and the GPS
/// altitude's Gauss–Markov error `gz`, fed by the route's height under the user (the device
/// is its height above the ground there), a detected ground plane, and GPS altitude.
///
/// Storage is fixed in size and reserved at creation (the 8 × 8 covariance and its
/// scratch in two arrays, the rest SIMD values): no allocation after it, bounded work per
/// call (one 8 × 8 Joseph-form update per measurement).
struct NavigationFilter: Sendable {
    static let a = 0, b = 1, tx = 2, ty = 3, gx = 4, gy = 5, m = 6

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
        /// 1-σ of the map's scale about 1.
        var scaleSigma = 0.01
        /// Measurements whose Mahalanobis distance exceeds this are outliers.
        var gate = 4.0
        /// Prior 1-σ of the heading, radians; nil: no prior (gravity alignment).
        var headingPrior: Double? = 20 * AngleMath.radiansPerDegree
    }

    let model: Model
    var x = SIMD8<Double>()
    /// The covariance, row-major 8 × 8, and the update's scratch of the same size —
    /// arrays reserved at creation, so elements are read and written in memory (a
    /// dynamically indexed SIMD64 lane compiles to whole-vector shuffles on targets
    /// without wide vectors, wasm32 among them).
    var P = [Double](repeating: 0, count: 64)
    private var scratch = [Double](repeating: 0, count: 64)
    /// The anchor's scene point p (east/north as the scene reads them).
    private(set) var reference = SIMD2<Double>()
    /// Whether a fix has placed the anchor.
    private(set) var anchored = false
    /// Whether the heading has a direction (false only under gravity alignment before
    /// the first compass reading or enough track).
    private(set) var headingKnown: Bool
    private(set) var time: Double? = nil
    private var gpsBiasSigma = 0.0, compassBiasSigma = 0.0, verticalBiasSigma = 0.0
    /// Heading information (1/rad²) each kind of measurement added, for the source.
    private(set) var compassInformation = 0.0, trackInformation = 0.0
    /// Fixes rejected in a row (after a few the world is taken to have moved).
    private var rejectedInARow = 0
    /// The last fix's or reading's innovation (metres, or degrees for a reading under a
    /// known direction; nil for the first of either) and its size in σ (√NIS; nil when
    /// the update could not be formed), for the navigator's notes.
    private(set) var lastInnovation: Double? = nil
    private(set) var lastInnovationSigmas: Double? = nil
    /// Whether the last fix was taken only after five rejected in a row widened the anchor.
    private(set) var lastForced = false
    /// The scene position of the last fix that informed the heading.
    private var lastHeadingFix: SIMD2<Double>? = nil

    // Vertical: (tz, gz) and its covariance (row-major 2 × 2).
    private(set) var vertical = SIMD2<Double>()
    private(set) var verticalP = SIMD4<Double>()
    private(set) var verticalKnown = false
    /// After a tracking reset: the world position (east, north, up) the user had, until
    /// the next scene position arrives.
    private var resetWorld: (horizontal: SIMD2<Double>, up: Double?, time: Double)? = nil

    /// Whether a reset waits for the new scene's first position.
    var awaitingScene: Bool { resetWorld != nil }

    init(model: Model) {
        self.model = model
        headingKnown = model.headingPrior != nil
        resetHeading()
    }

    /// (a, b) back to the alignment's prior, uncorrelated with everything else.
    private mutating func resetHeading() {
        for i in 0..<8 where i != Self.a && i != Self.b {
            P[8 * Self.a + i] = 0; P[8 * i + Self.a] = 0
            P[8 * Self.b + i] = 0; P[8 * i + Self.b] = 0
        }
        x[Self.a] = model.headingPrior == nil ? 0 : 1
        x[Self.b] = 0
        let s = model.headingPrior ?? 1
        P[8 * Self.a + Self.a] = model.headingPrior == nil ? 1 : model.scaleSigma * model.scaleSigma
        P[8 * Self.b + Self.b] = s * s
        P[8 * Self.a + Self.b] = 0; P[8 * Self.b + Self.a] = 0
        headingKnown = model.headingPrior != nil
        compassInformation = 0
        trackInformation = 0
        lastHeadingFix = nil
    }

    // MARK: Read-outs

    /// The heading correction, degrees, and its 1-σ (nil while it has no direction).
    var heading: (degrees: Double, sigma: Double)? {
        guard headingKnown, let v = directionVariance(minimumScale2: 1e-6) else { return nil }
        return (AngleMath.normalizedAzimuth(AngleMath.atan2d(x[Self.b], x[Self.a])), max(v, 0).squareRoot() * AngleMath.degreesPerRadian)
    }

    /// The variance of atan2(b, a), rad² (its gradient is (−b, a)/r²); nil while
    /// a² + b² is at most `minimumScale2` (no direction to speak of).
    private func directionVariance(minimumScale2: Double) -> Double? {
        let a = x[Self.a], b = x[Self.b]
        let r2 = a * a + b * b
        guard r2 > minimumScale2 else { return nil }
        let ja = -b / r2, jb = a / r2
        return ja * ja * P[0] + 2 * ja * jb * P[1] + jb * jb * P[9]
    }

    /// The heading's variance, rad² (infinite while it has no direction).
    private var headingVariance: Double {
        guard let h = heading else { return .infinity }
        let s = h.sigma * AngleMath.radiansPerDegree
        return s * s
    }

    /// The anchor (the world east/north of the scene point p) and the horizontal DRMS, m,
    /// of the world position of scene point `u` (east/north as the scene reads them).
    func anchorSigma(at u: SIMD2<Double>) -> Double {
        let d = u - reference
        // t + M·d: rows over (a, b, tx, ty).
        let r0 = SIMD4(d.x, d.y, 1, 0), r1 = SIMD4(d.y, -d.x, 0, 1)
        func quad(_ r: SIMD4<Double>) -> Double {
            var s = 0.0
            for i in 0..<4 { for j in 0..<4 { s += r[i] * r[j] * P[8 * i + j] } }
            return s
        }
        return max(quad(r0) + quad(r1), 0).squareRoot()
    }

    var anchor: SIMD2<Double> { SIMD2(x[Self.tx], x[Self.ty]) }

    /// Which source carries most of the heading information: 0 none, 1 compass, 2 track.
    var headingSource: Int32 {
        if trackInformation == 0 && compassInformation == 0 { return 0 }
        return trackInformation > compassInformation ? 2 : 1
    }

    // MARK: Time and motion

    /// Moves the anchor to scene point `u` and lets time run to `now`: the map's mean is
    /// unchanged (only p and t move together), its uncertainty grows by the session's
    /// drift, and the Gauss–Markov errors decay.
    mutating func advance(to now: Double, scene u: SIMD3<Double>, limited: Bool) {
        // A gap beyond a day counts as a day: the uncertainty is saturated by then, and
        // the process noise stays finite whatever the caller's clock does.
        let dt = min(max(0, now - (time ?? now)), 86_400)
        time = max(now, time ?? now)
        let h = SIMD2(u.x, u.y)
        if let r = resetWorld {
            // The first scene position after a reset: the user is where they were in the
            // world, give or take a brisk walk since.
            reference = h
            x[Self.tx] = r.horizontal.x
            x[Self.ty] = r.horizontal.y
            let walk = 2.0 * max(0, now - r.time)
            P[8 * Self.tx + Self.tx] += walk * walk
            P[8 * Self.ty + Self.ty] += walk * walk
            if let up = r.up {
                vertical[0] = up - u.z
                verticalP[0] += walk * walk * 0.01 + 0.25
            }
            resetWorld = nil
        }
        let d = h - reference
        if d.x != 0 || d.y != 0 {
            // t += M·d, linear in (a, b): rows, then columns, of P.
            for j in 0..<8 {
                P[8 * Self.tx + j] += d.x * P[8 * Self.a + j] + d.y * P[8 * Self.b + j]
                P[8 * Self.ty + j] += d.y * P[8 * Self.a + j] - d.x * P[8 * Self.b + j]
            }
            for i in 0..<8 {
                P[8 * i + Self.tx] += d.x * P[8 * i + Self.a] + d.y * P[8 * i + Self.b]
                P[8 * i + Self.ty] += d.y * P[8 * i + Self.a] - d.x * P[8 * i + Self.b]
            }
            x[Self.tx] += d.x * x[Self.a] + d.y * x[Self.b]
            x[Self.ty] += d.y * x[Self.a] - d.x * x[Self.b]
            reference = h
        }
        guard dt > 0 || d.x != 0 || d.y != 0 else { return }
        // The session's drift: yaw about the user, translation per metre walked (and,
        // while tracking is limited, per second).
        let walked = (d * d).sum().squareRoot()
        var yaw = model.yawRate * dt
        var shift = model.translationRate * walked
        if limited {
            yaw += 3e-4 * dt            // (1°)² per second
            shift += 0.25 * dt          // (0.5 m)² per second
        }
        let a = x[Self.a], b = x[Self.b]
        P[8 * Self.a + Self.a] += yaw * b * b
        P[8 * Self.a + Self.b] -= yaw * a * b
        P[8 * Self.b + Self.a] -= yaw * a * b
        P[8 * Self.b + Self.b] += yaw * a * a
        P[8 * Self.tx + Self.tx] += shift
        P[8 * Self.ty + Self.ty] += shift
        if anchored { decay(Self.gx, dt, model.gpsCorrelationTime, gpsBiasSigma); decay(Self.gy, dt, model.gpsCorrelationTime, gpsBiasSigma) }
        decay(Self.m, dt, model.compassCorrelationTime, compassBiasSigma)
        if verticalKnown && dt > 0 {
            let phi = exp(-dt / model.gpsCorrelationTime)
            vertical[1] *= phi
            verticalP[1] *= phi; verticalP[2] *= phi
            verticalP[3] = phi * phi * verticalP[3] + (1 - phi * phi) * verticalBiasSigma * verticalBiasSigma
            verticalP[0] += shift * 0.01
        }
    }

    /// A Gauss–Markov lane over `dt`: mean and correlations × φ, variance toward σ².
    private mutating func decay(_ k: Int, _ dt: Double, _ tau: Double, _ sigma: Double) {
        guard dt > 0 else { return }
        let phi = exp(-dt / tau)
        x[k] *= phi
        for j in 0..<8 where j != k { P[8 * k + j] *= phi; P[8 * j + k] *= phi }
        P[8 * k + k] = phi * phi * P[8 * k + k] + (1 - phi * phi) * sigma * sigma
    }

    // MARK: Measurements

    /// The linear update x += K·y, P by Joseph's form (right for any gain, so the
    /// lanes in `consider` keep their value and their covariance stays honest — a
    /// Schmidt–Kalman filter). `h0`/`h1` are H's rows (`rows` of them), `r` R row-major.
    /// Returns whether it was applied (nothing changed when not: beyond the gate without
    /// `force`, or not formed) and the innovation's squared Mahalanobis distance (NIS;
    /// nil when it could not be formed), gated or not.
    @discardableResult
    private mutating func update(_ h0: SIMD8<Double>, _ h1: SIMD8<Double>, rows: Int, innovation y: SIMD2<Double>,
                                 noise r: SIMD4<Double>, consider: SIMD8<Double>, force: Bool) -> (applied: Bool, nis: Double?) {
        // PHt = P·Hᵀ (8 × 2).
        var ph0 = SIMD8<Double>(), ph1 = SIMD8<Double>()
        for i in 0..<8 {
            var s0 = 0.0, s1 = 0.0
            for j in 0..<8 { s0 += P[8 * i + j] * h0[j]; s1 += P[8 * i + j] * h1[j] }
            ph0[i] = s0; ph1[i] = s1
        }
        var s00 = (h0 * ph0).sum() + r[0], s01 = (h0 * ph1).sum() + r[1], s11 = (h1 * ph1).sum() + r[3]
        if rows == 1 { s01 = 0; s11 = 1 }
        let det = s00 * s11 - s01 * s01
        guard det > 0, s00 > 0, det.isFinite else { return (false, nil) }
        let i00 = s11 / det, i01 = -s01 / det, i11 = s00 / det
        let yy = rows == 1 ? SIMD2(y.x, 0) : y
        let nis = yy.x * (i00 * yy.x + i01 * yy.y) + yy.y * (i01 * yy.x + i11 * yy.y)
        guard nis.isFinite else { return (false, nil) }
        if !force && nis > model.gate * model.gate { return (false, nis) }
        // K = PHt·S⁻¹, considered lanes zeroed.
        var k0 = (ph0 * i00 + ph1 * i01) * consider
        var k1 = (ph0 * i01 + ph1 * i11) * consider
        if rows == 1 { k0 = ph0 * (1 / s00) * consider; k1 = SIMD8() }
        let updated = x + k0 * yy.x + k1 * yy.y
        // B = (I − K H) P, then P' = B (I − K H)ᵀ + K R Kᵀ, in the scratch.
        for i in 0..<8 {
            for j in 0..<8 { scratch[8 * i + j] = P[8 * i + j] - (k0[i] * ph0[j] + k1[i] * ph1[j]) }
        }
        var bh0 = SIMD8<Double>(), bh1 = SIMD8<Double>()
        for i in 0..<8 {
            var s0 = 0.0, s1 = 0.0
            for j in 0..<8 { s0 += scratch[8 * i + j] * h0[j]; s1 += scratch[8 * i + j] * h1[j] }
            bh0[i] = s0; bh1[i] = s1
        }
        let r1 = rows == 1 ? SIMD4(r[0], 0, 0, 0) : r
        for i in 0..<8 {
            for j in 0..<8 {
                let krk = k0[i] * (r1[0] * k0[j] + r1[1] * k1[j]) + k1[i] * (r1[2] * k0[j] + r1[3] * k1[j])
                scratch[8 * i + j] += -(bh0[i] * k0[j] + bh1[i] * k1[j]) + krk
            }
        }
        // Symmetric to the last bit.
        for i in 0..<8 {
            for j in (i + 1)..<8 {
                let v = (scratch[8 * i + j] + scratch[8 * j + i]) / 2
                scratch[8 * i + j] = v
                scratch[8 * j + i] = v
            }
        }
        // A measurement that would make the state non-finite (numbers at the edge of what
        // a Double holds) is refused, so one bad input never poisons the filter.
        var finite = true
        for i in 0..<8 where !updated[i].isFinite { finite = false }
        for i in 0..<64 where !scratch[i].isFinite { finite = false }
        guard finite else { return (false, nis) }
        x = updated
        for i in 0..<64 { P[i] = scratch[i] }
        return (true, nis)
    }

    /// A GPS fix: world (east, north) `z` of the device at scene point `u` (already the
    /// anchor: call ``advance(to:scene:limited:)`` first), 1-σ per axis `sigma`.
    /// `informsHeading`: false while the device has not moved (standing still says
    /// nothing about the heading) or tracking is limited. Returns whether it was used.
    @discardableResult
    mutating func addFix(_ z: SIMD2<Double>, sigma: Double, informsHeading: Bool) -> Bool {
        let share = model.gpsCorrelatedShare
        let white = sigma * (1 - share * share).squareRoot(), correlated = sigma * share
        gpsBiasSigma = correlated
        lastInnovation = nil
        lastInnovationSigmas = nil
        lastForced = false
        guard anchored else {
            x[Self.tx] = z.x; x[Self.ty] = z.y
            x[Self.gx] = 0; x[Self.gy] = 0
            let tt = white * white + correlated * correlated, cc = correlated * correlated
            for i in Self.tx...Self.gy { for j in 0..<8 { P[8 * i + j] = 0; P[8 * j + i] = 0 } }
            P[8 * Self.tx + Self.tx] = tt; P[8 * Self.ty + Self.ty] = tt
            P[8 * Self.gx + Self.gx] = cc; P[8 * Self.gy + Self.gy] = cc
            P[8 * Self.tx + Self.gx] = -cc; P[8 * Self.gx + Self.tx] = -cc
            P[8 * Self.ty + Self.gy] = -cc; P[8 * Self.gy + Self.ty] = -cc
            anchored = true
            lastHeadingFix = reference
            return true
        }
        var h0 = SIMD8<Double>(), h1 = SIMD8<Double>()
        h0[Self.tx] = 1; h0[Self.gx] = 1
        h1[Self.ty] = 1; h1[Self.gy] = 1
        let y = z - SIMD2(x[Self.tx] + x[Self.gx], x[Self.ty] + x[Self.gy])
        var consider = SIMD8<Double>(repeating: 1)
        if !informsHeading { consider[Self.a] = 0; consider[Self.b] = 0 }
        let before = headingVariance
        let noise = SIMD4(white * white, 0, 0, white * white)
        lastInnovation = (y * y).sum().squareRoot()
        let first = update(h0, h1, rows: 2, innovation: y, noise: noise, consider: consider, force: false)
        lastInnovationSigmas = first.nis.map { $0.squareRoot() }
        var used = first.applied
        if !used {
            rejectedInARow += 1
            // Several fixes in a row far from the prediction: the world moved (the
            // anchor was wrong), not the GPS. Widen the anchor by what they say.
            if rejectedInARow >= 5 {
                P[8 * Self.tx + Self.tx] += y.x * y.x
                P[8 * Self.ty + Self.ty] += y.y * y.y
                used = update(h0, h1, rows: 2, innovation: y, noise: noise, consider: consider, force: true).applied
                lastForced = used
            }
        }
        if used {
            rejectedInARow = 0
            noteHeadingInformation(before: before, track: true)
            if !headingKnown { tryToFixDirection() }
        }
        return used
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
    /// viewing direction − its scene yaw), 1-σ `sigma` degrees. Returns whether it was used.
    @discardableResult
    mutating func addCompass(measured: Double, sigma: Double) -> Bool {
        let share = model.compassCorrelatedShare
        let s = sigma * AngleMath.radiansPerDegree
        let white = s * (1 - share * share).squareRoot()
        compassBiasSigma = s * share
        if P[8 * Self.m + Self.m] == 0 { P[8 * Self.m + Self.m] = compassBiasSigma * compassBiasSigma }
        let before = headingVariance
        let used: Bool
        lastInnovation = nil
        lastInnovationSigmas = nil
        if headingKnown {
            // The map's angle, linearised at the estimate (which has a direction):
            // θ = atan2(b, a) + m, its gradient (−b, a)/r² in (a, b).
            let a = x[Self.a], b = x[Self.b], r2 = a * a + b * b
            var h0 = SIMD8<Double>()
            h0[Self.a] = -b / r2; h0[Self.b] = a / r2; h0[Self.m] = 1
            let predicted = AngleMath.atan2d(b, a) * AngleMath.radiansPerDegree + x[Self.m]
            let y = ((measured * AngleMath.radiansPerDegree - predicted) / (2 * Double.pi)).rounded() * -(2 * Double.pi)
                + (measured * AngleMath.radiansPerDegree - predicted)
            let result = update(h0, SIMD8(), rows: 1, innovation: SIMD2(y, 0), noise: SIMD4(white * white, 0, 0, 0),
                                consider: SIMD8(repeating: 1), force: false)
            used = result.applied
            lastInnovation = y * AngleMath.degreesPerRadian
            lastInnovationSigmas = result.nis.map { $0.squareRoot() }
        } else {
            // No direction yet (gravity alignment): the reading places (a, b) on the unit
            // circle at its angle, d_m = (cos θ, sin θ) ≈ (a, b) + e_t·(m + w) + e_r·(1 − r),
            // which also adds the map's scale (1), once.
            let (sn, cs) = AngleMath.sincosd(measured)
            let et = SIMD2(-sn, cs), er = SIMD2(cs, sn)
            var h0 = SIMD8<Double>(), h1 = SIMD8<Double>()
            h0[Self.a] = 1; h0[Self.m] = et.x
            h1[Self.b] = 1; h1[Self.m] = et.y
            let y = SIMD2(cs, sn) - SIMD2(x[Self.a] + et.x * x[Self.m], x[Self.b] + et.y * x[Self.m])
            let w2 = white * white, s2 = model.scaleSigma * model.scaleSigma
            let noise = SIMD4(w2 * et.x * et.x + s2 * er.x * er.x, w2 * et.x * et.y + s2 * er.x * er.y,
                              w2 * et.x * et.y + s2 * er.x * er.y, w2 * et.y * et.y + s2 * er.y * er.y)
            used = update(h0, h1, rows: 2, innovation: y, noise: noise, consider: SIMD8(repeating: 1), force: true).applied
        }
        if used {
            headingKnown = true
            noteHeadingInformation(before: before, track: false)
        }
        return used
    }

    private mutating func noteHeadingInformation(before: Double, track: Bool) {
        let after = headingVariance
        guard after.isFinite else { return }
        let gained = 1 / after - (before.isFinite ? 1 / before : 0)
        guard gained > 0 else { return }
        if track { trackInformation += gained } else { compassInformation += gained }
    }

    /// Gravity alignment without a compass: once the track alone gives the heading a
    /// direction to within 15°, the map's scale (1) is added once, so (a, b) sits on
    /// the unit circle as a rotation must.
    private mutating func tryToFixDirection() {
        guard let v = directionVariance(minimumScale2: 0.04), v < 0.0685 else { return }   // 15° in rad²
        let a = x[Self.a], b = x[Self.b]
        let r = (a * a + b * b).squareRoot()
        var h0 = SIMD8<Double>()
        h0[Self.a] = a / r; h0[Self.b] = b / r
        update(h0, SIMD8(), rows: 1, innovation: SIMD2(1 - r, 0), noise: SIMD4(model.scaleSigma * model.scaleSigma, 0, 0, 0),
                   consider: SIMD8(repeating: 1), force: true)
        headingKnown = true
        trackInformation = max(trackInformation, 1 / max(headingVariance, 1e-12))
    }

    // MARK: Vertical

    /// A vertical measurement of tz (+ gz when `gps`), value `z`, 1-σ `sigma`.
    mutating func addVertical(_ z: Double, sigma: Double, gps: Bool, correlatedSigma: Double = 0) {
        if gps { verticalBiasSigma = correlatedSigma }
        guard verticalKnown else {
            vertical = SIMD2(z, 0)
            let cc = gps ? correlatedSigma * correlatedSigma : 0
            verticalP = SIMD4(sigma * sigma + cc, gps ? -cc : 0, gps ? -cc : 0, max(cc, verticalBiasSigma * verticalBiasSigma))
            verticalKnown = true
            return
        }
        let h = SIMD2(1.0, gps ? 1 : 0)
        let ph = SIMD2(verticalP[0] * h.x + verticalP[1] * h.y, verticalP[2] * h.x + verticalP[3] * h.y)
        let s = (h * ph).sum() + sigma * sigma
        guard s > 0 else { return }
        let y = z - (h * vertical).sum()
        guard y * y / s <= model.gate * model.gate || !gps else { return }
        let k = ph / s
        vertical += k * y
        // Joseph: (I − k hᵀ) P (I − k hᵀ)ᵀ + k σ² kᵀ.
        let a00 = 1 - k.x * h.x, a01 = -k.x * h.y, a10 = -k.y * h.x, a11 = 1 - k.y * h.y
        let p = verticalP
        let b00 = a00 * p[0] + a01 * p[2], b01 = a00 * p[1] + a01 * p[3]
        let b10 = a10 * p[0] + a11 * p[2], b11 = a10 * p[1] + a11 * p[3]
        let r = sigma * sigma
        let n00 = b00 * a00 + b01 * a01 + k.x * k.x * r
        let n01 = b00 * a10 + b01 * a11 + k.x * k.y * r
        let n11 = b10 * a10 + b11 * a11 + k.y * k.y * r
        verticalP = SIMD4(n00, n01, n01, n11)
    }

    // MARK: Tracking

    /// The AR session restarted: scene positions before and after are unrelated. What is
    /// known of the world stays (the user's position, the GPS and compass errors); the
    /// map's rotation returns to the alignment's prior and the anchor is re-placed at the
    /// next scene position.
    mutating func reset(at now: Double, sceneUp: Double?) {
        guard anchored else { resetHeading(); return }
        resetHeading()
        let up: Double? = verticalKnown ? (sceneUp.map { $0 + vertical[0] }) : nil
        resetWorld = (SIMD2(x[Self.tx], x[Self.ty]), up, now)
    }
}
