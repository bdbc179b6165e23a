/// A simulated walk as an AR app records it: GPS fixes (1 Hz by default) with the
/// device's scene position, and camera frames (10 Hz by default) looking along the
/// walk — the events of a field log (`waymark simulate --log`), with the truth beside
/// them so tests can score a navigator.
///
/// The AR session tracks the motion exactly but its compass is off by `headingError`
/// degrees (true azimuth = scene azimuth + headingError); its scene origin is the
/// ground at the route's start, the device `deviceHeight` above the ground. GPS adds
/// white noise of `gpsSigma` per horizontal axis; heights are reported exactly (or
/// not at all).
public struct WalkSimulator: Sendable {
    /// What is simulated; the defaults walk at 1.4 m/s with 5 m GPS noise and a 15°
    /// compass error.
    public struct Scenario: Sendable {
        /// The route walked (≥ 2 points, ellipsoidal heights).
        public var route: [GeodeticCoordinate]
        /// Walking speed, metres per second (1.4).
        public var speed = 1.4
        /// GPS noise, metres per horizontal axis (5).
        public var gpsSigma = 5.0
        /// The AR session's compass error, degrees (15).
        public var headingError = 15.0
        /// Seconds standing at the start before walking, and at the end after it.
        public var waitBefore = 0.0, waitAfter = 0.0
        /// Stop walking after this many metres (nil: the whole route).
        public var walkDistance: Double? = nil
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
        /// The random seed: same seed, same walk.
        public var seed: UInt64 = 1

        /// A walk along `route` with the defaults.
        public init(route: [GeodeticCoordinate]) { self.route = route }
    }

    /// One event of the walk.
    public struct Event: Sendable, Equatable {
        /// The two kinds of event of a field log.
        public enum Kind: Sendable, Equatable {
            /// A GPS fix with the device's scene position.
            case fix
            /// A camera frame.
            case frame
        }
        /// Which kind of event.
        public var kind: Kind
        /// Seconds since the walk started.
        public var time: Double
        /// Fix: the reported position (height nil when not reported) and accuracy.
        public var fix: GeodeticCoordinate? = nil
        /// Fix: whether the height was reported.
        public var heightReported = false
        /// Fix: the horizontal accuracy reported, metres.
        public var accuracy: Double = 0
        /// Fix: the device; frame: the camera. Scene metres (eus).
        public var scenePosition: SIMD3<Double>
        /// Frame: the camera's angles (``CameraPose``), degrees.
        public var yaw = 0.0, pitch = 0.0, roll = 0.0
        /// Truth: along-route distance walked, m.
        public var trueAlong: Double
    }

    /// What this simulator runs.
    public let scenario: Scenario
    /// A simulator of `scenario`.
    public init(_ scenario: Scenario) { self.scenario = scenario }

    /// The true compass error as the navigator should find it.
    public var trueCorrection: Double { scenario.headingError }

    /// The session's scene position of a route point's ground (eus).
    public func scenePosition(of p: GeodeticCoordinate) -> SIMD3<Double> {
        var truth = SceneFrame(tangentFrame: LocalTangentFrame(origin: scenario.route[0]), axes: .eus)
        try? truth.setEstimate(sceneOrigin: .zero, headingCorrection: scenario.headingError)
        return truth.scenePosition(of: p)
    }

    /// The events in time order (a fix before a frame at the same time).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a route of fewer than 2 points,
    ///   non-finite or non-positive parameters, or more than 2²⁴ fixes or frames.
    public func events() throws(WaymarkError) -> [Event] {
        let s = scenario
        guard s.route.count >= 2 else { throw .invalidInput(.outOfRange) }
        for v in [s.speed, s.gpsSigma, s.headingError, s.waitBefore, s.waitAfter, s.fixInterval, s.frameInterval,
                  s.deviceHeight, s.pitch, s.roll, s.walkDistance ?? 0] where !v.isFinite {
            throw .invalidInput(.nonFinite)
        }
        guard s.speed > 0, s.gpsSigma >= 0, s.waitBefore >= 0, s.waitAfter >= 0, s.fixInterval > 0, s.frameInterval > 0,
              (s.walkDistance ?? 0) >= 0 else { throw .invalidInput(.outOfRange) }
        let world = LocalTangentFrame(origin: s.route[0])
        let path = try RoutePath(points: s.route.map { world.forward($0) }, axes: .enu)
        var truth = SceneFrame(tangentFrame: world, axes: .eus)
        try truth.setEstimate(sceneOrigin: .zero, headingCorrection: s.headingError)
        let walked = min(s.walkDistance ?? path.length, path.length)
        let end = s.waitBefore + walked / s.speed + s.waitAfter
        var rng = SeededGenerator(seed: s.seed)
        var events: [Event] = []
        // A bounded walk: at most 2²⁴ fixes and frames each (a 19-day walk at 10 Hz).
        guard end / s.fixInterval < 0x1p24, end / s.frameInterval < 0x1p24 else { throw .invalidInput(.outOfRange) }
        let fixes = Int((end / s.fixInterval).rounded(.down)), frames = Int((end / s.frameInterval).rounded(.down))
        events.reserveCapacity(fixes + frames + 2)
        var i = 0, j = 0
        while i <= fixes || j <= frames {
            // Divided, not multiplied, so 0.1 s steps print as 214.2, not 214.20000000000002.
            let tf = Double(i) / (1 / s.fixInterval), tc = Double(j) / (1 / s.frameInterval)
            let isFix = i <= fixes && (j > frames || tf <= tc)
            let t = isFix ? tf : tc
            let along = min(max(t - s.waitBefore, 0) * s.speed, walked)
            let (p, segment) = path.point(atDistance: along)
            var device = truth.scenePosition(fromENU: p)
            device.y += s.deviceHeight
            if isFix {
                i += 1
                let nx = s.gpsSigma * rng.gaussian(), ny = s.gpsSigma * rng.gaussian()
                if let o = s.outage, o.contains(t) { continue }
                let g = world.reverseUnchecked(p + SIMD3(nx, ny, s.deviceHeight))
                events.append(Event(kind: .fix, time: t, fix: g, heightReported: s.reportHeights, accuracy: max(s.gpsSigma, 1),
                                    scenePosition: device, trueAlong: along))
            } else {
                j += 1
                // Looking along the walk: the segment's true azimuth less the compass error.
                let d = path.points[segment + 1] - path.points[segment]
                let azimuth = d.x == 0 && d.y == 0 ? 0 : AngleMath.atan2d(d.x, d.y)
                events.append(Event(kind: .frame, time: t, scenePosition: device, yaw: AngleMath.normalizedAzimuth(azimuth - s.headingError),
                                    pitch: s.pitch, roll: s.roll, trueAlong: along))
            }
        }
        return events
    }
}
