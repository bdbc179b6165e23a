import Waymark
import WaymarkReports
import WaymarkIO

/// `waymark replay --route ROUTE [--fov-deg 60] [--viewport 390x844]
/// [--route-heights ellipsoidal|orthometric|none] [--estimator filter|robust|pairwise]
/// [--alignment gravity|gravity-and-heading] [--filter-gps-correlated-share F]
/// [--filter-gps-correlation-s T] [--html FILE] LOG`: runs the navigator
/// over a field log exactly as an app would (every fix to `addFix`, every compass
/// reading to `addHeading`, every tracking change to `tracking`, every frame to
/// `update`) and writes one CSV row per frame. Same log, same output, byte for byte.
/// `--html` also writes the run's report page (`RunPage`) to FILE.
enum ReplayCommand {
    static let header = "t_s,progress_m,remaining_m,off_route_m,correction_deg,correction_sigma_deg,correction_state,lat,lon,"
        + "finish_x,finish_y,finish_z,finish_visible,finish_screen_x,finish_screen_y,finish_diameter_pt,hint_x,hint_y,hint_turn_deg,"
        + "label_roll_deg,arrow_count,first_arrow_along_m,first_arrow_x,first_arrow_y,first_arrow_z,anchor_sigma_m,correction_source"

    static func run(_ command: Replay, _ out: inout Output) throws(CLIError) {
        guard let routePath = command.route.value else { throw .usage("replay needs --route ROUTE (rows lat,lon[,h])") }
        let fov = command.fovDeg.value ?? 60
        let viewport = command.viewport.value ?? Viewport()
        let (width, height) = (viewport.width, viewport.height)
        // A GPX route's <ele> stays above sea level when the navigator is told to convert it.
        let (route, withHeights) = try NavigationCommands.readRoute(
            routePath, gpxHeights: command.routeHeights.value == .orthometric ? .orthometric : nil)
        guard route.count >= 2 else { throw .usage("the route needs at least two points") }
        let heights = (command.routeHeights.value ?? (withHeights ? .ellipsoidal : .none)).navigator
        guard withHeights || heights == .none else { throw .usage("--route-heights \(heights == .orthometric ? "orthometric" : "ellipsoidal") needs a height on every route row") }
        let configuration = try command.routeEvidence.applying(to: NavigatorOptions.applying(
            command.filterGPS, to: NavigatorOptions.configuration(command.estimator.value ?? .filter, alignment: command.alignment.value)))
        var navigator: Navigator
        // The route's only PROJ work is its heights' geoid (orthometric).
        do { navigator = try Navigator(route: route, heights: heights, configuration: configuration) } catch {
            throw .library(error, .usage, geoid: true)
        }
        let projection: Matrix4x4d
        do { projection = try CameraPose.perspective(fovY: fov, aspect: width / height) } catch { throw .usage(error.message) }

        let explainPath = command.explain.value
        if explainPath != nil && navigator.configuration.method != .filter {
            throw .usage("--explain logs the filter's reasoning: it needs --estimator filter")
        }
        let pagePath = command.html.value
        try TextFile.refuseOverwriting(input: command.file, with: explainPath, option: "--explain")
        try TextFile.refuseOverwriting(input: command.file, with: pagePath, option: "--html")
        var log = try FieldLogFile(path: command.file)
        defer { log.close() }
        try log.readHeader()          // not a log: nothing is written
        out.line(header)
        var trace = pagePath == nil ? nil : RunTrace(navigator: navigator)
        let explained = try explainPath.map { (path) throws(CLIError) in try StreamedTextFile(path: path) }
        try explained?.write(Self.explainHeader + "\n")
        while let event = try log.next() {
            switch event {
            case .fix(let t, let lat, let lon, let h, let accuracy, let scene, let v):
                let fix = Navigator.Fix(latitude: lat, longitude: lon, height: h, horizontalAccuracy: accuracy, time: t,
                                        scenePosition: scene, course: v.course, courseAccuracy: v.courseAccuracy,
                                        speed: v.speed, speedAccuracy: v.speedAccuracy)
                do { try navigator.addFix(fix) } catch { throw .data(line: log.lineNumber, error.message) }
                trace?.recordFix(navigator, latitude: lat, longitude: lon, height: h, accuracy: accuracy, time: t)
                if let explained {
                    try explained.write(Self.explainRow(line: log.lineNumber, navigator.lastMeasurement)
                        + Self.explainRow(line: log.lineNumber, navigator.lastVelocityNote)
                        + Self.explainRow(line: log.lineNumber, navigator.lastRouteNote))
                }
            case .frame(let t, let pose):
                let frame: NavigatorFrame
                do { frame = try navigator.update(time: t, camera: pose.transform(), projection: projection, viewport: (0, 0, width, height)) }
                catch { throw .data(line: log.lineNumber, error.message) }
                out.line(Self.row(frame))
                trace?.recordFrame(navigator, frame, camera: pose.position)
            case .heading(let t, let heading, let accuracy, let pose):
                let camera = pose.transform()
                do { try navigator.addHeading(trueHeading: heading, accuracy: accuracy, time: t, camera: camera) }
                catch { throw .data(line: log.lineNumber, error.message) }
                trace?.recordHeading(navigator, trueHeading: heading, accuracy: accuracy, time: t, camera: camera)
                try explained?.write(Self.explainRow(line: log.lineNumber, navigator.lastMeasurement))
            case .tracking(let t, let state):
                do { try navigator.tracking(state, time: t) } catch { throw .data(line: log.lineNumber, error.message) }
                trace?.recordTracking(state, time: t)
            }
        }
        try explained?.close()
        if let pagePath, let trace {
            let name = command.file.map { String($0.split(separator: "/").last ?? "") } ?? "standard input"
            let page = RunPage(trace: trace, title: "Waymark replay: \(name)", source: "waymark replay --html", kind: "replay")
            try TextFile.write(page.html(), to: pagePath)
        }
    }

