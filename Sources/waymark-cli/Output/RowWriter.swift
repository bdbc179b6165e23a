/// JSON and GeoJSON documents written row by row (CSV needs no state).
///
/// JSON: `[` then one object per row keyed by the column names, `]` at the end.
/// GeoJSON: a FeatureCollection of Point features (`[lon, lat(, h)]`, the other
/// columns as properties), or one LineString Feature for a route. Non-finite numbers
/// become `null` (JSON has no NaN).
struct RowWriter {
    private var columns: [String] = []
    private var format: OutputFormat = .csv
    private var geographic: (lat: Int, lon: Int, h: Int?)? = nil
    private var route = false
    private var started = false
    private var rows = 0

    mutating func start(columns: [String], format: OutputFormat, geographic: (lat: Int, lon: Int, h: Int?)?, route: Bool) throws(CLIError) {
        if format == .geojson && geographic == nil {
            throw .usage("--to geojson is for geographic results (latitude, longitude); these rows are \(columns.joined(separator: ",")): use --to csv or json")
        }
        self.columns = columns
        self.format = format
        self.geographic = geographic
        self.route = route
        started = format != .csv
    }

    mutating func row(_ values: [Double], extras: [String], into b: inout [UInt8],
                      number: (Double, inout [UInt8]) -> Void) {
        func num(_ v: Double) { if v.isFinite { number(v, &b) } else { b.append(contentsOf: "null".utf8) } }
        if rows == 0 { open(into: &b) } else { b.append(contentsOf: ",\n".utf8) }
        rows += 1
        if format == .json {
            b.append(UInt8(ascii: "{"))
            for (i, v) in values.enumerated() {
                if i > 0 { b.append(44) }
                JSONText.append(columns[i], to: &b); b.append(58); num(v)
            }
            for (k, e) in extras.enumerated() {
                if !values.isEmpty || k > 0 { b.append(44) }
                JSONText.append(columns[values.count + k], to: &b); b.append(58); JSONText.append(e, to: &b)
            }
            b.append(UInt8(ascii: "}"))
            return
        }
        let g = geographic!
        var position = "[".utf8.map { $0 }
        swap(&position, &b)
        num(values[g.lon]); b.append(44); num(values[g.lat])
        if let h = g.h, h < values.count { b.append(44); num(values[h]) }
        b.append(UInt8(ascii: "]"))
        swap(&position, &b)
        if route { b.append(contentsOf: position); return }
        b.append(contentsOf: #"{"type":"Feature","geometry":{"type":"Point","coordinates":"#.utf8)
        b.append(contentsOf: position)
        b.append(contentsOf: #"},"properties":{"#.utf8)
        var first = true
        for (i, v) in values.enumerated() where i != g.lat && i != g.lon && i != g.h {
            if !first { b.append(44) }
            first = false
            JSONText.append(columns[i], to: &b); b.append(58); num(v)
        }
        for (k, e) in extras.enumerated() {
            if !first { b.append(44) }
            first = false
            JSONText.append(columns[values.count + k], to: &b); b.append(58); JSONText.append(e, to: &b)
        }
        b.append(contentsOf: "}}".utf8)
    }

    private func open(into b: inout [UInt8]) {
        switch format {
        case .csv: break
        case .json: b.append(contentsOf: "[\n".utf8)
        case .geojson:
            b.append(contentsOf: (route ? #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":["#
                                        : #"{"type":"FeatureCollection","features":["#).utf8)
            b.append(10)
        }
    }

    mutating func finish(into b: inout [UInt8]) {
        guard started else { return }
        started = false
        if rows == 0 { open(into: &b) } else { b.append(10) }
        switch format {
        case .csv: break
        case .json: b.append(contentsOf: "]\n".utf8)
        case .geojson: b.append(contentsOf: (route ? "]}}\n" : "]}\n").utf8)
        }
    }
}

/// A JSON string literal.
enum JSONText {
    static func append(_ text: String, to b: inout [UInt8]) {
        b.append(34)
        for u in text.utf8 {
            switch u {
            case 34: b.append(contentsOf: #"\""#.utf8)
            case 92: b.append(contentsOf: #"\\"#.utf8)
            case 10: b.append(contentsOf: #"\n"#.utf8)
            case 13: b.append(contentsOf: #"\r"#.utf8)
            case 9: b.append(contentsOf: #"\t"#.utf8)
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                b.append(contentsOf: #"\u00"#.utf8); b.append(hex[Int(u >> 4)]); b.append(hex[Int(u & 15)])
            default: b.append(u)
            }
        }
        b.append(34)
    }
}
