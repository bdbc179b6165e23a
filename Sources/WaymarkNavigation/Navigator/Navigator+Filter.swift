import WaymarkCore

/// The navigator's inputs beyond fixes and frames, and the ``Navigator/Method/filter``
/// path: each measurement goes to ``NavigationFilter``, whose state then sets the frame.
extension Navigator {
    /// Feeds a compass reading: the true heading of the camera's viewing direction and
    /// the camera's scene pose at that moment.
    ///
    /// Under ``Method/filter`` it is a measurement of the heading correction (true
    /// heading − the viewing direction's scene yaw) whose error is part white, part slowly
    /// varying (``Configuration/compassCorrelatedShare``); readings far from the prediction
    /// (magnetic disturbances) are outliers, not truth. Readings closer than
    /// ``Configuration/compassInterval`` to the last one used, or with the camera pitched
    /// beyond ``Configuration/compassMaximumPitch``, are skipped. Under ``Method/fits`` it
    /// is checked and not used.
    /// - Parameters:
    ///   - trueHeading: degrees clockwise from true north (CoreLocation's
    ///     `CLHeading.trueHeading`, Android's rotation-vector azimuth plus the magnetic
    ///     declination), any finite value.
    ///   - accuracy: its 1-σ, degrees, in (0, 180] (CoreLocation's `headingAccuracy`).
    ///   - time: seconds on the fixes' clock.
    ///   - camera: camera → scene (ARKit's `camera.transform`) when it was read; rigid.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for non-finite values, an accuracy
    ///   outside (0, 180] or a camera beyond ±``Limits/maximumSceneCoordinate``; nothing
    ///   changes then.
    public mutating func addHeading(trueHeading: Double, accuracy: Double, time: Double, camera cameraInput: Matrix4x4d) throws(WaymarkError) {
        let camera = fromEngine(camera: cameraInput)
        guard trueHeading.isFinite, accuracy.isFinite, time.isFinite, camera.isFinite else { throw .invalidInput(.nonFinite) }
        guard accuracy > 0, accuracy <= 180 else { throw .invalidInput(.outOfRange) }
        let limit = Limits.maximumSceneCoordinate
        guard camera.translation.x.magnitude <= limit, camera.translation.y.magnitude <= limit,
              camera.translation.z.magnitude <= limit else { throw .invalidInput(.outOfRange) }
        guard configuration.method == .filter else { return }
        let c = camera.columns
        let forward = sceneAxes.enu(fromScene: -SIMD3(c.2.x, c.2.y, c.2.z))
        let horizontal = (forward.x * forward.x + forward.y * forward.y).squareRoot()
        let length = (horizontal * horizontal + forward.z * forward.z).squareRoot()
        guard length > 0, horizontal > 0 else { return noteSkippedReading(at: time) }
        let pitch = AngleMath.atan2d(forward.z, horizontal)
        guard pitch.magnitude <= configuration.compassMaximumPitch else { return noteSkippedReading(at: time) }
        let t = estimator.advancedTime(time)
        if let last = estimator.links.compassTime, t - last < configuration.compassInterval { return noteSkippedReading(at: t) }
        let position = SIMD3(c.3.x, c.3.y, c.3.z)
        let u = sceneAxes.enu(fromScene: position)
        estimator.filter.advance(to: t, scene: u, limited: trackingState == .limited)
        let measured = trueHeading - AngleMath.atan2d(forward.x, forward.y)
        // Unwrapped next to the current estimate, so the innovation is the short way round.
        let current = estimator.filter.heading?.degrees ?? measured
        let near = current + (measured - current).remainder(dividingBy: 360)
        headingTriggers += 1
        estimator.links.compassTime = t
        let used = estimator.filter.addCompass(measured: near, sigma: accuracy)
        if used { estimator.compassReadingsUsed += 1 }
        applyFilter()
        note(.compass, at: t, outcome: used ? .used : .rejected)
    }

    /// Records a reading left out before the filter saw it (the clock does not move).
    mutating func noteSkippedReading(at time: Double) {
        note(.compass, at: estimator.clockTime(time), outcome: .skipped)
    }

    /// Records what the filter made of a measurement: the filter's innovation for one it
    /// took, none for one skipped.
    mutating func note(_ kind: MeasurementNote.Kind, at time: Double, outcome: MeasurementNote.Outcome) {
        estimator.lastMeasurement = estimator.note(kind, at: time, outcome: outcome, tested: outcome != .skipped)
    }

