import WaymarkCore

extension Navigator {
    /// Whether the route is evidence of where the user is (``Configuration/routeEvidence``;
    /// `WM_ROUTE_EVIDENCE_*` in C).
    ///
    /// While it is on, each fix taken after the device moved 1 m adds a measurement that
    /// the user is on the leg of the route they are matched to, a few metres to one side
    /// (``Configuration/routeSideOffset``, ``Configuration/routeOffsetSigma``): which side
    /// the fixes tell as the user walks. A measurement whose innovation is beyond 3 σ
    /// is refused; two refused in a row switch the evidence off (a detour, a square
    /// crossed, a wrong turn: the filter then follows the fixes and the scene alone); it
    /// comes on again after 3 measurements in a row within the gate, with a new offset.
    /// Within 8 m of a vertex where the route turns more than 20° there is no measurement:
    /// walkers cut corners.
    public enum RouteEvidence: Int32, Sendable, Equatable, BitwiseCopyable {
        /// Not used (``Configuration/routeEvidence`` false, or the window fits).
        case disabled = 0
        /// The user is taken to be on the route.
        case on = 1
        /// The user is taken to be off it; the route waits for them to rejoin.
        case off = 2
    }

    /// Metres walked (in the scene) between route measurements: the sway about a line is
    /// white only from step to step.
    static let routeStep = 1.0
    /// The on/off test's gate (σ), and the measurements within it that rejoin the route.
    static let routeGate = 3.0, routeRejoin = 3
    /// Corners: no evidence within this many metres of a vertex turning more than this
    /// many degrees (a corner starts a new street, and a new offset).
    static let routeCornerSkip = 8.0, routeCornerAngle = 20.0

    /// Route evidence after a fix (``Method/filter``).
    mutating func filterRoute(at t: Double) {
        estimator.lastRouteNote = nil
        guard estimator.routeEvidence != .disabled, estimator.filter.anchored, trackingState != .reset else { return }
        let u = estimator.filter.reference
        if let last = estimator.links.routePosition {
            let d = u - last
            guard (d * d).sum() >= Self.routeStep * Self.routeStep else { return }
        }
        estimator.links.routePosition = u
        func noteRoute(_ outcome: MeasurementNote.Outcome, tested: Bool) {
            estimator.lastRouteNote = estimator.note(.route, at: t, outcome: outcome, tested: tested)
        }
        // The leg: the nearest in a window about where the user was matched (or the
        // navigator's progress), so a leg of the route lying near another is told apart.
        let user = SIMD3(estimator.filter.anchor.x, estimator.filter.anchor.y, 0)
        let current = max(estimator.routeAlong ?? 0, progress.distance ?? 0)
        let match: (along: Double, offset: Double)
        if estimator.routeAlong == nil && progress.distance == nil {
            let p = route.projectPreferringStart(user, margin: configuration.offRouteDistance)
            match = (p.distanceAlong, p.offset)
        } else {
            match = RouteProgress.nearest(route: route, user: user, from: current - configuration.progressBehind,
                                          to: current + 3 * configuration.progressAhead, current: current)
        }
        let (_, segment) = route.point(atDistance: match.along)
        let pts = route.points, cum = route.cumulative
        guard segment + 1 < pts.count, let leg = route.direction(ofSegment: segment) else { return noteRoute(.skipped, tested: false) }
        let direction = SIMD2(leg.x, leg.y)
        // Near a corner the user cuts it, and may be on the other leg already: no evidence
        // within 8 m of it and twice the anchor's σ (where the match could be the wrong leg).
        let skip = Self.routeCornerSkip + 2 * estimator.filter.anchorSigma(at: u)
        for vertex in segment...(segment + 1) where vertex > 0 && vertex + 1 < pts.count {
            if abs(match.along - cum[vertex]) < skip, route.turn(atVertex: vertex) > Self.routeCornerAngle {
                return noteRoute(.skipped, tested: false)
            }
        }
        // A new street (a turn since the leg last matched): a new offset.
        if let previous = estimator.routeSegment, previous != segment, let before = route.direction(ofSegment: previous),
           AngleMath.atan2d(abs(before.x * leg.y - before.y * leg.x), (before * leg).sum()) > Self.routeCornerAngle {
            estimator.filter.offsetSeeded = false
        }
        if !estimator.filter.offsetSeeded { estimator.filter.seedOffset() }
        let normal = SIMD2(-direction.y, direction.x)
        let a = SIMD2(pts[segment].x, pts[segment].y)
        let (nis, _) = estimator.filter.predictRoute(normal: normal, point: a)
        let within = nis.isFinite && nis <= Self.routeGate * Self.routeGate
        switch estimator.routeEvidence {
        case .on where within:
            estimator.routeRun = 0
            estimator.routeAlong = match.along
            estimator.routeSegment = segment
            let used = estimator.filter.commitRoute(informsHeading: trackingState == .normal)
            if used { estimator.routeMeasurementsUsed += 1 }
            noteRoute(used ? .used : .rejected, tested: true)
        case .on:
            estimator.routeRun += 1
            if estimator.routeRun >= 2 { estimator.routeEvidence = .off; estimator.routeRun = 0 }
            noteRoute(.rejected, tested: true)
        case .off where within:
            estimator.routeRun += 1
            noteRoute(.skipped, tested: true)
            if estimator.routeRun >= Self.routeRejoin {
                estimator.routeEvidence = .on
                estimator.routeRun = 0
                estimator.routeAlong = match.along
                estimator.routeSegment = segment
                // Back on the route, on whichever side: a new offset.
                estimator.filter.seedOffset()
            }
        case .off:
            estimator.routeRun = 0
            noteRoute(.skipped, tested: true)
        case .disabled:
            break
        }
    }
}
