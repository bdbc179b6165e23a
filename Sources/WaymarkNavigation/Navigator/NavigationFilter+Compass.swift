import CWaymarkMath
import WaymarkCore

/// Compass readings and the heading's information.
extension NavigationFilter {
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
        let seed: Double? = compassBiasSigma == 0 ? s * share * s * share : nil
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
}