    /// Tells the navigator the AR session's tracking state (``TrackingState``).
    /// `reset`: scene positions from now on are of a new scene; `limited`: fixes until
    /// the next `normal` inform the anchor only. Time gaps need no call: the filter's
    /// uncertainty grows with the time between measurements.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite time; nothing
    ///   changes then.
    public mutating func tracking(_ state: TrackingState, time: Double) throws(WaymarkError) {
        guard time.isFinite else { throw .invalidInput(.nonFinite) }
        _ = estimator.advancedTime(time)
        switch state {
        case .normal, .limited:
            trackingState = state
        case .reset:
            trackingState = .normal
            if configuration.method == .fits {
                fits.reset()
                return
            }
            estimator.filter.reset(at: estimator.latestTime ?? time, sceneUp: lastDeviceUp)
            estimator.applied = false
            correctionState = .none
            correctionSigma = nil
            correctionSource = .none
            estimator.links = FilterEstimator.SceneLinks()
            // The frame is rebuilt from the next scene position (a frame's camera or a fix).
        }
    }

    /// A fix under ``Method/filter``: `gps` in the navigator's tangent frame (ENU).
    mutating func filterFix(_ gps: SIMD3<Double>, hasHeight: Bool, horizontalAccuracy: Double, verticalAccuracy: Double,
                            time: Double, scenePosition: SIMD3<Double>,
                            velocity: (value: SIMD2<Double>, covariance: (Double, Double, Double))? = nil) {
        let c = configuration
        let t = estimator.advancedTime(time)
        let u = sceneAxes.enu(fromScene: scenePosition)
        lastFixSceneUp = scenePosition[sceneAxes.upAxisIndex]
        lastDeviceUp = u.z
        if frame == nil { frame = SceneFrame(tangentFrame: tangent, axes: sceneAxes) }
        estimator.filter.advance(to: t, scene: u, limited: trackingState == .limited)
        let sigma = horizontalAccuracy * c.accuracyScale
        let informs = trackingState == .normal && estimator.filter.anchored && estimator.filter.movedEnough(c.headingStep)
        headingTriggers += 1
        let used = estimator.filter.addFix(SIMD2(gps.x, gps.y), sigma: sigma, informsHeading: informs)
        if !used { estimator.fixesRejected += 1 }
        if estimator.filter.lastForced { estimator.fixesForced += 1 }
        let outcome: MeasurementNote.Outcome = !used ? .rejected : estimator.filter.lastForced ? .forced : informs ? .used : .anchorOnly
        if heights != .none {
            let share = c.gpsCorrelatedShare
            if hasHeight {
                estimator.filter.addVertical(gps.z - u.z, sigma: verticalAccuracy * (1 - share * share).squareRoot(), gps: true,
                                   correlatedSigma: verticalAccuracy * share)
            }
            // The device is its height above the route where the user is.
            let world = SIMD3(estimator.filter.anchor.x, estimator.filter.anchor.y, 0)
            let along: Double, offset: Double
            if let d = progress.distance { along = d; offset = progress.offset } else {
                let p = route.project(world)
                along = p.distanceAlong; offset = p.offset
            }
            let ground = routeGround(along: along, offset: offset, sigma: Self.deviceHeightSigma,
                                     anchorSigma: estimator.filter.anchorSigma(at: SIMD2(u.x, u.y)))
            estimator.filter.addVertical(ground.height + c.deviceHeight - u.z, sigma: ground.sigma, gps: false)
        }
        anchorings += 1
        note(.fix, at: t, outcome: outcome)
        let position = estimator.lastMeasurement
        filterVelocity(velocity, at: t, scene: SIMD2(u.x, u.y))
        filterRoute(at: t)
        applyFilter()
        // The fix's own note stays the last measurement (velocity and route have theirs).
        estimator.lastMeasurement = position.map { var p = $0; p.heading = estimator.filter.heading?.degrees; p.headingSigma = estimator.filter.heading?.sigma
            p.applied = estimator.applied; return p }
    }

