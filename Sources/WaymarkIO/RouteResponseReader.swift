/// Routing engines' JSON responses (read by ``TrackReader/geojson(_:options:)`` when the
/// document is one): the route's geometry, by the fields the engines document.
///
/// - OSRM `route/v1` (`{"code": "Ok", "routes": [{"geometry": …}], "waypoints": […]}`):
///   the first route's `geometry`, an encoded polyline (`geometries=polyline`, precision
///   5, the default), `polyline6` (precision 6) or a GeoJSON LineString
///   (`geometries=geojson`). The response does not say which precision a string has: it
///   is the one whose first point is the first waypoint's snapped `location` (within
///   2e-5°); without waypoints to tell, the response is refused (read the geometry string
///   alone as a polyline). A response without a geometry (`overview=false`) or with
///   `code` other than `Ok` is a fault; other routes (alternatives) are named in a
///   warning, not read.
/// - Valhalla `route` (`{"trip": {"legs": [{"shape": …}], "status": 0, …}}`): every leg's
///   `shape` (polyline6), in order; a leg's first point, the previous leg's last, is read
///   once. `alternates` are named in a warning, not read.
///
/// Points carry the line of the JSON string or array they came from.
extension TrackReader {
    /// The route of a response, or nil when `document` is neither kind.
    static func routeResponse(_ document: JSONValue) throws(ReadFault) -> TrackRead? {
        if document["routes"] != nil, document["code"] != nil || document["waypoints"] != nil { return try osrm(document) }
        if let trip = document["trip"], trip["legs"] != nil { return try valhalla(document, trip) }
        return nil
    }

    private static func osrm(_ document: JSONValue) throws(ReadFault) -> TrackRead {
        if case .string(let code, _)? = document["code"], !ByteText.equals(code[...], "Ok") {
            var message = ""
            if case .string(let m, _)? = document["message"] { message = ": " + ByteText.quoted(m[...], limit: 118) }
            throw ReadFault(line: document.line, "the OSRM response's code is '\(ByteText.quoted(code[...]))'\(message), not Ok: it has no route")
        }
        guard case .array(let routes, _)? = document["routes"], let route = routes.first else {
            throw ReadFault(line: document.line, "the OSRM response has no route (\"routes\" is empty)")
        }
        var warnings: [String] = []
        if routes.count > 1 { warnings.append("OSRM: read the first of \(routes.count) routes (the others are alternatives)") }
        guard let geometry = route["geometry"] else {
            throw ReadFault(line: route.line, "the OSRM route has no \"geometry\" (request it with overview=full or overview=simplified)")
        }
        switch geometry {
        case .object:
            var collector = GeoJSONCollector(polygonRings: false)
            try collector.collect(geometry, feature: nil)
            guard !collector.points.isEmpty else { throw ReadFault(line: geometry.line, "the OSRM route's GeoJSON geometry has no positions") }
            return TrackRead(points: collector.points, isRoute: true, warnings: warnings + collector.warnings, kind: "osrm")
        case .string(let text, let at):
            var start: (lat: Double, lon: Double)? = nil
            if case .array(let waypoints, _)? = document["waypoints"], let first = waypoints.first,
               case .array(let location, _)? = first["location"], location.count == 2,
               case .number(let lon, _, _) = location[0], case .number(let lat, _, _) = location[1] {
                start = (lat, lon)
            }
            guard let start else {
                throw ReadFault(line: at, "the OSRM geometry is an encoded polyline and the response has no waypoint locations to tell "
                                + "precision 5 from 6: read the string alone with --from polyline or --from polyline6")
            }
            var candidates: [[TrackPoint]] = []
            for precision in [5, 6] {
                guard let points = try? polylineString(text, precision: precision, line: at), let p = points.first else { continue }
                if (p.latitude - start.lat).magnitude <= 2e-5 && (p.longitude - start.lon).magnitude <= 2e-5 { candidates.append(points) }
            }
            guard candidates.count == 1 else {
                throw ReadFault(line: at, "the OSRM geometry's first point is not the first waypoint's location at precision 5 or 6 "
                                + "(or at both): read the string alone with --from polyline or --from polyline6")
            }
            return TrackRead(points: candidates[0], isRoute: true, warnings: warnings, kind: "osrm")
        default:
            throw ReadFault(line: geometry.line, "the OSRM route's \"geometry\" is neither an encoded polyline nor a GeoJSON LineString")
        }
    }

    private static func valhalla(_ document: JSONValue, _ trip: JSONValue) throws(ReadFault) -> TrackRead {
        if case .number(let status, let text, _)? = trip["status"], status != 0 {
            throw ReadFault(line: trip.line, "the Valhalla trip's status is \(ByteText.quoted(text)), not 0: it has no route")
        }
        guard case .array(let legs, _)? = trip["legs"], !legs.isEmpty else { throw ReadFault(line: trip.line, "the Valhalla trip has no legs") }
        var warnings: [String] = []
        if case .array(let alternates, _)? = document["alternates"], !alternates.isEmpty {
            warnings.append("Valhalla: read the trip; not read: \(ByteText.plural(alternates.count, "alternate"))")
        }
        var points: [TrackPoint] = []
        for leg in legs {
            guard case .string(let shape, let at)? = leg["shape"] else { throw ReadFault(line: leg.line, "a Valhalla leg without its \"shape\" (polyline6)") }
            var legPoints = try polylineString(shape, precision: 6, line: at)
            if let last = points.last, let first = legPoints.first, last.latitude == first.latitude, last.longitude == first.longitude {
                legPoints.removeFirst()
            }
            points += legPoints
        }
        guard !points.isEmpty else { throw ReadFault(line: trip.line, "the Valhalla trip's shapes have no points") }
        return TrackRead(points: points, isRoute: true, warnings: warnings, kind: "valhalla")
    }

    /// An encoded polyline held in a JSON string (its `\\` escapes undone), its points on
    /// the string's line.
    private static func polylineString(_ text: [UInt8], precision: Int, line: Int) throws(ReadFault) -> [TrackPoint] {
        var bytes: [UInt8] = []
        var escaped = false
        for b in text {
            if escaped {
                guard b == UInt8(ascii: "\\") || b == UInt8(ascii: "/") || b == UInt8(ascii: "\"") else {
                    throw ReadFault(line: line, "an encoded polyline with the JSON escape '\\\(ByteText.quoted([b][...]))' (not polyline text)")
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
            var points = try polyline(bytes, precision: precision).points
            for k in points.indices { points[k].line = line }
            return points
        } catch {
            // The decoder counts lines of its own text: the string's line is the document's.
            throw ReadFault(line: line, error.reason)
        }
    }
}
