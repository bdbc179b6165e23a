import Waymark
import WaymarkIO

/// `--from csv|geojson|gpx|polyline|polyline6|kml|tcx|nmea` (`--input-format` on
/// commands whose `--from` means something else: datum, transform). `geojson` also
/// reads OSRM and Valhalla route responses (WaymarkIO's ``TrackReader``).
enum InputFormat: String, CaseIterable {
    case csv, geojson, gpx, polyline, polyline6, kml, tcx, nmea

    /// The format a file's extension names, when it names one without doubt.
    static func fromExtension(_ path: String) -> InputFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "geojson", "json": return .geojson
        case "gpx": return .gpx
        case "kml": return .kml
        case "tcx": return .tcx
        case "nmea", "nma": return .nmea
        case "polyline": return .polyline
        case "polyline6": return .polyline6
        default: return nil
        }
    }

    /// Heights above sea level (GPX `<ele>`, KML `absolute` altitudes, TCX
    /// `AltitudeMeters`), made ellipsoidal through EGM96 unless `--heights orthometric`.
    var seaLevelHeights: Bool { trackFormat?.seaLevelHeights ?? false }
    /// Tracks whose points may lack a height, and carry times (`--missing-heights`,
    /// `--keep-columns` carries `time`).
    var isTrack: Bool { self == .gpx || self == .kml || self == .tcx || self == .nmea }

    /// The KMZ refusal: a usage error naming the way round it.
    static func refuseKMZ(_ path: String?) throws(CLIError) {
        guard let path, path.lowercased().hasSuffix(".kmz") else { return }
        throw .usage("\(path) is KMZ (zipped KML), which is not read: unzip it first (unzip -p FILE.kmz doc.kml > FILE.kml)")
    }
}

/// The input options of the row commands, and the rows they read whatever the format.
///
/// CSV is streamed (``CSVInput``); GeoJSON (and route responses), GPX, KML, TCX, NMEA
/// and polylines are read whole, their positions becoming `lat,lon[,h]` rows with the
/// line they came from. Those formats carry points, so they are for the commands that
/// read `lat,lon[,h]` rows; a command that reads `lat,lon` rows takes their latitude
/// and longitude; a command reading other rows refuses them (exit 64), by `--from` or
/// by the FILE's extension. GPX `<ele>`, KML `absolute` altitudes and TCX
/// `AltitudeMeters` are above sea level: they are made ellipsoidal through EGM96
/// (PROJ's `egm96_15.gtx`, Debian package proj-data; missing: exit 69) unless
/// `--heights orthometric` keeps them as they are. In a track (GPX, KML, TCX, NMEA)
/// points with and without heights do not mix (``TrackOptions/resolveHeights(_:what:)``),
/// and `--keep-columns` carries each point's time as a `time` column (seconds since
/// 1970 UTC; empty where a point has none).
struct RowInput {
    private var csv: CSVInput?
    private var rows: [Row] = []
    private var index = 0
    /// The rows are one route (a LineString, one GPX track segment or route, one polyline).
    private(set) var isRoute = false
    let format: InputFormat
    /// The format as read: its name, or the kind of JSON document (osrm, valhalla).
    private(set) var formatName: String

