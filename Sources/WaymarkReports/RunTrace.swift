import WaymarkCore
import WaymarkNavigation

/// What a navigator run saw, kept for its report page (`replay --html`, `simulate
/// --html`): the route, every fix and every frame's results, in the navigator's
/// tangent frame (east, north metres from the route's first point), the compass
/// readings and the tracking changes. Only kept when a page is asked for; the CSV does
/// not read it.
package struct RunTrace {
    package struct Fix {
        package var time: Double
        /// Where the fix puts the device, east/north metres.
        package var position: SIMD2<Double>
        package var accuracy: Double
    }

    /// A compass reading (a log's `heading` row).
    package struct Reading {
        package var time: Double
        /// The heading correction the reading implies on its own (its true heading − the
        /// viewing direction's scene azimuth), degrees, unwrapped next to the frame's
        /// correction at that moment.
        package var implied: Double
        /// Its 1-σ, degrees.
        package var accuracy: Double
    }

    /// A tracking change (a log's `tracking` row).
    package struct TrackingMark {
        package var time: Double
        package var state: Navigator.TrackingState
    }

    /// The truth of a simulated walk at a frame.
    package struct Truth {
        /// Where the device really is, east/north metres.
        package var position: SIMD2<Double>
        /// The session's true compass error at that moment, degrees.
        package var correction: Double
        /// Applied correction − the compass's true error, degrees in (−180, 180]; nil before a frame exists.
        package var headingError: Double?
        /// Horizontal distance from where the navigator puts the finish in the scene to where it really is, m.
        package var finishError: Double?
        /// Horizontal distance from where the frame puts the camera in the world to where it is, m.
        package var anchorError: Double?

        package init(position: SIMD2<Double>, correction: Double) { self.position = position; self.correction = correction }
    }

    package struct Frame {
        package var result: NavigatorFrame
        /// The camera carried through the frame of that moment (the corrected frame), east/north m.
        package var device: SIMD2<Double>?
        /// Where that frame puts the AR session's origin (the anchor), east/north m.
        package var anchor: SIMD2<Double>?
        /// East/north of a unit step along the scene's two horizontal axes in that frame:
        /// with `anchor`, the frame's map of the scene's ground plane to east/north.
        package var axisU: SIMD2<Double>?, axisV: SIMD2<Double>?
        /// The camera on the scene's two horizontal axes (metres, as the scene has them).
        package var scene: SIMD2<Double>
        /// The AR session the camera's scene position belongs to: 0, then one more after
        /// each tracking reset.
        package var session = 0
        package var truth: Truth? = nil
    }

    /// The scene's two horizontal axes (x and z for eus and eun; x and y for enu).
    package var horizontalAxes: (Int, Int)

    /// The route, east/north metres; its length along the route's 3-D polyline.
    package var route: [SIMD2<Double>]
    package var routeLength: Double
    package var arrowSpacing: Double
    package var fixes: [Fix] = []
    package var frames: [Frame] = []
    package var readings: [Reading] = []
    package var tracking: [TrackingMark] = []
    /// Tracking resets so far (the current session's index).
    package var session = 0
    /// The compass error a simulation started with (nil for a replayed log).
    package var trueCorrection: Double? = nil
    /// `filter`, `robust` or `seed` (the CLI's `--estimator` names).
    package var estimator: String
    /// How many fixes and compass readings the filter used, took for the anchor only,
    /// rejected, forced or skipped (``MeasurementNote``): [kind][outcome].
    package var outcomes = [[Int]](repeating: [Int](repeating: 0, count: 5), count: 2)

    /// The trace of a run of `navigator`, whose estimator the page names `estimator`.
    package init(navigator: Navigator, estimator: String) {
        route = navigator.route.points.map { SIMD2($0.x, $0.y) }
        routeLength = navigator.route.length
        arrowSpacing = navigator.configuration.arrowSpacing
        horizontalAxes = navigator.configuration.axes.upAxisIndex == 2 ? (0, 1) : (0, 2)
        self.estimator = estimator
    }

    /// After `navigator` took a compass reading with the camera viewing along
    /// `viewingAzimuth` (the scene azimuth of its viewing direction, degrees; nil when it
    /// looks straight up or down).
    package mutating func recordHeading(_ navigator: Navigator, trueHeading: Double, accuracy: Double, time: Double, viewingAzimuth: Double?) {
        countNote(navigator)
        guard let azimuth = viewingAzimuth else { return }
        let near = navigator.frame?.headingCorrection ?? 0
        let implied = near + RunTrace.signedDegrees(trueHeading - azimuth - near)
        readings.append(Reading(time: time, implied: implied, accuracy: accuracy))
    }

    /// Counts what the filter made of the measurement it has just taken.
    package mutating func countNote(_ navigator: Navigator) {
        guard let note = navigator.lastMeasurement else { return }
        outcomes[Int(note.kind.rawValue)][Int(note.outcome.rawValue)] += 1
    }

    /// After the navigator was told the session's tracking state.
    package mutating func recordTracking(_ state: Navigator.TrackingState, time: Double) {
        tracking.append(TrackingMark(time: time, state: state))
        if state == .reset { session += 1 }
    }

    /// After `navigator` accepted a fix.
    package mutating func recordFix(_ navigator: Navigator, latitude: Double, longitude: Double, height: Double?, accuracy: Double, time: Double) {
        countNote(navigator)
        guard let frame = navigator.frame,
              let g = try? GeodeticCoordinate(latitude: latitude, longitude: longitude, height: height ?? 0) else { return }
        let p = frame.tangentFrame.forward(g)
        fixes.append(Fix(time: time, position: SIMD2(p.x, p.y), accuracy: accuracy))
    }

    /// After `navigator` returned `result` for a camera at `camera` (scene metres).
    package mutating func recordFrame(_ navigator: Navigator, _ result: NavigatorFrame, camera: SIMD3<Double>) {
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

    /// An angle in degrees brought into (−180, 180].
    package static func signedDegrees(_ a: Double) -> Double {
        var r = a.truncatingRemainder(dividingBy: 360)
        if r > 180 { r -= 360 } else if r <= -180 { r += 360 }
        return r
    }
}
