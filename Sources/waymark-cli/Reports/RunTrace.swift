import Waymark
import WaymarkReports

/// What a navigator run saw, kept for its report page (`replay --html`, `simulate
/// --html`): the route, every fix and every frame's results, in the navigator's
/// tangent frame (east, north metres from the route's first point), the compass
/// readings and the tracking changes. Only kept when a page is asked for; the CSV does
/// not read it.
struct RunTrace {
    struct Fix {
        var time: Double
        /// Where the fix puts the device, east/north metres.
        var position: SIMD2<Double>
        var accuracy: Double
    }

    /// A compass reading (a log's `heading` row).
    struct Reading {
        var time: Double
        /// The heading correction the reading implies on its own (its true heading − the
        /// viewing direction's scene azimuth), degrees, unwrapped next to the frame's
        /// correction at that moment.
        var implied: Double
        /// Its 1-σ, degrees.
        var accuracy: Double
    }

    /// A tracking change (a log's `tracking` row).
    struct TrackingMark {
        var time: Double
        var state: Navigator.TrackingState
    }

    /// The truth of a simulated walk at a frame.
    struct Truth {
        /// Where the device really is, east/north metres.
        var position: SIMD2<Double>
        /// The session's true compass error at that moment, degrees.
        var correction: Double
        /// Applied correction − the compass's true error, degrees in (−180, 180]; nil before a frame exists.
        var headingError: Double?
        /// Horizontal distance from where the navigator puts the finish in the scene to where it really is, m.
        var finishError: Double?
        /// Horizontal distance from where the frame puts the camera in the world to where it is, m.
        var anchorError: Double?
    }

    struct Frame {
        var result: NavigatorFrame
        /// The camera carried through the frame of that moment (the corrected frame), east/north m.
        var device: SIMD2<Double>?
        /// Where that frame puts the AR session's origin (the anchor), east/north m.
        var anchor: SIMD2<Double>?
        /// East/north of a unit step along the scene's two horizontal axes in that frame:
        /// with `anchor`, the frame's map of the scene's ground plane to east/north.
        var axisU: SIMD2<Double>?, axisV: SIMD2<Double>?
        /// The camera on the scene's two horizontal axes (metres, as the scene has them).
        var scene: SIMD2<Double>
        /// The AR session the camera's scene position belongs to: 0, then one more after
        /// each tracking reset.
        var session = 0
        var truth: Truth? = nil
    }

    /// The scene's two horizontal axes (x and z for eus and eun; x and y for enu).
    var horizontalAxes: (Int, Int)

    /// The route, east/north metres; its length along the route's 3-D polyline.
    var route: [SIMD2<Double>]
    var routeLength: Double
    var arrowSpacing: Double
    var fixes: [Fix] = []
    var frames: [Frame] = []
    var readings: [Reading] = []
    var tracking: [TrackingMark] = []
    /// Tracking resets so far (the current session's index).
    var session = 0
    /// The compass error a simulation started with (nil for a replayed log).
    var trueCorrection: Double? = nil
    /// `filter`, `robust` or `seed` (``Choice/Estimator/printedName(_:)``).
    var estimator: String
    /// How many fixes and compass readings the filter used, took for the anchor only,
    /// rejected, forced or skipped (``MeasurementNote``): [kind][outcome].
    var outcomes = [[Int]](repeating: [Int](repeating: 0, count: 5), count: 2)

    init(navigator: Navigator) {
        route = navigator.route.points.map { SIMD2($0.x, $0.y) }
        routeLength = navigator.route.length
        arrowSpacing = navigator.configuration.arrowSpacing
        horizontalAxes = navigator.configuration.axes.upAxisIndex == 2 ? (0, 1) : (0, 2)
        estimator = Choice.Estimator.printedName(navigator.configuration)
    }

    /// After `navigator` took a compass reading with the camera at `camera` (camera → scene).
    mutating func recordHeading(_ navigator: Navigator, trueHeading: Double, accuracy: Double, time: Double, camera: Matrix4x4d) {
        countNote(navigator)
        guard let azimuth = NavigatorOptions.viewingAzimuth(camera) else { return }
        let near = navigator.frame?.headingCorrection ?? 0
        let implied = near + RunTrace.signedDegrees(trueHeading - azimuth - near)
        readings.append(Reading(time: time, implied: implied, accuracy: accuracy))
    }

    /// Counts what the filter made of the measurement it has just taken.
    mutating func countNote(_ navigator: Navigator) {
        guard let note = navigator.lastMeasurement else { return }
        outcomes[Int(note.kind.rawValue)][Int(note.outcome.rawValue)] += 1
    }

    /// After the navigator was told the session's tracking state.
    mutating func recordTracking(_ state: Navigator.TrackingState, time: Double) {
        tracking.append(TrackingMark(time: time, state: state))
        if state == .reset { session += 1 }
    }

