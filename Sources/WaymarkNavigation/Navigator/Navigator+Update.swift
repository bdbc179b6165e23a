import WaymarkCore

/// A rendered frame: the timers, the route progress and everything to draw.
extension Navigator {
    /// The label of the finish mark (the article's distance billboard) for the last
    /// update's camera, `height` above the mark — e.g. `.points(diameter / 2 + 8)` to
    /// float it just over the drawn circle, or `.metres(2)` for a standing 3-D label.
    /// - Returns: nil before the first update that drew a finish, or where
    ///   ``ScreenProjection/label(above:height:axes:)`` gives none.
    /// - Throws: as ``ScreenProjection/label(above:height:axes:)`` (a bad height).
    public func finishLabel(height: LabelHeight) throws(WaymarkError) -> LabelPlacement? {
        _ = try height.checkedAmount()
        guard let screen = lastScreen, let finish = lastFinish else { return nil }
        // Heights in metres stay metres: the navigator works in metres inside.
        guard var label = try screen.label(above: finish, height: height, axes: sceneAxes) else { return nil }
        label.anchor = toEngine(label.anchor)
        label.transform?.columns.3 = SIMD4(label.anchor, 1)
        return label
    }

    /// One rendered frame: runs the timers, then returns everything to draw.
    /// - Parameters:
    ///   - time: seconds on the fixes' clock.
    ///   - camera: camera → scene (ARKit's `camera.transform`), rigid.
    ///   - projection: camera → clip, column-major, either depth convention.
    ///   - viewport: screen points, y down.
    ///   - groundHeight: the scene height of a detected ground plane, for routes
    ///     without heights (else the last fix's device height minus
    ///     ``Configuration/deviceHeight``).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for non-finite values, a singular
    ///   camera or view-projection, a non-positive viewport, or a camera or ground height
    ///   beyond ±``Limits/maximumSceneCoordinate``; nothing changes then.
    public mutating func update(time: Double, camera cameraInput: Matrix4x4d, projection projectionInput: Matrix4x4d,
                                viewport: (x: Double, y: Double, width: Double, height: Double),
                                groundHeight groundInput: Double? = nil) throws(WaymarkError) -> NavigatorFrame {
        let camera = fromEngine(camera: cameraInput), projection = fromEngine(projection: projectionInput)
        let groundHeight = groundInput.map { fromEngine(height: $0) }
        guard time.isFinite, camera.isFinite, groundHeight?.isFinite ?? true else { throw .invalidInput(.nonFinite) }
        let limit = Limits.maximumSceneCoordinate
        guard (groundHeight ?? 0).magnitude <= limit, camera.translation.x.magnitude <= limit,
              camera.translation.y.magnitude <= limit, camera.translation.z.magnitude <= limit else { throw .invalidInput(.outOfRange) }
        guard let view = camera.inverse else { throw .invalidInput(.outOfRange) }
        let screen = try ScreenProjection(view: view, projection: projection, viewport: viewport)
        let cameraPosition = camera.translation
        if configuration.method == .fits {
            fitsTimers(time: time, camera: cameraPosition)
        } else {
            if estimator.filter.awaitingScene {
                // The first scene position after a tracking reset places the anchor.
                estimator.filter.advance(to: estimator.advancedTime(time), scene: sceneAxes.enu(fromScene: cameraPosition), limited: false)
                applyFilter()
            }
            if let groundHeight { filterGround(groundHeight, time: time) }
        }

        var out = NavigatorFrame(time: time)
        if originShiftDistance > 0 {
            // The camera in the engine's metres: the shift brings it back to the zero.
            var shift = cameraPosition - originOffset
            shift[sceneAxes.upAxisIndex] = 0
            if (shift * shift).sum() > originShiftDistance * originShiftDistance {
                originOffset += shift
                out.originShift = shift * unitScale
            }
        }
        out.correctionState = correctionState
        out.correctionSigma = correctionSigma
        out.correctionSource = correctionSource
        out.trackingState = trackingState
        out.routeEvidence = estimator.routeEvidence
        out.labelRoll = screen.labelRoll(axes: sceneAxes)
        arrowCount = 0
        guard let frame else { return out }
        out.correction = frame.headingCorrection
        out.userPosition = frame.geodeticUnchecked(cameraPosition)
        if configuration.method == .filter && estimator.filter.anchored {
            let u = sceneAxes.enu(fromScene: cameraPosition)
            let sigma = estimator.filter.anchorSigma(at: SIMD2(u.x, u.y))
            out.anchorSigma = sigma.isFinite ? sigma : nil
        }

        let userENU = frame.enu(fromScene: cameraPosition)
        progress.update(route: route, user: SIMD3(userENU.x, userENU.y, 0), time: time)
        let along = progress.distance ?? 0
        out.progress = along
        out.remaining = route.length - along
        out.offRouteDistance = progress.offset
        out.isOffRoute = progress.isOffRoute

        let up = sceneAxes.upAxisIndex
        let ground = groundHeight ?? ((lastFixSceneUp ?? cameraPosition[up]) - configuration.deviceHeight)
        lastGround = ground
        func scene(_ enu: SIMD3<Double>) -> SIMD3<Double> {
            var p = frame.scenePosition(fromENU: enu)
            if heights == .none { p[up] = ground }
            return p
        }

        // Arrows: k · spacing from the progress, route-anchored.
        if let range = try? route.arrowRange(from: along, spacing: configuration.arrowSpacing, ahead: configuration.arrowsAhead) {
            let n = min(range.count, arrowStorage.count)
            for j in 0..<n {
                let k = range.first + j
                let s = range.distance(k)
                let (p, segment) = route.point(atDistance: s)
                arrowStorage[j] = NavigatorArrow(position: toEngine(scene(p)), yaw: sceneYaw(segment: segment, frame: frame), distanceAlong: s)
            }
            arrowCount = n
        }
        out.arrowCount = arrowCount
        out.firstArrow = arrowCount > 0 ? arrowStorage[0] : nil

        // The finish mark.
        let finish = scene(route.points[route.points.count - 1])
        let d = finish - cameraPosition
        let distance = (d * d).sum().squareRoot()
        let p = screen.project(finish)
        let diameter: Double
        do throws(WaymarkError) { diameter = try configuration.finishSize.diameter(atDistance: distance) } catch {
            // Nothing of a refused update stays: not its origin shift either.
            if let shift = out.originShift { originOffset -= shift / unitScale }
            throw error
        }
        out.finish = FinishMark(position: toEngine(finish), distance: distance, visible: p.visible,
                                screen: p.inFront ? p.screen : nil, diameter: diameter,
                                sphereRadius: screen.sphereRadius(center: finish, screenDiameter: diameter).map { $0 * unitScale })
        out.hint = HintMark.forTarget(finish, projection: screen, axes: sceneAxes)
        lastScreen = screen
        lastFinish = finish
        return out
    }

