/// Routing engines' JSON responses as `lat,lon` rows: the route's geometry, by the
/// fields the engines document.
///
/// - OSRM `route/v1` (`{"code": "Ok", "routes": [{"geometry": …}], "waypoints": […]}`):
///   the first route's `geometry`, which is an encoded polyline (`geometries=polyline`,
///   precision 5, the default), `polyline6` (precision 6) or a GeoJSON LineString
///   (`geometries=geojson`). The response does not say which precision a string has:
///   it is the one whose first point is the first waypoint's snapped `location` (within
///   2e-5°); without waypoints to tell, the response is refused (read the geometry
///   string alone with `--from polyline` or `--from polyline6`). A response without a
///   geometry (`overview=false`) or with `code` other than `Ok` is a data error; other
///   routes (alternatives) are named in a warning, not read.
/// - Valhalla `route` (`{"trip": {"legs": [{"shape": …}], "status": 0, …}}`): every leg's
///   `shape` (polyline6), in order; a leg's first point, the previous leg's last, is read
///   once. `alternates` are named in a warning, not read.
///
/// Rows carry the line of the JSON string or array they came from.
enum RouteResponseInput {
    typealias Value = GeoJSONInput.Value

    /// The rows of a route response and its kind ("osrm", "valhalla"), or nil when
    /// `document` is neither.
    static func rows(_ document: Value) throws(CLIError) -> (rows: [Row], kind: String)? {
        if document["routes"] != nil, document["code"] != nil || document["waypoints"] != nil { return (try osrm(document).rows, "osrm") }
        if let trip = document["trip"], trip["legs"] != nil { return (try valhalla(document, trip).rows, "valhalla") }
        return nil
    }

    private static func osrm(_ document: Value) throws(CLIError) -> (rows: [Row], route: Bool) {
        if case .string(let code, _)? = document["code"], code != "Ok" {
            var message = ""
            if case .string(let m, _)? = document["message"] { message = ": " + m }
            throw .data(line: document.line, "the OSRM response's code is '\(code.prefix(40))'\(message.prefix(120)), not Ok: it has no route")
        }
        guard case .array(let routes, _)? = document["routes"], let route = routes.first else {
            throw .data(line: document.line, "the OSRM response has no route (\"routes\" is empty)")
        }
        if routes.count > 1 { warn("OSRM: read the first of \(routes.count) routes (the others are alternatives)") }
        guard let geometry = route["geometry"] else {
            throw .data(line: route.line, "the OSRM route has no \"geometry\" (request it with overview=full or overview=simplified)")
        }
        switch geometry {
        case .object:
            var collector = GeoJSONInput.Collector(polygonRings: false)
            try collector.collect(geometry, feature: nil)
            guard !collector.rows.isEmpty else { throw .data(line: geometry.line, "the OSRM route's GeoJSON geometry has no positions") }
            return (collector.rows, true)
        case .string(let text, let at):
            var start: (lat: Double, lon: Double)? = nil
            if case .array(let waypoints, _)? = document["waypoints"], let first = waypoints.first,
               case .array(let location, _)? = first["location"], location.count == 2,
               case .number(let lon, _) = location[0], case .number(let lat, _) = location[1] {
                start = (lat, lon)
            }
            guard let start else {
                throw .data(line: at, "the OSRM geometry is an encoded polyline and the response has no waypoint locations to tell "
                            + "precision 5 from 6: read the string alone with --from polyline or --from polyline6")
            }
            var candidates: [[Row]] = []
            for precision in [5, 6] {
                guard let rows = try? polyline(text, precision: precision, line: at), let p = rows.first else { continue }
                if abs(p.values[0] - start.lat) <= 2e-5 && abs(p.values[1] - start.lon) <= 2e-5 { candidates.append(rows) }
            }
            guard candidates.count == 1 else {
                throw .data(line: at, "the OSRM geometry's first point is not the first waypoint's location at precision 5 or 6 "
                            + "(or at both): read the string alone with --from polyline or --from polyline6")
            }
            return (candidates[0], true)
        default:
            throw .data(line: geometry.line, "the OSRM route's \"geometry\" is neither an encoded polyline nor a GeoJSON LineString")
        }
    }

    private static func valhalla(_ document: Value, _ trip: Value) throws(CLIError) -> (rows: [Row], route: Bool) {
        if case .number(let status, _)? = trip["status"], status != 0 {
            throw .data(line: trip.line, "the Valhalla trip's status is \(format(status)), not 0: it has no route")
        }
        guard case .array(let legs, _)? = trip["legs"], !legs.isEmpty else { throw .data(line: trip.line, "the Valhalla trip has no legs") }
        if case .array(let alternates, _)? = document["alternates"], !alternates.isEmpty {
            warn("Valhalla: read the trip; not read: \(alternates.count) alternate\(alternates.count == 1 ? "" : "s")")
        }
        var rows: [Row] = []
        for leg in legs {
            guard case .string(let shape, let at)? = leg["shape"] else { throw .data(line: leg.line, "a Valhalla leg without its \"shape\" (polyline6)") }
            var points = try polyline(shape, precision: 6, line: at)
            if let last = rows.last, let first = points.first, last.values == first.values { points.removeFirst() }
            rows += points
        }
        guard !rows.isEmpty else { throw .data(line: trip.line, "the Valhalla trip's shapes have no points") }
        return (rows, true)
    }

    /// An encoded polyline held in a JSON string (its `\\` escapes undone), its rows on
    /// the string's line.
    private static func polyline(_ text: String, precision: Int, line: Int) throws(CLIError) -> [Row] {
        var bytes: [UInt8] = []
        var escaped = false
        for b in text.utf8 {
            if escaped {
                guard b == UInt8(ascii: "\\") || b == UInt8(ascii: "/") || b == UInt8(ascii: "\"") else {
                    throw .data(line: line, "an encoded polyline with the JSON escape '\\\(Character(UnicodeScalar(b)))' (not polyline text)")
                }
                bytes.append(b)
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(b)
            }
        }
        do {
            var rows = try PolylineInput.rows(bytes, precision: precision).rows
            for k in rows.indices { rows[k].line = line }
            return rows
        } catch {
            // The decoder counts lines of its own text: the string's line is the document's.
            throw CLIError(kind: error.kind, message: error.message.replacing("line 1:", with: "line \(line):", maxReplacements: 1))
        }
    }
}
