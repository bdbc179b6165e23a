import WaymarkIO

/// GeoJSON (RFC 7946) positions as `lat,lon[,h]` rows: Point, MultiPoint, LineString,
/// MultiLineString and GeometryCollection geometries, bare or in a Feature or a
/// FeatureCollection, in document order. Positions are `[lon, lat]` or
/// `[lon, lat, h]` (more members, a Feature without a geometry or a document without
/// any position is a data error naming the line, so nothing is dropped without a word).
/// A Polygon or MultiPolygon (geojson.io draws them beside lines) is skipped with a
/// warning naming its feature, or with `--polygons rings` its rings are read, each a
/// line of points. A JSON document that is an OSRM or Valhalla route response rather
/// than GeoJSON is read as one (``RouteResponseInput``). A small parser of its own,
/// which keeps line numbers and reads numbers exactly as the CSV reader does.
enum GeoJSONInput {
    indirect enum Value {
        case object([(String, Value)], line: Int)
        case array([Value], line: Int)
        case number(Double, line: Int)
        case string(String, line: Int)
        case literal(line: Int)   // true, false, null

        var line: Int {
            switch self {
            case .object(_, let l), .array(_, let l), .number(_, let l), .string(_, let l), .literal(let l): return l
            }
        }
        subscript(key: String) -> Value? {
            if case .object(let members, _) = self { return members.first { $0.0 == key }?.1 }
            return nil
        }
        var isNull: Bool { if case .literal = self { return true } else { return false } }
    }

    /// The document's positions as rows. More than `maximumPoints` arrays that could be
    /// positions (two or three numbers) stop the parse at the first one past it
    /// (``RouteLimit``), before the document's tree holds them all.
    /// `kind`: "geojson", or the route response's ("osrm", "valhalla").
    static func rows(_ bytes: [UInt8], polygonRings: Bool = false, maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool, kind: String) {
        var parser = Parser(bytes: bytes, maximumPositions: maximumPoints)
        let document = try parser.document()
        if document["type"] == nil, let response = try RouteResponseInput.rows(document) { return (response.rows, true, response.kind) }
        var collector = Collector(polygonRings: polygonRings)
        try collector.collect(document, feature: nil)
        guard !collector.rows.isEmpty else {
            let skipped = collector.skippedPolygons
            throw .data(line: document.line, "the GeoJSON document has no positions"
                        + (skipped > 0 ? " (\(skipped) Polygon\(skipped == 1 ? "" : "s") skipped: --polygons rings reads their rings)" : ""))
        }
        return (collector.rows, collector.lines == 1 && collector.others == 0, "geojson")
    }

    /// The positions of a GeoJSON value (a geometry, a Feature, a FeatureCollection) in
    /// document order, and what kinds of geometry held them.
    struct Collector {
        var polygonRings: Bool
        var rows: [Row] = []
        var lines = 0, others = 0, skippedPolygons = 0

        /// `feature`: the enclosing Feature, for the warning that names a skipped polygon.
        mutating func collect(_ v: Value, feature: Value?) throws(CLIError) {
            try GeoJSONInput.collect(v, feature: feature, into: &self)
        }
    }

    /// How a warning names a feature: its `name` or `id` property and its line.
    private static func label(_ feature: Value?, _ geometry: Value) -> String {
        guard let feature else { return "the geometry at line \(geometry.line)" }
        for key in ["name", "title", "id"] {
            if case .string(let text, _)? = feature["properties"]?[key] ?? feature[key] { return "feature '\(text.prefix(60))' (line \(feature.line))" }
            if case .number(let n, _)? = feature["properties"]?[key] ?? feature[key] { return "feature \(key) \(format(n)) (line \(feature.line))" }
        }
        return "the feature at line \(feature.line)"
    }

    private static func collect(_ v: Value, feature: Value?, into c: inout Collector) throws(CLIError) {
        guard case .string(let type, _)? = v["type"] else { throw .data(line: v.line, "a GeoJSON object without a \"type\"") }
        switch type {
        case "FeatureCollection":
            guard case .array(let features, _)? = v["features"] else { throw .data(line: v.line, "a FeatureCollection without a \"features\" array") }
            for f in features { try collect(f, feature: nil, into: &c) }
        case "Feature":
            guard let g = v["geometry"], !g.isNull else {
                throw .data(line: v.line, "a Feature without a geometry (no position to read)")
            }
            try collect(g, feature: v, into: &c)
        case "GeometryCollection":
            guard case .array(let geometries, _)? = v["geometries"] else { throw .data(line: v.line, "a GeometryCollection without \"geometries\"") }
            for g in geometries { try collect(g, feature: feature, into: &c) }
        case "Polygon", "MultiPolygon":
            guard c.polygonRings else {
                c.skippedPolygons += 1
                warn("GeoJSON: \(label(feature, v)) is a \(type): skipped (--polygons rings reads its rings)")
                return
            }
            c.others += 1
            let polygons = type == "Polygon" ? [try coordinates(v)] : try list(coordinates(v))
            for polygon in polygons { for ring in try list(polygon) { for p in try list(ring) { c.rows.append(try position(p)) } } }
        case "Point":
            c.others += 1
            c.rows.append(try position(coordinates(v)))
        case "MultiPoint", "LineString":
            if type == "LineString" { c.lines += 1 } else { c.others += 1 }
            for p in try list(coordinates(v)) { c.rows.append(try position(p)) }
        case "MultiLineString":
            c.others += 1
            for line in try list(coordinates(v)) { for p in try list(line) { c.rows.append(try position(p)) } }
        default:
            throw .data(line: v.line, "GeoJSON \(type) is not read (Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, "
                        + "GeometryCollection, Feature and FeatureCollection are)")
        }
    }

