import WaymarkCore
import WaymarkNavigation

/// A simulated walk run through a ``Navigator`` as an app runs it (every fix to
/// ``Navigator/addFix(_:)`` with its velocity when the walk has one,
/// every compass reading to ``Navigator/addHeading(trueHeading:accuracy:time:camera:)``,
/// every tracking event to ``Navigator/tracking(_:time:)``, every frame to
/// ``Navigator/update(time:camera:projection:viewport:groundHeight:)``), scored against
/// the simulator's truth frame by frame — the one home of the figures the tests, the
/// README and `waymark simulate --navigator` report.
public struct NavigatorTrial: Sendable {
    /// One frame's result against the truth. A value the navigator had not produced yet is nil.
    public struct Sample: Sendable {
        /// Seconds since the walk started.
        public var time: Double
        /// The heading correction's state.
        public var state: NavigatorFrame.CorrectionState
        /// The frame's heading correction, degrees (``NavigatorFrame/correction``).
        public var correction: Double?
        /// Applied correction − the session's true compass error, degrees in (−180, 180]
        /// (nil unless applied), and the σ the navigator reported for it.
        public var headingError: Double?, headingSigma: Double?
        /// Horizontal distance between where the frame puts the camera in the world and
        /// where it is, m, and the anchor σ the navigator reported.
        public var anchorError: Double?, anchorSigma: Double?
        /// That error's component along the route at the user's true position, m: positive
        /// when the frame puts the user ahead of where they are (a map whose scale is off
        /// carries the user ahead or behind as they walk).
        public var alongTrackError: Double?
        /// Horizontal and vertical distance of the first arrow from its true scene
        /// position (the route point at its along-route distance), m.
        public var arrowError: Double?, arrowVerticalError: Double?
        /// The first arrow's along-route distance, m.
        public var arrowAlong: Double?
        /// Progress − the true along-route distance walked, m.
        public var progressError: Double?
        /// How far the world point 10 m ahead of the user along the route moved in the scene
        /// (horizontally) from the previous frame to this one, m: the jump of the drawn world.
        public var aheadJump: Double?
        /// The σ of that point's scene position the navigator reports, m: the anchor's DRMS
        /// and 10 m times the heading's σ, √(σ_anchor² + (10 m · σ_heading)²) (nil until both
        /// are reported). A jump the new information justifies is at most a few times
        /// √(σ_before² − σ_after²).
        public var aheadSigma: Double?
        /// The finish mark's scene position (eus) and its horizontal distance from the truth, m.
        public var finish: SIMD3<Double>?, finishError: Double?
        /// Whether the route was evidence at this frame.
        public var routeEvidence: Navigator.RouteEvidence = .disabled
        /// Truth: the user's along-route distance, m.
        public var trueAlong = 0.0
    }

    /// Every frame, in order.
    public var samples: [Sample] = []
    /// The navigator after the walk.
    public var navigator: Navigator

