import CWaymarkMath
import WaymarkCore
import WaymarkNavigation

/// A simulated walk as an AR app records it: GPS fixes (1 Hz by default) with the
/// device's scene position, camera frames (10 Hz by default) looking along the walk,
/// and, when asked for, compass readings and tracking events — the events of a field
/// log (`waymark simulate --log`), with the truth beside them so tests can score a
/// navigator.
///
/// The AR session's scene origin is the ground at the route's start, the device
/// `deviceHeight` above the ground; its compass is off by `headingError` degrees (true
/// azimuth = scene azimuth + headingError). By default it tracks the motion exactly and
/// GPS adds white noise of `gpsSigma` per horizontal axis (heights are reported
/// exactly, or not at all). The realistic error models are opt-in, so a scenario that
/// names none of them gives the same walk, draw for draw:
/// - GPS: a share of σ slowly varying (first-order Gauss–Markov, `gpsCorrelationTime`),
///   and multipath outliers (a 30–60 m jump on a fix that reports its usual accuracy);
/// - the AR session: yaw drift and position drift (random walks), tracking resets (a new
///   scene with its own origin and compass error) and intervals of limited tracking;
/// - a compass: readings of the viewing direction's true heading with white and slowly
///   varying error and magnetic disturbances (30–60° for 10 s).
///
/// The new models draw from a second generator, so the GPS's white noise is the same
/// draws with or without them.
public struct WalkSimulator: Sendable {
    /// What is simulated; the defaults walk at 1.4 m/s with 5 m GPS noise and a 15°
    /// compass error.
    public struct Scenario: Sendable {
        /// The route walked (≥ 2 points, ellipsoidal heights).
        public var route: [GeodeticCoordinate]
        /// Walking speed, metres per second (1.4).
        public var speed = 1.4
        /// GPS error, metres per horizontal axis, 1 σ (5).
        public var gpsSigma = 5.0
        /// The slowly varying share of `gpsSigma` in [0, 1) (0: white noise only; 0.8: 4 m
        /// of a 5 m σ): σ_correlated = share · σ, σ_white = √(1 − share²) · σ.
        public var gpsCorrelatedShare = 0.0
        /// Correlation time of the slowly varying GPS error, seconds (30).
        public var gpsCorrelationTime = 30.0
        /// GPS altitude error, metres, 1 σ (0: heights exact), with the horizontal's
        /// correlated share and time; fixes report it as their vertical accuracy.
        public var gpsVerticalSigma = 0.0
        /// Probability that a fix is a multipath outlier, 30–60 m off (0).
        public var outlierProbability = 0.0
        /// The confidence of the reported accuracy radius: a fix reports
        /// gpsSigma · √(−2 ln(1 − confidence)) (0.68, Android's documented meaning: 1.51 σ);
        /// nil reports gpsSigma itself.
        public var accuracyConfidence: Double? = 0.68
        /// The AR session's compass error, degrees (15).
        public var headingError = 15.0
        /// The AR session's yaw drift, degrees per √minute (random walk; 0).
        public var yawDrift = 0.0
        /// The AR session's position drift, metres per √metre walked (random walk; 0).
        public var positionDrift = 0.0
        /// Compass readings' 1-σ error, degrees; nil: no compass readings (default).
        public var compassSigma: Double? = nil
        /// The slowly varying share of `compassSigma` (0.8) and its correlation time, s (60).
        public var compassCorrelatedShare = 0.8, compassCorrelationTime = 60.0
        /// Seconds between compass readings (0.5).
        public var compassInterval = 0.5
        /// Magnetic disturbances started per second (0): each turns the readings 30–60°
        /// for 10 s while they report their usual accuracy.
        public var compassDisturbance = 0.0
        /// Times of tracking resets, seconds: the session restarts with its origin on the
        /// ground under the device and a compass error `resetHeadingChange` degrees off the
        /// old one.
        public var resets: [Double] = []
        /// Degrees by which a reset changes the session's compass error (−25).
        public var resetHeadingChange = -25.0
        /// Intervals of limited tracking, seconds: the session drifts 0.5 m and 1° per √s.
        public var limited: [ClosedRange<Double>] = []
        /// Seconds standing at the start before walking, and at the end after it.
        public var waitBefore = 0.0, waitAfter = 0.0
        /// Stop walking after this many metres (nil: to the route's end).
        public var walkDistance: Double? = nil
        /// Where the walk starts, metres along the route (0: its first point) — a user who
        /// opens the app mid-route.
        public var startAlong = 0.0
        /// Along-route distances, metres, over which the walker leaves the route and walks
        /// `detourOffset` metres to its left (negative: right), easing out and back over 10 m
        /// at each end (a detour round a closed pavement, a crossing of a square).
        public var detour: ClosedRange<Double>? = nil
        /// The detour's lateral offset, metres (30).
        public var detourOffset = 30.0
        /// How many times larger the GPS error is than the fixes report (1: honest; 1.5: an
        /// urban canyon whose reported accuracy understates the error).
        public var accuracyUnderstatement = 1.0
        /// No fixes arrive in this interval of seconds (a GPS outage).
        public var outage: ClosedRange<Double>? = nil
        /// Seconds between fixes (1).
        public var fixInterval = 1.0
        /// Seconds between camera frames (0.1).
        public var frameInterval = 0.1
        /// Whether fixes carry heights (true) or leave them out.
        public var reportHeights = true
        /// The device's height above the ground, metres (1.4).
        public var deviceHeight = 1.4
        /// The camera's pitch, degrees (0: level).
        public var pitch = 0.0
        /// The camera's roll, degrees (0).
        public var roll = 0.0
        /// GPS velocity (Doppler): its error's 1-σ per axis, m/s; nil: fixes carry no
        /// velocity (default). A fix's velocity is the true mean velocity since the
        /// previous fix plus the error; a course is reported only at
        /// ``velocityMinimumSpeed`` and above (a phone reports none standing still), with
        /// accuracy atan(σ / speed) — so the course's error grows as the speed falls.
        public var velocitySigma: Double? = nil
        /// The velocity error's slowly varying share of its σ (0.5).
        public var velocityCorrelatedShare = 0.5
        /// The velocity error's correlation time, s (10).
        public var velocityCorrelationTime = 10.0
        /// The measured speed below which no course is reported, m/s (0.5).
        public var velocityMinimumSpeed = 0.5
        /// The walker's distance from the route's centre line, metres (nil: on it): on each
        /// leg (between vertices turning more than 20°) a distance drawn in this range on a
        /// side drawn at random — the pavement of a street — kept for the leg; at each
        /// corner the walker crosses to the other side with probability
        /// ``crossingProbability``, and cuts the corner (a straight line from 6 m before it
        /// on the old leg's line to 6 m after it on the new one's).
        public var lateralOffset: ClosedRange<Double>? = nil
        /// The probability of crossing the street at a corner (0.5).
        public var crossingProbability = 0.5
        /// At each corner, with probability 0.5, the walker waits this many seconds (a
        /// range drawn from; nil: never) — a pedestrian light.
        public var cornerPause: ClosedRange<Double>? = nil
        /// A wrong turn: at the route's first corner at or after this along-route distance
        /// the walker goes straight on for ``wrongTurnLength`` metres, turns and walks back
        /// to the corner, then follows the route (nil: none).
        public var wrongTurn: Double? = nil
        /// How far the wrong turn goes, metres (40).
        public var wrongTurnLength = 40.0
        /// The random seed: same seed, same walk.
        public var seed: UInt64 = 1

