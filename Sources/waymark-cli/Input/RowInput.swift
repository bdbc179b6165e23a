import Waymark

/// `--from csv|geojson|gpx|polyline|polyline6` (`--input-format` on commands whose
/// `--from` means something else: datum, transform).
enum InputFormat: String, CaseIterable {
    case csv, geojson, gpx, polyline, polyline6

    /// The format a file's extension names, when it names one without doubt.
    static func fromExtension(_ path: String) -> InputFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "geojson", "json": return .geojson
        case "gpx": return .gpx
        case "polyline": return .polyline
        case "polyline6": return .polyline6
        default: return nil
        }
    }
}

/// The input options of the row commands, and the rows they read whatever the format.
///
/// CSV is streamed (``CSVInput``); GeoJSON, GPX and polylines are read whole, their
/// positions becoming `lat,lon[,h]` rows with the line they came from. Those formats
/// carry points, so they are for the commands that read `lat,lon[,h]` rows; a command
/// that reads `lat,lon` rows takes their latitude and longitude. GPX `<ele>` heights
/// are above sea level: they are made ellipsoidal through EGM96 (PROJ's
/// `egm96_15.gtx`, Debian package proj-data; missing: exit 69) unless
/// `--heights orthometric` keeps them as they are.
struct RowInput {
    /// Option names every row command takes (the format's is added per command).
    static let optionNames: Set<String> = ["input-format", "from", "delimiter", "heights"]
    static let switchNames: Set<String> = ["lon-lat", "keep-columns"]

    private var csv: CSVInput?
    private var rows: [Row] = []
    private var index = 0
    /// The rows are one route (a LineString, one GPX track segment or route, one polyline).
    private(set) var isRoute = false
    let format: InputFormat

    /// Opens the input `args` names. `geographic`: rows are `lat,lon[,h]` points, which
    /// every format can give; otherwise only CSV. `fromIsFormat`: `--from` names the
    /// input format (false where the command's own `--from` means a datum or a CRS).
    init(_ args: Arguments, geographic: Bool, fromIsFormat: Bool = true) throws(CLIError) {
        let format: InputFormat
        let formatOption = args.options["input-format"] ?? (fromIsFormat ? args.options["from"] : nil)
        if fromIsFormat, args.options["input-format"] != nil, args.options["from"] != nil {
            throw .usage("--from and --input-format say the same thing: give one")
        }
        if let formatOption {
            guard let f = InputFormat(rawValue: formatOption) else {
                throw .usage("--\(args.options["input-format"] != nil ? "input-format" : "from") must be one of "
                             + "\(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(formatOption)'")
            }
            format = f
        } else {
            // Only point formats have extensions to go by; other rows are CSV whatever the name.
            format = geographic ? args.file.flatMap(InputFormat.fromExtension) ?? .csv : .csv
        }
        var csvOptions = CSVOptions()
        if let d = args.options["delimiter"] {
            if d == "auto" { csvOptions.autoDetect = true } else {
                guard let delimiter = CSVDelimiter(rawValue: d) else {
                    throw .usage("--delimiter must be one of auto, comma, semicolon, tab, whitespace, got '\(d)'")
                }
                csvOptions.delimiter = delimiter
            }
        }
        csvOptions.lonLat = args.flags.contains("lon-lat")
        csvOptions.keepColumns = args.flags.contains("keep-columns")
        if csvOptions.lonLat && !geographic { throw .usage("--lon-lat is for lat,lon[,h] rows") }
        if format != .csv {
            guard geographic else {
                throw .usage("--from \(format.rawValue) gives lat,lon[,h] points; this command reads other rows, from CSV only")
            }
            for name in ["delimiter"] where args.options[name] != nil { throw .usage("--\(name) is for CSV input") }
            for name in ["lon-lat", "keep-columns"] where args.flags.contains(name) { throw .usage("--\(name) is for CSV input") }
        }
        let heights = args.options["heights"]
        if let heights {
            guard format == .gpx else { throw .usage("--heights is for GPX <ele> (sea-level heights)") }
            guard heights == "ellipsoidal" || heights == "orthometric" else {
                throw .usage("--heights must be ellipsoidal or orthometric, got '\(heights)'")
            }
        }
        try self.init(path: args.file, format: format, geographic: geographic, csvOptions: csvOptions, gpxHeights: heights)
    }

    /// Opens `path` (standard input when nil) in `format` (by default the one its
    /// extension names, else CSV). More than `maximumPoints` rows is a data error at the
    /// first row past it (``RouteLimit``), met while reading: a document stops being
    /// parsed there, CSV is streamed.
    init(path: String?, format: InputFormat? = nil, geographic: Bool, csvOptions: CSVOptions = CSVOptions(),
         gpxHeights heights: String? = nil, maximumPoints: Int = .max) throws(CLIError) {
        let format = format ?? path.flatMap(InputFormat.fromExtension) ?? .csv
        self.format = format
        self.maximumPoints = maximumPoints
        switch format {
        case .csv:
            csv = try CSVInput(path: path, geographic: geographic, options: csvOptions)
            keepsColumns = csvOptions.keepColumns
        case .geojson:
            (rows, isRoute) = try GeoJSONInput.rows(try WholeInput.read(path), maximumPoints: maximumPoints)
        case .gpx:
            (rows, isRoute) = try GPXInput.rows(try WholeInput.read(path), maximumPoints: maximumPoints)
            if heights != "orthometric", rows.contains(where: { $0.values.count == 3 }) {
                try Self.ellipsoidalHeights(&rows)
            }
        case .polyline, .polyline6:
            (rows, isRoute) = try PolylineInput.rows(try WholeInput.read(path), precision: format == .polyline6 ? 6 : 5,
                                                     maximumPoints: maximumPoints)
        }
    }

    private let maximumPoints: Int
    private var pointsRead = 0

    @inline(__always)
    private mutating func count(line: Int) throws(CLIError) {
        pointsRead += 1
        if pointsRead > maximumPoints { throw RouteLimit.exceeded(line: line, limit: maximumPoints) }
    }

    /// GPX `<ele>` (above the EGM96 geoid) to heights above the ellipsoid.
    private static func ellipsoidalHeights(_ rows: inout [Row]) throws(CLIError) {
        let geoid: Geoid
        do { geoid = try Geoid() } catch {
            throw CLIError(kind: .unavailable, message: "GPX <ele> heights are above sea level and need the EGM96 geoid to become ellipsoidal: "
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
    var extraNames: [String] { csv?.extraNames ?? [] }

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