    /// Opens the input `options` name. `geographic`: rows are `lat,lon[,h]` points, which
    /// every format can give; otherwise only CSV. `pointsHint`: what the refusal of a
    /// point format suggests instead (inverse: `--pairs`).
    init(_ options: InputOptions, geographic: Bool, pointsHint: String? = nil) throws(CLIError) {
        let format: InputFormat
        if options.inputFormat != nil, options.from != nil {
            throw .usage("--from and --input-format say the same thing: give one")
        }
        if let named = options.inputFormat ?? options.from {
            format = named.value
        } else {
            try InputFormat.refuseKMZ(options.file)
            let named = options.file.flatMap(InputFormat.fromExtension)
            if let named, !geographic {
                throw .usage("\(options.file!) is \(named.rawValue) by its extension: it gives lat,lon[,h] points, and this command reads "
                             + "other rows, from CSV only" + (pointsHint.map { " (\($0))" } ?? ""))
            }
            format = named ?? .csv
        }
        var csvOptions = CSVOptions()
        if let d = options.delimiter {
            if let delimiter = d.delimiter { csvOptions.delimiter = delimiter } else { csvOptions.autoDetect = true }
        }
        csvOptions.lonLat = options.lonLat
        csvOptions.keepColumns = options.keepColumns
        if csvOptions.lonLat && !geographic { throw .usage("--lon-lat is for lat,lon[,h] rows") }
        if format != .csv {
            guard geographic else {
                throw .usage("--from \(format.rawValue) gives lat,lon[,h] points; this command reads other rows, from CSV only"
                             + (pointsHint.map { " (\($0))" } ?? ""))
            }
            if options.delimiter != nil { throw .usage("--delimiter is for CSV input") }
            if options.lonLat { throw .usage("--lon-lat is for CSV input") }
            if options.keepColumns, !format.isTrack {
                throw .usage("--keep-columns is for CSV input, and for the time of GPX, KML, TCX and NMEA points")
            }
        }
        if options.heights != nil, !format.seaLevelHeights {
            throw .usage("--heights is for GPX <ele>, KML altitudes and TCX AltitudeMeters (sea-level heights)")
        }
        if options.gpxPart != nil, format != .gpx { throw .usage("--gpx-part is for GPX input") }
        if options.polygons != nil, format != .geojson, format != .kml { throw .usage("--polygons is for GeoJSON and KML input") }
        if options.missingHeights != nil, !format.isTrack { throw .usage("--missing-heights is for GPX, KML, TCX and NMEA input") }
        try self.init(path: options.file, format: format, geographic: geographic, csvOptions: csvOptions, gpxHeights: options.heights,
                      track: options.track)
        if format.isTrack, options.keepColumns {
            keepsColumns = true
            trackTimes = true
        }
    }

    /// `--keep-columns` on a track: rows carry their time as the one extra column.
    private var trackTimes = false

    /// Opens `path` (standard input when nil) in `format` (by default the one its
    /// extension names, else CSV). More than `maximumPoints` rows is a data error at the
    /// first row past it (``RouteLimit``), met while reading: a document stops being
    /// parsed there, CSV is streamed.
    init(path: String?, format: InputFormat? = nil, geographic: Bool, csvOptions: CSVOptions = CSVOptions(),
         gpxHeights heights: Choice.Heights? = nil, track: TrackOptions = TrackOptions(), maximumPoints: Int = .max) throws(CLIError) {
        if format == nil { try InputFormat.refuseKMZ(path) }
        let format = format ?? path.flatMap(InputFormat.fromExtension) ?? .csv
        self.format = format
        formatName = format.rawValue
        self.maximumPoints = maximumPoints
        switch format {
        case .csv:
            csv = try CSVInput(path: path, geographic: geographic, options: csvOptions)
            keepsColumns = csvOptions.keepColumns
        case .gpx, .kml, .tcx, .nmea, .geojson, .polyline, .polyline6:
            (rows, isRoute, formatName) = try Self.trackRows(try WholeInput.read(path), format: format, track: track, maximumPoints: maximumPoints)
        }
        if format.seaLevelHeights, heights != .orthometric, rows.contains(where: { $0.values.count == 3 }) {
            try Self.ellipsoidalHeights(&rows, format: format)
        }
    }

    /// A document's points as `lat,lon[,h]` rows (WaymarkIO's readers), their warnings
    /// shown, mixed heights in a track resolved as `track` says; and the document's kind
    /// ("osrm" for a route response read as GeoJSON).
    private static func trackRows(_ bytes: [UInt8], format: InputFormat, track: TrackOptions, maximumPoints: Int) throws(CLIError) -> ([Row], Bool, String) {
        var options = track.readOptions
        options.maximumPoints = maximumPoints
        let read: TrackRead
        let trackFormat = format.trackFormat ?? .gpx
        do { read = try TrackReader.read(bytes, format: trackFormat, options: options) } catch { throw .data(error) }
        for w in read.warnings { warn(w) }
        var rows = read.points.map { p in
            Row(line: p.line, values: p.height.map { [p.latitude, p.longitude, $0] } ?? [p.latitude, p.longitude], time: p.time)
        }
        let what: String? = switch format {
        case .gpx: "GPX point"
        case .kml: "KML point"
        case .tcx: "TCX Trackpoint"
        case .nmea: "NMEA fix"
        default: nil
        }
        if let what { try track.resolveHeights(&rows, what: what) }
        return (rows, read.isRoute, read.kind)
    }