    /// The legs (animation path) of arrow `index` of the last update in the current
    /// frame (and that update's ground height): from it to the next arrow's distance,
    /// split at vertices. Visits them in order without allocating.
    public func forEachLeg(ofArrow index: Int, _ body: (ArrowLeg) -> Void) {
        guard let frame, index >= 0, index < arrowCount else { return }
        let s0 = arrowStorage[index].distanceAlong
        let up = sceneAxes.upAxisIndex
        let ground = lastGround
        func scene(_ enu: SIMD3<Double>) -> SIMD3<Double> {
            var p = frame.scenePosition(fromENU: enu)
            if heights == .none { p[up] = ground }
            return p
        }
        route.forEachLeg(from: s0, to: s0 + configuration.arrowSpacing) { leg in
            let a = scene(leg.start), b = scene(leg.end)
            let yaw = RoutePath.yaw(of: b - a, axes: sceneAxes) ?? arrowStorage[index].yaw
            body(ArrowLeg(start: toEngine(a), end: toEngine(b), yaw: yaw, turn: leg.turn))
        }
    }

    // MARK: Internals

    /// The scene yaw of the first route segment at or after `segment` with a
    /// horizontal direction (else before it).
    func sceneYaw(segment: Int, frame: SceneFrame) -> Double {
        let pts = route.points
        func yaw(_ i: Int) -> Double? {
            let d = pts[i + 1] - pts[i]
            guard d.x != 0 || d.y != 0 else { return nil }
            return RoutePath.yaw(of: frame.scenePosition(fromENU: SIMD3(d.x, d.y, 0)) - frame.sceneOrigin, axes: sceneAxes)
        }
        for i in segment..<(pts.count - 1) { if let y = yaw(i) { return y } }
        for i in stride(from: min(segment, pts.count - 2), through: 0, by: -1) { if let y = yaw(i) { return y } }
        return 0
    }
}