        /// A walk along `route` with the defaults.
        public init(route: [GeodeticCoordinate]) { self.route = route }
    }

    /// One event of the walk.
    public struct Event: Sendable, Equatable {
        /// The kinds of event of a field log.
        public enum Kind: Sendable, Equatable {
            /// A GPS fix with the device's scene position.
            case fix
            /// A camera frame.
            case frame
            /// A compass reading with the camera's pose.
            case heading
            /// A tracking state change (`tracking`).
            case tracking
        }
        /// Which kind of event.
        public var kind: Kind
        /// Seconds since the walk started.
        public var time: Double
        /// Fix: the reported position (height nil when not reported) and accuracy.
        public var fix: GeodeticCoordinate? = nil
        /// Fix: whether the height was reported.
        public var heightReported = false
        /// Fix: the horizontal accuracy reported (a radius, see
        /// ``Scenario/accuracyConfidence``), metres.
        public var accuracy: Double = 0
        /// Fix: the vertical accuracy reported (1 σ), metres (10 when heights are exact).
        public var verticalAccuracy: Double = 10
        /// Fix: the device; frame and heading: the camera. Scene metres (eus).
        public var scenePosition: SIMD3<Double>
        /// Frame and heading: the camera's angles (``CameraPose``), degrees.
        public var yaw = 0.0, pitch = 0.0, roll = 0.0
        /// Heading: the compass's true heading of the viewing direction and its reported
        /// 1-σ accuracy, degrees.
        public var trueHeading = 0.0, headingAccuracy = 0.0
        /// Tracking: the new state.
        public var tracking: Navigator.TrackingState = .normal
        /// Fix: the GPS velocity as a phone reports it (``Scenario/velocitySigma``): course,
        /// degrees from true north, and its 1-σ; speed, m/s, and its 1-σ. Nil: none.
        public var course: Double? = nil
        /// Fix: the course's reported 1-σ, degrees (nil: none).
        public var courseAccuracy: Double? = nil
        /// Fix: the speed, m/s (nil: none).
        public var speed: Double? = nil
        /// Fix: the speed's reported 1-σ, m/s (nil: none).
        public var speedAccuracy: Double? = nil
        /// Truth: the user's along-route distance from the route's start, m.
        public var trueAlong: Double
        /// Truth: the device's world position, east/north/up metres from the route's start.
        public var trueENU = SIMD3<Double>()
        /// Truth: the session's compass error now (true azimuth = scene azimuth + this), degrees.
        public var trueCorrection = 0.0

