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

    /// The filter and what it made of each measurement (``Method/filter``;
    /// `FilterEstimator.swift`).
    var estimator: FilterEstimator
    /// The AR session's tracking as last reported (``tracking(_:time:)``).
    public internal(set) var trackingState: TrackingState = .normal
    /// Where the applied correction's information comes from.
    public internal(set) var correctionSource: NavigatorFrame.CorrectionSource = .none

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
        estimator = FilterEstimator(filter: NavigationFilter(model: configuration.filterModel),
                                    routeEvidence: configuration.routeEvidence && configuration.method == .filter ? .on : .disabled)
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
}