    /// A fix's GPS velocity (``Fix/velocity``) against the scene's velocity since the
    /// previous fix: used when that fix was 0.5–2 s before with tracking normal since; a
    /// Schmidt update (the heading stays) while the device moved less than
    /// ``Configuration/headingStep`` over the interval.
    mutating func filterVelocity(_ velocity: (value: SIMD2<Double>, covariance: (Double, Double, Double))?, at t: Double,
                                 scene u: SIMD2<Double>) {
        defer { estimator.links.fix = trackingState == .normal ? (t, u) : nil }
        estimator.lastVelocityNote = nil
        guard let velocity, estimator.filter.anchored else { return }
        guard let last = estimator.links.fix, t - last.time >= 0.5, t - last.time <= 2, trackingState == .normal else {
            estimator.lastVelocityNote = estimator.note(.velocity, at: t, outcome: .skipped, tested: false)
            return
        }
        let d = u - last.position
        let moved = (d * d).sum() >= configuration.headingStep * configuration.headingStep
        let used = estimator.filter.addVelocity(velocity.value, reported: velocity.covariance, scene: d / (t - last.time),
                                                informsHeading: moved)
        if used { estimator.velocitiesUsed += 1 }
        estimator.lastVelocityNote = estimator.note(.velocity, at: t, outcome: !used ? .rejected : moved ? .used : .anchorOnly,
                                                    tested: true)
    }

    /// A detected ground plane under ``Method/filter`` (at most once a second): the route
    /// at the user's progress lies on it.
    mutating func filterGround(_ groundHeight: Double, time: Double) {
        guard heights != .none, estimator.filter.anchored, let along = progress.distance else { return }
        let t = estimator.clockTime(time)
        if let last = estimator.links.groundTime, t - last < 1 { return }
        estimator.links.groundTime = t
        var g = SIMD3<Double>.zero
        g[sceneAxes.upAxisIndex] = groundHeight
        let up = sceneAxes.enu(fromScene: g).z
        let ground = routeGround(along: along, offset: progress.offset, sigma: Self.groundPlaneSigma,
                                 anchorSigma: estimator.filter.anchorSigma(at: estimator.filter.reference))
        estimator.filter.addVertical(ground.height - up, sigma: ground.sigma, gps: false)
        applyFilter()
    }

    /// How far a hand-held phone's height above the ground varies, m (1-σ), and how far a
    /// detected ground plane is from the ground the route lies on. The route's height at
    /// the user is further uncertain by its slope times the anchor's σ, and by a 10 %
    /// grade over the user's distance from it.
    static let deviceHeightSigma = 0.3, groundPlaneSigma = 0.05

    /// The route's height at `along` as evidence of the ground under the user, and its
    /// 1-σ: `sigma` of the evidence itself, the segment's |rise / run| (at most 10) times
    /// the anchor's σ, a 10 % grade over the user's `offset` from the route.
    func routeGround(along: Double, offset: Double, sigma: Double, anchorSigma sa: Double) -> (height: Double, sigma: Double) {
        let (point, i) = route.point(atDistance: along)
        let pts = route.points
        var slope = 0.0
        if i + 1 < pts.count {
            let d = pts[i + 1] - pts[i]
            let run = (d.x * d.x + d.y * d.y).squareRoot()
            slope = run > 0 ? min(abs(d.z) / run, 10) : 0
        }
        let s2 = sigma * sigma + slope * slope * sa * sa + 0.01 * offset * offset
        return (point.z, s2.squareRoot())
    }

    /// Sets the frame from the filter: the bank's heading (its posterior mean, whenever it
    /// has a direction, so the drawn world turns only as far as the evidence moves it) turned
    /// about the anchor (the user), and the anchor where the filter puts it. The state is
    /// ``NavigatorFrame/CorrectionState/applied`` once the heading's σ is at most
    /// ``Configuration/maximumUncertainty`` (under ``Alignment/gravity``, whose scene yaw is
    /// arbitrary, once it has a direction).
    mutating func applyFilter() {
        let c = configuration
        let informed = estimator.filter.headingSource != .none
        if let h = estimator.filter.heading, informed {
            if !estimator.applied && (h.sigma <= c.maximumUncertainty || c.alignment == .gravity) {
                estimator.applied = true
                correctionsApplied += 1
            }
            correctionSigma = h.sigma
            if estimator.applied {
                correctionState = .applied
                correctionSource = estimator.filter.headingSource
            } else {
                correctionState = .estimating
            }
        }
        guard var frame, estimator.filter.anchored else { return }
        let correction = informed ? (estimator.filter.heading?.degrees ?? 0) : 0
        let t = estimator.filter.anchor
        let turned = TrackFit.rotate(t, by: -correction)
        let p = estimator.filter.reference
        let originENU = SIMD3(p.x - turned.x, p.y - turned.y, estimator.filter.verticalKnown ? -estimator.filter.vertical.offset : 0)
        let origin = sceneAxes.scene(fromENU: originENU)
        do { try frame.setEstimate(sceneOrigin: origin, headingCorrection: correction) } catch { return }
        self.frame = frame
    }
}
