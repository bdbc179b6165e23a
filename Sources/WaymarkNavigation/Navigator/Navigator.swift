import WaymarkCore

/// AR walking navigation as one session object that stays right over a whole walk
/// (the Yandex.Maps article's finish mark, auxiliary mark, route window and arrows, estimates and
/// axis correction, wired together).
///
/// An engine drives it with three calls: create it with the route and settings; feed
/// it every location fix with the device's scene position at that moment
/// (``addFix(latitude:longitude:height:horizontalAccuracy:verticalAccuracy:time:scenePosition:)``);
/// call ``update(time:camera:projection:viewport:groundHeight:)`` once per rendered
/// frame; it returns everything to draw.
///
/// - Where the scene lies in the world (the heading correction and the anchor): by
///   default (``Method/filter``) the posterior over every fix, compass reading and the
///   scene track (`NavigationFilter`), which sets the frame after each; a user who stops
///   receiving fixes keeps the frame, its σ growing. The window fits of the articles' kind
///   (``Method/fits``) instead re-anchor the frame on every fix and every
///   ``Configuration/anchorInterval`` seconds of frames (``Anchor``), and run the heading
///   fit every ``Configuration/bufferCount`` fixes or ``Configuration/bufferInterval``
///   seconds (also from frames, so it fires during a GPS outage), applying it only when
///   its 1-σ is below ``Configuration/maximumUncertainty``, the fixes it rests on span
///   ``Configuration/minimumSpan`` in the scene, and the device moved
///   ``Configuration/minimumMove`` since the fit's previous run.
/// - Progress: a window of ``Configuration/progressBehind``
///   behind to ``Configuration/progressAhead`` ahead of the current progress; never
///   decreasing; the whole route again after ``Configuration/reacquireAfter`` seconds
///   off-route.
/// - Arrows at along-route distances k · ``Configuration/arrowSpacing`` from the
///   progress to ``Configuration/arrowsAhead`` ahead, so they stay put on the ground.
///
/// Memory: everything is reserved at creation; adding fixes and updating allocate
/// nothing (the C test counts `malloc` calls). Keep ``arrows`` only until the next
/// update: holding it makes that update copy the storage.
public struct Navigator: Sendable {
    /// The settings it was created with.
    public let configuration: Configuration
    /// The route in the navigator's tangent frame (east, north, up metres from the
    /// route's first point; up is 0 throughout for ``RouteHeights/none``).
    public let route: RoutePath
    /// What the route's heights meant.
    public let heights: RouteHeights
    let tangent: LocalTangentFrame
    /// The configuration's axes in metres: everything inside works in metres, and a
    /// scene with its own unit (``SceneAxes/unit``) is converted where values cross the
    /// API (scene positions, camera translations, projections, ground heights).
    let sceneAxes: SceneAxes
    /// Scene units per metre of the configuration's axes.
    let unitScale: Double
    /// The sum of the origin shifts so far, metres in the configuration's axes: the
    /// engine's scene position p is p / unitScale + originOffset inside.
    public internal(set) var originOffset = SIMD3<Double>.zero
    /// The origin-shift distance in force (``Configuration/originShiftDistance`` until
    /// ``setOriginShiftDistance(_:)``), metres; 0 never shifts.
    public internal(set) var originShiftDistance: Double

    /// The current frame (nil until the first fix), in the configuration's axes in
    /// metres (``SceneAxes/inMetres``); ``sceneFrame`` is the same frame in the
    /// configuration's own unit.
    public internal(set) var frame: SceneFrame? = nil

    /// ``frame`` in the configuration's axes and unit: what to convert the app's own
    /// points with so they sit where the navigator draws (nil until the first fix).
    public var sceneFrame: SceneFrame? {
        guard let frame else { return nil }
        var scaled = SceneFrame(tangentFrame: frame.tangentFrame, axes: configuration.axes)
        try? scaled.setEstimate(sceneOrigin: toEngine(frame.sceneOrigin), headingCorrection: frame.headingCorrection)
        return scaled
    }
    /// The window fits' own state (``Method/fits``; `Navigator+WindowFits.swift`).
    var fits: WindowFits
    var progress: RouteProgress

