extension TrackReader {
    /// GPX 1.0/1.1 points, one part of the file: tracks (`trk`, all their `trkseg` in
    /// order), routes (`rte`) and waypoints (`wpt`) are kept apart, never merged.
    /// ``TrackReadOptions/gpxPart`` chooses (the first track or route); by default the first
    /// track, else the first route, else the waypoints. A warning names what the file has
    /// beyond the part read. `<ele>` (above sea level) and `<time>` (ISO 8601, UTC) are read
    /// where they are the point's own children; extensions (Garmin's TrackPointExtension,
    /// OsmAnd's, Strava's) are skipped whatever they hold.
    /// - Throws: a ``ReadFault`` naming the line for a point without lat or lon, a value
    ///   that is not a number, a time that is not ISO 8601, a document without points, a
    ///   chosen part the file does not have, or a point past the options' limit; a document
    ///   that is not whole XML (an element left open or closed out of order, a second root,
    ///   an attribute twice: the scanner's structure checks).
    public static func gpx(_ bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var scanner = XMLScanner(bytes)
        var tracks: [[TrackPoint]] = [], routes: [[TrackPoint]] = [], waypoints: [TrackPoint] = []
        var trackSegments: [Int] = []
        var current: TrackPoint? = nil
        var currentKind = PointKind.waypoint
        var depth = 0   // open elements inside the current point
        var count = 0
        var heights = 0   // the current point's <ele> elements

        while let event = try scanner.next() {
            switch event {
            case .start(let name, let attributes, let selfClosing, let line):
                let kind = PointKind(name)
                if current != nil {
                    if let kind { throw ReadFault(line: line, "<\(kind.name)> inside <\(currentKind.name)>") }
                    if !selfClosing { depth += 1 }
                    continue
                }
                if ByteText.equals(name, "trk") {
                    tracks.append([]); trackSegments.append(0)
                } else if ByteText.equals(name, "trkseg") {
                    if tracks.isEmpty { tracks.append([]); trackSegments.append(0) }
                    trackSegments[trackSegments.count - 1] += 1
                } else if ByteText.equals(name, "rte") {
                    routes.append([])
                } else if let kind {
                    guard let latText = XMLScanner.attribute("lat", in: attributes), let lonText = XMLScanner.attribute("lon", in: attributes) else {
                        throw ReadFault(line: line, "<\(kind.name)> without lat and lon attributes")
                    }
                    guard let lat = DecimalText.finite(latText), let lon = DecimalText.finite(lonText) else {
                        throw ReadFault(line: line, "<\(kind.name)> lat '\(ByteText.quoted(latText))' or lon '\(ByteText.quoted(lonText))' is not a number")
                    }
                    // Outside a <trk> or <rte> (not valid GPX, but unambiguous): a track or route of its own.
                    if kind == .track && tracks.isEmpty { tracks.append([]); trackSegments.append(0) }
                    if kind == .route && routes.isEmpty { routes.append([]) }
                    count += 1
                    guard count <= options.maximumPoints else { throw TrackReader.tooMany(line: line, limit: options.maximumPoints) }
                    let point = TrackPoint(line: line, latitude: lat, longitude: lon)
                    if selfClosing {
                        add(point, kind, &tracks, &routes, &waypoints)
                    } else {
                        current = point; currentKind = kind; depth = 0; heights = 0
                    }
                }
            case .end(let name, let line):
                guard current != nil else {
                    if let kind = PointKind(name) { throw ReadFault(line: line, "</\(kind.name)> without its <\(kind.name)>") }
                    continue
                }
                if depth == 0 {
                    guard PointKind(name) == currentKind else {
                        throw ReadFault(line: line, "</\(ByteText.quoted(name))> inside <\(currentKind.name)>")
                    }
                    add(current!, currentKind, &tracks, &routes, &waypoints)
                    current = nil
                    continue
                }
                depth -= 1
                guard depth == 0 else { continue }
                if ByteText.equals(name, "ele") {
                    let text = scanner.trimmedText
                    guard heights == 0 else { throw ReadFault(line: line, "<\(currentKind.name)> has two <ele>") }
                    guard let h = DecimalText.finite(text) else { throw ReadFault(line: line, "<ele> '\(ByteText.quoted(text))' is not a number") }
                    current!.height = h
                    heights += 1
                } else if ByteText.equals(name, "time") {
                    let text = scanner.trimmedText
                    guard let t = ISOTime.seconds(text, zonelessIsUTC: true) else {
                        throw ReadFault(line: line, "<time> '\(ByteText.quoted(text))' is not an ISO 8601 time (YYYY-MM-DDThh:mm:ssZ)")
                    }
                    current!.time = t
                }
            }
        }
        guard current == nil else { throw ReadFault(line: scanner.line, "the document ends inside <\(currentKind.name)>") }
        try scanner.finish()
        guard count > 0 else { throw ReadFault(line: scanner.line, "the GPX document has no trkpt, rtept or wpt") }

        var chosen = options.gpxPart
        if chosen == .automatic {
            if tracks.contains(where: { !$0.isEmpty }) { chosen = .track }
            else if routes.contains(where: { !$0.isEmpty }) { chosen = .route } else { chosen = .waypoints }
        }
        let points: [TrackPoint], route: Bool
        var rest: [String] = []
        switch chosen {
        case .track, .automatic:
            guard let k = tracks.firstIndex(where: { !$0.isEmpty }) else {
                throw ReadFault(line: scanner.line, "--gpx-part track: the GPX document has no track points")
            }
            points = tracks[k]
            route = trackSegments[k] == 1
            if tracks.count > 1 { rest.append(ByteText.plural(tracks.count - 1, "other track")) }
            if !routes.isEmpty { rest.append(ByteText.plural(routes.count, "route")) }
            if !waypoints.isEmpty { rest.append(ByteText.plural(waypoints.count, "waypoint")) }
        case .route:
            guard let k = routes.firstIndex(where: { !$0.isEmpty }) else {
                throw ReadFault(line: scanner.line, "--gpx-part route: the GPX document has no route points")
            }
            points = routes[k]
            route = true
            if !tracks.isEmpty { rest.append(ByteText.plural(tracks.count, "track")) }
            if routes.count > 1 { rest.append(ByteText.plural(routes.count - 1, "other route")) }
            if !waypoints.isEmpty { rest.append(ByteText.plural(waypoints.count, "waypoint")) }
        case .waypoints:
            guard !waypoints.isEmpty else { throw ReadFault(line: scanner.line, "--gpx-part waypoints: the GPX document has no waypoints") }
            points = waypoints
            route = false
            if !tracks.isEmpty { rest.append(ByteText.plural(tracks.count, "track")) }
            if !routes.isEmpty { rest.append(ByteText.plural(routes.count, "route")) }
        }
        var warnings: [String] = []
        if !rest.isEmpty {
            let part = chosen == .waypoints ? "the waypoints" : chosen == .route ? "the first route" : "the first track"
            var joined = ""
            for (k, r) in rest.enumerated() { joined += (k == 0 ? "" : ", ") + r }
            warnings.append("GPX: read \(part) (\(ByteText.plural(points.count, "point"))); not read: \(joined) (--gpx-part track|route|waypoints chooses)")
        }
        return TrackRead(points: points, isRoute: route, warnings: warnings, kind: "gpx")
    }

    /// The three kinds of GPX point.
    private enum PointKind {
        case track, route, waypoint

        init?(_ name: ArraySlice<UInt8>) {
            if ByteText.equals(name, "trkpt") { self = .track }
            else if ByteText.equals(name, "rtept") { self = .route }
            else if ByteText.equals(name, "wpt") { self = .waypoint }
            else { return nil }
        }

        var name: String {
            switch self {
            case .track: return "trkpt"
            case .route: return "rtept"
            case .waypoint: return "wpt"
            }
        }
    }

    private static func add(_ point: TrackPoint, _ kind: PointKind, _ tracks: inout [[TrackPoint]], _ routes: inout [[TrackPoint]],
                            _ waypoints: inout [TrackPoint]) {
        switch kind {
        case .track: tracks[tracks.count - 1].append(point)
        case .route: routes[routes.count - 1].append(point)
        case .waypoint: waypoints.append(point)
        }
    }
}
