extension TrackReader {
    /// GeoJSON (RFC 7946) positions: Point, MultiPoint, LineString, MultiLineString and
    /// GeometryCollection geometries, bare or in a Feature or a FeatureCollection, in
    /// document order; positions `[lon, lat]` or `[lon, lat, h]`. A Polygon or
    /// MultiPolygon (geojson.io draws them beside lines) is skipped with a warning naming
    /// its feature, or with ``TrackReadOptions/polygonRings`` its rings are read, each a
    /// line of points. A JSON document that is an OSRM or Valhalla route response rather
    /// than GeoJSON is read as one (``TrackRead/kind`` says which).
    /// - Throws: a ``ReadFault`` naming the line for a position of another size, a
    ///   Feature without a geometry, a type not read, a document without positions,
    ///   anything that is not JSON, or more positions than the options' limit.
    public static func geojson(_ bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var parser = JSONParser(bytes, maximumPositions: options.maximumPoints)
        let document = try parser.document()
        if document["type"] == nil, let response = try routeResponse(document) { return response }
        var collector = GeoJSONCollector(polygonRings: options.polygonRings)
        try collector.collect(document, feature: nil)
        guard !collector.points.isEmpty else {
            let skipped = collector.skippedPolygons
            throw ReadFault(line: document.line, "the GeoJSON document has no positions"
                            + (skipped > 0 ? " (\(ByteText.plural(skipped, "Polygon")) skipped: --polygons rings reads their rings)" : ""))
        }
        return TrackRead(points: collector.points, isRoute: collector.lines == 1 && collector.others == 0, warnings: collector.warnings,
                         kind: "geojson")
    }
}

/// The positions of a GeoJSON value (a geometry, a Feature, a FeatureCollection) in
/// document order, and what kinds of geometry held them.
struct GeoJSONCollector {
    var polygonRings: Bool
    var points: [TrackPoint] = []
    var warnings: [String] = []
    var lines = 0, others = 0, skippedPolygons = 0

    /// `feature`: the enclosing Feature, for the warning that names a skipped polygon.
    mutating func collect(_ v: JSONValue, feature: JSONValue?) throws(ReadFault) {
        guard case .string(let type, _)? = v["type"] else { throw ReadFault(line: v.line, "a GeoJSON object without a \"type\"") }
        let t = type[...]
        if ByteText.equals(t, "FeatureCollection") {
            guard case .array(let features, _)? = v["features"] else { throw ReadFault(line: v.line, "a FeatureCollection without a \"features\" array") }
            for f in features { try collect(f, feature: nil) }
        } else if ByteText.equals(t, "Feature") {
            guard let g = v["geometry"], !g.isNull else { throw ReadFault(line: v.line, "a Feature without a geometry (no position to read)") }
            try collect(g, feature: v)
        } else if ByteText.equals(t, "GeometryCollection") {
            guard case .array(let geometries, _)? = v["geometries"] else { throw ReadFault(line: v.line, "a GeometryCollection without \"geometries\"") }
            for g in geometries { try collect(g, feature: feature) }
        } else if ByteText.equals(t, "Polygon") || ByteText.equals(t, "MultiPolygon") {
            guard polygonRings else {
                skippedPolygons += 1
                warnings.append("GeoJSON: \(Self.label(feature, v)) is a \(ByteText.quoted(t)): skipped (--polygons rings reads its rings)")
                return
            }
            others += 1
            let polygons = ByteText.equals(t, "Polygon") ? [try Self.coordinates(v)] : try Self.list(Self.coordinates(v))
            for polygon in polygons { for ring in try Self.list(polygon) { for p in try Self.list(ring) { points.append(try Self.position(p)) } } }
        } else if ByteText.equals(t, "Point") {
            others += 1
            points.append(try Self.position(Self.coordinates(v)))
        } else if ByteText.equals(t, "MultiPoint") || ByteText.equals(t, "LineString") {
            if ByteText.equals(t, "LineString") { lines += 1 } else { others += 1 }
            for p in try Self.list(Self.coordinates(v)) { points.append(try Self.position(p)) }
        } else if ByteText.equals(t, "MultiLineString") {
            others += 1
            for line in try Self.list(Self.coordinates(v)) { for p in try Self.list(line) { points.append(try Self.position(p)) } }
        } else {
            throw ReadFault(line: v.line, "GeoJSON \(ByteText.quoted(t)) is not read (Point, MultiPoint, LineString, MultiLineString, Polygon, "
                            + "MultiPolygon, GeometryCollection, Feature and FeatureCollection are)")
        }
    }

    /// How a warning names a feature: its `name`, `title` or `id` (a property or the
    /// feature's own member) and its line.
    private static func label(_ feature: JSONValue?, _ geometry: JSONValue) -> String {
        guard let feature else { return "the geometry at line \(geometry.line)" }
        let keys: [StaticString] = ["name", "title", "id"]
        for key in keys {
            let value = feature["properties"]?[key] ?? feature[key]
            if case .string(let text, _)? = value { return "feature '\(ByteText.quoted(text[...], limit: 60))' (line \(feature.line))" }
            if case .number(_, let text, _)? = value { return "feature \(ByteText.text(key)) \(ByteText.quoted(text)) (line \(feature.line))" }
        }
        return "the feature at line \(feature.line)"
    }

    private static func coordinates(_ v: JSONValue) throws(ReadFault) -> JSONValue {
        guard let c = v["coordinates"] else { throw ReadFault(line: v.line, "a geometry without \"coordinates\"") }
        return c
    }

    private static func list(_ v: JSONValue) throws(ReadFault) -> [JSONValue] {
        guard case .array(let items, _) = v else { throw ReadFault(line: v.line, "expected an array of positions") }
        return items
    }

    /// `[lon, lat(, h)]`.
    private static func position(_ v: JSONValue) throws(ReadFault) -> TrackPoint {
        guard case .array(let items, let line) = v, (2...3).contains(items.count) else {
            throw ReadFault(line: v.line, "a position must be [lon, lat] or [lon, lat, h]")
        }
        var numbers: [Double] = []
        for item in items {
            guard case .number(let x, _, _) = item else { throw ReadFault(line: line, "a position holds something that is not a number") }
            numbers.append(x)
        }
        return TrackPoint(line: line, latitude: numbers[1], longitude: numbers[0], height: numbers.count == 3 ? numbers[2] : nil)
    }
}
