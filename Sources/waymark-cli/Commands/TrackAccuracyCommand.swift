import Waymark
import WaymarkReports

/// `waymark accuracy TRACK [--origin LAT,LON[,H]] [--html FILE] [--svg FILE]`: the
/// spherical baselines against the exact method on the user's own track
/// (``TrackComparison``). Standard output: `#` summary lines, then one CSV row per
/// point with the segment that ends there (``columns``); `--html` / `--svg` write the
/// page (``TrackAccuracyPage``).
enum TrackAccuracyCommand {
    /// The CSV's columns (a contract, documented in the command's help entry): the point, its
    /// position errors, and the segment from the previous point (empty on the first row).
    static let columns = [
        "point", "line", "lat", "lon", "h", "time", "along_track_m", "distance_from_origin_m",
        "haversine_horizontal_error_m", "haversine_3d_error_m", "meters_per_degree_horizontal_error_m", "meters_per_degree_3d_error_m",
        "segment_distance_m", "segment_azimuth_deg", "haversine_distance_error_m", "haversine_azimuth_error_deg",
        "meters_per_degree_distance_error_m", "meters_per_degree_azimuth_error_deg",
    ]

    static func run(_ command: Accuracy, _ out: inout Output) throws(CLIError) {
        let track = try Track.read(command.input.options(from: command.source.from, file: command.file), command: "accuracy")
        if let k = TrackComparison.firstHeightOutOfRange(track.points, origin: command.origin.value) {
            guard k >= 0 else { throw .usage("--origin height \(format(command.origin.value!.height)) m is beyond ±1e12 m, the most the comparison takes") }
            throw .data(line: track.points[k].line, "height \(format(track.points[k].coordinate.height)) m is beyond ±1e12 m, "
                        + "the most the comparison takes (its errors would not be finite)")
        }
        let comparison = track.compared(origin: command.origin.value)
        let name = command.file ?? "standard input"
        for line in summary(comparison, track: track, name: name) { out.line("# " + line) }
        out.line(columns.joined(separator: ","))
        let number: (Double) -> String = { [precision = out.precision] v in precision.map { fixed(v, $0) } ?? format(v) }
        for p in comparison.points {
            let c = p.point.coordinate
            var fields = ["\(p.index)", "\(p.point.line)", number(c.latitude), number(c.longitude), number(c.height),
                          p.point.time.map(number) ?? "", number(p.alongTrack), number(p.fromOrigin),
                          number(p.haversineHorizontalError), number(p.haversine3DError),
                          number(p.metersPerDegreeHorizontalError), number(p.metersPerDegree3DError)]
            if p.index > 0 {
                let s = comparison.segments[p.index - 1]
                fields += [number(s.geodesic), number(s.azimuth), number(s.haversineDistanceError), s.haversineAzimuthError.map(number) ?? "",
                           number(s.metersPerDegreeDistanceError), s.metersPerDegreeAzimuthError.map(number) ?? ""]
            } else {
                fields += Array(repeating: "", count: 6)
            }
            out.line(fields.joined(separator: ","))
        }
        if !command.html.isEmpty || !command.svg.isEmpty {
            let page = TrackAccuracyPage(comparison: comparison, name: name)
            if let path = command.html.value { try TextFile.write(page.html(), to: path) }
            if let path = command.svg.value { try TextFile.write(page.svg(), to: path) }
        }
    }

    /// The track's length by each method and the baselines' errors in it (millimetres).
    static func lengthLines(_ c: TrackComparison) -> [String] {
        let length = c.length
        func share(_ error: Double) -> String { length.geodesic > 0 ? " (\(fixed(100 * error / length.geodesic, 4)) %)" : "" }
        return ["length_m geodesic=\(fixed(length.geodesic, 3)) haversine=\(fixed(length.haversine, 3)) "
                    + "meters_per_degree=\(fixed(length.metersPerDegree, 3))",
                "length_error_m haversine=\(fixed(length.haversine - length.geodesic, 3))\(share(length.haversine - length.geodesic)) "
                    + "meters_per_degree=\(fixed(length.metersPerDegree - length.geodesic, 3))\(share(length.metersPerDegree - length.geodesic))"]
    }

    /// The summary lines (without their `# `): fixed decimals (millimetres, 1e-4
    /// degrees), the same on every CPU path.
    static func summary(_ c: TrackComparison, track: Track, name: String) -> [String] {
        let o = c.origin
        var lines = ["accuracy of the spherical baselines on \(name): \(c.points.count) points (\(track.format)), origin "
                     + "\(fixed(o.latitude, 7)),\(fixed(o.longitude, 7)),\(fixed(o.height, 3))"
                     + (c.originIsFirstPoint ? " (the first point)" : " (--origin)")
                     + (track.hasHeights ? "" : "; the points have no heights: h = 0")]
        lines += lengthLines(c)
        func line(_ name: String, _ s: TrackComparison.Summary, _ unit: String, decimals: Int) -> String {
            "\(name) max=\(fixed(s.max, decimals)) at_\(unit)=\(s.at) rms=\(fixed(s.rms, decimals)) p50=\(fixed(s.p50, decimals)) "
                + "p95=\(fixed(s.p95, decimals)) p99=\(fixed(s.p99, decimals))"
        }
        lines.append(line("haversine_horizontal_error_m", c.pointSummary(\.haversineHorizontalError), "point", decimals: 3))
        lines.append(line("haversine_3d_error_m", c.pointSummary(\.haversine3DError), "point", decimals: 3))
        lines.append(line("meters_per_degree_horizontal_error_m", c.pointSummary(\.metersPerDegreeHorizontalError), "point", decimals: 3))
        lines.append(line("meters_per_degree_3d_error_m", c.pointSummary(\.metersPerDegree3DError), "point", decimals: 3))
        if !c.segments.isEmpty {
            lines.append(line("haversine_distance_error_m", c.segmentSummary(\.haversineDistanceError), "point", decimals: 3))
            lines.append(line("haversine_azimuth_error_deg", c.segmentSummary(\.haversineAzimuthError), "point", decimals: 4))
            lines.append(line("meters_per_degree_distance_error_m", c.segmentSummary(\.metersPerDegreeDistanceError), "point", decimals: 3))
            lines.append(line("meters_per_degree_azimuth_error_deg", c.segmentSummary(\.metersPerDegreeAzimuthError), "point", decimals: 4))
        }
        return lines
    }
}