    // Heading.
    /// See ``NavigatorFrame/CorrectionState``.
    public internal(set) var correctionState: NavigatorFrame.CorrectionState = .none
    /// σ of the applied correction (or of the latest estimate while estimating), degrees.
    public internal(set) var correctionSigma: Double? = nil
    /// Heading fits run so far (fix- and time-triggered); under the filter, fixes and
    /// compass readings it considered.
    public internal(set) var headingTriggers = 0
    /// Corrections applied so far.
    public internal(set) var correctionsApplied = 0
    /// Re-anchorings so far (fixes and timer; under the filter, fixes).
    public internal(set) var anchorings = 0
    var lastFixSceneUp: Double? = nil
    /// The device's up (ENU as the scene reads it) at the last fix.
    var lastDeviceUp: Double? = nil

    // The filter (``Method/filter``).
    var filter: NavigationFilter
    /// The AR session's tracking as last reported (``tracking(_:time:)``).
    public internal(set) var trackingState: TrackingState = .normal
    /// Where the applied correction's information comes from.
    public internal(set) var correctionSource: NavigatorFrame.CorrectionSource = .none
    /// Compass readings the filter used (``addHeading(trueHeading:accuracy:time:camera:)``).
    public internal(set) var compassReadingsUsed = 0
    /// Fixes the filter rejected as outliers.
    public internal(set) var fixesRejected = 0
    /// Fixes the filter took only after five rejected in a row widened the anchor
    /// (``MeasurementNote/Outcome/forced``): the world moved, or the reported accuracy
    /// understated the error faster than the filter could tell.
    public internal(set) var fixesForced = 0
    /// What the filter made of the last fix or compass reading (``Method/filter`` only;
    /// nil before the first, and under the window fits).
    public internal(set) var lastMeasurement: MeasurementNote? = nil
    var filterApplied = false
    /// What the filter made of the last fix's velocity (nil when it had none).
    public internal(set) var lastVelocityNote: MeasurementNote? = nil
    /// What the filter made of the last route evidence (nil when none ran on the last fix).
    public internal(set) var lastRouteNote: MeasurementNote? = nil
    /// GPS velocities the filter used.
    public internal(set) var velocitiesUsed = 0
    /// Route measurements the filter used.
    public internal(set) var routeMeasurementsUsed = 0
    /// Whether the route is evidence now (``RouteEvidence``).
    public internal(set) var routeEvidence: RouteEvidence
    /// The last fix's time and scene position (east/north), for the next fix's velocity.
    var lastFixScene: (time: Double, position: SIMD2<Double>)? = nil
    /// Route evidence's own state: the scene position of its last measurement, the leg it
    /// matched (along-route distance and segment), and its on/off test's run.
    var lastRouteScene: SIMD2<Double>? = nil
    var routeAlong: Double? = nil, routeSegment: Int? = nil
    var routeRun = 0
    var lastCompassTime: Double? = nil
    var lastGroundTime: Double? = nil
    /// The latest time of any call, seconds (the filter's clock never runs backwards).
    var latestTime: Double? = nil

    var arrowStorage: [NavigatorArrow]
    /// How many arrows the last update placed.
    public internal(set) var arrowCount = 0
    /// The arrows of the last update, nearest first.
    public var arrows: ArraySlice<NavigatorArrow> { arrowStorage[0..<arrowCount] }
    /// Arrow `i` (0 ≤ i < ``arrowCount``) of the last update.
    public func arrow(_ i: Int) -> NavigatorArrow { arrowStorage[i] }
    /// The ground height the last update used for routes without heights.
    var lastGround: Double = 0
    /// The last update's camera and finish mark, for ``finishLabel(height:)``.
    var lastScreen: ScreenProjection? = nil
    var lastFinish: SIMD3<Double>? = nil

    /// Shifts the scene's zero by `shift` (scene units, scene axes): the engine moved its
    /// world origin there (ARKit's `session.setWorldOrigin(relativeTransform:)` with that
    /// translation), so from now on every scene position it hands over and gets back is
    /// the old one minus `shift`; nothing moves in the world. The automatic form is
    /// ``Configuration/originShiftDistance``.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite shift or one that
    ///   takes the total beyond ±``Limits/maximumSceneCoordinate``; nothing changes then.
    public mutating func shiftOrigin(by shift: SIMD3<Double>) throws(WaymarkError) {
        guard shift.x.isFinite, shift.y.isFinite, shift.z.isFinite else { throw .invalidInput(.nonFinite) }
        let total = originOffset + shift / unitScale
        if let fault = Limits.sceneFault(total) { throw .invalidInput(fault) }
        originOffset = total
    }

