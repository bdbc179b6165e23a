import Waymark
import WaymarkReports

/// A track or route read whole, in any input format, for the commands that need all of
/// its points at once (`accuracy TRACK`, `length`, `inverse --pairs consecutive`).
struct Track {
    /// A point with its input line and time (WaymarkReports' type, which the comparison keeps).
    typealias Point = TrackComparison.Point

    var points: [Point]
    /// The input's format as read ("gpx", "osrm", …).
    var format: String
    /// Every point has a height (otherwise all are on h = 0).
    var hasHeights: Bool

    /// The track `options` name (FILE and the input options). At most
    /// ``RouteLimit/maximumPoints`` points; a point that is not a coordinate is a data
    /// error naming its line; an input without points is one too. `--keep-columns` is a
    /// usage error: these commands write their own columns.
    static func read(_ options: InputOptions, command: String) throws(CLIError) -> Track {
        if options.keepColumns { throw .usage("--keep-columns is not for \(command), which writes its own columns") }
        var input = try RowInput(options, geographic: true)
        defer { input.close() }
        var points: [Point] = []
        var heights = 0
        while let row = try input.next(fieldCounts: 2...3) {
            guard points.count < RouteLimit.maximumPoints else { throw RouteLimit.exceeded(line: row.line, limit: RouteLimit.maximumPoints) }
            let v = row.values
            do throws(WaymarkError) {
                let c = try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v.count == 3 ? v[2] : 0)
                points.append(Point(line: row.line, coordinate: c, time: row.time))
            } catch {
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
            if v.count == 3 { heights += 1 }
        }
        guard !points.isEmpty else { throw CLIError(kind: .data, message: "\(options.file ?? "standard input") has no points") }
        return Track(points: points, format: input.formatName, hasHeights: heights == points.count)
    }

    /// The track's points placed and measured by the exact method and both baselines
    /// about `origin` (nil: the first point), with Karney's geodesics (WaymarkPROJ).
    func compared(origin: GeodeticCoordinate? = nil) -> TrackComparison {
        TrackComparison(points: points, origin: origin) { a, b in
            let line = Geodesic.wgs84.inverse(a, b)
            return (line.distance, line.azimuth1)
        }
    }
}
