import Waymark

/// The navigator's per-call costs for `waymark bench`: a 1,000-fix walk with correlated
/// GPS error and compass readings fed to `addFix` (the filter's whole update), then
/// frames through `update` with 300 arrows in the window — the median over `repeats`
/// runs of ns per call — and the filter's cells (each fix updates every one).
/// `velocityAndRoute`: the fixes carry a GPS velocity and the route is evidence (three
/// measurements per fix). `learning`: with ``Navigator/Configuration/gpsModelLearning``,
/// and the slowest single `addFix` too (the first fixes, before most cells drop out).
enum NavigatorBench {
    static func measure(repeats: Int, velocityAndRoute: Bool = false, learning: Bool = false)
        -> (addFix: Double, maximumAddFix: Double, update: Double, arrows: Int, cells: Int) {
        // 2.5 km due north-east in Moscow; the user walks its first 1.4 km.
        let start = try! GeodeticCoordinate(latitude: 55.7300, longitude: 37.6010, height: 150)
        let t = LocalTangentFrame(origin: start)
        let route = [try! t.reverse(.zero), try! t.reverse(SIMD3(1_000, 1_000, 0)), try! t.reverse(SIMD3(1_000, 2_000, 0))]
        var scenario = WalkSimulator.Scenario(route: route)
        scenario.gpsCorrelatedShare = 0.8
        scenario.walkDistance = 1_400
        scenario.frameInterval = 1
        if velocityAndRoute { scenario.velocitySigma = 0.2 }
        let events = (try? WalkSimulator(scenario).events()) ?? []
        var config = Navigator.Configuration()
        config.arrowsAhead = 900                      // 300 arrows at 3 m
        config.routeEvidence = velocityAndRoute
        config.gpsModelLearning = learning
        let projection = try! CameraPose.perspective(fovY: 60, aspect: 390.0 / 844)
        let fixes = events.filter { $0.kind == WalkSimulator.Event.Kind.fix }
        let frames = events.filter { $0.kind == WalkSimulator.Event.Kind.frame }
        let cameras = frames.map { (try! CameraPose(position: $0.scenePosition, yaw: $0.yaw)).transform() }
        let clock = ContinuousClock()
        var addFix: [Double] = [], update: [Double] = [], slowest: [Double] = []
        var arrows = 0
        for _ in 0..<max(repeats, 1) {
            var nav = try! Navigator(route: route, heights: .none, configuration: config)
            var maximum = Duration.zero
            let a = clock.measure {
                for e in fixes {
                    let one = clock.measure {
                        try! nav.addFix(Navigator.Fix(latitude: e.fix!.latitude, longitude: e.fix!.longitude, horizontalAccuracy: e.accuracy,
                                                      time: e.time, scenePosition: e.scenePosition, course: e.course,
                                                      courseAccuracy: e.courseAccuracy, speed: e.speed, speedAccuracy: e.speedAccuracy))
                    }
                    maximum = max(maximum, one)
                }
            }
            slowest.append(BenchCommand.nanoseconds(maximum))
            // Frames at the walk's first 300 s, where 900 m of route lie ahead.
            let count = min(cameras.count, 300)
            let u = clock.measure {
                for k in 0..<count {
                    let out = try! nav.update(time: frames[k].time + 2_000, camera: cameras[k], projection: projection,
                                              viewport: (0, 0, 390, 844))
                    arrows = max(arrows, out.arrowCount)
                }
            }
            addFix.append(BenchCommand.nanoseconds(a) / Double(max(fixes.count, 1)))
            update.append(BenchCommand.nanoseconds(u) / Double(max(count, 1)))
        }
        return (BenchCommand.median(addFix), BenchCommand.median(slowest), BenchCommand.median(update), arrows, config.filterCells)
    }
}
