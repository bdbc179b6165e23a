import Foundation
import Testing

/// A PROJ grid that is not installed is EX_UNAVAILABLE (69) naming it on every command
/// that needs one — a CRS's or the EGM96 geoid's — never a usage (64) or data (65)
/// error (`transform` once said "PROJ error 4098" on the first row, exit 65).
@Suite("missing grids exit 69 on every command", .serialized)
struct GridErrorTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(getpid())-\(name)")
    }

    @Test("transform: a CRS or pipeline naming a grid that is not installed is 69, the grid named when the library knows it")
    func transform() throws {
        try Waymark.$environment.withValue(["PROJ_NETWORK": "OFF"]) {
            let crs = try Waymark.run(["transform", "--from", "+proj=longlat +datum=WGS84 +geoidgrids=nonexistent_grid.gtx +type=crs",
                                       "--to", "EPSG:4979"], input: "20,10,0\n")
            #expect(crs.status == 69 && crs.stderr.contains("nonexistent_grid.gtx"), "\(crs.status) \(crs.stderr)")
            #expect(crs.lines.isEmpty, "nothing is written before the transformation exists")
            // PROJ fails the pipeline itself ("file not found or invalid", not naming it).
            let pipeline = try Waymark.run(["transform", "--from", "EPSG:4326",
                                            "--to", "+proj=pipeline +step +proj=vgridshift +grids=nonexistent_grid.tif"], input: "20,10,0\n")
            #expect(pipeline.status == 69, "\(pipeline.status) \(pipeline.stderr)")
        }
    }

    @Test("geoid, GPX heights and replay --route-heights orthometric without egm96_15.gtx: 69 naming it")
    func geoidCommands() throws {
        // PROJ's database without the geoid grid.
        let data = Self.temporary("proj-data-no-geoid")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        for name in ["proj.db", "proj.ini"] {
            try FileManager.default.createSymbolicLink(at: data.appendingPathComponent(name),
                                                       withDestinationURL: URL(fileURLWithPath: "/usr/share/proj/\(name)"))
        }
        let gpx = Self.temporary("grid.gpx"), route = Self.temporary("grid-route.csv")
        defer { try? FileManager.default.removeItem(at: gpx); try? FileManager.default.removeItem(at: route) }
        try "<gpx><wpt lat=\"55.7\" lon=\"37.6\"><ele>150</ele></wpt></gpx>\n".write(to: gpx, atomically: true, encoding: .utf8)
        try "lat,lon,h\n55.7339,37.5886,150\n55.7365946,37.5886,150\n".write(to: route, atomically: true, encoding: .utf8)
        try Waymark.$environment.withValue(["PROJ_DATA": data.path, "PROJ_NETWORK": "OFF"]) {
            let runs: [([String], String)] = [
                (["geoid"], "55.7,37.6,150\n"),
                (["geoid", "--undulation", "--interpolation", "cubic"], "55.7,37.6\n"),
                (["scene", "--origin", "55.7,37.6", gpx.path], ""),
                (["replay", "--route", route.path, "--route-heights", "orthometric"], ""),
            ]
            for (arguments, input) in runs {
                let r = try Waymark.run(arguments, input: input)
                #expect(r.status == 69 && r.stderr.contains("egm96_15.gtx"), "\(arguments): \(r.status) \(r.stderr)")
            }
        }
    }
}
