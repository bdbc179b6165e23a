import CWaymarkMath
import WaymarkCore

/// GPS velocity as a measurement of the heading: the phone's Doppler velocity is the
/// world velocity, the AR session's track gives the scene velocity over the same
/// interval, and the map turns the one into the other — so every fix taken while walking
/// measures the heading directly, with an error far less correlated than the position's.
extension NavigationFilter {
    /// The smallest σ per axis a GPS velocity is taken at, m/s (no receiver knows its
    /// velocity to better than about this).
    static let minimumVelocitySigma = 0.02

    /// A GPS velocity `z` (world east, north; m/s) whose reported error has covariance
    /// `reported` = (r00, r01, r11) (m²/s²), and the scene velocity `v` (east/north as the
    /// scene reads it) over the interval the velocity stands for. z = R(c)·v + b + w with
    /// b the slowly varying error (``Model/velocityCorrelatedShare`` of σ over
    /// ``Model/velocityCorrelationTime``) and w white. `informsHeading`: false while the
    /// device barely moved (a course reported standing still must not turn the map) or
    /// tracking is limited — the update is then a Schmidt one (the heading and the weights
    /// stay). Returns whether it was used (within the gate).
    @discardableResult
    mutating func addVelocity(_ z: SIMD2<Double>, reported: (Double, Double, Double), scene v: SIMD2<Double>,
                              informsHeading: Bool) -> Bool {
        lastInnovation = nil
        lastInnovationSigmas = nil
        let floor = Self.minimumVelocitySigma * Self.minimumVelocitySigma
        let r00 = max(reported.0, floor), r11 = max(reported.2, floor), r01 = reported.1
        guard r00.isFinite, r11.isFinite, r01.isFinite, r00 * r11 - r01 * r01 > 0, z.x.isFinite, z.y.isFinite,
              v.x.isFinite, v.y.isFinite else { return false }
        let share = model.velocityCorrelatedShare
        let white = 1 - share * share
        let biasVariance = share * share * (r00 + r11) / 2
        // The slowly varying error's prior, for the first velocity (kept only if used).
        let n = Self.n, nn = Self.nn
        let seed: Double? = cov[Self.vx * n + Self.vx] == 0 ? biasVariance : nil
        if let seed { for k in 0..<count { cov[k * nn + Self.vx * n + Self.vx] += seed; cov[k * nn + Self.vy * n + Self.vy] += seed } }
        let before = headingVariance
        let (nis, y) = predict(dims: 2, noise: { _ in (white * r00, white * r01, white * r11) }) { _, x in
            let c = x[Self.c], sn = sin(c), cs = cos(c)
            var h0 = Lanes(), h1 = Lanes()
            // d(R(c)·v)/dc, and the error b.
            h0[Self.c] = -sn * v.x + cs * v.y; h0[Self.vx] = 1
            h1[Self.c] = -cs * v.x - sn * v.y; h1[Self.vy] = 1
            let px = cs * v.x + sn * v.y + x[Self.vx], py = -sn * v.x + cs * v.y + x[Self.vy]
            return (SIMD2(z.x - px, z.y - py), h0, h1)
        }
        lastInnovation = (y * y).sum().squareRoot()
        lastInnovationSigmas = nis.isFinite ? nis.squareRoot() : nil
        let used = nis.isFinite && nis <= model.gate * model.gate && commit(schmidt: !informsHeading)
        if !used, let seed {
            for k in 0..<count { cov[k * nn + Self.vx * n + Self.vx] -= seed; cov[k * nn + Self.vy * n + Self.vy] -= seed }
        }
        guard used else { return false }
        velocityBiasSigma = biasVariance.squareRoot()
        if informsHeading { noteHeadingInformation(before: before, track: true) }
        return true
    }
}