    private static func coordinates(_ v: Value) throws(CLIError) -> Value {
        guard let c = v["coordinates"] else { throw .data(line: v.line, "a geometry without \"coordinates\"") }
        return c
    }

    private static func list(_ v: Value) throws(CLIError) -> [Value] {
        guard case .array(let items, _) = v else { throw .data(line: v.line, "expected an array of positions") }
        return items
    }

    /// `[lon, lat(, h)]` → a `lat,lon(,h)` row.
    private static func position(_ v: Value) throws(CLIError) -> Row {
        guard case .array(let items, let line) = v, (2...3).contains(items.count) else {
            throw .data(line: v.line, "a position must be [lon, lat] or [lon, lat, h]")
        }
        var numbers: [Double] = []
        for item in items {
            guard case .number(let x, _) = item else { throw .data(line: line, "a position holds something that is not a number") }
            numbers.append(x)
        }
        return Row(line: line, values: [numbers[1], numbers[0]] + numbers.dropFirst(2))
    }

    struct Parser {
        let bytes: [UInt8]
        var maximumPositions = Int.max
        var i = 0
        var line = 1
        var depth = 0
        /// Arrays of two or three numbers so far: every position is one.
        var positions = 0

        mutating func document() throws(CLIError) -> Value {
            let v = try value()
            skipSpace()
            guard i == bytes.count else { throw .data(line: line, "text after the end of the JSON document") }
            return v
        }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 10: line += 1; i += 1
                case 32, 9, 13: i += 1
                default: return
                }
            }
        }

        mutating func value() throws(CLIError) -> Value {
            skipSpace()
            guard i < bytes.count else { throw .data(line: line, "the JSON document ends early") }
            let at = line
            switch bytes[i] {
            case UInt8(ascii: "{"):
                depth += 1
                guard depth <= 64 else { throw .data(line: line, "JSON nested deeper than 64 levels") }
                i += 1
                var members: [(String, Value)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members, line: at) }
                while true {
                    skipSpace()
                    guard case .string(let key, _) = try value() else { throw .data(line: line, "a JSON object key must be a string") }
                    skipSpace()
                    try expect(":")
                    members.append((key, try value()))
                    skipSpace()
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    try expect("}")
                    depth -= 1
                    return .object(members, line: at)
                }
            case UInt8(ascii: "["):
                depth += 1
                guard depth <= 64 else { throw .data(line: line, "JSON nested deeper than 64 levels") }
                i += 1
                var items: [Value] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items, line: at) }
                while true {
                    items.append(try value())
                    skipSpace()
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    try expect("]")
                    depth -= 1
                    if (2...3).contains(items.count), items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                        positions += 1
                        guard positions <= maximumPositions else { throw RouteLimit.exceeded(line: at, limit: maximumPositions) }
                    }
                    return .array(items, line: at)
                }
            case UInt8(ascii: "\""):
                return .string(try string(), line: at)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for word in ["true", "false", "null"] where bytes[i...].starts(with: word.utf8) {
                    i += word.utf8.count
                    return .literal(line: at)
                }
                throw .data(line: line, "not JSON")
            default:
                let start = i
                while i < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[i])
                        || bytes[i] &- 48 < 10 { i += 1 }
                let number = bytes.withUnsafeBufferPointer { b in
                    DecimalText.isPlainDecimal(UnsafeBufferPointer(rebasing: b[start..<max(i, start)])) && i > start
                        ? DecimalText.double(UnsafeBufferPointer(rebasing: b[start..<i])) : nil
                }
                guard let number, number.isFinite else {
                    throw .data(line: line, "not JSON: '\(String(decoding: bytes[start..<min(max(i, start + 1), bytes.count)], as: UTF8.self).prefix(40))'")
                }
                return .number(number, line: at)
            }
        }

        mutating func expect(_ c: Character) throws(CLIError) {
            skipSpace()
            guard i < bytes.count else { throw .data(line: line, "the JSON document ends early (expected '\(c)')") }
            guard bytes[i] == c.asciiValue! else { throw .data(line: line, "not JSON: expected '\(c)'") }
            i += 1
        }

        mutating func string() throws(CLIError) -> String {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
                if c == 10 { throw .data(line: line, "a line break inside a JSON string") }
                if c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    // Escapes matter only for keys and type names: kept as written.
                    out.append(c); out.append(bytes[i + 1]); i += 2; continue
                }
                out.append(c)
                i += 1
            }
            throw .data(line: line, "a JSON string is not closed")
        }
    }
}
