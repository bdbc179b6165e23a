import Waymark
import WaymarkReports

/// `waymark accuracy [--html FILE] [--svg FILE]`: how wrong the spherical baselines are,
/// against the exact method, over distances and latitudes, worst case over bearings
/// (every degree). The CSV always goes to standard output, unchanged; `--html` and
/// `--svg` also write the report's figures (`AccuracyPage`) to FILE. With a TRACK
/// (`-` for standard input) the comparison is on that track (``TrackAccuracyCommand``).
enum AccuracyCommand {
    static func run(_ command: Accuracy, _ out: inout Output) throws(CLIError) {
        // No TRACK (as opposed to `-`, standard input): the built-in table.
        guard command.files.isEmpty else { return try TrackAccuracyCommand.run(command, &out) }
        let input = command.input.options(from: command.source.from, file: nil)
        if let name = command.origin.isEmpty ? input.firstGiven : "origin" {
            throw .usage("--\(name) is for a TRACK (waymark accuracy TRACK …); without one accuracy prints the built-in table")
        }
        out.line("# Seed baselines vs the exact ellipsoidal method (WGS-84), worst over 360 bearings.")
        out.line("# position errors: |baseline - exact| of the ENU position (horizontal, and 3-D incl. the")
        out.line("# curvature drop the baselines ignore); distance error: |haversine - geodesic|.")
        out.line("latitude_deg,distance_m,haversine_horizontal_error_m,haversine_3d_error_m,"
                 + "meters_per_degree_horizontal_error_m,meters_per_degree_3d_error_m,haversine_distance_error_m")
        let wantsPage = !command.html.isEmpty || !command.svg.isEmpty
        // The plots' distances include the table's, so one computation serves both.
        let rows = AccuracyReport.rows(distances: wantsPage ? AccuracyReport.plotDistances : AccuracyReport.tableDistances)
        for row in rows where AccuracyReport.tableDistances.contains(row.distance) {
            out.line(row.values.map(format).joined(separator: ","))
        }
        guard wantsPage else { return }
        let page = AccuracyPage(rows: rows, route: AccuracyReport.demoRoute())
        if let path = command.html.value { try TextFile.write(page.html(), to: path) }
        if let path = command.svg.value { try TextFile.write(page.svg(), to: path) }
    }
}
