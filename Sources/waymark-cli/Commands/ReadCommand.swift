import ArgumentParser
import Waymark
import WaymarkIO

/// `waymark read [--from gpx|kml|tcx|nmea|geojson|polyline|polyline6|csv|log] FILE`: what WaymarkIO's readers — the
/// ones the C API hands Python, JavaScript and C# — read from a file, so a user sees what
/// Waymark takes from it and the bindings' results can be checked against the CLI's
/// text. Tracks: `line,lat,lon,h,time` (as the file states them: no geoid here). Field
/// logs: `line` and the nineteen log columns. A refused file: exit 65, its line and
/// reason.
enum ReadCommand {
    /// What `--from` names.
    enum Format: String, CaseIterable, ExpressibleByArgument, Sendable {
        case gpx, kml, tcx, nmea, geojson, polyline, polyline6, csv, log
    }

    static func run(_ command: Read, _ out: inout Output) throws(CLIError) {
        let path = command.file
        var named = command.from.value
        if named == nil, let path {
            try InputFormat.refuseKMZ(path)
            if path.lowercased().hasSuffix(".log") { named = .log }
            else if path.lowercased().hasSuffix(".csv") { named = .csv }
            else if let byExtension = InputFormat.fromExtension(path) { named = Format(rawValue: byExtension.rawValue) }
        }
        guard let kind = named else {
            throw .usage("--from gpx|kml|tcx|nmea|geojson|polyline|polyline6|csv|log is needed: \(path.map { "\($0) has no extension that names one" } ?? "standard input has no name")")
        }
        let gpxPart = command.parts.gpxPart.value, polygons = command.parts.polygons.value
        let trackFormat = kind == .csv ? TrackFormat.csv : InputFormat(rawValue: kind.rawValue)?.trackFormat
        guard kind != .log, let trackFormat else {
            if gpxPart != nil || polygons != nil { throw .usage("--gpx-part and --polygons are for track files") }
            return try log(path, &out)
        }
        if gpxPart != nil, kind != .gpx { throw .usage("--gpx-part is for GPX input") }
        if polygons != nil, kind != .kml, kind != .geojson { throw .usage("--polygons is for KML and GeoJSON input") }
        let options = TrackOptions(gpxPart: gpxPart, polygonRings: polygons == .rings).readOptions
        let bytes = try WholeInput.read(path)
        if trackFormat == .polyline || trackFormat == .polyline6 { return try polyline(bytes, precision: trackFormat == .polyline6 ? 6 : 5, limit: options.maximumPoints, &out) }
        let read: TrackRead
        do { read = try TrackReader.read(bytes, format: trackFormat, options: options) } catch { throw .data(error) }
        for w in read.warnings { warn(w) }
        out.line("line,lat,lon,h,time")
        for p in read.points {
            out.line("\(p.line),\(format(p.latitude)),\(format(p.longitude)),\(p.height.map(format) ?? ""),\(p.time.map(format) ?? "")")
        }
    }

    /// A polyline's points printed as they are decoded, after a first pass has checked the
    /// whole text (so a refused text prints nothing): memory beyond the text is constant,
    /// where collecting the points first took about 30 bytes per byte of text.
    private static func polyline(_ bytes: [UInt8], precision: Int, limit: Int, _ out: inout Output) throws(CLIError) {
        let checked = bytes.withUnsafeBytes { all in
            Result { () throws(ReadFault) in
                let text = all.count >= 3 && all[0] == 0xEF && all[1] == 0xBB && all[2] == 0xBF ? UnsafeRawBufferPointer(rebasing: all[3...]) : all
                return try TrackReader.decodePolyline(text, precision: precision, maximumPoints: limit) { _ in }
            }
        }
        if case .failure(let fault) = checked { throw .data(fault) }
        out.line("line,lat,lon,h,time")
        bytes.withUnsafeBytes { all in
            let text = all.count >= 3 && all[0] == 0xEF && all[1] == 0xBB && all[2] == 0xBF ? UnsafeRawBufferPointer(rebasing: all[3...]) : all
            _ = try? TrackReader.decodePolyline(text, precision: precision, maximumPoints: limit) { p in
                out.line("\(p.line),\(format(p.latitude)),\(format(p.longitude)),,")
            }
        }
    }

    private static func log(_ path: String?, _ out: inout Output) throws(CLIError) {
        var log = try FieldLogFile(path: path)
        defer { log.close() }
        try log.readHeader()
        out.line("line," + FieldLog.velocityHeader)
        func v(_ x: Double?) -> String { x.map(format) ?? "" }
        while let row = try log.next() {
            var fields = [String](repeating: "", count: 19)
            fields[0] = format(row.time)
            func pose(_ p: CameraPose) {
                fields[6] = format(p.position.x); fields[7] = format(p.position.y); fields[8] = format(p.position.z)
                fields[9] = format(p.yaw); fields[10] = format(p.pitch); fields[11] = format(p.roll)
            }
            switch row {
            case .fix(_, let lat, let lon, let h, let accuracy, let scene, let velocity):
                fields[1] = "fix"
                fields[2] = format(lat); fields[3] = format(lon); fields[4] = v(h); fields[5] = format(accuracy)
                fields[6] = format(scene.x); fields[7] = format(scene.y); fields[8] = format(scene.z)
                fields[15] = v(velocity.course); fields[16] = v(velocity.courseAccuracy)
                fields[17] = v(velocity.speed); fields[18] = v(velocity.speedAccuracy)
            case .frame(_, let p):
                fields[1] = "frame"
                pose(p)
            case .heading(_, let heading, let accuracy, let p):
                fields[1] = "heading"
                pose(p)
                fields[12] = format(heading); fields[13] = format(accuracy)
            case .tracking(_, let state):
                fields[1] = "tracking"
                fields[14] = FieldLog.name(state)
            }
            out.line("\(log.lineNumber)," + fields.joined(separator: ","))
        }
    }
}
