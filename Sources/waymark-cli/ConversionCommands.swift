import Waymark

/// `waymark scene` and `waymark geodetic`: rows of coordinates through a SceneFrame.
enum ConversionCommands {
    static let methods = ["ellipsoidal", "proj", "haversine", "meters-per-degree"]

    /// `scene --origin LAT,LON[,H] [--axes eus|enu|eun] [--method …] [FILE]`:
    /// rows `lat,lon[,h]` → `x,y,z`.
    static func scene(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["origin", "axes", "method"])
        let origin = try args.origin()
        let frame = SceneFrame(origin: origin, axes: try args.axes())
        let method = try args.choice("method", default: "ellipsoidal", among: methods)
        let pipeline: ProjTopocentricPipeline?
        do {
            pipeline = method == "proj" ? try ProjTopocentricPipeline(origin: origin) : nil
        } catch {
            throw .usage("cannot build the PROJ pipeline: \(describe(error))")
        }
        var input = try CSVInput(path: args.file, geographic: true)
        defer { input.close() }
        out.line("x,y,z")
        while let row = try input.next(fieldCounts: 2...3) {
            let v = row.values
            let point: GeodeticCoordinate
            do {
                point = try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v.count == 3 ? v[2] : 0)
            } catch {
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
            let p: SIMD3<Double>
            switch method {
            case "proj":
                do { p = frame.scenePosition(fromENU: try pipeline!.forward(point)) } catch {
                    throw .data(line: row.line, describe(error))
                }
            case "haversine": p = frame.scenePosition(of: point, baseline: .haversine)
            case "meters-per-degree": p = frame.scenePosition(of: point, baseline: .metersPerDegree)
            default: p = frame.scenePosition(of: point)
            }
            out.row(p.x, p.y, p.z)
        }
    }

    /// `geodetic --origin LAT,LON[,H] [--axes …] [FILE]`: rows `x,y,z` → `lat,lon,h`.
    static func geodetic(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["origin", "axes"])
        let frame = SceneFrame(origin: try args.origin(), axes: try args.axes())
        var input = try CSVInput(path: args.file)
        defer { input.close() }
        out.line("lat,lon,h")
        while let row = try input.next(fieldCounts: 3...3) {
            let v = row.values
            do {
                let g = try frame.geodetic(atScene: SIMD3(v[0], v[1], v[2]))
                out.row(g.latitude, g.longitude, g.height)
            } catch {
                throw .data(line: row.line, describe(error))
            }
        }
    }
}