    /// After `navigator` accepted a fix.
    mutating func recordFix(_ navigator: Navigator, latitude: Double, longitude: Double, height: Double?, accuracy: Double, time: Double) {
        countNote(navigator)
        guard let frame = navigator.frame,
              let g = try? GeodeticCoordinate(latitude: latitude, longitude: longitude, height: height ?? 0) else { return }
        let p = frame.tangentFrame.forward(g)
        fixes.append(Fix(time: time, position: SIMD2(p.x, p.y), accuracy: accuracy))
    }

    /// After `navigator` returned `result` for a camera at `camera` (scene metres).
    mutating func recordFrame(_ navigator: Navigator, _ result: NavigatorFrame, camera: SIMD3<Double>) {
        let (u, v) = horizontalAxes
        var f = Frame(result: result, scene: SIMD2(camera[u], camera[v]), session: session)
        if let frame = navigator.frame {
            let d = frame.enu(fromScene: camera), a = frame.enu(fromScene: .zero)
            f.device = SIMD2(d.x, d.y)
            f.anchor = SIMD2(a.x, a.y)
            var unit = SIMD3<Double>.zero
            unit[u] = 1
            let eu = frame.enu(fromScene: unit) - a
            unit = .zero
            unit[v] = 1
            let ev = frame.enu(fromScene: unit) - a
            f.axisU = SIMD2(eu.x, eu.y)
            f.axisV = SIMD2(ev.x, ev.y)
        }
        frames.append(f)
    }

    /// Runs a simulated walk through `navigator` as `simulate --log` + `replay` would
    /// (every fix to `addFix`, every compass reading to `addHeading`, every tracking
    /// change to `tracking`, every frame to `update`), recording the truth beside it.
    static func simulate(_ walk: WalkSimulator, events: [WalkSimulator.Event], navigator: inout Navigator,
                         projection: Matrix4x4d, viewport: (x: Double, y: Double, width: Double, height: Double)) throws(CLIError) -> RunTrace {
        var trace = RunTrace(navigator: navigator)
        trace.trueCorrection = walk.trueCorrection
        let route = walk.scenario.route
        let world = LocalTangentFrame(origin: route[0])
        let finishENU = world.forward(route[route.count - 1])
        // A log's line of event k: the header is line 1.
        for (k, e) in events.enumerated() {
            switch e.kind {
            case .fix:
                let g = e.fix!
                let h: Double? = e.heightReported ? g.height : nil
                do { try navigator.addFix(latitude: g.latitude, longitude: g.longitude, height: h, horizontalAccuracy: e.accuracy,
                                          time: e.time, scenePosition: e.scenePosition) }
                catch { throw .data(line: k + 2, error.message) }
                trace.recordFix(navigator, latitude: g.latitude, longitude: g.longitude, height: h, accuracy: e.accuracy, time: e.time)
            case .heading:
                let camera: Matrix4x4d
                do {
                    camera = try CameraPose(position: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll).transform()
                    try navigator.addHeading(trueHeading: e.trueHeading, accuracy: e.headingAccuracy, time: e.time, camera: camera)
                } catch { throw .data(line: k + 2, error.message) }
                trace.recordHeading(navigator, trueHeading: e.trueHeading, accuracy: e.headingAccuracy, time: e.time, camera: camera)
            case .tracking:
                do { try navigator.tracking(e.tracking, time: e.time) } catch { throw .data(line: k + 2, error.message) }
                trace.recordTracking(e.tracking, time: e.time)
            case .frame:
                let pose: CameraPose
                let result: NavigatorFrame
                do {
                    pose = try CameraPose(position: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll)
                    result = try navigator.update(time: e.time, camera: pose.transform(), projection: projection, viewport: viewport)
                } catch { throw .data(line: k + 2, error.message) }
                trace.recordFrame(navigator, result, camera: e.scenePosition)
                var truth = Truth(position: SIMD2(e.trueENU.x, e.trueENU.y), correction: e.trueCorrection)
                if let c = result.correction { truth.headingError = RunTrace.signedDegrees(c - e.trueCorrection) }
                if let finish = result.finish {
                    let trueFinish = e.trueScenePosition(ofENU: finishENU)
                    let dx = finish.position.x - trueFinish.x, dz = finish.position.z - trueFinish.z   // eus: x east, z south
                    truth.finishError = (dx * dx + dz * dz).squareRoot()
                }
                if let d = trace.frames[trace.frames.count - 1].device {
                    let miss = d - truth.position
                    truth.anchorError = (miss * miss).sum().squareRoot()
                }
                trace.frames[trace.frames.count - 1].truth = truth
            }
        }
        return trace
    }

    /// An angle in degrees brought into (−180, 180].
    static func signedDegrees(_ a: Double) -> Double {
        var r = a.truncatingRemainder(dividingBy: 360)
        if r > 180 { r -= 360 } else if r <= -180 { r += 360 }
        return r
    }
}
