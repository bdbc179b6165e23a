import Waymark

/// `waymark datum`, `waymark transform` and `waymark geoid`.
enum DatumCommands {
    /// `datum --from wgs84|gcj02|bd09 --to wgs84|gcj02|bd09 [--region china-rectangle|everywhere] [FILE]`:
    /// rows `lat,lon` → `lat,lon` (exact inverses).
    static func datum(_ command: Datum, _ out: inout Output) throws(CLIError) {
        guard let from = command.from.value, let to = command.to.value else { throw .usage("--from and --to are required") }
        let region = (command.region.value ?? .chinaRectangle).region
        let conversion = ChinaDatum.Conversion(from: from.datum, to: to.datum)
        var input = try RowInput(command.input.options(file: command.file), geographic: true)
        defer { input.close() }
        let geographic = (lat: 0, lon: 1, h: Int?.none)
        // The batch path reports iterative inverses that do not converge outside China's
        // rectangle, where the one-point path returns its last iterate: batches only there.
        guard let conversion, region == .chinaRectangle, !input.keepsColumns else {
            try RowStream.each(&input, &out, fieldCounts: 2...2, header: "lat,lon", geographic: geographic) { row throws(CLIError) in
                let point: GeodeticCoordinate
                do throws(WaymarkError) { point = try GeodeticCoordinate(latitude: row.values[0], longitude: row.values[1]) } catch {
                    throw .data(line: row.line, describe(error, latitude: row.values[0]))
                }
                let q = conversion.map { ChinaDatum.convert(point, $0, region: region) } ?? point
                return [q.latitude, q.longitude]
            }
            return
        }
        let stride = RowStream.tripleStride
        try RowStream.triples(&input, &out, fieldCounts: 2...2, header: "lat,lon", geographic: geographic, columns: 2) { line, _, slot throws(CLIError) in
            slot[2] = 0
            do throws(WaymarkError) { _ = try GeodeticCoordinate(latitude: slot[0], longitude: slot[1]) } catch {
                throw .data(line: line, describe(error, latitude: slot[0]))
            }
        } convert: { points, result, n, lines in
            do throws(WaymarkError) {
                try ChinaDatum.convert(conversion, region: region, geodetic: points, stride: stride, into: result, stride: stride, count: n)
                return (n, nil)
            } catch {
                return (0, .data(line: lines[0], describe(error)))   // checked row by row above
            }
        }
    }

    /// `transform --from CRS --to CRS [FILE]`: rows `x,y[,z]` in PROJ's normalised order
    /// (longitude/easting, latitude/northing, height) → `x,y,z`.
    /// `--input-format` names the input format here (`--from` is the source CRS).
    static func transform(_ command: Transform, _ out: inout Output) throws(CLIError) {
        guard let from = command.from.value, let to = command.to.value else { throw .usage("--from CRS and --to CRS are required") }
        let transform: CRSTransform
        // The definitions come from the user's own command line, so grids may be named by
        // path (the library's default, for definitions from outside, is PROJ's resource
        // directories only); FIFOs and devices are still refused.
        do throws(WaymarkError) { transform = try CRSTransform(from: from, to: to, files: .allowPaths) } catch {
            throw .library(error, .usage, message: "cannot build the transformation: \(error.message)")
        }
        var input = try RowInput(command.input.options(file: command.file), geographic: false)
        defer { input.close() }
        try RowStream.each(&input, &out, fieldCounts: 2...3, header: "x,y,z") { row throws(CLIError) in
            let v = row.values
            do throws(WaymarkError) {
                let p = try transform.transform(SIMD3(v[0], v[1], v.count == 3 ? v[2] : 0))
                return [p.x, p.y, p.z]
            } catch {
                throw .library(error, .data, line: row.line)
            }
        }
    }

    /// `geoid [--to ellipsoidal|orthometric] [--undulation] [--interpolation bilinear|cubic] [FILE]`:
    /// rows `lat,lon,h` → `lat,lon,h` with the height converted (default: orthometric →
    /// ellipsoidal), or rows `lat,lon[,h]` → `undulation_m` with `--undulation`; bilinear
    /// (PROJ's, the default) or cubic (NGA's) between the grid's nodes.
    static func geoid(_ command: GeoidCommand, _ out: inout Output) throws(CLIError) {
        let to = command.to.value ?? .ellipsoidal
        let cubic = command.interpolation.value == .cubic
        let undulationOnly = command.undulation
        let geoid: Geoid
        do throws(WaymarkError) { geoid = try Geoid(interpolation: cubic ? .cubic : .bilinear) } catch {
            throw .library(error, .unavailable)
        }
        var input = try RowInput(command.input.options(from: command.source.from, file: command.file), geographic: true)
        defer { input.close() }
        try RowStream.each(&input, &out, fieldCounts: undulationOnly ? 2...3 : 3...3, header: undulationOnly ? "undulation_m" : "lat,lon,h",
                           geographic: undulationOnly ? nil : (lat: 0, lon: 1, h: 2)) { row throws(CLIError) in
            let v = row.values
            do throws(WaymarkError) {
                let p = try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v.count == 3 ? v[2] : 0)
                if undulationOnly {
                    return [try geoid.undulation(at: p)]
                } else {
                    let q = try geoid.converting(p, to: to.reference)
                    return [q.latitude, q.longitude, q.height]
                }
            } catch {
                throw .library(error, .data, line: row.line, message: describe(error, latitude: v[0]), geoid: true)
            }
        }
    }
}
