import Waymark

/// `waymark inverse` and `waymark direct`.
enum GeodesicCommands {
    /// `inverse [--method ellipsoidal|haversine] [FILE]`: rows `lat1,lon1,lat2,lon2` →
    /// `distance_m,azimuth1_deg,azimuth2_deg` (haversine: initial and final bearing on
    /// the mean-radius sphere).
    static func inverse(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["method"])
        let method = try args.choice("method", default: "ellipsoidal", among: ["ellipsoidal", "haversine"])
        var input = try CSVInput(path: args.file)
        defer { input.close() }
        out.line("distance_m,azimuth1_deg,azimuth2_deg")
        while let row = try input.next(fieldCounts: 4...4) {
            let v = row.values
            let a: GeodeticCoordinate, b: GeodeticCoordinate
            do {
                a = try GeodeticCoordinate(latitude: v[0], longitude: v[1])
            } catch { throw .data(line: row.line, "point 1: " + describe(error, latitude: v[0])) }
            do {
                b = try GeodeticCoordinate(latitude: v[2], longitude: v[3])
            } catch { throw .data(line: row.line, "point 2: " + describe(error, latitude: v[2])) }
            if method == "haversine" {
                let h = Haversine.standard
                out.row(h.distance(a, b), h.initialBearing(a, b), h.finalBearing(a, b))
            } else {
                let r = Geodesic.wgs84.inverse(a, b)
                out.row(r.distance, r.azimuth1, r.azimuth2)
            }
        }
    }

    /// `direct [FILE]`: rows `lat1,lon1,azimuth1_deg,distance_m` → `lat2,lon2,azimuth2_deg`.
    static func direct(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: [])
        var input = try CSVInput(path: args.file)
        defer { input.close() }
        out.line("lat2,lon2,azimuth2_deg")
        while let row = try input.next(fieldCounts: 4...4) {
            let v = row.values
            do {
                let start = try GeodeticCoordinate(latitude: v[0], longitude: v[1])
                let r = try Geodesic.wgs84.direct(from: start, azimuth: v[2], distance: v[3])
                out.row(r.destination.latitude, r.destination.longitude, r.azimuth2)
            } catch {
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
        }
    }
}
