#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import WaymarkCore
import WaymarkNavigation
import WaymarkSimulation

/// The exact posterior of the walk simulator's model: a slow, simple reference the
/// navigator's estimator is held against ("within 10 % of the exact posterior"), written
/// independently of the navigator (it uses only the public geometry of WaymarkCore and
/// the simulator's events, never the navigator's filter).
///
/// ## The model (``WalkSimulator/events()`` with no yaw drift, resets or limited tracking)
/// - The session's heading error c (degrees; true azimuth = scene azimuth + c) is
///   constant. A horizontal scene offset is the world offset turned counter-clockwise
///   by c, so a world offset is R_ccw(−c) · scene offset. Scene positions are eus
///   (x east, y up, z south): scene-ENU u = (x, −z).
/// - t, the device's world position (east/north metres from the route's start), moves
///   by R_ccw(−c) · d when the device moves d in the scene, plus isotropic position-drift
///   noise of variance positionDrift² · |d| per axis.
/// - A GPS fix is z = t + g + w per axis, σ = accuracy · accuracyScale / √(−2 ln 0.32)
///   (the simulator reports a 68 % radius); g is first-order Gauss–Markov (stationary
///   σ_c = share · σ, correlation time τ, φ = exp(−Δt/τ) from one fix to the next,
///   stationary at the first fix), w white of σ √(1 − share²).
/// - A compass reading gives the correction trueHeading − yaw = c + m + v (wrapped), m
///   Gauss–Markov (share_c · σ_h over τ_c), v white (σ_h √(1 − share_c²)), σ_h the
///   reading's reported accuracy.
/// - Prior: c wrapped-normal N(0, headingPrior) or uniform (nil); t diffuse.
///
/// ## The computation
/// A grid over c (`cells` cells, c_j = −180 + j · 360/cells, so c = 0 is a cell) and,
/// in each cell, the exact Kalman filter of the linear rest (t, g, m). The key
/// simplification: with c fixed in a cell, the dead-reckoning step R_ccw(−c) · d is a
/// known shift of the mean, and neither the noises nor the measurement matrices depend
/// on c. So every cell has the same covariance and the same gain; only the means and the
/// log-weights differ (log-weight += log N(innovation; 0, S), S shared). Further, since
/// every noise is isotropic and the rotation acts on the means only, the east and north
/// axes have one and the same 2 × 2 covariance of (t, g), and m is independent of (t, g)
/// within a cell (no transition or measurement couples them). The posterior is then exact
/// up to the grid's quadrature (and the compass innovation's wrap, negligible for σ_h
/// well under 180°), and cheap: a few operations per cell per event.
///
/// Approximations, all documented where they are made: the drift variance uses the scene
/// step |d| (the simulator uses the true world step, equal up to the drift itself); the
/// optional outlier gate (for multipath scenarios only) is a moment-matched test, not
/// part of the exact model.
struct ExactPosterior {
    /// The model's parameters (the simulator's defaults unless said).
    struct Model {
        /// How much larger the GPS's error is than its reported accuracy implies (1: honest;
        /// > 1: an "urban canyon" phone whose accuracy understates its error).
        var accuracyScale = 1.0
        /// The GPS error's slowly varying share of σ, and its correlation time, s.
        var gpsCorrelatedShare = 0.8
        var gpsCorrelationTime = 30.0
        /// The session's position drift, m per √m walked (0: the scene's motion is exact).
        var positionDrift = 0.0
        /// Prior σ of the heading error c around 0, degrees (gravityAndHeading: the
        /// device's compass); nil: uniform (gravity alignment, no compass in the scene).
        var headingPrior: Double? = 20
        /// The compass readings' slowly varying share of σ_h and its correlation time, s.
        var compassCorrelatedShare = 0.8
        var compassCorrelationTime = 60.0
        /// Whether compass readings (events of kind `.heading`) are used.
        var useCompass = true
        /// Outlier gate (nil: none): a fix whose normalised innovation squared under the
        /// moment-matched mixture prediction exceeds gate² is left out. An approximation,
        /// for multipath scenarios only (the exact model has no outliers).
        var gate: Double? = nil
        /// GPS velocity (events' course and speed): z = R(c)·v + b + w, v the scene velocity
        /// since the previous fix (0.5–2 s before), b Gauss–Markov (share of σ over
        /// `velocityCorrelationTime`), w white, σ per axis the fix's `speedAccuracy` (the
        /// simulator's isotropic error). Off: velocities are ignored.
        var useVelocity = false
        var velocityCorrelatedShare = 0.5
        var velocityCorrelationTime = 10.0
        /// Grid cells over the full circle (720: 0.5°).
        var cells = 720
        /// The heading σ at and under which a correction counts as applied, degrees.
        var appliedSigma = 5.0
    }

