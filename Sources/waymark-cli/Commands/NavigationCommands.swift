import Waymark
import WaymarkReports
import WaymarkIO

/// `waymark simulate` and `waymark arrows`.
enum NavigationCommands {
    /// Reads a route (CSV `lat,lon[,h]` rows, or GeoJSON, GPX or a polyline as the
    /// file's extension says) into coordinates; `allHeights` says whether
    /// every row had a height (otherwise the navigator lays the route on the ground).
    /// `gpxHeights: .orthometric` keeps GPX `<ele>` above sea level (for a caller that
    /// converts them itself, as `replay --route-heights orthometric` does). At most
    /// ``RouteLimit/maximumPoints`` points, checked as they are read.
    static func readRoute(_ path: String?, format: InputFormat? = nil, gpxHeights: Choice.Heights? = nil) throws(CLIError) -> (points: [GeodeticCoordinate], allHeights: Bool) {
        var input = try RowInput(path: path, format: format, geographic: true, gpxHeights: gpxHeights,
                                 maximumPoints: RouteLimit.maximumPoints)
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

    /// `simulate [--route straight|sample|FILE] [--runs N] [--random-seed S] [--heading-error-deg D] [--gps-sigma-m M]
    /// [--jumps] [--drift-deg-per-min R] [--duration-s T] [--speed-mps V] [--estimator …] [--svg FILE] [--log FILE]
    /// [--html FILE] [walk models] [--navigator [--alignment …]]`.
    ///
    /// Without `--navigator` the summary lines are the heading corrector's in the field
    /// simulator (`FieldSimulator`, 100 runs; a golden file pins them). `--log` writes
    /// the first run's walk (its route, speed, GPS noise, compass error and seed, and the
    /// walk models asked for) as a field log for `waymark replay`: fixes at 1 Hz, camera
    /// frames at 10 Hz looking along the walk, compass readings every 0.5 s with
    /// `--compass-sigma-deg`, tracking changes with `--reset-at`/`--limited` (the walk
    /// simulator's own noise draws; no jumps or drift). `--html` writes that walk's
    /// report page: the walk run through the navigator as `replay` runs the log (default
    /// field of view and viewport; `--estimator` and `--alignment` as replay's), the
    /// truth beside it. `--navigator` runs `--runs` (20) seeded walks through the
    /// navigator (`NavigatorTrial`) and prints its figures instead.
    static func simulate(_ command: Simulate, _ out: inout Output) throws(CLIError) {
        guard command.file == nil else { throw .usage("simulate takes no input file; use --route FILE") }
        var scenario = FieldSimulator.Scenario()
        var routeHasHeights = false
        switch command.route.value ?? .straight {
        case .straight: break
        case .sample: scenario.route = SampleRoute.coordinates()
        case .file(let path): (scenario.route, routeHasHeights) = try readRoute(path)
        }
        guard scenario.route.count >= 2 else { throw .usage("--route needs at least two points") }
        let navigatorTrials = command.navigator
        let runs = command.runs.value ?? (navigatorTrials ? 20 : 100)
        let seed = command.firstSeed
        scenario.headingError = command.headingErrorDeg.value ?? 15
        scenario.gpsSigma = command.gpsSigmaM.value ?? 5
        scenario.speed = command.speedMps.value ?? 1.4
        scenario.jumps = command.jumps
        scenario.driftDegreesPerMinute = command.driftDegPerMin.value ?? 0
        if let duration = command.durationS.value { scenario.duration = duration }
        let models = try WalkModels(command)
        let walks = !command.log.isEmpty || !command.html.isEmpty
        if let flag = models.given.first, !walks && !navigatorTrials {
            throw .usage("--\(flag) models the walk that --log, --html and --navigator simulate; the summary without them is the "
                         + "field simulator's (white GPS noise, an exact AR track, no compass readings)")
        }
        if !command.alignment.isEmpty && command.html.isEmpty && !navigatorTrials {
            throw .usage("--alignment is the navigator's: it needs --navigator or --html")
        }
        let estimator: Choice.Estimator
        if navigatorTrials {
            for (flag, given, instead) in [("jumps", command.jumps, "--outliers P"),
                                           ("drift-deg-per-min", !command.driftDegPerMin.isEmpty, "--yaw-drift-deg D")] where given {
                throw .usage("--navigator cannot run --\(flag) (the field simulator's model); use \(instead)")
            }
            if !command.svg.isEmpty { throw .usage("--svg plots the field simulator's runs, not --navigator's") }
            estimator = command.estimator.value ?? .filter
        } else {
            estimator = command.estimator.value ?? .robust
            if estimator == .filter {
                throw .usage("--estimator filter is the navigator's: add --navigator (without it the summary is the heading corrector's: "
                             + "seed, pairwise or robust; --html runs the filter unless --estimator says otherwise)")
            }
        }
        // The navigator `--html` and `--navigator` run: replay's defaults unless told.
        if let flag = (command.filterGPS.given + command.routeEvidence.given).first, !navigatorTrials && command.html.isEmpty {
            throw .usage("--\(flag) is the navigator's: it needs --navigator or --html")
        }
        let configuration = try command.routeEvidence.applying(to: NavigatorOptions.applying(command.filterGPS, to: NavigatorOptions.configuration(
            navigatorTrials || !command.estimator.isEmpty ? estimator : .filter, alignment: command.alignment.value)))
        scenario.corrector.estimator = estimator.corrector ?? .pairwise
        if scenario.driftDegreesPerMinute != 0 && scenario.corrector.estimator == .robustLeastSquares { scenario.corrector.history = 60 }

        // The walk's length in time is checked before anything runs (a 179°-long route
        // at walking pace would take months to simulate).
        do { _ = try scenario.sampleCount() } catch {
            throw .usage("the walk cannot be simulated: \(error.message); at most \(Int(Limits.maximumSimulatedSeconds)) s "
                         + "(one sample per second) are simulated, so shorten the route or pass --duration-s")
        }
        // As `replay` would run the log: a route file's heights count when every row has one.
        let heights: Navigator.RouteHeights = routeHasHeights ? .ellipsoidal : .none
        var firstRun: [FieldSimulator.Sample]? = nil
        if navigatorTrials {
            try trials(scenario, models: models, seed: seed, runs: runs, heights: heights, configuration: configuration, &out)
        } else {
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
            firstRun = all.first
        }
        if walks {
            guard !scenario.jumps, scenario.driftDegreesPerMinute == 0 else {
                throw .usage("--\(command.log.isEmpty ? "html" : "log") cannot record --jumps or --drift-deg-per-min "
                             + "(the walk's models are --outliers and --yaw-drift-deg)")
            }
            let walk = WalkSimulator(walkScenario(scenario, models: models, seed: seed))
            let events: [WalkSimulator.Event]
            do { events = try walk.events() } catch { throw .usage(error.message) }
            if let path = command.log.value { try TextFile.write(FieldLog.text(of: events), to: path) }
            if let path = command.html.value {
                var navigator: Navigator
                do { navigator = try Navigator(route: scenario.route, heights: heights, configuration: configuration) } catch { throw .usage(error.message) }
                let projection: Matrix4x4d
                do { projection = try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844) } catch { throw .usage(error.message) }
                let trace = try RunTrace.simulate(walk, events: events, navigator: &navigator, projection: projection, viewport: (0, 0, 390, 844))
                let page = RunPage(trace: trace, title: "Waymark simulation: seed \(seed), \(Markup.compact(scenario.headingError, 4))° compass error, "
                                       + "\(Markup.compact(scenario.gpsSigma, 4)) m GPS noise",
                                   source: "waymark simulate --html; the walk --log writes, replayed", kind: "simulate")
                try TextFile.write(page.html(), to: path)
            }
        }
        if let path = command.svg.value, let first = firstRun {
            try TextFile.write(svg(first), to: path)
        }
    }

