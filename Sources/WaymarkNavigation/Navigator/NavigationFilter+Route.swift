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
    /// Gives o its prior on every cell — mean 0, σ ``Model/routeOffsetSigma``,
    /// uncorrelated with the rest: at the first route measurement, after a corner (a new
    /// street) and when the user rejoins the route.
    mutating func seedOffset() {
        let n = Self.n, nn = Self.nn, s = model.routeOffsetSigma
        for k in 0..<count {
            mean[k * n + Self.o] = 0
            for i in 0..<n { cov[k * nn + Self.o * n + i] = 0; cov[k * nn + i * n + Self.o] = 0 }
            cov[k * nn + Self.o * n + Self.o] = s * s
        }
        offsetSeeded = true
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
