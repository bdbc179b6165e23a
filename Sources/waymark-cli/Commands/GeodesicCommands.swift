import Waymark

/// `waymark inverse` and `waymark direct`.
enum GeodesicCommands {
    /// `inverse [--method ellipsoidal|haversine] [FILE]`: rows `lat1,lon1,lat2,lon2` →
    /// `distance_m,azimuth1_deg,azimuth2_deg` (haversine: initial and final bearing on
    /// the mean-radius sphere).
    static func inverse(_ command: Inverse, _ out: inout Output) throws(CLIError) {
        let method = command.method.value ?? .ellipsoidal
        let options = command.input.options(from: command.from, file: command.file)
        if command.pairs.value == .consecutive { return try consecutive(options, method: method, &out) }
        var input = try RowInput(options, geographic: false, pointsHint: "--pairs consecutive reads a track's points, each with the next")
        defer { input.close() }
        func solve(_ line: Int, _ v: UnsafePointer<Double>) throws(CLIError) -> (Double, Double, Double) {
            let a: GeodeticCoordinate, b: GeodeticCoordinate
            do throws(WaymarkError) {
                a = try GeodeticCoordinate(latitude: v[0], longitude: v[1])
            } catch { throw .data(line: line, "point 1: " + describe(error, latitude: v[0])) }
            do throws(WaymarkError) {
                b = try GeodeticCoordinate(latitude: v[2], longitude: v[3])
            } catch { throw .data(line: line, "point 2: " + describe(error, latitude: v[2])) }
            if method == .haversine {
                let h = Haversine.standard
                return (h.distance(a, b), h.initialBearing(a, b), h.finalBearing(a, b))
            }
            let r = Geodesic.wgs84.inverse(a, b)
            return (r.distance, r.azimuth1, r.azimuth2)
        }
        if input.keepsColumns {
            try RowStream.each(&input, &out, fieldCounts: 4...4, header: "distance_m,azimuth1_deg,azimuth2_deg") { row throws(CLIError) in
                let r = try row.values.withUnsafeBufferPointer { v throws(CLIError) in try solve(row.line, v.baseAddress!) }
                return [r.0, r.1, r.2]
            }
            return
        }
        // One row at a time (each line has its own first point), without allocation.
        try out.header("distance_m,azimuth1_deg,azimuth2_deg")
        let v = UnsafeMutablePointer<Double>.allocate(capacity: 4)
        defer { v.deallocate() }
        while let row = try input.next(into: v, fieldCounts: 4...4) {
            let r = try solve(row.line, v)
            out.row(r.0, r.1, r.2)
        }
    }

    /// `inverse --pairs consecutive [FILE]`: the points of a track or route (any input
    /// format, `lat,lon[,h]`) in pairs, each point and the next: N points give N − 1 rows,
    /// row k from point k to point k + 1 (heights are not used).
    static func consecutive(_ options: InputOptions, method: Choice.InverseMethod, _ out: inout Output) throws(CLIError) {
        let track = try Track.read(options, command: "inverse --pairs consecutive")
        try out.header("distance_m,azimuth1_deg,azimuth2_deg")
        for (a, b) in zip(track.points, track.points.dropFirst()) {
            let p = try GeodeticCoordinate.ground(a.coordinate), q = try GeodeticCoordinate.ground(b.coordinate)
            if method == .haversine {
                let h = Haversine.standard
                out.row(h.distance(p, q), h.initialBearing(p, q), h.finalBearing(p, q))
            } else {
                let r = Geodesic.wgs84.inverse(p, q)
                out.row(r.distance, r.azimuth1, r.azimuth2)
            }
        }
    }

    /// `direct [FILE]`: rows `lat1,lon1,azimuth1_deg,distance_m` → `lat2,lon2,azimuth2_deg`.
    static func direct(_ command: Direct, _ out: inout Output) throws(CLIError) {
        var input = try RowInput(command.input.options(from: command.source.from, file: command.file), geographic: false)
        defer { input.close() }
        try RowStream.each(&input, &out, fieldCounts: 4...4, header: "lat2,lon2,azimuth2_deg",
                           geographic: (lat: 0, lon: 1, h: nil)) { row throws(CLIError) in
            let v = row.values
            do throws(WaymarkError) {
                let start = try GeodeticCoordinate(latitude: v[0], longitude: v[1])
                let r = try Geodesic.wgs84.direct(from: start, azimuth: v[2], distance: v[3])
                return [r.destination.latitude, r.destination.longitude, r.azimuth2]
            } catch {
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
        }
    }
}

private extension GeodeticCoordinate {
    /// The point on the ellipsoid (h = 0), as the CSV path's `lat1,lon1` rows give it.
    static func ground(_ c: GeodeticCoordinate) throws(CLIError) -> GeodeticCoordinate {
        do { return try GeodeticCoordinate(latitude: c.latitude, longitude: c.longitude) } catch { throw .data(line: 0, describe(error)) }
    }
}