    /// Changes the origin-shift distance (``Configuration/originShiftDistance``): metres,
    /// 0 never shifts.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a negative or non-finite distance;
    ///   nothing changes then.
    public mutating func setOriginShiftDistance(_ distance: Double) throws(WaymarkError) {
        guard distance.isFinite else { throw .invalidInput(.nonFinite) }
        guard distance >= 0 else { throw .invalidInput(.outOfRange) }
        originShiftDistance = distance
    }

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

    /// A navigator along `route` (at least 2 points) whose heights are ellipsoidal.
    /// (With WaymarkPROJ, `init(route:heights:configuration:geoid:)` also takes routes
    /// with heights above the geoid.)
    /// - Throws: as ``init(route:heights:configuration:undulation:)``.
    public init(route points: [GeodeticCoordinate], configuration: Configuration = Configuration()) throws(WaymarkError) {
        try self.init(route: points, heights: .ellipsoidal, configuration: configuration, undulation: nil)
    }

    /// A navigator along `route` (at least 2 points).
    /// - Parameters:
    ///   - points: the route's points, first to last (the finish).
    ///   - heights: what the points' heights mean (ignored for ``RouteHeights/none``).
    ///   - configuration: the settings; every capacity is reserved here, once.
    ///   - undulation: the geoid's height above the ellipsoid at a point, metres, for
    ///     ``RouteHeights/orthometric`` (called once per route point, here); the core
    ///     has no geoid of its own — WaymarkPROJ's `Geoid` gives EGM96.
    /// - Throws: ``WaymarkError/badCount`` for fewer than 2 points;
    ///   ``WaymarkError/invalidInput(_:)`` for a bad configuration
    ///   (``Configuration/validate()``); ``WaymarkError/gridMissing(file:package:)``
    ///   for orthometric heights without `undulation`; what `undulation` throws.
    public init(route points: [GeodeticCoordinate], heights: RouteHeights, configuration: Configuration = Configuration(),
                undulation: ((GeodeticCoordinate) throws(WaymarkError) -> Double)?) throws(WaymarkError) {
        try configuration.validate()
        guard points.count >= 2 else { throw .badCount }
        // Heights bounded as frames bound theirs, so every scene position the navigator
        // derives (and its distance to the camera) stays finite.
        for (i, p) in points.enumerated() where p.height.magnitude > Limits.maximumSceneCoordinate {
            throw .invalidElement(index: i, fault: .outOfRange)
        }
        var converted = points
        switch heights {
        case .ellipsoidal: break
        case .orthometric:
            guard let undulation else { throw .gridMissing(file: "egm96_15.gtx", package: "proj-data") }
            for i in converted.indices {
                let p = converted[i]
                converted[i] = GeodeticCoordinate(unchecked: p.latitude, p.longitude, p.height + (try undulation(p)))
            }
        case .none:
            for i in converted.indices { converted[i] = GeodeticCoordinate(unchecked: converted[i].latitude, converted[i].longitude, 0) }
        }
        let t = LocalTangentFrame(origin: converted[0])
        var enu: [SIMD3<Double>] = []
        enu.reserveCapacity(converted.count)
        for p in converted {
            var v = t.forward(p)
            if heights == .none { v.z = 0 }
            enu.append(v)
        }
        self.configuration = configuration
        sceneAxes = configuration.axes.inMetres
        unitScale = configuration.axes.unitsPerMetre
        originShiftDistance = configuration.originShiftDistance
        self.heights = heights
        tangent = t
        route = try RoutePath(points: enu, axes: .enu)
        fits = WindowFits(capacity: configuration.fixCapacity)
        filter = NavigationFilter(model: configuration.filterModel)
        routeEvidence = configuration.routeEvidence && configuration.method == .filter ? .on : .disabled
        progress = RouteProgress(behind: configuration.progressBehind, ahead: configuration.progressAhead,
                                 offRoute: configuration.offRouteDistance, reacquireAfter: configuration.reacquireAfter)
        arrowStorage = [NavigatorArrow](repeating: NavigatorArrow(position: .zero, yaw: 0, distanceAlong: 0),
                                        count: configuration.arrowCapacity)
    }

