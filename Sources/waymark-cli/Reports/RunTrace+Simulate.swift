import Waymark
import WaymarkReports

extension RunTrace {
    /// The trace of a run of `navigator`, its estimator named as `--estimator` names it.
    init(navigator: Navigator) { self.init(navigator: navigator, estimator: Choice.Estimator.printedName(navigator.configuration)) }

    /// After `navigator` took a compass reading with the camera at `camera` (camera → scene).
    mutating func recordHeading(_ navigator: Navigator, trueHeading: Double, accuracy: Double, time: Double, camera: Matrix4x4d) {
        recordHeading(navigator, trueHeading: trueHeading, accuracy: accuracy, time: time,
                      viewingAzimuth: NavigatorOptions.viewingAzimuth(camera))
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
}