        /// Truth: the scene position (eus) of world point `enu` (east/north/up metres from
        /// the route's start) in the session of this event.
        public func trueScenePosition(ofENU enu: SIMD3<Double>) -> SIMD3<Double> {
            let d = enu - trueENU
            let (sn, cs) = AngleMath.sincosd(trueCorrection)
            // Scene-ENU = world turned counter-clockwise by the correction.
            let u = SIMD3(cs * d.x - sn * d.y, sn * d.x + cs * d.y, d.z)
            return scenePosition + SceneAxes.eus.scene(fromENU: u)
        }
    }

    /// What this simulator runs.
    public let scenario: Scenario
    /// A simulator of `scenario`.
    public init(_ scenario: Scenario) { self.scenario = scenario }

    /// The true compass error at the start, as the navigator should find it.
    public var trueCorrection: Double { scenario.headingError }

    /// The session's scene position of a route point's ground (eus) at the start (later
    /// events: ``Event/trueScenePosition(ofENU:)``).
    public func scenePosition(of p: GeodeticCoordinate) -> SIMD3<Double> {
        var truth = SceneFrame(tangentFrame: LocalTangentFrame(origin: scenario.route[0]), axes: .eus)
        try? truth.setEstimate(sceneOrigin: .zero, headingCorrection: scenario.headingError)
        return truth.scenePosition(of: p)
    }

