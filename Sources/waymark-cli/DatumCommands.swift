import Waymark

/// `waymark datum`, `waymark transform` and `waymark geoid`.
enum DatumCommands {
    /// `datum --from wgs84|gcj02|bd09 --to wgs84|gcj02|bd09 [--region china-rectangle|everywhere] [FILE]`:
    /// rows `lat,lon` → `lat,lon` (exact inverses).
    static func datum(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["from", "to", "region"])
        let names = ["wgs84", "gcj02", "bd09"]
        guard args.options["from"] != nil, args.options["to"] != nil else { throw .usage("--from and --to are required") }
        let from = try args.choice("from", default: "wgs84", among: names)
        let to = try args.choice("to", default: "wgs84", among: names)
        let region: ChinaRegion = try args.choice("region", default: "china-rectangle", among: ["china-rectangle", "everywhere"]) == "everywhere"
            ? .everywhere : .chinaRectangle
        let datums: [String: ChinaDatum.Datum] = ["wgs84": .wgs84, "gcj02": .gcj02, "bd09": .bd09]
        let conversion = ChinaDatum.Conversion(from: datums[from]!, to: datums[to]!)
        var input = try CSVInput(path: args.file, geographic: true)
        defer { input.close() }
        out.line("lat,lon")
        while let row = try input.next(fieldCounts: 2...2) {
            let point: GeodeticCoordinate
            do { point = try GeodeticCoordinate(latitude: row.values[0], longitude: row.values[1]) } catch {
                throw .data(line: row.line, describe(error, latitude: row.values[0]))
            }
            let q = conversion.map { ChinaDatum.convert(point, $0, region: region) } ?? point
            out.row(q.latitude, q.longitude)
        }
    }

    /// `transform --from CRS --to CRS [FILE]`: rows `x,y[,z]` in PROJ's normalised order
    /// (longitude/easting, latitude/northing, height) → `x,y,z`.
    static func transform(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["from", "to"])
        guard let from = args.options["from"], let to = args.options["to"] else { throw .usage("--from CRS and --to CRS are required") }
        let transform: CRSTransform
        // The definitions come from the user's own command line: grids may be named by
        // path as before (the library's default, for definitions from outside, is
        // PROJ's resource directories only); FIFOs and devices are still refused.
        do { transform = try CRSTransform(from: from, to: to, files: .allowPaths) } catch {
            throw .usage("cannot build the transformation: \(error.message)")
        }
        var input = try CSVInput(path: args.file)
        defer { input.close() }
        out.line("x,y,z")
        while let row = try input.next(fieldCounts: 2...3) {
            let v = row.values
            do {
                let p = try transform.transform(SIMD3(v[0], v[1], v.count == 3 ? v[2] : 0))
                out.row(p.x, p.y, p.z)
            } catch {
                throw .data(line: row.line, error.message)
            }
        }
    }

    /// `geoid [--to ellipsoidal|orthometric] [--undulation] [--interpolation bilinear|cubic] [FILE]`:
    /// rows `lat,lon,h` → `lat,lon,h` with the height converted (default: orthometric →
    /// ellipsoidal), or rows `lat,lon[,h]` → `undulation_m` with `--undulation`; bilinear
    /// (PROJ's, the default) or cubic (NGA's) between the grid's nodes.
    static func geoid(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        let args = try Arguments(words, allowed: ["to", "interpolation"], switches: ["undulation"])
        let to = try args.choice("to", default: "ellipsoidal", among: ["ellipsoidal", "orthometric"])
        let cubic = try args.choice("interpolation", default: "bilinear", among: ["bilinear", "cubic"]) == "cubic"
        let undulationOnly = args.flags.contains("undulation")
        let geoid: Geoid
        do { geoid = try Geoid(interpolation: cubic ? .cubic : .bilinear) } catch {
            throw CLIError(kind: .unavailable, message: error.message)
        }
        var input = try CSVInput(path: args.file, geographic: true)
        defer { input.close() }
        out.line(undulationOnly ? "undulation_m" : "lat,lon,h")
        while let row = try input.next(fieldCounts: undulationOnly ? 2...3 : 3...3) {
            let v = row.values
            do {
                let p = try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v.count == 3 ? v[2] : 0)
                if undulationOnly {
                    out.row(try geoid.undulation(at: p))
                } else {
                    let q = try geoid.converting(p, to: to == "ellipsoidal" ? .ellipsoidal : .orthometric)
                    out.row(q.latitude, q.longitude, q.height)
                }
            } catch {
                // An unreadable grid is the grid's fault, not the row's: unavailable (69).
                if case .projFailure = error { throw CLIError(kind: .unavailable, message: "line \(row.line): " + error.message) }
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
        }
    }
}
