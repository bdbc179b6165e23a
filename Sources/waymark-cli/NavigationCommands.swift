import Foundation
import Waymark

/// `waymark simulate` and `waymark arrows`.
enum NavigationCommands {
    /// Reads a route (CSV `lat,lon[,h]` rows, or GeoJSON, GPX or a polyline as the
    /// file's extension says) into coordinates; `allHeights` says whether
    /// every row had a height (otherwise the navigator lays the route on the ground).
    /// `gpxHeights: "orthometric"` keeps GPX `<ele>` above sea level (for a caller that
    /// converts them itself, as `replay --route-heights orthometric` does).
    static func readRoute(_ path: String?, format: InputFormat? = nil, gpxHeights: String? = nil) throws(CLIError) -> (points: [GeodeticCoordinate], allHeights: Bool) {
        var input = try RowInput(path: path, format: format, geographic: true, gpxHeights: gpxHeights)
        defer { input.close() }
        var route: [GeodeticCoordinate] = []
        var allHeights = true
        while let row = try input.next(fieldCounts: 2...3) {
            let v = row.values
            allHeights = allHeights && v.count == 3
            do { route.append(try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v.count == 3 ? v[2] : 0)) } catch {
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
        }
        return (route, allHeights)
    }

    static func number(_ args: Arguments, _ name: String, default value: Double) throws(CLIError) -> Double {
        guard let text = args.options[name] else { return value }
        guard let v = Double(text), v.isFinite else { throw .usage("--\(name) must be a number, got '\(text)'") }
        return v
    }

    /// `simulate [--route straight|sample|FILE] [--runs N] [--seed S] [--heading-error-deg D] [--gps-sigma-m M]
    /// [--jumps] [--drift-deg-per-min R] [--duration-s T] [--estimator seed|robust] [--svg FILE] [--log FILE] [--html FILE]`.
    /// `--log` writes the first run's walk (its route, speed, GPS noise, compass error and
    /// seed) as a field log for `waymark replay`: fixes at 1 Hz, camera frames at 10 Hz
    /// looking along the walk (the walk simulator's own noise draws; no jumps or drift).
    /// `--html` writes that walk's report page: the walk run through the navigator as
    /// `replay` runs the log (default field of view and viewport), the truth beside it.
    static func simulate(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["route", "runs", "seed", "heading-error-deg", "gps-sigma-m", "drift-deg-per-min",
                                                  "duration-s", "estimator", "svg", "log", "html"], switches: ["jumps"])
        guard args.file == nil else { throw .usage("simulate takes no input file; use --route FILE") }
        var scenario = FieldSimulator.Scenario()
        var routeHasHeights = false
        switch args.options["route"] ?? "straight" {
        case "straight": break
        case "sample": scenario.route = SampleRoute.coordinates()
        case let path: (scenario.route, routeHasHeights) = try readRoute(path)
        }
        guard scenario.route.count >= 2 else { throw .usage("--route needs at least two points") }
        let runs = try args.count("runs", default: 100)
        let seedText = args.options["seed"] ?? "1"
        guard let seed = UInt64(seedText) else { throw .usage("--seed must be a non-negative integer, got '\(seedText)'") }
        scenario.headingError = try number(args, "heading-error-deg", default: 15)
        scenario.gpsSigma = try number(args, "gps-sigma-m", default: 5)
        guard scenario.gpsSigma >= 0 else { throw .usage("--gps-sigma-m must not be negative") }
        scenario.jumps = args.flags.contains("jumps")
        scenario.driftDegreesPerMinute = try number(args, "drift-deg-per-min", default: 0)
        if args.options["duration-s"] != nil {
            let d = try number(args, "duration-s", default: 0)
            guard d > 0 else { throw .usage("--duration-s must be positive") }
            scenario.duration = d
        }
        scenario.corrector.estimator = try args.choice("estimator", default: "robust", among: ["seed", "pairwise", "robust"]) != "robust"
            ? .pairwise : .robustLeastSquares
        if scenario.driftDegreesPerMinute != 0 && scenario.corrector.estimator == .robustLeastSquares { scenario.corrector.history = 60 }