    /// The posterior at one frame event.
    struct Frame {
        /// Seconds since the walk started.
        var time: Double
        /// Posterior circular mean of c, degrees in (−180, 180].
        var heading: Double
        /// Posterior circular σ of c, degrees: the root mean square of the wrapped
        /// deviation c − heading (a Gaussian's σ when the posterior is concentrated).
        var headingSigma: Double
        /// heading − the true c, degrees in (−180, 180].
        var headingError: Double
        /// The MMSE device world position (east, north; m from the route's start); NaN
        /// before the first fix.
        var anchor: SIMD2<Double>
        /// |anchor − the true device position|, m (horizontal); NaN before the first fix.
        var anchorError: Double
        /// DRMS of the posterior of the device world position, m (√ of the trace of its
        /// covariance, mixture spread included); NaN before the first fix.
        var anchorSigma: Double
        /// Horizontal distance between the MMSE scene position of the route point at the
        /// given along-route distance and its true scene position, m; nil without an arrow
        /// or before the first fix.
        var arrowError: Double?
    }

    /// What `run` refuses.
    enum Failure: Error {
        /// A tracking change (limited tracking or a reset): outside the reference's model.
        case trackingChange(time: Double)
        /// `arrowAlong` is neither empty nor one entry per frame event.
        case arrowCount(given: Int, frames: Int)
        /// A model parameter out of range.
        case badModel
    }

