import Waymark

/// What a navigator run saw, kept for its report page (`replay --html`, `simulate
/// --html`): the route, every fix and every frame's results, in the navigator's
/// tangent frame (east, north metres from the route's first point). Only kept when a
/// page is asked for; the CSV does not read it.
struct RunTrace {
    struct Fix {
        var time: Double
        /// Where the fix puts the device, east/north metres.
        var position: SIMD2<Double>
        var accuracy: Double
    }

    /// The truth of a simulated walk at a frame.
    struct Truth {
        /// Where the device really is, east/north metres.
        var position: SIMD2<Double>
        /// Applied correction − the compass's true error, degrees in (−180, 180]; nil before a frame exists.
        var headingError: Double?
        /// Horizontal distance from where the navigator puts the finish in the scene to where it really is, m.
        var finishError: Double?
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
    /// The compass error a simulation used (nil for a replayed log).
    var trueCorrection: Double? = nil

    init(navigator: Navigator) {
        route = navigator.route.points.map { SIMD2($0.x, $0.y) }
        routeLength = navigator.route.length
        arrowSpacing = navigator.configuration.arrowSpacing
        horizontalAxes = navigator.configuration.axes.upAxisIndex == 2 ? (0, 1) : (0, 2)
    }

    /// After `navigator` accepted a fix.
    mutating func recordFix(_ navigator: Navigator, latitude: Double, longitude: Double, height: Double?, accuracy: Double, time: Double) {
        guard let frame = navigator.frame,
              let g = try? GeodeticCoordinate(latitude: latitude, longitude: longitude, height: height ?? 0) else { return }
        let p = frame.tangentFrame.forward(g)
        fixes.append(Fix(time: time, position: SIMD2(p.x, p.y), accuracy: accuracy))
    }

    /// After `navigator` returned `result` for a camera at `camera` (scene metres).
    mutating func recordFrame(_ navigator: Navigator, _ result: NavigatorFrame, camera: SIMD3<Double>) {
        let (u, v) = horizontalAxes
        var f = Frame(result: result, scene: SIMD2(camera[u], camera[v]))
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
    /// (every fix to `addFix`, every frame to `update`), recording the truth beside it.
    static func simulate(_ walk: WalkSimulator, events: [WalkSimulator.Event], navigator: inout Navigator,
                         projection: Matrix4x4d, viewport: (x: Double, y: Double, width: Double, height: Double)) throws(CLIError) -> RunTrace {
        var trace = RunTrace(navigator: navigator)
        trace.trueCorrection = walk.trueCorrection
        let route = walk.scenario.route
        let world = LocalTangentFrame(origin: route[0])
        let path: RoutePath
        do { path = try RoutePath(points: route.map { world.forward($0) }, axes: .enu) } catch { throw .usage(error.message) }
        let trueFinish = walk.scenePosition(of: route[route.count - 1])
        for (k, e) in events.enumerated() {
            switch e.kind {
            case .fix:
                let g = e.fix!
                let h: Double? = e.heightReported ? g.height : nil
                do { try navigator.addFix(latitude: g.latitude, longitude: g.longitude, height: h, horizontalAccuracy: e.accuracy,
                                          time: e.time, scenePosition: e.scenePosition) }
                catch { throw .data(line: k + 2, error.message) }
                trace.recordFix(navigator, latitude: g.latitude, longitude: g.longitude, height: h, accuracy: e.accuracy, time: e.time)
            case .frame:
                let pose: CameraPose
                let result: NavigatorFrame
                do {
                    pose = try CameraPose(position: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll)
                    result = try navigator.update(time: e.time, camera: pose.transform(), projection: projection, viewport: viewport)
                } catch { throw .data(line: k + 2, error.message) }
                trace.recordFrame(navigator, result, camera: e.scenePosition)
                let p = path.point(atDistance: e.trueAlong).point
                var truth = Truth(position: SIMD2(p.x, p.y))
                if let c = result.correction { truth.headingError = RunTrace.signedDegrees(c - walk.trueCorrection) }
                if let finish = result.finish {
                    let dx = finish.position.x - trueFinish.x, dz = finish.position.z - trueFinish.z   // eus: x east, z south
                    truth.finishError = (dx * dx + dz * dz).squareRoot()
                }
                trace.frames[trace.frames.count - 1].truth = truth
            case .heading, .tracking:
                break
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