        // The walk's length in time is checked before anything runs (a 179°-long route
        // at walking pace would take months to simulate).
        do { _ = try scenario.sampleCount() } catch {
            throw .usage("the walk cannot be simulated: \(error.message); at most \(Int(Limits.maximumSimulatedSeconds)) s "
                         + "(one sample per second) are simulated, so shorten the route or pass --duration-s")
        }
        var all: [[FieldSimulator.Sample]] = []
        for k in 0..<runs {
            scenario.seed = seed &+ UInt64(k)
            do { all.append(try FieldSimulator(scenario).run()) } catch { throw .usage(error.message) }
        }
        func rms(_ time: Double, _ value: (FieldSimulator.Sample) -> Double) -> Double {
            let v = all.compactMap { run in run.first { $0.time == time }.map(value) }
            return v.isEmpty ? .nan : (v.map { $0 * $0 }.reduce(0, +) / Double(v.count)).squareRoot()
        }
        out.line("runs \(runs)")
        out.line("estimator \(scenario.corrector.estimator == .pairwise ? "seed" : "robust")")
        out.line("rms_heading_error_deg_at_60s \(format(rms(60) { $0.headingError }))")
        out.line("rms_heading_error_deg_at_120s \(format(rms(120) { $0.headingError }))")
        out.line("bound_deg_at_60s \(format(FieldSimulator.leastSquaresLimit(time: 60, speed: scenario.speed, sigma: scenario.gpsSigma)))")
        out.line("rms_finish_error_m_at_60s \(format(rms(60) { $0.finishError }))")
        out.line("rms_finish_error_m_at_120s \(format(rms(120) { $0.finishError }))")
        if let last = all.first?.last {
            out.line("final_time_s \(format(last.time))")
            out.line("rms_heading_error_deg_final \(format(rms(last.time) { $0.headingError }))")
        }
        if args.options["log"] != nil || args.options["html"] != nil {
            guard !scenario.jumps, scenario.driftDegreesPerMinute == 0 else {
                throw .usage("--\(args.options["log"] != nil ? "log" : "html") cannot record --jumps or --drift-deg-per-min")
            }
            let walk = WalkSimulator(walkScenario(scenario, seed: seed))
            let events: [WalkSimulator.Event]
            do { events = try walk.events() } catch { throw .usage(error.message) }
            if let path = args.options["log"] { try TextFile.write(FieldLog.text(of: events), to: path) }
            if let path = args.options["html"] {
                // As `replay` would run the log: a route file's heights count when every row has one.
                let heights: Navigator.RouteHeights = routeHasHeights ? .ellipsoidal : .none
                var navigator: Navigator
                do { navigator = try Navigator(route: scenario.route, heights: heights) } catch { throw .usage(error.message) }
                let projection: Matrix4x4d
                do { projection = try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844) } catch { throw .usage(error.message) }
                let trace = try RunTrace.simulate(walk, events: events, navigator: &navigator, projection: projection, viewport: (0, 0, 390, 844))
                let page = RunPage(trace: trace, title: "Waymark simulation: seed \(seed), \(Markup.compact(scenario.headingError, 4))° compass error, "
                                       + "\(Markup.compact(scenario.gpsSigma, 4)) m GPS noise",
                                   source: "waymark simulate --html; the walk --log writes, replayed", kind: "simulate")
                try TextFile.write(page.html(), to: path)
            }
        }
        if let path = args.options["svg"], let first = all.first {
            try TextFile.write(svg(first), to: path)
        }
    }

    /// The walk `--log` and `--html` record: the first run's route, speed, GPS noise,
    /// compass error and seed (the walk simulator's own noise draws; no jumps or drift).
    static func walkScenario(_ scenario: FieldSimulator.Scenario, seed: UInt64) -> WalkSimulator.Scenario {
        var walk = WalkSimulator.Scenario(route: scenario.route)
        walk.speed = scenario.speed
        walk.gpsSigma = scenario.gpsSigma
        walk.headingError = scenario.headingError
        walk.seed = seed
        if let d = scenario.duration {
            let length = (try? RoutePath(points: scenario.route.map { LocalTangentFrame(origin: scenario.route[0]).forward($0) }, axes: .enu).length) ?? 0
            if d * walk.speed < length { walk.walkDistance = d * walk.speed } else { walk.waitAfter = d - length / walk.speed }
        }
        return walk
    }

    /// The first run's tracks as an SVG: route (grey), GPS fixes (red), AR track (blue),
    /// east to the right, north up, metres.
    static func svg(_ samples: [FieldSimulator.Sample]) -> String {
        let all = samples.flatMap { [$0.gps, $0.ar, $0.truth] }
        let minX = all.map(\.x).min()! - 10, maxX = all.map(\.x).max()! + 10
        let minY = all.map(\.y).min()! - 10, maxY = all.map(\.y).max()! + 10
        let scale = 600 / max(maxX - minX, maxY - minY)
        func point(_ p: SIMD2<Double>) -> String {
            String(format: "%.2f,%.2f", (p.x - minX) * scale + 20, (maxY - p.y) * scale + 20)
        }
        func polyline(_ pts: [SIMD2<Double>], _ colour: String) -> String {
            "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" points=\"\(pts.map(point).joined(separator: " "))\"/>"
        }
        let size = Int((max(maxX - minX, maxY - minY)) * scale + 40)
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 \(size) \(size)">
        <rect width="100%" height="100%" fill="white"/>
        \(polyline(samples.map(\.truth), "#999"))
        \(samples.map { "<circle cx=\"\(point($0.gps).split(separator: ",")[0])\" cy=\"\(point($0.gps).split(separator: ",")[1])\" r=\"2\" fill=\"#d33\"/>" }.joined(separator: "\n"))
        \(polyline(samples.map(\.ar), "#36c"))
        <text x="20" y="16" font-family="sans-serif" font-size="12">route (grey), GPS fixes (red), AR track (blue); heading error at end \(String(format: "%.2f", samples.last?.headingError ?? 0))°</text>
        </svg>
        """
    }

    /// `arrows --origin LAT,LON[,H] --position LAT,LON[,H] [--spacing-m 3] [--ahead-m 100] ROUTE_FILE`:
    /// rows `x,y,z,yaw_deg` (eus) for the arrows ahead of the user.
    static func arrows(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["origin", "position", "spacing-m", "ahead-m", "from"])
        let origin = try args.origin()
        let position = try args.coordinate("position")
        guard let file = args.file else { throw .usage("arrows needs a ROUTE_FILE (rows lat,lon[,h])") }
        let spacing = try number(args, "spacing-m", default: 3), ahead = try number(args, "ahead-m", default: 100)
        guard spacing > 0, ahead > 0 else { throw .usage("--spacing-m and --ahead-m must be positive") }
        let format = try args.options["from"].map { name throws(CLIError) in
            guard let f = InputFormat(rawValue: name) else {
                throw .usage("--from must be one of \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
            }
            return f
        }
        let route = try readRoute(file, format: format).points
        guard !route.isEmpty else { throw .usage("the route file has no points") }
        let frame = SceneFrame(origin: origin, axes: .eus)
        try out.header("x,y,z,yaw_deg")
        do {
            let path = try RoutePath(points: frame.scenePositions(of: route), axes: .eus)
            for arrow in try path.arrows(from: path.project(frame.scenePosition(of: position)), spacing: spacing, ahead: ahead) {
                out.row(arrow.position.x, arrow.position.y, arrow.position.z, arrow.yaw)
            }
        } catch {
            throw .usage(error.message)
        }
    }
}
