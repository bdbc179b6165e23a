/// GPX 1.0/1.1 points as `lat,lon[,ele]` rows, one part of the file: tracks (`trk`, all
/// their `trkseg` in order), routes (`rte`) and waypoints (`wpt`) are kept apart, never
/// merged. `--gpx-part track|route|waypoints` chooses (the first track or route); by
/// default the first track, else the first route, else the waypoints. A warning names
/// what the file has beyond the part read. `<ele>` (above sea level: the caller converts
/// it) and `<time>` (ISO 8601, UTC: the row's time) are read where they are the point's
/// own children; extensions (Garmin's TrackPointExtension, OsmAnd's, Strava's) are
/// skipped whatever they hold. A point without lat or lon, a value that is not a number,
/// a time that is not ISO 8601, a document without points, or a chosen part the file
/// does not have is a data error (65) naming the line; so is a point past
/// `maximumPoints` (``RouteLimit``), where the scan stops.
enum GPXInput {
    static func rows(_ bytes: [UInt8], part: TrackOptions.GPXPart? = nil, maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool) {
        var scanner = XMLScanner(bytes)
        var tracks: [[Row]] = [], routes: [[Row]] = [], waypoints: [Row] = []
        var trackSegments: [Int] = []
        var current: Row? = nil
        var currentName = ""
        var depth = 0   // open elements inside the current point
        var count = 0
        func add(_ row: Row, _ name: String) {
            switch name {
            case "trkpt": tracks[tracks.count - 1].append(row)
            case "rtept": routes[routes.count - 1].append(row)
            default: waypoints.append(row)
            }
        }

        while let event = try scanner.next() {
            switch event {
            case .start(let name, let attributes, let selfClosing, let line):
                if current != nil {
                    if name == "trkpt" || name == "rtept" || name == "wpt" { throw .data(line: line, "<\(name)> inside <\(currentName)>") }
                    if !selfClosing { depth += 1 }
                    continue
                }
                switch name {
                case "trk": tracks.append([]); trackSegments.append(0)
                case "trkseg":
                    if tracks.isEmpty { tracks.append([]); trackSegments.append(0) }
                    trackSegments[trackSegments.count - 1] += 1
                case "rte": routes.append([])
                case "trkpt", "rtept", "wpt":
                    guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
                        throw .data(line: line, "<\(name)> without lat and lon attributes")
                    }
                    guard let lat = XMLScanner.number(latText), let lon = XMLScanner.number(lonText) else {
                        throw .data(line: line, "<\(name)> lat '\(latText.prefix(40))' or lon '\(lonText.prefix(40))' is not a number")
                    }
                    // Outside a <trk> or <rte> (not valid GPX, but unambiguous): a track or route of its own.
                    if name == "trkpt" && tracks.isEmpty { tracks.append([]); trackSegments.append(0) }
                    if name == "rtept" && routes.isEmpty { routes.append([]) }
                    count += 1
                    guard count <= maximumPoints else { throw RouteLimit.exceeded(line: line, limit: maximumPoints) }
                    let row = Row(line: line, values: [lat, lon])
                    if selfClosing { add(row, name) } else { current = row; currentName = name; depth = 0 }
                default: break
                }
            case .end(let name, let line):
                guard current != nil else {
                    if name == "trkpt" || name == "rtept" || name == "wpt" { throw .data(line: line, "</\(name)> without its <\(name)>") }
                    continue
                }
                if depth == 0 {
                    guard name == currentName else { throw .data(line: line, "</\(name)> inside <\(currentName)>") }
                    add(current!, name)
                    current = nil
                    continue
                }
                depth -= 1
                guard depth == 0 else { continue }
                if name == "ele" {
                    let text = scanner.trimmedText
                    guard current!.values.count == 2 else { throw .data(line: line, "<\(currentName)> has two <ele>") }
                    guard let h = XMLScanner.number(text) else { throw .data(line: line, "<ele> '\(text.prefix(40))' is not a number") }
                    current!.values.append(h)
                } else if name == "time" {
                    let text = scanner.trimmedText
                    guard let t = ISOTime.seconds(text, zonelessIsUTC: true) else {
                        throw .data(line: line, "<time> '\(text.prefix(40))' is not an ISO 8601 time (YYYY-MM-DDThh:mm:ssZ)")
                    }
                    current!.time = t
                }
            }
        }
        guard current == nil else { throw .data(line: scanner.line, "the document ends inside <\(currentName)>") }
        guard count > 0 else { throw .data(line: scanner.line, "the GPX document has no trkpt, rtept or wpt") }

        let chosen: TrackOptions.GPXPart
        if let part { chosen = part } else if tracks.contains(where: { !$0.isEmpty }) { chosen = .track }
        else if routes.contains(where: { !$0.isEmpty }) { chosen = .route } else { chosen = .waypoints }
        let rows: [Row], route: Bool
        var rest: [String] = []
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        switch chosen {
        case .track:
            guard let k = tracks.firstIndex(where: { !$0.isEmpty }) else {
                throw .data(line: scanner.line, "--gpx-part track: the GPX document has no track points")
            }
            rows = tracks[k]
            route = trackSegments[k] == 1
            if tracks.count > 1 { rest.append(plural(tracks.count - 1, "other track")) }
            if !routes.isEmpty { rest.append(plural(routes.count, "route")) }
            if !waypoints.isEmpty { rest.append(plural(waypoints.count, "waypoint")) }
        case .route:
            guard let k = routes.firstIndex(where: { !$0.isEmpty }) else {
                throw .data(line: scanner.line, "--gpx-part route: the GPX document has no route points")
            }
            rows = routes[k]
            route = true
            if !tracks.isEmpty { rest.append(plural(tracks.count, "track")) }
            if routes.count > 1 { rest.append(plural(routes.count - 1, "other route")) }
            if !waypoints.isEmpty { rest.append(plural(waypoints.count, "waypoint")) }
        case .waypoints:
            guard !waypoints.isEmpty else { throw .data(line: scanner.line, "--gpx-part waypoints: the GPX document has no waypoints") }
            rows = waypoints
            route = false
            if !tracks.isEmpty { rest.append(plural(tracks.count, "track")) }
            if !routes.isEmpty { rest.append(plural(routes.count, "route")) }
        }
        if !rest.isEmpty {
            warn("GPX: read \(chosen == .waypoints ? "the waypoints" : "the first " + chosen.rawValue) (\(plural(rows.count, "point"))); "
                 + "not read: \(rest.joined(separator: ", ")) (--gpx-part track|route|waypoints chooses)")
        }
        return (rows, route)
    }
}