    /// Runs the walk's events; one Frame per frame event, in order (frames before the
    /// first fix included, so indices match the navigator's samples: there the heading is
    /// the prior's (or the compass's) posterior, `anchor`, `anchorError` and `anchorSigma`
    /// are NaN and `arrowError` nil). `arrowAlong[i]` (one entry per frame event, nil for
    /// none; an empty array: no arrows) is the along-route distance of the navigator's
    /// first arrow on frame i: arrowError is the horizontal distance between the
    /// reference's MMSE scene position (eus x, z) of the route point at that along distance
    /// (`RoutePath.point(atDistance:)` on the route's ENU points) and its true scene
    /// position `event.trueScenePosition(ofENU:)`.
    /// - Throws: ``Failure`` for tracking changes, a wrong `arrowAlong` count or a bad
    ///   model; what the simulator throws.
    static func run(_ walk: WalkSimulator, model: Model, arrowAlong: [Double?]) throws -> [Frame] {
        let events = try walk.events()
        let frameCount = events.reduce(0) { $0 + ($1.kind == .frame ? 1 : 0) }
        guard arrowAlong.isEmpty || arrowAlong.count == frameCount else {
            throw Failure.arrowCount(given: arrowAlong.count, frames: frameCount)
        }
        guard model.cells >= 4, model.accuracyScale > 0, model.gpsCorrelatedShare >= 0, model.gpsCorrelatedShare < 1,
              model.gpsCorrelationTime > 0, model.positionDrift >= 0, (model.headingPrior ?? 1) > 0,
              model.compassCorrelatedShare >= 0, model.compassCorrelatedShare < 1, model.compassCorrelationTime > 0
        else { throw Failure.badModel }

        let world = LocalTangentFrame(origin: walk.scenario.route[0])
        let route = try RoutePath(points: walk.scenario.route.map { world.forward($0) }, axes: .enu)

        // The grid over c and the prior's log-weights.
        let n = model.cells
        var c = [Double](repeating: 0, count: n), cosC = c, sinC = c, logW = c
        for j in 0..<n {
            c[j] = -180 + Double(j) * 360 / Double(n)
            cosC[j] = cos(c[j] * .pi / 180)
            sinC[j] = sin(c[j] * .pi / 180)
            if let sp = model.headingPrior {
                // Wrapped normal: log Σ_k N(c + 360 k; 0, σ), by log-sum-exp.
                let terms = (-3...3).map { k -> Double in let a = (c[j] + 360 * Double(k)) / sp; return -0.5 * a * a }
                let top = terms.max()!
                logW[j] = top + log(terms.reduce(0) { $0 + exp($1 - top) })
            }
        }

        // Per-cell means: the device's world position t, the GPS's slow error g, the
        // compass's slow error m.
        var tx = [Double](repeating: 0, count: n), ty = tx, gx = tx, gy = tx, m = tx
        // The shared covariance: per axis (t, g) [[ptt, ptg], [ptg, pgg]]; m's variance pm.
        var ptt = 0.0, ptg = 0.0, pgg = 0.0, pm = 0.0
        var haveFix = false, haveCompass = false
        var lastFixTime = 0.0, lastCompassTime = 0.0
        // The velocity error's per-cell means and shared per-axis variance; the last fix's
        // scene position and time (for the scene velocity) and the last velocity's time.
        var bx = [Double](repeating: 0, count: n), by = bx
        var pb = 0.0, haveVelocity = false, lastVelocityTime = 0.0
        var lastFixScene: (time: Double, u: SIMD2<Double>)? = nil
        var lastScene: SIMD2<Double>? = nil
        let k68 = model.accuracyScale / (-2 * log(1 - 0.68)).squareRoot()

        var frames: [Frame] = []
        frames.reserveCapacity(frameCount)
        var w = [Double](repeating: 0, count: n)

        for e in events {
            if e.kind == .tracking {
                if e.tracking != .normal { throw Failure.trackingChange(time: e.time) }
                continue
            }
            // Dead reckoning: every cell's device moves by R_ccw(−c) · d; the drift adds
            // positionDrift² · |d| to each axis's t variance (|d| the scene step: see above).
            let u = SIMD2(e.scenePosition.x, -e.scenePosition.z)
            if let last = lastScene, haveFix {
                let d = u - last
                if d.x != 0 || d.y != 0 {
                    for j in 0..<n {
                        tx[j] += cosC[j] * d.x + sinC[j] * d.y
                        ty[j] += -sinC[j] * d.x + cosC[j] * d.y
                    }
                    ptt += model.positionDrift * model.positionDrift * (d.x * d.x + d.y * d.y).squareRoot()
                }
            }
            lastScene = u

            switch e.kind {
            case .fix:
                let zf = world.forward(e.fix!)
                let z = SIMD2(zf.x, zf.y)
                let sigma = e.accuracy * k68
                let share = model.gpsCorrelatedShare
                let varC = share * share * sigma * sigma, varW = (1 - share * share) * sigma * sigma
                defer {
                    // The velocity, after the position (the navigator's order).
                    if model.useVelocity, let course = e.course, let speed = e.speed, let sv = e.speedAccuracy,
                       let last = lastFixScene, e.time - last.time >= 0.5, e.time - last.time <= 2 {
                        let v = (u - last.u) / (e.time - last.time)
                        let a = course * .pi / 180
                        let zv = SIMD2(speed * sin(a), speed * cos(a))
                        let share = model.velocityCorrelatedShare
                        let varB = share * share * sv * sv, varW = (1 - share * share) * sv * sv
                        if !haveVelocity { pb = varB; haveVelocity = true } else {
                            let phi = exp(-(e.time - lastVelocityTime) / model.velocityCorrelationTime)
                            for j in 0..<n { bx[j] *= phi; by[j] *= phi }
                            pb = phi * phi * pb + varB * (1 - phi * phi)
                        }
                        lastVelocityTime = e.time
                        let s = pb + varW, k = pb / s
                        let logNorm = -log(2 * Double.pi * s)
                        for j in 0..<n {
                            // World velocity of cell j: R_ccw(−c) · v.
                            let wx = cosC[j] * v.x + sinC[j] * v.y, wy = -sinC[j] * v.x + cosC[j] * v.y
                            let yx = zv.x - wx - bx[j], yy = zv.y - wy - by[j]
                            logW[j] += logNorm - 0.5 * (yx * yx + yy * yy) / s
                            bx[j] += k * yx; by[j] += k * yy
                        }
                        pb -= k * k * s
                        normalise(&logW)
                    }
                    lastFixScene = (e.time, u)
                }
                if !haveFix {
                    // Diffuse t: the first fix puts t at z with the GPS's full variance, g at
                    // its stationary prior, and cov(t, g) = −var g (t = z − g − w). No c
                    // information yet: the log-weights are unchanged.
                    for j in 0..<n { tx[j] = z.x; ty[j] = z.y; gx[j] = 0; gy[j] = 0 }
                    ptt = sigma * sigma; ptg = -varC; pgg = varC
                    haveFix = true
                    lastFixTime = e.time
                    continue
                }
                // g's Gauss–Markov step since the last fix (composes over skipped fixes).
                let phi = exp(-(e.time - lastFixTime) / model.gpsCorrelationTime)
                lastFixTime = e.time
                for j in 0..<n { gx[j] *= phi; gy[j] *= phi }
                ptg *= phi
                pgg = phi * phi * pgg + varC * (1 - phi * phi)
                // Innovation covariance (per axis, H = [1 1]) and the shared gain.
                let s = ptt + 2 * ptg + pgg + varW
                if let gate = model.gate, gated(z: z, tx: tx, ty: ty, gx: gx, gy: gy, logW: logW, s: s, gate: gate) {
                    continue
                }
                let kt = (ptt + ptg) / s, kg = (ptg + pgg) / s
                let logNorm = -log(2 * Double.pi * s)
                for j in 0..<n {
                    let vx = z.x - tx[j] - gx[j], vy = z.y - ty[j] - gy[j]
                    logW[j] += logNorm - 0.5 * (vx * vx + vy * vy) / s
                    tx[j] += kt * vx; ty[j] += kt * vy
                    gx[j] += kg * vx; gy[j] += kg * vy
                }
                // P − K S Kᵀ.
                ptt -= kt * kt * s; ptg -= kt * kg * s; pgg -= kg * kg * s
                normalise(&logW)

            case .heading:
                guard model.useCompass else { continue }
                let sh = e.headingAccuracy
                let share = model.compassCorrelatedShare
                let varM = share * share * sh * sh, varV = (1 - share * share) * sh * sh
                if !haveCompass {
                    pm = varM
                    haveCompass = true
                } else {
                    let phi = exp(-(e.time - lastCompassTime) / model.compassCorrelationTime)
                    for j in 0..<n { m[j] *= phi }
                    pm = phi * phi * pm + varM * (1 - phi * phi)
                }
                lastCompassTime = e.time
                let y = wrap(e.trueHeading - e.yaw)
                let s = pm + varV, k = pm / s
                let logNorm = -0.5 * log(2 * Double.pi * s)
                for j in 0..<n {
                    let v = wrap(y - c[j] - m[j])
                    logW[j] += logNorm - 0.5 * v * v / s
                    m[j] += k * v
                }
                pm -= k * k * s
                normalise(&logW)

            case .frame:
                let top = logW.max()!
                var total = 0.0
                for j in 0..<n { w[j] = exp(logW[j] - top); total += w[j] }
                var sx = 0.0, sy = 0.0
                for j in 0..<n { w[j] /= total; sx += w[j] * sinC[j]; sy += w[j] * cosC[j] }
                let mean = atan2(sx, sy) * 180 / .pi
                var v2 = 0.0
                for j in 0..<n { let dc = wrap(c[j] - mean); v2 += w[j] * dc * dc }
                var f = Frame(time: e.time, heading: wrap(mean), headingSigma: v2.squareRoot(),
                              headingError: wrap(mean - e.trueCorrection), anchor: SIMD2(.nan, .nan),
                              anchorError: .nan, anchorSigma: .nan, arrowError: nil)
                if haveFix {
                    var mx = 0.0, my = 0.0
                    for j in 0..<n { mx += w[j] * tx[j]; my += w[j] * ty[j] }
                    var spread = 0.0
                    for j in 0..<n {
                        let dx = tx[j] - mx, dy = ty[j] - my
                        spread += w[j] * (dx * dx + dy * dy)
                    }
                    f.anchor = SIMD2(mx, my)
                    f.anchorError = ((mx - e.trueENU.x) * (mx - e.trueENU.x) + (my - e.trueENU.y) * (my - e.trueENU.y)).squareRoot()
                    f.anchorSigma = (2 * ptt + spread).squareRoot()
                    if !arrowAlong.isEmpty, let along = arrowAlong[frames.count] {
                        // MMSE scene-ENU of route point P: Σ w (u + R_ccw(c) (P − t)).
                        let p = route.point(atDistance: along).point
                        var ax = 0.0, ay = 0.0
                        for j in 0..<n {
                            let dx = p.x - tx[j], dy = p.y - ty[j]
                            ax += w[j] * (u.x + cosC[j] * dx - sinC[j] * dy)
                            ay += w[j] * (u.y + sinC[j] * dx + cosC[j] * dy)
                        }
                        // Back to eus: x = east, z = −north.
                        let truth = e.trueScenePosition(ofENU: p)
                        let ex = ax - truth.x, ez = -ay - truth.z
                        f.arrowError = (ex * ex + ez * ez).squareRoot()
                    }
                }
                frames.append(f)

            case .tracking:
                break
            }
        }
        return frames
    }

