import CWaymarkMath
import WaymarkCore

/// The route as evidence: a pedestrian following a route walks along it, a few metres to
/// one side — the side of the street, kept for a block. The offset o from the centre line
/// of the leg the user is on is a state of its own (prior σ ``Model/routeOffsetSigma``,
/// Gauss–Markov over ``Model/routeOffsetDistance`` metres walked), and each route
/// measurement says n·(t − a) − o = w, with n the leg's left normal, a a point of it and w
/// the walker's sway (``Model/routeSway``). On a straight leg it bounds the cross-track
/// position; after a corner the new leg's cross-track is the old one's along-track, so
/// corners place the user along the route. The cells' weights take its likelihood, so the
/// track's shape against the route's also tells the heading (map matching).
extension NavigationFilter {
    /// Gives o its prior on every cell — σ ``Model/routeOffsetSigma`` about its centre,
    /// uncorrelated with the rest: at the first route measurement, after a corner (a new
    /// street) and when the user rejoins the route. With two sides (``Model/routeSide``)
    /// each cell that carries weight splits in two, one per side of the street (centred
    /// ± the side), each with half its weight; a cell the fixes have ruled out stays one,
    /// centred on the line with the two sides' spread (σ² + side²).
    mutating func seedOffset() {
        let n = Self.n, nn = Self.nn, s = model.routeOffsetSigma, side = model.routeSide
        if side > 0 {
            collapseSides()
            let half = log(0.5)
            for k in 0..<count where weight[k] >= Self.splitWeight {
                let j = live
                live += 1
                for i in 0..<n { mean[j * n + i] = mean[k * n + i] }
                for i in 0..<nn { cov[j * nn + i] = cov[k * nn + i] }
                logWeight[k] += half
                logWeight[j] = logWeight[k]
                partner[j] = k
                cellModel[j] = cellModel[k]
                offsetCentre[k] = side
                offsetCentre[j] = -side
            }
        }
        for k in 0..<live {
            mean[k * n + Self.o] = offsetCentre[k]
            for i in 0..<n { cov[k * nn + Self.o * n + i] = 0; cov[k * nn + i * n + Self.o] = 0 }
            // A cell left whole (or every cell, with one side) has the whole offset's spread.
            cov[k * nn + Self.o * n + Self.o] = offsetCentre[k] == 0 ? s * s + side * side : s * s
        }
        offsetSeeded = true
        if side > 0 { refresh() }
    }

    /// The smallest weight of a cell that splits by side: below it a cell is all but ruled
    /// out, and splitting it would only add work.
    static let splitWeight = 1e-9

    /// The split cells the measurements have settled, back into one: a pair whose
    /// weight together is below ``splitWeight`` (its heading ruled out), or one of whose
    /// sides has below ``splitWeight`` of the other's (the side told). The merged cell
    /// keeps the heavier side's centre; the last cell moves into the freed slot. So the
    /// cost of the sides falls back towards one cell per heading as the walk goes on.
    mutating func pruneSides() {
        let n = Self.n, nn = Self.nn
        var j = live - 1, merged = false
        while j >= count {
            let k = partner[j]
            let wk = weight[k], wj = weight[j]
            if wk + wj < Self.splitWeight || min(wk, wj) < Self.splitWeight * max(wk, wj) {
                let centre = wj > wk ? offsetCentre[j] : offsetCentre[k]
                merge(j, into: k)
                offsetCentre[k] = centre
                let last = live - 1
                if j != last {
                    for i in 0..<n { mean[j * n + i] = mean[last * n + i] }
                    for i in 0..<nn { cov[j * nn + i] = cov[last * nn + i] }
                    logWeight[j] = logWeight[last]
                    weight[j] = weight[last]
                    partner[j] = partner[last]
                    cellModel[j] = cellModel[last]
                    offsetCentre[j] = offsetCentre[last]
                }
                live -= 1
                merged = true
            }
            j -= 1
        }
        if merged { refresh() }
    }

    /// Cell j moment-matched into cell k (the two as one Gaussian: the mixture's mean and
    /// covariance), their weights summed; j is left as it was.
    private mutating func merge(_ j: Int, into k: Int) {
        let n = Self.n, nn = Self.nn
        let wa = weight[k], wb = weight[j], w = wa + wb
        if w > 0 {
            let a = wa / w, b = wb / w
            var d = Lanes()
            for i in 0..<n { d[i] = mean[j * n + i] - mean[k * n + i] }
            d[Self.c] = Self.wrap(d[Self.c])
            for i in 0..<n { mean[k * n + i] += b * d[i] }
            for i in 0..<n {
                for l in 0..<n {
                    cov[k * nn + i * n + l] = a * cov[k * nn + i * n + l] + b * cov[j * nn + i * n + l] + a * b * d[i] * d[l]
                }
            }
        }
        let hi = max(logWeight[k], logWeight[j]), lo = min(logWeight[k], logWeight[j])
        logWeight[k] = hi + log(1 + exp(lo - hi))
        weight[k] = w
    }

    /// Each split cell's two sides back into one (moment-matched: the mixture's mean and
    /// covariance), before the offset is seeded anew or the heading reset.
    mutating func collapseSides() {
        guard live > count else { return }
        for j in count..<live { merge(j, into: partner[j]) }
        for k in 0..<count { offsetCentre[k] = 0 }
        live = count
        refresh()
    }

    /// Route evidence for the leg through `point` (east/north) with unit left normal
    /// `normal`: fills the scratch and returns the NIS of the bank's prediction of
    /// n·(t − a) − o against 0, and that prediction (m), without changing the state —
    /// the navigator decides from it whether the user is on the route.
    mutating func predictRoute(normal: SIMD2<Double>, point a: SIMD2<Double>) -> (nis: Double, offset: Double) {
        let sway = model.routeSway * model.routeSway
        var h = Lanes()
        h[Self.tx] = normal.x; h[Self.ty] = normal.y; h[Self.o] = -1
        let (nis, y) = predict(dims: 1, noise: { _ in (sway, 0, 0) }) { _, x in
            let predicted = normal.x * (x[Self.tx] - a.x) + normal.y * (x[Self.ty] - a.y) - x[Self.o]
            return (SIMD2(-predicted, 0), h, Lanes())
        }
        lastInnovation = -y.x
        lastInnovationSigmas = nis.isFinite ? nis.squareRoot() : nil
        return (nis, -y.x)
    }

    /// Applies the route evidence ``predictRoute(normal:point:)`` prepared. `informsHeading`
    /// false: a Schmidt update (limited tracking). Returns whether it was applied.
    mutating func commitRoute(informsHeading: Bool) -> Bool {
        let before = headingVariance
        guard commit(schmidt: !informsHeading) else { return false }
        if informsHeading { noteHeadingInformation(before: before, track: true) }
        return true
    }
}
