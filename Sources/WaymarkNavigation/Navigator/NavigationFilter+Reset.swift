import CWaymarkMath
import WaymarkCore

/// The vertical, and a tracking reset.
extension NavigationFilter {
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