    /// The first frame time at which headingSigma ≤ `sigma` (nil: never).
    static func firstApplied(_ frames: [Frame], sigma: Double) -> Double? {
        frames.first { $0.headingSigma <= sigma }?.time
    }

    /// An angle folded into (−180, 180], degrees.
    static func wrap(_ degrees: Double) -> Double {
        var a = degrees.truncatingRemainder(dividingBy: 360)
        if a > 180 { a -= 360 } else if a <= -180 { a += 360 }
        return a
    }

    /// Log-weights shifted so the largest is 0 (only their differences matter).
    static func normalise(_ logW: inout [Double]) {
        let top = logW.max()!
        for j in logW.indices { logW[j] -= top }
    }

    /// The outlier gate (an approximation for multipath scenarios): whether fix `z` lies
    /// more than `gate` standard deviations (Mahalanobis) from the moment-matched mixture
    /// prediction — mean Σ w (t + g), covariance s I + Σ w (ẑ − z̄)(ẑ − z̄)ᵀ.
    static func gated(z: SIMD2<Double>, tx: [Double], ty: [Double], gx: [Double], gy: [Double],
                      logW: [Double], s: Double, gate: Double) -> Bool {
        let n = tx.count
        var w = [Double](repeating: 0, count: n), total = 0.0
        for j in 0..<n { w[j] = exp(logW[j]); total += w[j] }
        var mx = 0.0, my = 0.0
        for j in 0..<n { w[j] /= total; mx += w[j] * (tx[j] + gx[j]); my += w[j] * (ty[j] + gy[j]) }
        var cxx = s, cxy = 0.0, cyy = s
        for j in 0..<n {
            let dx = tx[j] + gx[j] - mx, dy = ty[j] + gy[j] - my
            cxx += w[j] * dx * dx; cxy += w[j] * dx * dy; cyy += w[j] * dy * dy
        }
        let vx = z.x - mx, vy = z.y - my
        let det = cxx * cyy - cxy * cxy
        let nis = (cyy * vx * vx - 2 * cxy * vx * vy + cxx * vy * vy) / det
        return nis > gate * gate
    }
}
