import WaymarkCore
import WaymarkNavigation

/// A deterministic field test of the heading corrector (the Yandex.Maps article's walks
/// around the office, made repeatable): a pedestrian walks a route; GPS reports noisy fixes at
/// 1 Hz; the AR session tracks the motion exactly but with a wrong (and optionally
/// drifting) compass; the app runs the estimate buffer and the corrector as a real app
/// would, re-anchoring its ``SceneFrame`` and applying each correction.
public struct FieldSimulator: Sendable {
    /// What is simulated: the walk, the GPS, the AR session's compass and the
    /// corrector's settings. The defaults are the reference scenario.
    public struct Scenario: Sendable {
        /// The route walked (≥ 2 points). Default: 300 m due north in Moscow.
        public var route: [GeodeticCoordinate]
        /// Walking speed, metres per second (1.4).
        public var speed = 1.4
        /// GPS noise, metres per axis, white (5).
        public var gpsSigma = 5.0
        /// Whether GPS occasionally jumps (the AR guide to historical places saw 60 m).
        public var jumps = false
        /// Probability of a jump per fix (0.02).
        public var jumpProbability = 0.02
        /// Size of a jump, metres (60).
        public var jumpSize = 60.0
        /// The AR session's initial compass error, degrees (15).
        public var headingError = 15.0
        /// Compass drift, degrees per minute (0).
        public var driftDegreesPerMinute = 0.0
        /// Seconds simulated; nil: until the route's end.
        public var duration: Double? = nil
        /// The random seed: same seed, same numbers.
        public var seed: UInt64 = 1
        /// The heading corrector's settings.
        public var corrector = HeadingCorrector.Configuration()

        /// The reference scenario, on `route` when given.
        public init(route: [GeodeticCoordinate]? = nil) {
            let start = try! GeodeticCoordinate(latitude: 55.7339, longitude: 37.5886, height: 150)
            // 300 m due north of the start along the meridian (Karney's direct problem,
            // written out so the core needs no PROJ; a test recomputes it with geod_direct).
            let end = try! GeodeticCoordinate(latitude: 55.73659452185549, longitude: 37.5886, height: 150)
            self.route = route ?? [start, end]
        }
    }

    /// One second of the walk.
    public struct Sample: Sendable, Equatable {
        /// Seconds since the walk started.
        public var time: Double
        /// Frame heading correction minus the session's true compass error, degrees.
        public var headingError: Double
        /// Horizontal distance between where the app draws the finish and where it is, m.
        public var finishError: Double
        /// The GPS fix and the AR track, local East-North metres from the route start.
        public var gps: SIMD2<Double>, ar: SIMD2<Double>, truth: SIMD2<Double>
    }

    /// What this simulator runs.
    public let scenario: Scenario
    /// A simulator of `scenario`.
    public init(_ scenario: Scenario) { self.scenario = scenario }

    /// Runs the walk; one sample per second from t = 0.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a route of fewer than 2 points or
    ///   non-finite or negative parameters.
    public func run() throws(WaymarkError) -> [Sample] {
        let s = scenario
        guard s.route.count >= 2 else { throw .invalidInput(.outOfRange) }
        for v in [s.speed, s.gpsSigma, s.jumpProbability, s.jumpSize, s.headingError, s.driftDegreesPerMinute] where !v.isFinite {
            throw .invalidInput(.nonFinite)
        }
        guard s.speed > 0, s.gpsSigma >= 0 else { throw .invalidInput(.notPositive) }
        let start = s.route[0]
        let world = LocalTangentFrame(origin: start)
        let path = try RoutePath(points: s.route.map { world.forward($0) }, axes: .enu)
        let finishENU = path.points[path.points.count - 1]
        let duration = s.duration ?? path.length / s.speed
        var rng = SeededGenerator(seed: s.seed)

        var app = SceneFrame(tangentFrame: world, axes: .eus)
        var buffer = try EstimateBuffer()
        var corrector = try HeadingCorrector(configuration: s.corrector)
        var arPosition = SIMD3<Double>.zero          // the session's scene track (eus)
        var previousTrue = path.points[0]
        var samples: [Sample] = []
        var t = 0.0
        while t <= duration + 1e-9 {
            let compassError = s.headingError + s.driftDegreesPerMinute * t / 60
            // The session: true ENU motion seen through its wrong compass.
            var truthScene = SceneFrame(tangentFrame: world, axes: .eus)
            try truthScene.setEstimate(sceneOrigin: .zero, headingCorrection: compassError)
            let trueENU = path.point(atDistance: s.speed * t).point
            arPosition += truthScene.scenePosition(fromENU: trueENU - previousTrue)
            previousTrue = trueENU
            // GPS: white noise per axis, and now and then a jump.
            var noise = SIMD3(s.gpsSigma * rng.gaussian(), s.gpsSigma * rng.gaussian(), 0)
            if s.jumps && rng.unit() < s.jumpProbability {
                let (js, jc) = AngleMath.sincosd(360 * rng.unit())
                noise += SIMD3(s.jumpSize * js, s.jumpSize * jc, 0)
            }
            let fixENU = trueENU + noise
            let fix = world.reverseUnchecked(fixENU)
            let estimate = try LocationEstimate(fix: fix, horizontalAccuracy: max(s.gpsSigma, 1), verticalAccuracy: 10,
                                                timestamp: t, scenePosition: arPosition)
            // The app: correct the heading when the corrector triggers, then anchor the
            // frame so the best estimate's fix sits at its scene position.
            _ = buffer.add(estimate, frame: app)
            if let c = corrector.add(estimate, frame: app) { try app.applyHeadingCorrection(c.angle) }
            if let e = buffer.best(at: arPosition) {
                let anchored = app.scenePosition(of: e.fix) - app.sceneOrigin
                try app.setEstimate(sceneOrigin: e.scenePosition - anchored, headingCorrection: app.headingCorrection)
            }
            // Where the finish really is in the session's scene, and where the app puts it.
            let trueFinish = arPosition + truthScene.scenePosition(fromENU: finishENU - trueENU)
            let drawn = app.scenePosition(fromENU: finishENU)
            let miss = SIMD2(drawn.x - trueFinish.x, drawn.z - trueFinish.z)
            let arENU = truthScene.enu(fromScene: arPosition)
            samples.append(Sample(time: t, headingError: AngleMath.normalizedAzimuth(app.headingCorrection - compassError),
                                  finishError: (miss * miss).sum().squareRoot(),
                                  gps: SIMD2(fixENU.x, fixENU.y), ar: SIMD2(arENU.x, arENU.y), truth: SIMD2(trueENU.x, trueENU.y)))
            t += 1
        }
        return samples
    }

    /// The least-squares limit of any heading estimate from the fixes up to `time` on
    /// a walk at `speed` with white noise `sigma` per axis: σ / √Σ(sᵢ − s̄)² over the
    /// along-track positions sᵢ of the fixes (1 Hz from t = 0), in degrees.
    public static func leastSquaresLimit(time: Double, speed: Double = 1.4, sigma: Double = 5) -> Double {
        let n = Int(time) + 1
        let mean = speed * Double(n - 1) / 2
        var sum = 0.0
        for i in 0..<n { let d = speed * Double(i) - mean; sum += d * d }
        return sum > 0 ? sigma / sum.squareRoot() * AngleMath.degreesPerRadian : .infinity
    }
}