    /// Runs `walk` through a navigator made of its route, `heights` and `configuration`
    /// (whose axes must be the simulator's, `eus`); with `groundPlane`, every frame
    /// passes the true ground under the device as a detected plane.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for axes other than `eus`; what the
    ///   navigator or the simulator throw.
    public init(_ walk: WalkSimulator, heights: Navigator.RouteHeights = .ellipsoidal,
                configuration: Navigator.Configuration = Navigator.Configuration(),
                groundPlane: Bool = false) throws(WaymarkError) {
        guard configuration.axes == .eus else { throw .invalidInput(.outOfRange) }
        var nav = try Navigator(route: walk.scenario.route, heights: heights, configuration: configuration, undulation: nil)
        let projection = try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844)
        let viewport = (x: 0.0, y: 0.0, width: 390.0, height: 844.0)
        let finishENU = nav.route.points[nav.route.points.count - 1]
        var previousFrame: SceneFrame? = nil
        for e in try walk.events() {
            switch e.kind {
            case .fix:
                let f = e.fix!
                try nav.addFix(Navigator.Fix(latitude: f.latitude, longitude: f.longitude, height: e.heightReported ? f.height : nil,
                                             horizontalAccuracy: e.accuracy, verticalAccuracy: e.verticalAccuracy, time: e.time,
                                             scenePosition: e.scenePosition, course: e.course, courseAccuracy: e.courseAccuracy,
                                             speed: e.speed, speedAccuracy: e.speedAccuracy))
            case .heading:
                let pose = try CameraPose(position: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll)
                try nav.addHeading(trueHeading: e.trueHeading, accuracy: e.headingAccuracy, time: e.time,
                                   camera: pose.transform())
            case .tracking:
                try nav.tracking(e.tracking, time: e.time)
                // A new scene: positions before and after are not comparable.
                if e.tracking == .reset { previousFrame = nil }
            case .frame:
                let pose = try CameraPose(position: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll)
                let ground: Double? = groundPlane ? e.scenePosition.y - walk.scenario.deviceHeight : nil
                let out = try nav.update(time: e.time, camera: pose.transform(), projection: projection,
                                         viewport: viewport, groundHeight: ground)
                var s = Sample(time: e.time, state: out.correctionState, correction: out.correction)
                s.routeEvidence = out.routeEvidence
                s.trueAlong = e.trueAlong
                if out.correctionState == .applied, let c = out.correction {
                    s.headingError = AngleMath.normalizedAzimuth(c - e.trueCorrection)
                    s.headingSigma = out.correctionSigma
                }
                if let frame = nav.frame, out.finish != nil {
                    let w = frame.enu(fromScene: e.scenePosition)
                    let d = SIMD2<Double>(w.x - e.trueENU.x, w.y - e.trueENU.y)
                    s.anchorError = (d * d).sum().squareRoot()
                    s.anchorSigma = out.anchorSigma
                    let leg = nav.route.point(atDistance: e.trueAlong).segment
                    let v = nav.route.points[leg + 1] - nav.route.points[leg]
                    let length = (v.x * v.x + v.y * v.y).squareRoot()
                    if length > 0 { s.alongTrackError = (d.x * v.x + d.y * v.y) / length }
                }
                if let a = out.firstArrow {
                    let truth = e.trueScenePosition(ofENU: nav.route.point(atDistance: a.distanceAlong).point)
                    let d = SIMD2<Double>(a.position.x - truth.x, a.position.z - truth.z)
                    s.arrowError = (d * d).sum().squareRoot()
                    s.arrowVerticalError = a.position.y - truth.y
                }
                if let p = out.progress { s.progressError = p - e.trueAlong }
                s.arrowAlong = out.firstArrow?.distanceAlong
                if let frame = nav.frame {
                    let ahead = nav.route.point(atDistance: min(e.trueAlong + 10, nav.route.length)).point
                    if let before = previousFrame {
                        let d = frame.scenePosition(fromENU: ahead) - before.scenePosition(fromENU: ahead)
                        s.aheadJump = (d.x * d.x + d.z * d.z).squareRoot()
                    }
                    previousFrame = frame
                    if let a = out.anchorSigma, let h = out.correctionSigma {
                        let turn = 10 * h * Double.pi / 180
                        s.aheadSigma = (a * a + turn * turn).squareRoot()
                    }
                }
                if let f = out.finish {
                    let truth = e.trueScenePosition(ofENU: finishENU)
                    let d = SIMD2<Double>(f.position.x - truth.x, f.position.z - truth.z)
                    s.finish = f.position
                    s.finishError = (d * d).sum().squareRoot()
                }
                samples.append(s)
            }
        }
        navigator = nav
    }

    /// Figures pooled over trials as `simulate --navigator` and the README report them:
    /// each trial's errors over the frames from its first applied correction on, and the
    /// share of those frames whose error is within twice the σ the navigator reported.
    public struct Pool: Sendable {
        /// Each trial's first applied correction, seconds (infinity when it never applied).
        public var firstApplied: [Double] = []
        /// Trials that applied a correction.
        public var applied = 0
        /// The errors pooled: heading (degrees), anchor, first arrow and progress (metres).
        public var heading: [Double] = [], anchor: [Double] = [], arrow: [Double] = [], progress: [Double] = []
        /// Frames within 2σ of the reported heading and anchor σ, of those with one.
        public var headingWithin = 0, headingTotal = 0, anchorWithin = 0, anchorTotal = 0

        /// An empty pool.
        public init() {}

        /// Adds `trial`'s frames from its first applied correction on.
        public mutating func add(_ trial: NavigatorTrial) {
            guard let t0 = trial.firstApplied else { firstApplied.append(.infinity); return }
            applied += 1
            firstApplied.append(t0)
            for s in trial.samples where s.time >= t0 {
                if let e = s.headingError {
                    heading.append(e)
                    if let sigma = s.headingSigma {
                        headingTotal += 1
                        if e.magnitude <= 2 * sigma { headingWithin += 1 }
                    }
                }
                if let e = s.anchorError {
                    anchor.append(e)
                    if let sigma = s.anchorSigma {
                        anchorTotal += 1
                        if e <= 2 * sigma { anchorWithin += 1 }
                    }
                }
                if let e = s.arrowError { arrow.append(e) }
                if let e = s.progressError { progress.append(e) }
            }
        }
    }

    /// The time of the first frame with an applied correction.
    public var firstApplied: Double? { samples.first { $0.state == .applied }?.time }

    /// The `q`-quantile (0…1) of |values| (nil when there are none), by the nearest rank.
    public static func quantile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.map { $0.magnitude }.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// (within, total): frames whose |error| is at most `k` times the reported σ, of those
    /// that have both.
    public func calibration(k: Double = 2, _ pick: (Sample) -> (error: Double?, sigma: Double?)) -> (within: Int, total: Int) {
        var within = 0, total = 0
        for s in samples {
            let (error, sigma) = pick(s)
            guard let e = error, let sg = sigma else { continue }
            total += 1
            if e.magnitude <= k * sg { within += 1 }
        }
        return (within, total)
    }
}