    /// The events in time order (at one time: a tracking change, then a fix, a compass
    /// reading and a frame).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a route of fewer than 2 points,
    ///   non-finite or out-of-range parameters, or more than 2²⁴ fixes or frames.
    public func events() throws(WaymarkError) -> [Event] {
        let s = scenario
        guard s.route.count >= 2 else { throw .invalidInput(.outOfRange) }
        for v in [s.speed, s.gpsSigma, s.headingError, s.waitBefore, s.waitAfter, s.fixInterval, s.frameInterval,
                  s.deviceHeight, s.pitch, s.roll, s.walkDistance ?? 0, s.gpsCorrelatedShare, s.gpsCorrelationTime,
                  s.outlierProbability, s.accuracyConfidence ?? 0.5, s.gpsVerticalSigma, s.yawDrift, s.positionDrift, s.compassSigma ?? 1,
                  s.compassCorrelatedShare, s.compassCorrelationTime, s.compassInterval, s.compassDisturbance,
                  s.resetHeadingChange, s.startAlong, s.detourOffset, s.accuracyUnderstatement,
                  s.detour?.lowerBound ?? 0, s.detour?.upperBound ?? 0, s.velocitySigma ?? 1, s.velocityCorrelatedShare,
                  s.velocityCorrelationTime, s.velocityMinimumSpeed, s.lateralOffset?.lowerBound ?? 0,
                  s.lateralOffset?.upperBound ?? 0, s.crossingProbability, s.cornerPause?.lowerBound ?? 0,
                  s.cornerPause?.upperBound ?? 0, s.wrongTurn ?? 0, s.wrongTurnLength] where !v.isFinite {
            throw .invalidInput(.nonFinite)
        }
        for r in s.resets where !r.isFinite { throw .invalidInput(.nonFinite) }
        for l in s.limited where !l.lowerBound.isFinite || !l.upperBound.isFinite { throw .invalidInput(.nonFinite) }
        guard s.speed > 0, s.gpsSigma >= 0, s.waitBefore >= 0, s.waitAfter >= 0, s.fixInterval > 0, s.frameInterval > 0,
              (s.walkDistance ?? 0) >= 0, s.gpsCorrelatedShare >= 0, s.gpsCorrelatedShare < 1, s.gpsCorrelationTime > 0,
              s.outlierProbability >= 0, s.outlierProbability <= 1, s.gpsVerticalSigma >= 0, (s.accuracyConfidence ?? 0.5) > 0,
              (s.accuracyConfidence ?? 0.5) < 1, s.yawDrift >= 0, s.positionDrift >= 0, (s.compassSigma ?? 1) > 0,
              (s.compassSigma ?? 1) <= 180, s.compassCorrelatedShare >= 0, s.compassCorrelatedShare < 1,
              s.compassCorrelationTime > 0, s.compassInterval > 0, s.compassDisturbance >= 0,
              s.resets.count <= 1 << 16, s.limited.count <= 1 << 16, s.startAlong >= 0, s.accuracyUnderstatement > 0,
              s.detourOffset.magnitude <= 1e4, (s.velocitySigma ?? 1) > 0, s.velocityCorrelatedShare >= 0,
              s.velocityCorrelatedShare < 1, s.velocityCorrelationTime > 0, s.velocityMinimumSpeed >= 0,
              (s.lateralOffset?.lowerBound ?? 0) >= 0, (s.lateralOffset?.upperBound ?? 0) <= 1e4, s.crossingProbability >= 0,
              s.crossingProbability <= 1, (s.cornerPause?.lowerBound ?? 0) >= 0, (s.cornerPause?.upperBound ?? 0) <= 86_400,
              (s.wrongTurn ?? 0) >= 0, s.wrongTurnLength >= 0, s.wrongTurnLength <= 1e4 else { throw .invalidInput(.outOfRange) }
        let world = LocalTangentFrame(origin: s.route[0])
        let path = try RoutePath(points: s.route.map { world.forward($0) }, axes: .enu)
        var truth = SceneFrame(tangentFrame: world, axes: .eus)
        try truth.setEstimate(sceneOrigin: .zero, headingCorrection: s.headingError)
        let start = min(s.startAlong, path.length)
        let walked = min(s.walkDistance ?? path.length, path.length - start)
        let plan = WalkPlan(s, path: path, start: start, walked: walked)
        let end = s.waitBefore + plan.walkTime + s.waitAfter
        var rng = SeededGenerator(seed: s.seed)
        // The velocity's own draws (a walk without velocity draws none of them).
        var velocityRNG = SeededGenerator(seed: s.seed ^ 0x3C6E_F372_FE94_F82B)
        var velocityBias = SIMD2<Double>()
        if let v = s.velocitySigma {
            velocityBias = v * s.velocityCorrelatedShare * SIMD2(velocityRNG.gaussian(), velocityRNG.gaussian())
        }
        // The opt-in models' own draws.
        var more = SeededGenerator(seed: s.seed ^ 0x6A09_E667_F3BC_C908)
        var events: [Event] = []
        // A bounded walk: at most 2²⁴ fixes and frames each (a 19-day walk at 10 Hz).
        guard end / s.fixInterval < 0x1p24, end / s.frameInterval < 0x1p24 else { throw .invalidInput(.outOfRange) }
        let fixes = Int((end / s.fixInterval).rounded(.down)), frames = Int((end / s.frameInterval).rounded(.down))
        events.reserveCapacity(fixes + frames + 2 + (s.compassSigma == nil ? 0 : Int(end / s.compassInterval) + 1))
        let reported: Double
        if let c = s.accuracyConfidence { reported = max(s.gpsSigma, 1) * (-2 * log(1 - c)).squareRoot() / s.accuracyUnderstatement }
        else { reported = max(s.gpsSigma, 1) / s.accuracyUnderstatement }
        // The session: a closed form while it tracks perfectly, else integrated step by step.
        let integrated = s.yawDrift > 0 || s.positionDrift > 0 || !s.resets.isEmpty || !s.limited.isEmpty
        var correction = s.headingError
        // (Where the walker starts: the route's point unless they walk beside it.)
        let first = s.lateralOffset == nil ? path.point(atDistance: start).point : plan.position(atTime: 0).point
        var scene = truth.scenePosition(fromENU: first)
        var lastWorld = first, lastTime = 0.0
        var resetIndex = 0
        var wasLimited = false
        // GPS's slowly varying error; the compass's, and its disturbance.
        var gpsBias = SIMD2<Double>()
        if s.gpsCorrelatedShare > 0 {
            gpsBias = s.gpsSigma * s.gpsCorrelatedShare * SIMD2(more.gaussian(), more.gaussian())
        }
        let compassShare = s.compassCorrelatedShare
        var compassBias = (s.compassSigma ?? 0) * compassShare * more.gaussian()
        var lastCompass = -Double.infinity, lastGPS = 0.0
        var verticalBias = s.gpsVerticalSigma * s.gpsCorrelatedShare * more.gaussian()
        var disturbance = 0.0, disturbedUntil = -Double.infinity
        var i = 0, j = 0
        while i <= fixes || j <= frames {
            // Divided, not multiplied, so 0.1 s steps print as 214.2, not 214.20000000000002.
            let tf = Double(i) / (1 / s.fixInterval), tc = Double(j) / (1 / s.frameInterval)
            let isFix = i <= fixes && (j > frames || tf <= tc)
            let t = isFix ? tf : tc
            let (along, p, segment) = plan.position(atTime: t)
            var device: SIMD3<Double>
            if integrated {
                let isLimited = s.limited.contains { $0.contains(t) }
                if isLimited != wasLimited {
                    events.append(Event(kind: .tracking, time: t, scenePosition: scene, tracking: isLimited ? .limited : .normal,
                                        trueAlong: along, trueENU: p + SIMD3(0, 0, s.deviceHeight), trueCorrection: correction))
                    wasLimited = isLimited
                }
                if resetIndex < s.resets.count, t >= s.resets[resetIndex] {
                    // A new session: origin on the ground under the device, a new compass error.
                    resetIndex += 1
                    correction += s.resetHeadingChange
                    scene = SIMD3(0, 0, 0)
                    lastWorld = p
                    events.append(Event(kind: .tracking, time: t, scenePosition: SIMD3(0, s.deviceHeight, 0), tracking: .reset,
                                        trueAlong: along, trueENU: p + SIMD3(0, 0, s.deviceHeight), trueCorrection: correction))
                }
                let dt = t - lastTime
                lastTime = t
                var yawStep = s.yawDrift * s.yawDrift / 60 * dt
                let moved = p - lastWorld
                let metres = (moved.x * moved.x + moved.y * moved.y).squareRoot()
                var shift = s.positionDrift * s.positionDrift * metres
                if isLimited { yawStep += dt; shift += 0.25 * dt }
                if yawStep > 0 { correction += yawStep.squareRoot() * more.gaussian() }
                let (sn, cs) = AngleMath.sincosd(correction)
                var u = SIMD3(cs * moved.x - sn * moved.y, sn * moved.x + cs * moved.y, moved.z)
                if shift > 0 { u += shift.squareRoot() * SIMD3(more.gaussian(), more.gaussian(), 0) }
                scene += SceneAxes.eus.scene(fromENU: u)
                lastWorld = p
                device = scene
            } else {
                device = truth.scenePosition(fromENU: p)
            }
            device.y += s.deviceHeight
            let trueENU = p + SIMD3(0, 0, s.deviceHeight)
            if isFix {
                i += 1
                var nx = s.gpsSigma * rng.gaussian(), ny = s.gpsSigma * rng.gaussian()
                if s.gpsCorrelatedShare > 0 {
                    let white = (1 - s.gpsCorrelatedShare * s.gpsCorrelatedShare).squareRoot()
                    let sigma = s.gpsSigma * s.gpsCorrelatedShare
                    gpsBias.x = Self.gaussMarkov(gpsBias.x, sigma: sigma, dt: t - lastGPS, tau: s.gpsCorrelationTime, &more)
                    gpsBias.y = Self.gaussMarkov(gpsBias.y, sigma: sigma, dt: t - lastGPS, tau: s.gpsCorrelationTime, &more)
                    nx = nx * white + gpsBias.x
                    ny = ny * white + gpsBias.y
                }
                var nz = 0.0
                if s.gpsVerticalSigma > 0 {
                    let share = s.gpsCorrelatedShare
                    verticalBias = Self.gaussMarkov(verticalBias, sigma: s.gpsVerticalSigma * share, dt: t - lastGPS,
                                                    tau: s.gpsCorrelationTime, &more)
                    nz = verticalBias + s.gpsVerticalSigma * (1 - share * share).squareRoot() * more.gaussian()
                }
                lastGPS = t
                if s.outlierProbability > 0 && more.unit() < s.outlierProbability {
                    let (js, jc) = AngleMath.sincosd(360 * more.unit())
                    let size = 30 + 30 * more.unit()
                    nx += size * js
                    ny += size * jc
                }
                var measured: SIMD2<Double>? = nil
                if let sigma = s.velocitySigma {
                    // The true mean velocity over the last fix interval, and the error.
                    let q = plan.position(atTime: t - s.fixInterval).point
                    let v = SIMD2(p.x - q.x, p.y - q.y) / s.fixInterval
                    let share = s.velocityCorrelatedShare
                    let dt = s.fixInterval
                    velocityBias.x = Self.gaussMarkov(velocityBias.x, sigma: sigma * share, dt: dt, tau: s.velocityCorrelationTime, &velocityRNG)
                    velocityBias.y = Self.gaussMarkov(velocityBias.y, sigma: sigma * share, dt: dt, tau: s.velocityCorrelationTime, &velocityRNG)
                    let white = sigma * (1 - share * share).squareRoot()
                    measured = v + velocityBias + white * SIMD2(velocityRNG.gaussian(), velocityRNG.gaussian())
                }
                if let o = s.outage, o.contains(t) { continue }
                let g = world.reverseUnchecked(p + SIMD3(nx, ny, s.deviceHeight + nz))
                var fix = Event(kind: .fix, time: t, fix: g, heightReported: s.reportHeights, accuracy: reported,
                                verticalAccuracy: s.gpsVerticalSigma > 0 ? s.gpsVerticalSigma : 10,
                                scenePosition: device, trueAlong: along, trueENU: trueENU, trueCorrection: correction)
                if let m = measured, let sigma = s.velocitySigma {
                    let speed = (m * m).sum().squareRoot()
                    fix.speed = speed
                    fix.speedAccuracy = sigma
                    if speed >= s.velocityMinimumSpeed {
                        // [0, 360), as phones report it (a negative course is CoreLocation's "none").
                        let course = AngleMath.atan2d(m.x, m.y)
                        fix.course = course < 0 ? course + 360 : course
                        fix.courseAccuracy = AngleMath.atan2d(sigma, speed)
                    }
                }
                events.append(fix)
            } else {
                j += 1
                // Looking along the walk: the segment's true azimuth less the compass error.
                let d = path.points[segment + 1] - path.points[segment]
                let azimuth = d.x == 0 && d.y == 0 ? 0 : AngleMath.atan2d(d.x, d.y)
                let yaw = AngleMath.normalizedAzimuth(azimuth - correction)
                if let sigma = s.compassSigma, t - lastCompass >= s.compassInterval - 1e-9 {
                    let dt = t - max(lastCompass, 0)
                    lastCompass = t
                    compassBias = Self.gaussMarkov(compassBias, sigma: sigma * compassShare, dt: dt, tau: s.compassCorrelationTime, &more)
                    if t >= disturbedUntil {
                        disturbance = 0
                        if s.compassDisturbance > 0 && more.unit() < s.compassDisturbance * s.compassInterval {
                            disturbance = (more.unit() < 0.5 ? -1 : 1) * (30 + 30 * more.unit())
                            disturbedUntil = t + 10
                        }
                    }
                    let white = sigma * (1 - compassShare * compassShare).squareRoot() * more.gaussian()
                    let reading = AngleMath.normalizedAzimuth(azimuth + compassBias + white + disturbance)
                    events.append(Event(kind: .heading, time: t, scenePosition: device, yaw: yaw, pitch: s.pitch, roll: s.roll,
                                        trueHeading: reading, headingAccuracy: sigma, trueAlong: along, trueENU: trueENU,
                                        trueCorrection: correction))
                }
                events.append(Event(kind: .frame, time: t, scenePosition: device, yaw: yaw, pitch: s.pitch, roll: s.roll,
                                    trueAlong: along, trueENU: trueENU, trueCorrection: correction))
            }
        }
        return events
    }

    /// The walker's horizontal offset from the route at `along` during a detour: to the left
    /// of the segment, eased in and out over 10 m.
    static func detourShift(_ d: ClosedRange<Double>, offset: Double, along: Double, path: RoutePath, segment: Int) -> SIMD3<Double> {
        let ease = min(max(min(along - d.lowerBound, d.upperBound - along) / 10, 0), 1)
        guard ease > 0 else { return .zero }
        let v = path.points[segment + 1] - path.points[segment]
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        guard length > 0 else { return .zero }
        return SIMD3(-v.y / length, v.x / length, 0) * (offset * ease)
    }

    /// One step of a first-order Gauss–Markov process of stationary 1-σ `sigma` and
    /// correlation time `tau` over `dt` seconds.
    static func gaussMarkov(_ value: Double, sigma: Double, dt: Double, tau: Double, _ rng: inout SeededGenerator) -> Double {
        let phi = exp(-dt / tau)
        return phi * value + sigma * (1 - phi * phi).squareRoot() * rng.gaussian()
    }
}
