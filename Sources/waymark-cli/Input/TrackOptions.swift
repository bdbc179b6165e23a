/// How the track formats (GPX, KML, TCX, NMEA, GeoJSON, route responses) are read:
/// `--gpx-part`, `--polygons`, `--missing-heights`.
struct TrackOptions {
    /// `--gpx-part track|route|waypoints`: which part of a GPX file is the route. Nil:
    /// the first track, else the first route, else (a file of waypoints only) the
    /// waypoints. The parts are never merged.
    enum GPXPart: String, CaseIterable { case track, route, waypoints }
    var gpxPart: GPXPart? = nil

    /// `--polygons skip|rings`: a GeoJSON or KML polygon is skipped with a warning naming
    /// it (the default), or its rings are read as lines of points.
    var polygonRings = false

    /// `--missing-heights error|drop-points|ignore-heights`: in a GPX, KML, TCX or NMEA
    /// track where some points have a height and others do not, a point without one is a
    /// data error naming it (the default), or such points are left out (a warning says how
    /// many), or every height is ignored (all points on h = 0).
    enum MissingHeights: String, CaseIterable {
        case error, dropPoints = "drop-points", ignoreHeights = "ignore-heights"
    }
    var missingHeights = MissingHeights.error

    /// Applies ``missingHeights`` to the rows of a track whose points have `lat,lon` or
    /// `lat,lon,h`: all or none with a height is fine; a mix is an error naming the first
    /// point without one (`what` names points: "<trkpt>", "Trackpoint", …), or is resolved
    /// as asked.
    func resolveHeights(_ rows: inout [Row], what: String) throws(CLIError) {
        let withHeight = rows.count(where: { $0.values.count == 3 })
        guard withHeight > 0, withHeight < rows.count else { return }
        switch missingHeights {
        case .error:
            let first = rows.firstIndex { $0.values.count == 2 }!
            throw .data(line: rows[first].line, "\(what) \(first + 1) has no height while \(withHeight) of the \(rows.count) points have one: "
                        + "a height of 0 would put it underground (--missing-heights drop-points leaves such points out, "
                        + "--missing-heights ignore-heights reads every point without its height)")
        case .dropPoints:
            let dropped = rows.count - withHeight
            rows.removeAll { $0.values.count == 2 }
            warn("left out \(dropped) \(what)\(dropped == 1 ? "" : "s") without a height (--missing-heights drop-points)")
        case .ignoreHeights:
            for k in rows.indices where rows[k].values.count == 3 { rows[k].values.removeLast() }
        }
    }
}

/// A warning on standard error (the run goes on): something in the input was not read,
/// said so rather than dropped in silence.
func warn(_ message: String) { printError("warning: " + message) }