    /// `--explain`'s columns: per fix, its velocity, route evidence or compass reading,
    /// the log line it came from and what the filter made of it (``MeasurementNote``).
    static let explainHeader = "line,t_s,event,outcome,innovation,innovation_sigmas,heading_deg,heading_sigma_deg,applied"
    static let outcomeNames = ["used", "anchor_only", "rejected", "forced", "skipped"]
    /// `event` per ``MeasurementNote/Kind``: a fix's velocity and route rows follow its
    /// fix row, on the same log line (innovation in m/s and m).
    static let kindNames = ["fix", "heading", "velocity", "route"]

    /// A cell: empty when the value is unavailable — nil, or not a finite number (the
    /// README's rule for every column; a NaN never prints as "nan").
    static func cell(_ x: Double?) -> String {
        guard let x, x.isFinite else { return "" }
        return format(x)
    }

    static func explainRow(line: Int, _ note: MeasurementNote?) -> String {
        guard let note else { return "" }
        let v = cell
        return "\(line),\(format(note.time)),\(kindNames[Int(note.kind.rawValue)]),\(outcomeNames[Int(note.outcome.rawValue)]),"
            + "\(v(note.innovation)),\(v(note.innovationSigmas)),\(v(note.heading)),\(v(note.headingSigma)),\(note.applied ? 1 : 0)\n"
    }

    static func row(_ f: NavigatorFrame) -> String {
        let v = cell
        let state: String
        switch f.correctionState {
        case .none: state = "none"
        case .estimating: state = "estimating"
        case .applied: state = "applied"
        }
        let finish = f.finish, hint = f.hint, arrow = f.firstArrow
        let fields: [String] = [
            format(f.time), v(f.progress), v(f.remaining), v(f.offRouteDistance), v(f.correction), v(f.correctionSigma), state,
            v(f.userPosition?.latitude), v(f.userPosition?.longitude),
            v(finish?.position.x), v(finish?.position.y), v(finish?.position.z), finish.map { $0.visible ? "1" : "0" } ?? "",
            v(finish?.screen?.x), v(finish?.screen?.y), v(finish?.diameter),
            v(hint?.position.x), v(hint?.position.y), v(hint?.turn), v(f.labelRoll),
            "\(f.arrowCount)", v(arrow?.distanceAlong), v(arrow?.position.x), v(arrow?.position.y), v(arrow?.position.z),
            v(f.anchorSigma), NavigatorOptions.name(f.correctionSource),
        ]
        return fields.joined(separator: ",")
    }
}