    /// `simulate --navigator`: `runs` seeded walks (seed, seed + 1, …) through the
    /// navigator, scored frame by frame (`NavigatorTrial`), as `key value` lines. The
    /// errors are over the frames from each run's first applied correction on (95th
    /// percentiles of their magnitudes, pooled over the runs); the calibration lines are
    /// the share of those frames whose error is within twice the σ the navigator
    /// reported (nan when it reported none: the window fits give no anchor σ).
    static func trials(_ scenario: FieldSimulator.Scenario, models: WalkModels, seed: UInt64, runs: Int, heights: Navigator.RouteHeights,
                       configuration: Navigator.Configuration, _ out: inout Output) throws(CLIError) {
        var pool = NavigatorTrial.Pool()
        var blocks: [NavigatorTrial.Pool] = [], block = NavigatorTrial.Pool()
        for k in 0..<runs {
            let walk = WalkSimulator(walkScenario(scenario, models: models, seed: seed &+ UInt64(k)))
            let trial: NavigatorTrial
            do { trial = try NavigatorTrial(walk, heights: heights, configuration: configuration) } catch { throw .usage(error.message) }
            pool.add(trial)
            block.add(trial)
            if k % 10 == 9 { blocks.append(block); block = NavigatorTrial.Pool() }
        }
        func value(_ v: Double?) -> String { format(v ?? .nan) }
        func share(_ within: Int, _ total: Int) -> String { total == 0 ? format(.nan) : format(Double(within) / Double(total)) }
        out.line("runs \(runs)")
        out.line("estimator \(Choice.Estimator.printedName(configuration))")
        out.line("runs_applied \(pool.applied)")
        out.line("first_applied_s_median \(value(NavigatorTrial.quantile(pool.firstApplied, 0.5)))")
        out.line("heading_error_deg_p95 \(value(NavigatorTrial.quantile(pool.heading, 0.95)))")
        out.line("heading_within_2sigma \(share(pool.headingWithin, pool.headingTotal))")
        out.line("anchor_error_m_p95 \(value(NavigatorTrial.quantile(pool.anchor, 0.95)))")
        out.line("anchor_within_2sigma \(share(pool.anchorWithin, pool.anchorTotal))")
        out.line("first_arrow_error_m_p95 \(value(NavigatorTrial.quantile(pool.arrow, 0.95)))")
        out.line("progress_error_m_p95 \(value(NavigatorTrial.quantile(pool.progress, 0.95)))")
        // The spread over seeds: the same figures over each block of 10 runs (the runs
        // after the last whole block are left out), their smallest and largest.
        guard blocks.count >= 2 else { return }
        func spread(_ name: String, _ pick: (NavigatorTrial.Pool) -> [Double]) {
            // A block with no applied correction has no figure: then neither has the spread.
            let p95 = blocks.map { NavigatorTrial.quantile(pick($0), 0.95) ?? .nan }
            let known = !p95.contains { $0.isNaN }
            out.line("\(name)_p95_min_per_10_runs \(format(known ? p95.min()! : .nan))")
            out.line("\(name)_p95_max_per_10_runs \(format(known ? p95.max()! : .nan))")
        }
        spread("heading_error_deg") { $0.heading }
        spread("first_arrow_error_m") { $0.arrow }
        spread("progress_error_m") { $0.progress }
    }

