import CWaymarkMath
import WaymarkCore

/// GPS fixes: the update of every cell, the outlier gate and the forced fix, and the
/// accuracy's inflation read from the innovations.
extension NavigationFilter {
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
        if let now = time {
            // Not while the device stands: the models' cells of one heading differ in their
            // headings, and moving weight between them would turn the world.
            if informsHeading { switchModels(dt: now - (switchedAt ?? now)) }
            switchedAt = now
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
    mutating func predictFix(_ z: SIMD2<Double>, sigma: Double) -> (nis: Double, distance: Double) {
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

    /// The NIS of the last fix under the GPS model the bank finds most probable (its
    /// cells moment-matched on their own; on a tie the configured model). Understated
    /// accuracy is what the leading model does not explain. The bank's own NIS also grows
    /// when the models merely disagree (a white and a slowly varying model weighed half and
    /// half while the user stands, before any walk has told them apart), and an inflation
    /// read from it made a white phone look like a slowly varying one at a wider σ — a trap
    /// its fixes could not get it out of.
    func leadingModelNIS() -> Double {
        var lead = 0, leadWeight = -1.0
        for m in 0..<gps.count {
            var total = 0.0
            for k in 0..<live where cellModel[k] == m { total += weight[k] }
            if total > leadWeight + 1e-6 { lead = m; leadWeight = total }
        }
        return mixtureNIS(model: lead, dims: 2).nis
    }

    /// The running mean of NIS / 2 (each clamped at 6, so multipath jumps move it little)
    /// over about 30 fixes, at unit inflation; the inflation of the reported σ is its square
    /// root once it is clearly above 1 (at most √6: the clamp). Returns whether it widened
    /// the covariance now.
    @discardableResult
    mutating func noteAccuracy(_ nis: Double) -> Bool {
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
        for k in 0..<live where !isDead(k) { for i in (k * Self.nn)..<((k + 1) * Self.nn) { cov[i] *= r } }
        refresh()
        return true
    }

    /// Markov switching between the GPS models (the transition of "The interacting
    /// multiple model algorithm for systems with Markovian switching coefficients",
    /// Blom and Bar-Shalom, on the weights): over `dt` seconds the phone's error model
    /// changes with probability p = 1 − exp(−dt / ``Model/switchingTime``), to any model
    /// alike. So each heading's (and side's) weight is spread over the models by p, and a
    /// model its fixes have ruled out keeps a floor from which it comes back when the
    /// phone's error changes. A dead cell given weight takes the state of its heading's
    /// heaviest cell (the mixing step of that paper, at its dominant term).
    mutating func switchModels(dt: Double) {
        guard let tau = model.switchingTime, gps.count > 1, dt > 0 else { return }
        let p = -expm1(-min(dt, 86_400) / tau)
        for q in 0..<keyTotal.count { keyTotal[q] = 0; keyBest[q] = -1 }
        for k in 0..<live where weight[k] > 0 {
            let q = switchingKey(k)
            keyTotal[q] += weight[k]
            if keyBest[q] < 0 || weight[k] > weight[keyBest[q]] { keyBest[q] = k }
        }
        let spread = p / Double(gps.count)
        let n = Self.n, nn = Self.nn
        for k in 0..<live {
            let q = switchingKey(k), best = keyBest[q]
            guard best >= 0 else { continue }
            let w = (1 - p) * weight[k] + spread * keyTotal[q]
            if weight[k] == 0 {
                for i in 0..<n { mean[k * n + i] = mean[best * n + i] }
                for i in 0..<nn { cov[k * nn + i] = cov[best * nn + i] }
            }
            logWeight[k] = log(w)
        }
        refresh()
    }

    /// Cell k's heading cell and side: what the models switch between.
    @inline(__always)
    func switchingKey(_ k: Int) -> Int {
        let heading = (k < count ? k : partner[k]) % perModel
        let centre = offsetCentre[k]
        return 3 * heading + (centre > 0 ? 0 : centre < 0 ? 1 : 2)
    }
}

extension NavigationFilter {
    /// The bank's GPS model, summarised by its weights: the geometric mean of the
    /// correlated models' correlation times (the configured one's while white noise holds
    /// all the weight) and the mean share.
    var modelEstimate: (time: Double, share: Double) {
        var share = 0.0, logTime = 0.0, correlated = 0.0
        for k in 0..<live where weight[k] > 0 {
            let g = gps[cellModel[k]]
            share += weight[k] * g.share
            if g.share > 0 { logTime += weight[k] * log(g.time); correlated += weight[k] }
        }
        return (correlated > 0 ? exp(logTime / correlated) : gps[0].time, share)
    }
}
