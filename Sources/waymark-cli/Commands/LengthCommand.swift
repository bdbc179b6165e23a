import WaymarkReports

/// `waymark length [FILE]`: how long a track or route is, by the exact method and both
/// spherical baselines (``TrackComparison``), and each segment's distance and azimuth
/// by each. Standard output: `#` summary lines (the lengths, the baselines' errors in
/// them), then one CSV row per segment (``columns``).
enum LengthCommand {
    /// The CSV's columns (a contract, documented in the command's help entry).
    static let columns = "segment,from_point,to_point,line,geodesic_m,azimuth_deg,haversine_m,haversine_azimuth_deg,"
        + "meters_per_degree_m,meters_per_degree_azimuth_deg,along_track_m"

    static func run(_ command: Length, _ out: inout Output) throws(CLIError) {
        let track = try Track.read(command.input.options(from: command.source.from, file: command.file), command: "length")
        let c = track.compared()
        out.line("# length of \(command.file ?? "standard input"): \(c.points.count) points (\(track.format)), \(c.segments.count) segment\(c.segments.count == 1 ? "" : "s")")
        for line in TrackAccuracyCommand.lengthLines(c) { out.line("# " + line) }
        out.line(columns)
        let number: (Double) -> String = { [precision = out.precision] v in precision.map { fixed(v, $0) } ?? format(v) }
        for s in c.segments {
            let values = [s.geodesic, s.azimuth, s.haversine, s.haversineAzimuth, s.metersPerDegree, s.metersPerDegreeAzimuth,
                          c.points[s.index].alongTrack]
            out.line((["\(s.index)", "\(s.index - 1)", "\(s.index)", "\(track.points[s.index].line)"] + values.map(number)).joined(separator: ","))
        }
    }
}