    /// The walk simulator's error models and events, from `simulate`'s options; `given`
    /// lists the options that were given (they only affect the walk simulator).
    struct WalkModels {
        var gpsCorrelationTime = 30.0, gpsCorrelatedShare = 0.0, outliers = 0.0
        var compassSigma: Double? = nil, compassDisturbance = 0.0
        var outage: ClosedRange<Double>? = nil
        var resets: [Double] = []
        var limited: [ClosedRange<Double>] = []
        var yawDrift = 0.0, positionDrift = 0.0
        var frameInterval = 0.1
        /// The walker and GPS velocity (checked when read).
        var walker = WalkerOptions()
        var given: [String] = []

        init() {}

        init(_ command: Simulate) throws(CLIError) {
            let options: [(String, Bool)] = [
                ("gps-correlation-s", !command.gpsCorrelationS.isEmpty), ("gps-correlated-share", !command.gpsCorrelatedShare.isEmpty),
                ("outliers", !command.outliers.isEmpty), ("compass-sigma-deg", !command.compassSigmaDeg.isEmpty),
                ("compass-disturbance", !command.compassDisturbance.isEmpty), ("outage", !command.outage.isEmpty),
                ("reset-at", !command.resetAt.isEmpty), ("limited", !command.limited.isEmpty),
                ("yaw-drift-deg", !command.yawDriftDeg.isEmpty), ("position-drift-m", !command.positionDriftM.isEmpty),
                ("frame-interval-s", !command.frameIntervalS.isEmpty),
            ]
            given = options.filter(\.1).map(\.0) + command.walker.given
            walker = command.walker
            _ = try walker.applying(to: WalkSimulator.Scenario(route: []))
            gpsCorrelatedShare = command.gpsCorrelatedShare.value ?? 0
            gpsCorrelationTime = command.gpsCorrelationS.value ?? 30
            if !command.gpsCorrelationS.isEmpty && gpsCorrelatedShare == 0 {
                throw .usage("--gps-correlation-s needs --gps-correlated-share above 0 (the GPS error is white without it)")
            }
            outliers = command.outliers.value ?? 0
            compassSigma = command.compassSigmaDeg.value
            compassDisturbance = command.compassDisturbance.value ?? 0
            if !command.compassDisturbance.isEmpty && compassSigma == nil {
                throw .usage("--compass-disturbance needs --compass-sigma-deg (no compass readings without it)")
            }
            yawDrift = command.yawDriftDeg.value ?? 0
            positionDrift = command.positionDriftM.value ?? 0
            frameInterval = command.frameIntervalS.value ?? 0.1
            outage = command.outage.value
            limited = command.limited.value ?? []
            resets = command.resetAt.joined().sorted()
        }
    }