    /// The rows read whole (every format but CSV), for the commands that need the
    /// whole track at once; nil for CSV, which is streamed.
    var documentRows: [Row]? { csv == nil ? rows : nil }

    private let maximumPoints: Int
    private var pointsRead = 0

    @inline(__always)
    private mutating func count(line: Int) throws(CLIError) {
        pointsRead += 1
        if pointsRead > maximumPoints { throw RouteLimit.exceeded(line: line, limit: maximumPoints) }
    }

    /// Sea-level heights (above the EGM96 geoid) to heights above the ellipsoid.
    private static func ellipsoidalHeights(_ rows: inout [Row], format: InputFormat) throws(CLIError) {
        let geoid: Geoid
        let what = ["gpx": "GPX <ele>", "kml": "KML absolute altitudes", "tcx": "TCX AltitudeMeters"][format.rawValue] ?? "heights"
        do { geoid = try Geoid() } catch {
            throw CLIError(kind: .unavailable, message: "\(what) heights are above sea level and need the EGM96 geoid to become ellipsoidal: "
                           + error.message + " (or pass --heights orthometric to keep them as they are)")
        }
        for k in rows.indices where rows[k].values.count == 3 {
            let v = rows[k].values
            do {
                let p = try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v[2])
                rows[k].values[2] = try geoid.converting(p, to: .ellipsoidal).height
            } catch {
                throw .library(error, .data, line: rows[k].line, message: describe(error, latitude: v[0]), geoid: true)
            }
        }
    }

    func close() { csv?.close() }

    /// Names of the columns `--keep-columns` carries through (after the first row).
    var extraNames: [String] { trackTimes ? ["time"] : csv?.extraNames ?? [] }

    /// `--keep-columns`: rows carry text columns, read them with ``next(fieldCounts:)``.
    private(set) var keepsColumns = false

    mutating func next(fieldCounts: ClosedRange<Int>) throws(CLIError) -> Row? {
        if csv != nil {
            guard let row = try csv!.next(fieldCounts: fieldCounts) else { return nil }
            try count(line: row.line)
            return row
        }
        guard index < rows.count else { return nil }
        defer { index += 1 }
        var row = rows[index]
        if trackTimes { row.extras = [row.time.map(timeText) ?? ""] }
        // Points carry lat,lon[,h]: a command reading lat,lon takes those two.
        if row.values.count > fieldCounts.upperBound { row.values.removeLast(row.values.count - fieldCounts.upperBound) }
        guard fieldCounts.contains(row.values.count) else {
            throw .data(line: row.line, "expected \(fieldCounts.lowerBound) values (a height?), found \(row.values.count)")
        }
        return row
    }

    /// The hot path: the next row's numbers into `values` without allocating (CSV).
    mutating func next(into values: UnsafeMutablePointer<Double>, fieldCounts: ClosedRange<Int>) throws(CLIError) -> (line: Int, count: Int)? {
        if !keepsColumns, csv != nil {
            guard let row = try csv!.next(into: values, fieldCounts: fieldCounts) else { return nil }
            try count(line: row.line)
            return row
        }
        guard let row = try next(fieldCounts: fieldCounts) else { return nil }
        for (i, v) in row.values.enumerated() { values[i] = v }
        return (row.line, row.values.count)
    }
}

extension InputFormat {
    /// The WaymarkIO format that reads it; nil for CSV (streamed by ``CSVInput``).
    var trackFormat: TrackFormat? {
        switch self {
        case .csv: nil
        case .gpx: .gpx
        case .kml: .kml
        case .tcx: .tcx
        case .nmea: .nmea
        case .geojson: .geojson
        case .polyline: .polyline
        case .polyline6: .polyline6
        }
    }
}

extension TrackOptions {
    /// The options as WaymarkIO's readers take them (no point limit).
    var readOptions: TrackReadOptions {
        var options = TrackReadOptions()
        options.polygonRings = polygonRings
        options.gpxPart = switch gpxPart {
        case nil: .automatic
        case .track: .track
        case .route: .route
        case .waypoints: .waypoints
        }
        return options
    }
}

/// A time column's text: the shortest form of the seconds (the global `format`, which
/// `RowInput.format` hides inside the type).
private func timeText(_ seconds: Double) -> String { format(seconds) }