    /// Feeds a location fix and the device's scene position when it was taken (the
    /// fields of ``Fix`` as parameters, without a velocity).
    /// - Throws: as ``addFix(_:)``.
    public mutating func addFix(latitude: Double, longitude: Double, height: Double? = nil, horizontalAccuracy: Double,
                                verticalAccuracy: Double = 10, time: Double, scenePosition: SIMD3<Double>) throws(WaymarkError) {
        try addFix(Fix(latitude: latitude, longitude: longitude, height: height, horizontalAccuracy: horizontalAccuracy,
                       verticalAccuracy: verticalAccuracy, time: time, scenePosition: scenePosition))
    }

    /// Feeds a location fix (``Fix``): its position, and its velocity when it has one —
    /// under ``Method/filter`` a measurement of the heading against the scene's own
    /// velocity since the previous fix (used when that fix was 0.5–2 s before, tracking
    /// normal between).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for NaN or infinite position values, a
    ///   latitude beyond ±90, accuracies that are not positive, or a scene coordinate or
    ///   accuracy beyond ±``Limits/maximumSceneCoordinate``; nothing changes then. The
    ///   vertical accuracy of a fix without a height is not read. (Invalid velocity fields
    ///   are none, not errors: ``Fix``.)
    public mutating func addFix(_ f: Fix) throws(WaymarkError) {
        let fix = try GeodeticCoordinate(latitude: f.latitude, longitude: f.longitude, height: f.height ?? 0)
        let scenePosition = fromEngine(f.scenePosition)
        // A fix without a height has no vertical accuracy to check (a phone without
        // altitude leaves it 0, or −1): it is not read then, so any value is taken.
        var f = f
        if f.height == nil { f.verticalAccuracy = Fix.unusedVerticalAccuracy }
        guard f.horizontalAccuracy.isFinite, f.verticalAccuracy.isFinite, f.time.isFinite, f.height?.isFinite ?? true,
              scenePosition.x.isFinite, scenePosition.y.isFinite, scenePosition.z.isFinite else { throw .invalidInput(.nonFinite) }
        guard f.horizontalAccuracy > 0, f.verticalAccuracy > 0 else { throw .invalidInput(.notPositive) }
        // Bounded as frames bound their origin, so every position the frame derives stays finite.
        let limit = Limits.maximumSceneCoordinate
        guard scenePosition.x.magnitude <= limit, scenePosition.y.magnitude <= limit, scenePosition.z.magnitude <= limit,
              f.horizontalAccuracy <= limit, f.verticalAccuracy <= limit else { throw .invalidInput(.outOfRange) }
        if configuration.method == .filter {
            filterFix(tangent.forward(fix), hasHeight: f.height != nil, horizontalAccuracy: f.horizontalAccuracy,
                      verticalAccuracy: f.verticalAccuracy, time: f.time, scenePosition: scenePosition, velocity: f.velocity)
            return
        }
        fitsFix(FixRecord(gps: tangent.forward(fix), hasHeight: f.height != nil, scene: scenePosition,
                          horizontalAccuracy: f.horizontalAccuracy, verticalAccuracy: f.verticalAccuracy, time: f.time, serial: 0))
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
            if filter.awaitingScene {
                // The first scene position after a tracking reset places the anchor.
                filter.advance(to: advancedTime(time), scene: sceneAxes.enu(fromScene: cameraPosition), limited: false)
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
        out.routeEvidence = routeEvidence
        out.labelRoll = screen.labelRoll(axes: sceneAxes)
        arrowCount = 0
        guard let frame else { return out }
        out.correction = frame.headingCorrection
        out.userPosition = frame.geodeticUnchecked(cameraPosition)
        if configuration.method == .filter && filter.anchored {
            let u = sceneAxes.enu(fromScene: cameraPosition)
            let sigma = filter.anchorSigma(at: SIMD2(u.x, u.y))
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

/// An arrow of the navigator: where it sits, its yaw along the route and its
/// along-route distance (k · spacing).
public struct NavigatorArrow: Sendable, Equatable, BitwiseCopyable {
    /// Scene units (the configuration's axes and unit).
    public var position: SIMD3<Double>
    /// See ``RoutePath/yaw(of:)``, degrees.
    public var yaw: Double
    /// Metres from the route's start.
    public var distanceAlong: Double
}

/// The finish mark of a frame.
public struct FinishMark: Sendable, Equatable {
    /// Scene units (the configuration's axes and unit).
    public var position: SIMD3<Double>
    /// Straight-line scene distance from the camera, m.
    public var distance: Double
    /// In front of the camera and inside the viewport.
    public var visible: Bool
    /// Screen position, points (y down); nil when behind the camera.
    public var screen: SIMD2<Double>?
    /// On-screen diameter by the article's size rule, points.
    public var diameter: Double
    /// Radius of the sphere at the finish that projects to `diameter`
    /// (``ScreenProjection/sphereRadius(center:screenDiameter:)``), scene units; nil when
    /// behind the camera.
    public var sphereRadius: Double?
}

/// Everything to draw for one rendered frame. A value not available yet is nil.
public struct NavigatorFrame: Sendable, Equatable {
    /// Where the heading correction stands (`WM_CORRECTION_*` in C).
    public enum CorrectionState: Int32, Sendable, Equatable, BitwiseCopyable {
        /// No heading estimate yet (too little motion).
        case none = 0
        /// An estimate exists but is not trusted yet (σ too large or too short a span).
        case estimating = 1
        /// A correction has been applied.
        case applied = 2
    }
    /// Where the information behind the applied heading correction comes from
    /// (`WM_SOURCE_*` in C).
    public enum CorrectionSource: Int32, Sendable, Equatable, BitwiseCopyable {
        /// None: the session's own alignment (nothing applied).
        case none = 0
        /// Mostly compass readings.
        case compass = 1
        /// Mostly the GPS track against the scene track.
        case trackFit = 2
    }
    /// The frame's time, seconds on the caller's clock.
    public var time: Double
    /// Whether a heading correction has been estimated or applied.
    public var correctionState: CorrectionState = .none
    /// The frame's heading correction, degrees: true azimuth = scene azimuth + this.
    public var correction: Double? = nil
    /// Its 1-σ (applied), or the latest estimate's (estimating), degrees.
    public var correctionSigma: Double? = nil
    /// Monotonic along-route distance, m.
    public var progress: Double? = nil
    /// Along-route distance to the finish, m.
    public var remaining: Double? = nil
    /// Horizontal distance from the route window, m.
    public var offRouteDistance: Double? = nil
    /// Whether `offRouteDistance` exceeds ``Navigator/Configuration/offRouteDistance``.
    public var isOffRoute = false
    /// The user's refined position (the camera's, through the frame).
    public var userPosition: GeodeticCoordinate? = nil
    /// The finish mark (nil before the first fix).
    public var finish: FinishMark? = nil
    /// Where the applied correction's information comes from (``Navigator/Method/filter``;
    /// ``CorrectionSource/trackFit`` once a fit is applied under ``Navigator/Method/fits``).
    public var correctionSource: CorrectionSource = .none
    /// The horizontal uncertainty of where the frame puts the camera in the world: the
    /// distance root mean square √(σ_east² + σ_north²), metres (≈ 98 % of errors fall
    /// within twice it). Nil before the first fix and under ``Navigator/Method/fits``.
    public var anchorSigma: Double? = nil
    /// The AR session's tracking as last reported.
    public var trackingState: Navigator.TrackingState = .normal
    /// Whether the route is evidence of where the user is (``Navigator/RouteEvidence``).
    public var routeEvidence: Navigator.RouteEvidence = .disabled
    /// The auxiliary mark, when the finish is off screen.
    public var hint: HintMark? = nil
    /// Degrees counter-clockwise on screen to keep a label level (``ScreenProjection/labelRoll(axes:)``).
    public var labelRoll: Double? = nil
    /// The origin shift this update made (scene units, scene axes; horizontal), nil for
    /// none: move the engine's world origin by it before drawing this frame (ARKit:
    /// `session.setWorldOrigin(relativeTransform:)` with this translation). This frame's
    /// positions, and every scene position handed over from now on, are in the shifted
    /// scene (``Navigator/Configuration/originShiftDistance``) — a camera or fix captured
    /// before the engine moved its origin must be shifted too. An engine that cannot move
    /// it at once leaves automatic shifting off and calls ``Navigator/shiftOrigin(by:)``
    /// when it does.
    public var originShift: SIMD3<Double>? = nil
    /// How many arrows this frame has (``Navigator/arrows``).
    public var arrowCount = 0
    /// The nearest arrow ahead.
    public var firstArrow: NavigatorArrow? = nil

    /// A frame at `time` with nothing available yet.
    public init(time: Double) { self.time = time }
}