    /// The walk `--log`, `--html` and `--navigator` simulate: the route, speed, GPS noise,
    /// compass error and `seed` of the field simulator's scenario (the walk simulator's
    /// own noise draws; no jumps or drift), and the walk models asked for.
    static func walkScenario(_ scenario: FieldSimulator.Scenario, models: WalkModels = WalkModels(), seed: UInt64) -> WalkSimulator.Scenario {
        var walk = WalkSimulator.Scenario(route: scenario.route)
        walk.speed = scenario.speed
        walk.gpsSigma = scenario.gpsSigma
        walk.headingError = scenario.headingError
        walk.seed = seed
        if let d = scenario.duration {
            let length = (try? RoutePath(points: scenario.route.map { LocalTangentFrame(origin: scenario.route[0]).forward($0) }, axes: .enu).length) ?? 0
            if d * walk.speed < length { walk.walkDistance = d * walk.speed } else { walk.waitAfter = d - length / walk.speed }
        }
        walk.gpsCorrelatedShare = models.gpsCorrelatedShare
        walk.gpsCorrelationTime = models.gpsCorrelationTime
        walk.outlierProbability = models.outliers
        walk.compassSigma = models.compassSigma
        walk.compassDisturbance = models.compassDisturbance
        walk.outage = models.outage
        walk.resets = models.resets
        walk.limited = models.limited
        walk.yawDrift = models.yawDrift
        walk.positionDrift = models.positionDrift
        walk.frameInterval = models.frameInterval
        // Checked when the models were read.
        return (try? models.walker.applying(to: walk)) ?? walk
    }

    /// The first run's tracks as an SVG: route (grey), GPS fixes (red), AR track (blue),
    /// east to the right, north up, metres.
    static func svg(_ samples: [FieldSimulator.Sample]) -> String {
        let all = samples.flatMap { [$0.gps, $0.ar, $0.truth] }
        let minX = all.map(\.x).min()! - 10, maxX = all.map(\.x).max()! + 10
        let minY = all.map(\.y).min()! - 10, maxY = all.map(\.y).max()! + 10
        let scale = 600 / max(maxX - minX, maxY - minY)
        func point(_ p: SIMD2<Double>) -> String {
            fixed((p.x - minX) * scale + 20, 2) + "," + fixed((maxY - p.y) * scale + 20, 2)
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
        <text x="20" y="16" font-family="sans-serif" font-size="12">route (grey), GPS fixes (red), AR track (blue); heading error at end \(fixed(samples.last?.headingError ?? 0, 2))°</text>
        </svg>
        """
    }

    /// `arrows --origin LAT,LON[,H] --position LAT,LON[,H] [--spacing-m 3] [--ahead-m 100] ROUTE_FILE`:
    /// rows `x,y,z,yaw_deg` (eus) for the arrows ahead of the user.
    static func arrows(_ command: Arrows, _ out: inout Output) throws(CLIError) {
        let origin = try command.origin.value()
        let position = try required(command.position, "position")
        guard let file = command.file else { throw .usage("arrows needs a ROUTE_FILE (rows lat,lon[,h])") }
        let spacing = command.spacingM.value ?? 3, ahead = command.aheadM.value ?? 100
        let route = try readRoute(file, format: command.source.from.value).points
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
