import Foundation
import Testing

/// Routes for `replay`, `simulate` and `arrows` have at most the library's 2²⁴ points,
/// checked while they are read: a longer route file stops at the first point past the
/// limit (exit 65 naming it), never after all its points took memory.
@Suite("route files are bounded while they are read", .serialized)
struct RouteLimitTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(getpid())-\(name)")
    }

    /// `count` route points in `format`, one per line, the k-th (from 1) on line
    /// `firstLine + k - 1`, then (with `garbage`) text that is an error if it is ever read.
    static func route(_ format: String, _ count: Int, garbage: Bool) -> (text: String, firstLine: Int) {
        let points = (0..<count).map { (lat: 55.7339 + Double($0) * 1e-5, lon: 37.5886) }
        switch format {
        case "csv":
            return ("lat,lon\n" + points.map { "\($0.lat),\($0.lon)\n" }.joined() + (garbage ? "x,y\n" : ""), 2)
        case "geojson":
            let positions = points.map { "[\($0.lon),\($0.lat)]" }.joined(separator: ",\n")
            return ("{\"type\":\"LineString\",\"coordinates\":[\n" + positions + "\n]}" + (garbage ? "garbage" : "") + "\n", 2)
        case "gpx":
            let trkpts = points.map { "<trkpt lat=\"\($0.lat)\" lon=\"\($0.lon)\"/>\n" }.joined()
            return ("<gpx><trk><trkseg>\n" + trkpts + (garbage ? "<trkpt lat=\"x\" lon=\"1\"/>\n" : "") + "</trkseg></trk></gpx>\n", 2)
        default:   // polyline: one one-point polyline a line, all at (0, 0)
            return (String(repeating: "??\n", count: count) + (garbage ? "!!!\n" : ""), 1)
        }
    }

    @Test("every route reader stops at the first point past the limit (lowered to 100 by WAYMARK_MAXIMUM_ROUTE_POINTS); 100 points are read")
    func everyReader() throws {
        let limit = 100
        try Waymark.$environment.withValue(["WAYMARK_MAXIMUM_ROUTE_POINTS": "\(limit)"]) {
            for format in ["csv", "geojson", "gpx", "polyline"] {
                let url = Self.temporary("limit.\(format)")
                defer { try? FileManager.default.removeItem(at: url) }
                let (text, firstLine) = Self.route(format, limit + 1, garbage: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
                let origin = format == "polyline" ? "0,0" : "55.7339,37.5886"
                for command in [["replay", "--route", url.path], ["simulate", "--runs", "1", "--route", url.path],
                                ["arrows", "--origin", origin, "--position", origin, url.path]] {
                    let r = try Waymark.run(command, input: "")
                    #expect(r.status == 65, "\(format) \(command[0]): \(r.status) \(r.stderr)")
                    #expect(r.stderr.contains("line \(firstLine + limit): the route has more than \(limit) points"), "\(format) \(command[0]): \(r.stderr)")
                }
                try Self.route(format, limit, garbage: false).text.write(to: url, atomically: true, encoding: .utf8)
                let atLimit = try Waymark.run(["arrows", "--origin", origin, "--position", origin, url.path])
                #expect(atLimit.status == 0, "\(format) at the limit: \(atLimit.stderr)")
            }
        }
    }

    @Test("the stated limit end to end: a polyline of 2^24 + 1 points (32 MiB, lines of 512 KiB) is refused at the point past 2^24")
    func statedLimit() throws {
        let url = Self.temporary("limit-stated.polyline")
        defer { try? FileManager.default.removeItem(at: url) }
        // "??" is the point (0, 0), then the same point again: 2^18 points a line.
        var line = Data(repeating: UInt8(ascii: "?"), count: 1 << 19)
        line.append(10)
        var text = Data()
        for _ in 0..<64 { text.append(line) }
        text.append(contentsOf: Array("??\n!!!\n".utf8))   // point 2^24 + 1 on line 65, then text that is an error if read
        try text.write(to: url)
        let r = try Waymark.run(["replay", "--route", url.path], input: "")
        #expect(r.status == 65 && r.stderr.contains("line 65: the route has more than 16777216 points"), "\(r.status) \(r.stderr)")
    }
}
