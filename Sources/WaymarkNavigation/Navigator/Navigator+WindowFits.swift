import WaymarkCore

/// The ``Navigator/Method/fits`` path: each fix and frame timer to the window fits
/// (``WindowFits``), whose results set the frame.
extension Navigator {
    /// A fix under ``Method/fits``: kept, the heading fit run when its buffer is full or its
    /// interval has passed, the frame re-anchored.
    mutating func fitsFix(_ record: FixRecord) {
        fits.fixes.append(record)
        lastFixSceneUp = record.scene[sceneAxes.upAxisIndex]
        if frame == nil {
            frame = SceneFrame(tangentFrame: tangent, axes: sceneAxes)
            fits.lastTrigger = record.time
        }
        fits.pendingCount += 1
        if fits.pendingCount >= configuration.bufferCount || record.time - (fits.lastTrigger ?? record.time) >= configuration.bufferInterval {
            triggerHeading(time: record.time, at: record.scene)
        }
        reanchor(at: record.scene, time: record.time)
    }

    /// A frame under ``Method/fits``: the heading fit and the re-anchoring run on their
    /// timers too (so they fire during a GPS outage).
    mutating func fitsTimers(time: Double, camera: SIMD3<Double>) {
        if let t = fits.lastTrigger, time - t >= configuration.bufferInterval { triggerHeading(time: time, at: camera) }
        if let t = fits.lastAnchorTime, time - t >= configuration.anchorInterval { reanchor(at: camera, time: time) }
    }

    /// The assumed 1-σ error of an AR session's compass before any correction,
    /// degrees (the fitted anchor's prior).
    static let compassSigma = 20.0

    /// Runs the heading fit (``Configuration/estimator``) over the kept fixes and applies
    /// its correction when it passes the gates (σ, span, the move since the last run).
    mutating func triggerHeading(time: Double, at position: SIMD3<Double>) {
        guard var frame else { return }
        fits.lastTrigger = time
        fits.pendingCount = 0
        headingTriggers += 1
        let c = configuration
        let fit: TrackFit?
        switch c.estimator {
        case .robustLeastSquares:
            _ = fits.fixes.gather(frame: frame, maximumAccuracy: c.maximumAccuracy)
            fit = fits.fixes.robustFit(rejection: c.rejection)
        case .pairwise:
            _ = fits.fixes.gather(frame: frame, maximumAccuracy: c.maximumAccuracy, fromSerial: fits.pendingFromSerial)
            fit = fits.fixes.pairwise(minimumDistance: c.minimumPairDistance)
        }
        fits.pendingFromSerial = fits.fixes.nextSerial
        // The article's fits rest on the pairs since the last run, each at least its
        // minimum pair distance long: that is its span gate.
        let span = c.estimator == .pairwise ? c.minimumPairDistance : c.minimumSpan
        guard let fit, fit.span >= span else { fits.lastTriggerPosition = position; return }
        let trusted = fit.sigma.isNaN || fit.sigma <= c.maximumUncertainty
        if !trusted {
            fits.lastTriggerPosition = position
            if correctionState != .applied {
                correctionState = .estimating
                correctionSigma = fit.sigma
            }
            return
        }
        // Standing still adds fixes but no information about the heading: apply only
        // after moving since the previous run.
        let previous = fits.lastTriggerPosition
        fits.lastTriggerPosition = position
        if let previous {
            var moved = position - previous
            moved[sceneAxes.upAxisIndex] = 0
            guard (moved * moved).sum() >= c.minimumMove * c.minimumMove else { return }
        }
        do { try frame.applyHeadingCorrection(fit.angle) } catch { return }
        self.frame = frame
        correctionState = .applied
        correctionSigma = fit.sigma.isNaN ? nil : fit.sigma
        correctionsApplied += 1
        correctionSource = .trackFit
        // Keep the user where the fixes put them under the new heading.
        reanchor(at: position, time: time)
    }

    /// Moves the frame so the user's scene position `user` sits where the fixes near it say
    /// (``Configuration/anchor``); keeps it when no fix is within the window.
    mutating func reanchor(at user: SIMD3<Double>, time: Double) {
        guard let frame else { return }
        let c = configuration
        fits.lastAnchorTime = time
        let u3 = frame.enu(fromScene: user)
        let u = SIMD2(u3.x, u3.y)
        var shift: SIMD2<Double>? = nil
        switch c.anchor {
        case .mostAccurate:
            if let b = fits.fixes.best(near: user, within: c.anchorWindow) {
                let ub = frame.enu(fromScene: b.scene)
                shift = SIMD2(b.gps.x - ub.x, b.gps.y - ub.y)
            }
        case .fused, .fitted:
            let n = fits.fixes.gather(frame: frame, near: user, within: c.anchorWindow)
            guard n > 0 else { break }
            if c.anchor == .fitted, var fit = fits.fixes.robustFit(rejection: c.rejection) {
                // Combine the fit's heading with the applied one (the compass, or the
                // last correction), weighting each by 1/σ², so a weak fit moves the
                // anchor little and a strong one fully.
                let prior = correctionState == .applied ? (correctionSigma ?? c.maximumUncertainty) : Self.compassSigma
                fit.angle *= prior * prior / (prior * prior + fit.sigma * fit.sigma)
                shift = fit.gps(at: u) - u
            } else {
                shift = fits.fixes.meanOffset()
            }
        }
        guard let shift else { return }      // no fix within the window: keep the frame
        let gpsUp = fits.fixes.verticalOffset(frame: frame, near: user, within: c.anchorWindow)
        var dz = gpsUp ?? 0
        if gpsUp == nil && heights != .none {
            // No GPS heights: the device is deviceHeight above the route where the user is.
            let along = progress.distance ?? route.project(SIMD3(u + shift, 0)).distanceAlong
            dz = route.point(atDistance: along).point.z + c.deviceHeight - u3.z
        }
        let d = SIMD3(shift.x, shift.y, dz)
        var moved = frame
        let o = frame.sceneOrigin
        do { try moved.setEstimate(sceneOrigin: o - (frame.scenePosition(fromENU: d) - o), headingCorrection: frame.headingCorrection) }
        catch { return }
        self.frame = moved
        anchorings += 1
    }
}
