import CWaymarkMath
import WaymarkCore

/// Time and motion between measurements: the anchor carried along the scene track, the
/// session's drift, the Gauss–Markov errors' decay.
extension NavigationFilter {
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
        let n = Self.n, centres = offsetCentre, models = cellModel, weights = logWeight
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
                    if weights[k] <= Self.deadLogWeight { continue }
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
}
