import Foundation
import Testing

/// Issue 13's input formats, end to end: CSV dialects, GeoJSON, GPX, polylines.
@Suite("input formats", .serialized, .baselineCPU)
struct InputFormatTests {
    static let origin = ["scene", "--origin", "55.73397,37.58864,158"]
    /// The scene position of 55.7359, 37.5943, 156.5 from that origin (CLI tests' reference row).
    static let expected = "355.5561983486451,-1.5135071942137728,-214.90019883586638"
    /// The same point with h = 0.
    static let expectedGround = "355.54749426735543,-158.0135068629623,-214.89492680111317"

    static func temporary(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-formats-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("CSV: CRLF, a BOM, quoted fields, a header's delimiter (semicolon, tab, spaces) and --delimiter")
    func csvDialects() throws {
        let cases: [([String], String)] = [
            ([], "55.7359,37.5943,156.5\r\n"),
            ([], "\u{FEFF}lat,lon,h\r\n55.7359,37.5943,156.5\r\n"),
            ([], "\"55.7359\", \"37.5943\" ,\"156.5\"\n"),
            ([], "lat;lon;h\n55.7359;37.5943;156.5\n"),
            ([], "lat\tlon\th\n55.7359\t37.5943\t156.5\n"),
            ([], "lat lon h\n55.7359   37.5943 156.5\n"),
            ([], "\"lon\";\"lat\";\"h\"\r\n37.5943;55.7359;156.5\r\n"),
            (["--delimiter", "semicolon"], "55.7359;37.5943;156.5\n"),
            (["--delimiter", "tab"], "55.7359\t37.5943\t156.5\n"),
            (["--delimiter", "whitespace"], "  55.7359 \t 37.5943  156.5\n"),
            (["--delimiter", "auto"], "55.7359;37.5943;156.5\n"),
            (["--delimiter", "auto"], "55.7359\t37.5943\t156.5\n"),
            (["--lon-lat"], "37.5943,55.7359,156.5\n"),
            ([], "lat,lon,h\n5.57359e1,3.75943E+1,156.5\n"),
        ]
        for (options, input) in cases {
            let r = try Waymark.run(Self.origin + options, input: input)
            #expect(r.status == 0 && r.lines == ["x,y,z", Self.expected], "\(options) \(input.debugDescription): \(r.lines) \(r.stderr)")
        }
    }

    @Test("CSV: ambiguous or broken input is a data error naming the line, never a silent loss")
    func csvRefusals() throws {
        let cases: [([String], String, String)] = [
            (["--delimiter", "auto"], "55.7359;37.5943\t156.5\n", "line 1"),
            ([], "\"55.7359,37.5943\n", "quote is not closed"),
            ([], "\"55.7\"x,37.5\n", "after the closing quote"),
            ([], "55.7359,37.5943,156.5,7\n", "--keep-columns"),
            ([], "lat;lon\n55.7359,37.5943\n", "line 2"),
            (["--delimiter", "semicolon"], "55.7359,37.5943\n", "line 1"),
            ([], "55.7359,37.5943\n55.7359;37.5943\n", "line 2"),
        ]
        for (options, input, reason) in cases {
            let r = try Waymark.run(Self.origin + options, input: input)
            #expect(r.status == 65 && r.stderr.contains(reason), "\(options) \(input.debugDescription): \(r.stderr)")
        }
        for bad in [["--delimiter", "pipe"], ["--from", "kmz"], ["--heights", "orthometric"]] {
            #expect(try Waymark.run(Self.origin + bad, input: "55.7,37.6\n").status == 64, "\(bad)")
        }
        #expect(try Waymark.run(["inverse", "--lon-lat"], input: "0,0,0,1\n").status == 64)
        #expect(try Waymark.run(["inverse", "--from", "geojson"], input: "{}").status == 64)
    }

    @Test("--keep-columns carries extra columns through, named by the header")
    func keepColumns() throws {
        let named = try Waymark.run(Self.origin + ["--keep-columns"], input: "name,lat,lon,h,note\nCafe,55.7359,37.5943,156.5,\"a, b\"\n")
        #expect(named.status == 0 && named.lines == ["x,y,z,name,note", Self.expected + ",Cafe,\"a, b\""], "\(named.lines) \(named.stderr)")
        let bare = try Waymark.run(Self.origin + ["--keep-columns"], input: "55.7359,37.5943,Cafe\n")
        #expect(bare.lines == ["x,y,z,field3", Self.expectedGround + ",Cafe"], "\(bare.lines) \(bare.stderr)")
        let inverse = try Waymark.run(["inverse", "--keep-columns"], input: "0,0,0,1,leg 1\n")
        #expect(inverse.lines.count == 2 && inverse.lines[0] == "distance_m,azimuth1_deg,azimuth2_deg,field5" && inverse.lines[1].hasSuffix(",90.0,90.0,leg 1"),
                "\(inverse.lines)")
    }

    @Test("GeoJSON: Point, MultiPoint, LineString, MultiLineString in Features and a FeatureCollection, [lon, lat(, h)]")
    func geojson() throws {
        let collection = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "a \\"quoted\\" name"}, "geometry": {"type": "Point", "coordinates": [37.5943, 55.7359, 156.5]}},
          {"type": "Feature", "properties": null, "geometry": {"type": "LineString", "coordinates": [[37.5943, 55.7359], [37.5943, 55.7359, 156.5]]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "MultiLineString", "coordinates": [[[37.5943, 55.7359, 156.5]], [[37.5943, 55.7359, 156.5]]]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "MultiPoint", "coordinates": [[37.5943, 55.7359, 156.5]]}}
        ]}
        """
        let r = try Waymark.run(Self.origin + ["--from", "geojson"], input: collection)
        #expect(r.status == 0 && r.lines == ["x,y,z", Self.expected, Self.expectedGround] + Array(repeating: Self.expected, count: 4), "\(r.lines) \(r.stderr)")
        let file = try Self.temporary("route.geojson", #"{"type":"LineString","coordinates":[[37.5943,55.7359,156.5]]}"#)
        let byExtension = try Waymark.run(Self.origin + [file])
        #expect(byExtension.status == 0 && byExtension.lines == ["x,y,z", Self.expected], "\(byExtension.lines) \(byExtension.stderr)")
        let refusals: [(String, String)] = [
            (#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,1],[0,0]]]}"#, "Polygon"),
            ("{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":null}]}", "line 2"),
            (#"{"type":"FeatureCollection","features":[]}"#, "no positions"),
            ("{\"type\":\"Point\",\n\"coordinates\":[1]}", "line 2"),
            (#"{"type":"Point","coordinates":[1,2,3,4]}"#, "[lon, lat, h]"),
            (#"{"type":"Point","coordinates":[0,91]}"#, "latitude"),
            ("{\"type\":\"Point\",\"coordinates\":[0,1]", "ends early"),
        ]
        for (input, reason) in refusals {
            let bad = try Waymark.run(Self.origin + ["--from", "geojson"], input: input)
            #expect(bad.status == 65 && bad.stderr.contains(reason), "\(input): \(bad.stderr)")
        }
    }

    // The file's waypoint and route are not part of its track, and its track point
    // without <ele> would be 0 m above the ellipsoid, underground: both must be said,
    // never read in silence.
    @Test("GPX: the first track (not the waypoint or the route); <ele> above sea level becomes ellipsoidal through EGM96 unless --heights orthometric")
    func gpx() throws {
        let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <!-- a comment with <trkpt lat="1" lon="2"/> inside -->
          <wpt lat="55.7359" lon="37.5943"><ele>142</ele><name>W</name></wpt>
          <rte><rtept lat='55.7359' lon='37.5943'><ele> 142 </ele></rtept></rte>
          <trk><trkseg>
            <trkpt lat="55.7359" lon="37.5943"><ele>142</ele><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lon="37.5943" lat="55.7359"/>
          </trkseg></trk>
        </gpx>
        """
        let undulation = try Waymark.run(["geoid", "--undulation"], input: "55.7359,37.5943\n")
        try #require(undulation.status == 0, "\(undulation.stderr)")
        let n = Double(undulation.lines[1])!
        let mixed = try Waymark.run(["datum", "--input-format", "gpx", "--from", "wgs84", "--to", "wgs84"], input: gpx)
        #expect(mixed.status == 65 && mixed.stderr.contains("line 8: GPX point 2 has no height"), "\(mixed.stderr)")
        #expect(mixed.stderr.contains("not read: 1 route, 1 waypoint"), "\(mixed.stderr)")
        let r = try Waymark.run(["datum", "--input-format", "gpx", "--from", "wgs84", "--to", "wgs84", "--missing-heights", "ignore-heights"], input: gpx)
        #expect(r.status == 0 && r.lines == ["lat,lon"] + Array(repeating: "55.7359,37.5943", count: 2), "\(r.lines) \(r.stderr)")
        for part in ["route", "waypoints"] {
            let one = try Waymark.run(["datum", "--input-format", "gpx", "--gpx-part", part, "--from", "wgs84", "--to", "wgs84"], input: gpx)
            #expect(one.status == 0 && one.lines == ["lat,lon", "55.7359,37.5943"], "\(part): \(one.lines) \(one.stderr)")
        }
        let heights = try Waymark.run(["geoid", "--undulation", "--input-format", "gpx", "--missing-heights", "drop-points"], input: gpx)
        #expect(heights.status == 0 && heights.lines.count == 2 && heights.stderr.contains("left out 1 GPX point"), "\(heights.stderr)")
        // Scene heights: <ele> + N above the ellipsoid; orthometric keeps <ele>.
        let file = try Self.temporary("walk.gpx", gpx)
        let ellipsoidal = try Waymark.run(["scene", "--origin", "55.7359,37.5943,0", "--axes", "enu", "--gpx-part", "route", file])
        let orthometric = try Waymark.run(["scene", "--origin", "55.7359,37.5943,0", "--axes", "enu", "--heights", "orthometric",
                                           "--missing-heights", "drop-points", file])
        #expect(ellipsoidal.status == 0 && ellipsoidal.lines.count == 2, "\(ellipsoidal.stderr)")
        #expect(abs(numbers(ellipsoidal.lines[1])[2] - (142 + n)) < 1e-6, "\(ellipsoidal.lines)")
        #expect(orthometric.lines.count == 2 && abs(numbers(orthometric.lines[1])[2] - 142) < 1e-6, "\(orthometric.lines)")
        for (input, reason) in [("<gpx><trkpt lat=\"1\"></trkpt></gpx>", "without lat and lon"), ("<gpx>\n<trkpt lat=\"x\" lon=\"1\"/></gpx>", "line 2"),
                                ("<gpx></gpx>", "no trkpt"), ("<gpx><trkpt lat=\"1\" lon=\"2\"><ele>high</ele></trkpt></gpx>", "not a number"),
                                ("<gpx><trkpt lat=\"1\" lon=\"2\">", "ends inside")] {
            let bad = try Waymark.run(Self.origin + ["--from", "gpx", "--heights", "orthometric"], input: input)
            #expect(bad.status == 65 && bad.stderr.contains(reason), "\(input): \(bad.stderr)")
        }
    }

    @Test("polylines at precision 5 and 6; the wrong precision is caught when coordinates become impossible")
    func polylines() throws {
        // Google's documented example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
        let five = "_p~iF~ps|U_ulLnnqC_mqNvxq`@\n"
        let six = "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI\n"
        let expected = ["lat,lon", "38.5,-120.2", "40.7,-120.95", "43.252,-126.453"]
        let identity = ["datum", "--from", "wgs84", "--to", "wgs84"]
        let r5 = try Waymark.run(identity + ["--input-format", "polyline"], input: five)
        #expect(r5.status == 0 && r5.lines == expected, "\(r5.lines) \(r5.stderr)")
        let r6 = try Waymark.run(identity + ["--input-format", "polyline6"], input: six)
        #expect(r6.status == 0 && r6.lines == expected, "\(r6.lines) \(r6.stderr)")
        let wrong = try Waymark.run(Self.origin + ["--from", "polyline"], input: six)
        #expect(wrong.status == 65 && wrong.stderr.contains("line 1") && wrong.stderr.contains("polyline6"), "\(wrong.stderr)")
        let file = try Self.temporary("route.polyline6", six)
        #expect(try Waymark.run(identity + [file]).lines == expected)
        for (input, reason) in [("_p~iF~ps|U_ulLnnqC_mqNvxq`\n", "cut short"), ("_p~iF ~ps|U\n", "not polyline text"), ("_p~iF\n", "no longitude")] {
            let bad = try Waymark.run(identity + ["--input-format", "polyline"], input: input)
            #expect(bad.status == 65 && bad.stderr.contains(reason), "\(input): \(bad.stderr)")
        }
    }
}

@Suite("output formats", .serialized)
struct OutputFormatTests {
    @Test("--to json: an array of objects keyed by the header's names; same numbers as CSV")
    func json() throws {
        let r = try Waymark.run(InputFormatTests.origin + ["--to", "json"], input: "55.7359,37.5943,156.5\n55.7359,37.5943,156.5\n")
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Double]]
        // The CSV row of the same point on the same CPU path (its last digits are the path's:
        // CSVInputTests.isExpected), bit for bit.
        let csv = try Waymark.run(InputFormatTests.origin, input: "55.7359,37.5943,156.5\n")
        #expect(CSVInputTests.isExpected(csv.lines), "\(csv.lines)")
        // The numbers compared as text (the shortest form that reads back as the same
        // double, in both outputs): Foundation's JSON parser on Linux can be one unit in
        // the last place off (it reads -214.9001988354147 as -214.90019883541473).
        let row = csv.lines.count == 2 ? csv.lines[1].split(separator: ",").map(String.init) : []
        let objects = r.stdout.split(separator: "}").filter { $0.contains("\"x\"") }
        #expect(row.count == 3 && parsed?.count == 2 && objects.count == 2
                && objects.allSatisfy { $0.contains("\"x\":\(row[0]),\"y\":\(row[1]),\"z\":\(row[2])") }, "\(r.stdout)")
        let empty = try Waymark.run(["inverse", "--to=json"], input: "")
        let emptyArray = try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any]
        #expect(empty.status == 0 && emptyArray?.isEmpty == true, "\(empty.stdout)")
    }

    @Test("--to geojson: a FeatureCollection of Points with properties, a LineString for a route, refused for scene coordinates")
    func geojson() throws {
        let direct = try Waymark.run(["direct", "--to", "geojson"], input: "0,0,90,1000\n10,20,0,5\n")
        #expect(direct.status == 0, "\(direct.stderr)")
        let fc = try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8)) as? [String: Any]
        let features = fc?["features"] as? [[String: Any]]
        #expect(fc?["type"] as? String == "FeatureCollection" && features?.count == 2)
        let geometry = features?[1]["geometry"] as? [String: Any]
        let coordinates = geometry?["coordinates"] as? [Double]
        #expect(geometry?["type"] as? String == "Point" && coordinates?.count == 2 && abs(coordinates![0] - 20) < 1e-9, "\(direct.stdout)")
        #expect((features?[1]["properties"] as? [String: Double])?["azimuth2_deg"] != nil)
        let route = try Waymark.run(["datum", "--from", "wgs84", "--to", "wgs84", "--input-format", "polyline", "--output-format", "geojson"],
                                    input: "_p~iF~ps|U_ulLnnqC_mqNvxq`@\n")
        let line = try JSONSerialization.jsonObject(with: Data(route.stdout.utf8)) as? [String: Any]
        let lineGeometry = line?["geometry"] as? [String: Any]
        #expect(lineGeometry?["type"] as? String == "LineString" && (lineGeometry?["coordinates"] as? [[Double]])?[1] == [-120.95, 40.7], "\(route.stdout)")
        let refused = try Waymark.run(InputFormatTests.origin + ["--to", "geojson"], input: "55.7,37.6\n")
        #expect(refused.status == 64 && refused.stdout.isEmpty, "\(refused.stderr)")
        #expect(try Waymark.run(["datum", "--from", "wgs84", "--to", "wgs84", "--output-format", "xml"], input: "").status == 64)
        #expect(try Waymark.run(["demo", "--to", "json"]).status == 64)
    }
}

@Suite("streaming paths print what the one-point paths print")
struct StreamingIdentityTests {
    /// Edge rows: the origin itself, ±180° longitudes, far points, poles, −0, a huge
    /// height (outside the batch's bound: the one-point fallback), exponents.
    static let points = """
    55.73397,37.58864,158
    55.7359,37.5943,156.5
    0,180,0
    0,-180,0
    -0.0,-0.0,-0.0
    90,0,0
    -90,45,1
    55.73397,217.58864,158
    -33.9,151.2,1e7
    1e-10,1.5949729286201001e-10,-1e-300
    55.74,37.6,1e12
    """

    @Test("scene, geodetic and datum in batches equal the row-at-a-time path (--keep-columns) byte for byte")
    func batchesEqualOnePoint() throws {
        for axes in ["eus", "enu", "eun"] {
            let args = ["scene", "--origin", "55.73397,37.58864,158", "--axes", axes]
            let batch = try Waymark.run(args, input: Self.points)
            let one = try Waymark.run(args + ["--keep-columns"], input: Self.points)
            #expect(batch.status == 0 && batch.lines.count == 12 && batch.stdout == one.stdout, "\(axes)\n\(batch.stdout)\n\(one.stdout)")
            let lineBuffered = try Waymark.run(args + ["--line-buffered"], input: Self.points)
            #expect(lineBuffered.stdout == batch.stdout)
            let scene = batch.lines.dropFirst().joined(separator: "\n")
            let back = try Waymark.run(["geodetic", "--origin", "55.73397,37.58864,158", "--axes", axes], input: scene)
            let backOne = try Waymark.run(["geodetic", "--origin", "55.73397,37.58864,158", "--axes", axes, "--keep-columns"], input: scene)
            #expect(back.status == 0 && back.stdout == backOne.stdout, "\(back.stderr)")
        }
        let china = "39.9,116.4\n22.5,114.1\n0,0\n-0.0,180\n31.2304,121.4737\n"
        for (from, to) in [("wgs84", "gcj02"), ("gcj02", "wgs84"), ("wgs84", "bd09"), ("bd09", "wgs84")] {
            let args = ["datum", "--from", from, "--to", to]
            let batch = try Waymark.run(args, input: china), one = try Waymark.run(args + ["--keep-columns"], input: china)
            #expect(batch.status == 0 && batch.lines.count == 6 && batch.stdout == one.stdout, "\(from)→\(to)")
        }
    }

    @Test("numbers read exactly as Swift's Double(String) and printed exactly as its description")
    func numberText() throws {
        var inputs = ["1e1", "+1", ".5", "5.", "-0", "0x1p-2", "1E-5", "00012.5", "89.99999999999999999999", "1.5949729286201001e-10",
                      "4.9406564584124654e-324", "2.2250738585072014e-308", "1e-400", "0.1", "0.30000000000000004", "-7.000000000000001"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let digits = (0..<Int.random(in: 1...25, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            inputs.append("\(Int.random(in: -89...89, using: &generator)).\(digits)")
        }
        let r = try Waymark.run(["datum", "--from", "wgs84", "--to", "wgs84"], input: inputs.map { "\($0),\($0)" }.joined(separator: "\n"))
        #expect(r.status == 0, "\(r.stderr)")
        for (text, line) in zip(inputs, r.lines.dropFirst()) {
            let value = Double(text)!
            let printed = value == 0 ? (value.sign == .minus ? "-0.0" : "0.0") : value.description
            #expect(line == "\(printed),\(printed)", "\(text)")
        }
        #expect(r.lines.count == inputs.count + 1)
        // Not numbers for Swift, not numbers here.
        for bad in ["1e", "--1", "1.2.3", "1,5e", "0x", "1_000", "١"] {
            #expect(try Waymark.run(["inverse"], input: "\(bad),0,0,1\n").status == 65, "\(bad)")
        }
    }
}

@Suite("the CLI's text before and after the streaming rewrite", .baselineCPU)
struct GoldenOutputTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/cli_golden")

    /// Each command on Tests/Data/cli_golden's inputs prints exactly what the CLI printed
    /// before issue 13's readers and writers (Tests/Data/tools/make_cli_golden.sh).
    @Test("scene, geodetic, inverse and datum print byte for byte what the old CLI printed (edge values included)",
          arguments: [
              (["scene", "--origin", "55.73397,37.58864,158", "--axes", "eus"], "points.csv", "scene_eus.out"),
              (["scene", "--origin", "55.73397,37.58864,158", "--axes", "enu"], "points.csv", "scene_enu.out"),
              (["scene", "--origin", "55.73397,37.58864,158", "--axes", "eun"], "points.csv", "scene_eun.out"),
              (["scene", "--origin", "55.73397,37.58864,158", "--method", "haversine"], "points.csv", "scene_haversine.out"),
              (["geodetic", "--origin", "55.73397,37.58864,158", "--axes", "enu"], "scene_enu.csv", "geodetic_enu.out"),
              (["inverse"], "pairs.csv", "inverse.out"),
              (["inverse", "--method", "haversine"], "pairs.csv", "inverse_haversine.out"),
              (["datum", "--from", "wgs84", "--to", "gcj02"], "china.csv", "datum_wgs84_gcj02.out"),
              (["datum", "--from", "gcj02", "--to", "wgs84"], "china.csv", "datum_gcj02_wgs84.out"),
              (["datum", "--from", "wgs84", "--to", "bd09"], "china.csv", "datum_wgs84_bd09.out"),
              (["datum", "--from", "bd09", "--to", "gcj02"], "china.csv", "datum_bd09_gcj02.out"),
          ])
    func sameText(_ arguments: [String], _ input: String, _ expected: String) throws {
        let golden = try String(contentsOf: Self.directory.appendingPathComponent(expected), encoding: .utf8)
        let fromFile = try Waymark.run(arguments + [Self.directory.appendingPathComponent(input).path])
        #expect(fromFile.status == 0 && fromFile.stdout == golden, "\(arguments) \(input): \(fromFile.stderr)")
        // Through a pipe, row by row (--line-buffered: batches of one).
        let text = try String(contentsOf: Self.directory.appendingPathComponent(input), encoding: .utf8)
        let piped = try Waymark.run(arguments + ["--line-buffered"], input: text)
        #expect(piped.status == 0 && piped.stdout == golden, "\(arguments) --line-buffered")
    }
}

@Suite("datum's text on the dispatched CPU path (issue 14's GCJ-02 kernels)")
struct DispatchedDatumGoldenTests {
    @Test("wgs84 → gcj02 prints the golden text byte for byte on any path (the forward fuses nothing); gcj02 → wgs84 within 1e-13°")
    func datumOnTheCurrentPath() throws {
        let dir = GoldenOutputTests.directory
        let input = dir.appendingPathComponent("china.csv").path
        let forward = try Waymark.run(["datum", "--from", "wgs84", "--to", "gcj02", input])
        let forwardGolden = try String(contentsOf: dir.appendingPathComponent("datum_wgs84_gcj02.out"), encoding: .utf8)
        #expect(forward.status == 0 && forward.stdout == forwardGolden)
        let inverse = try Waymark.run(["datum", "--from", "gcj02", "--to", "wgs84", input])
        let golden = try String(contentsOf: dir.appendingPathComponent("datum_gcj02_wgs84.out"), encoding: .utf8).split(separator: "\n")
        let now = inverse.stdout.split(separator: "\n")
        #expect(inverse.status == 0 && now.count == golden.count && now.first == golden.first)
        for (a, b) in zip(now.dropFirst(), golden.dropFirst()) {
            let x = a.split(separator: ",").compactMap { Double($0) }, y = b.split(separator: ",").compactMap { Double($0) }
            #expect(x.count == y.count && x.count >= 2, "\(a) | \(b)")
            guard x.count == y.count, x.count >= 2 else { continue }
            #expect(abs(x[0] - y[0]) <= 1e-13 && abs(x[1] - y[1]) <= 1e-13 && x[2...] == y[2...], "\(a) | \(b)")
        }
    }
}

@Suite("scene → geo's text before and after the four-lane kernel (issue 14)")
struct VectorisedReverseGoldenTests {
    @Test("geodetic_enu.out (four lanes) within 2e-14° and 2e-9 m of the scalar closed form's text, line for line")
    func closeToScalar() throws {
        let dir = GoldenOutputTests.directory
        let now = try String(contentsOf: dir.appendingPathComponent("geodetic_enu.out"), encoding: .utf8).split(separator: "\n")
        let old = try String(contentsOf: dir.appendingPathComponent("geodetic_enu_scalar.out"), encoding: .utf8).split(separator: "\n")
        #expect(now.count == old.count && now.first == old.first)
        for (a, b) in zip(now.dropFirst(), old.dropFirst()) {
            let x = a.split(separator: ",").compactMap { Double($0) }, y = b.split(separator: ",").compactMap { Double($0) }
            #expect(x.count == 3 && y.count == 3, "\(a) | \(b)")
            guard x.count == 3, y.count == 3 else { continue }
            var dLon = abs(x[1] - y[1]); dLon = min(dLon, 360 - dLon)
            #expect(abs(x[0] - y[0]) <= 2e-14 && dLon <= 4e-14 && abs(x[2] - y[2]) <= 2e-9, "\(a) | \(b)")
        }
    }
}

@Suite("shell completions")
struct CompletionTests {
    /// Runs bash's completion function on a command line, as bash calls it (COMP_WORDS,
    /// COMP_CWORD, COMP_LINE, COMP_POINT; the command, the current and the previous word
    /// as arguments); the words offered.
    static func complete(_ script: String, _ words: [String]) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-completion-\(getpid()).bash")
        try Data(script.utf8).write(to: path)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let current = words[words.count - 1], previous = words.count > 1 ? words[words.count - 2] : ""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "source '\(path.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
                             + "COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count); "
                             + "_waymark waymark '\(current)' '\(previous)'; printf '%s\\n' \"${COMPREPLY[@]}\""]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("--generate-completion-script bash|zsh|fish: commands, each command's options and choices (ArgumentParser's scripts)")
    func completions() throws {
        let bash = try Waymark.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0 && bash.stdout.contains("complete -o filenames -F _waymark waymark"))
        #expect(try Self.complete(bash.stdout, ["waymark", "sce"]) == ["scene"])
        // The three conventions, then the engine presets.
        let axes = ["eus", "enu", "eun", "arkit", "realitykit", "scenekit", "arcore", "arcore-unity", "unity", "unreal",
                    "godot", "threejs", "webxr", "bevy"]
        #expect(try Self.complete(bash.stdout, ["waymark", "scene", "--axes", ""]) == axes)
        #expect(try Set(Self.complete(bash.stdout, ["waymark", "scene", "--"])).isSuperset(of: ["--origin", "--from", "--to", "--delimiter", "--keep-columns", "--precision"]))
        #expect(try Self.complete(bash.stdout, ["waymark", "datum", "--from", ""]) == ["wgs84", "gcj02", "bd09"])
        #expect(try Self.complete(bash.stdout, ["waymark", "datum", "--input-format", "g"]) == ["geojson", "gpx"])
        #expect(try Self.complete(bash.stdout, ["waymark", "help", "rep"]) == ["replay"])
        let zsh = try Waymark.run(["--generate-completion-script", "zsh"])
        #expect(zsh.status == 0 && zsh.stdout.hasPrefix("#compdef waymark") && zsh.stdout.contains("_waymark"))
        let fish = try Waymark.run(["--generate-completion-script", "fish"])
        let fishAxes = fish.stdout.split(separator: "\n").filter { $0.contains("\"waymark scene\"' -l 'axes'") }
        #expect(fish.status == 0 && fishAxes.count == 1 && fishAxes.allSatisfy { $0.contains("a '\(axes.joined(separator: " "))'") }, "\(fishAxes)")
        for bad in [["--generate-completion-script"], ["--generate-completion-script", "tcsh"]] {
            let r = try Waymark.run(bad)
            #expect(r.status == 64 && r.stdout.isEmpty)
        }
    }
}

@Suite("never silently nothing")
struct NeverSilentlyNothingTests {
    @Test("comments without rows, a polyline file of comments, an empty GeoJSON or GPX document: exit 65; truly empty input: a header and exit 0")
    func nothingIsAnError() throws {
        let cases: [([String], String, String)] = [
            (InputFormatTests.origin, "# just a comment\n\n", "line 1"),
            (InputFormatTests.origin, "\n\n# later\n", "line 3"),
            (InputFormatTests.origin + ["--from", "polyline"], "# none\n", "line 1"),
            (InputFormatTests.origin + ["--from", "geojson"], "", "ends early"),
            (InputFormatTests.origin + ["--from", "gpx", "--heights", "orthometric"], "<gpx/>", "no trkpt"),
            (InputFormatTests.origin, "lat,lon,h\n55.7,37.6,1\n55.7;37.6;1\n", "line 3"),
            (["inverse"], "lat1,lon1,lat2,lon2\n0,0,0,1\nfoo,bar,baz,qux\n", "line 3"),
        ]
        for (args, input, reason) in cases {
            let r = try Waymark.run(args, input: input)
            #expect(r.status == 65 && r.stderr.contains(reason), "\(args) \(input.debugDescription): \(r.stderr)")
        }
        for args in [InputFormatTests.origin, InputFormatTests.origin + ["--from", "polyline"], ["inverse"]] {
            let r = try Waymark.run(args, input: "")
            #expect(r.status == 0 && r.lines.count == 1, "\(args)")
        }
    }
}

@Suite("help and man page name the formats")
struct FormatHelpTests {
    @Test("COMMAND --help, help COMMAND and the man page describe --from, --to, --delimiter, --keep-columns and completions")
    func described() throws {
        for arguments in [["scene", "--help"], ["help", "datum"], ["geoid", "-h"]] {
            let r = try Waymark.run(arguments)
            for word in ["--from csv|geojson|gpx|polyline|", "--to csv|json|geojson", "--delimiter", "--keep-columns", "--lon-lat",
                         "--heights orthometric", "--input-format", "--output-format"] {
                #expect(r.status == 0 && r.stdout.contains(word), "\(arguments): \(word)")
            }
        }
        let manual = try Waymark.run(["--generate-manual"])
        #expect(manual.stdout.contains("\\-\\-generate\\-completion\\-script") && manual.stdout.contains("\\-\\-keep\\-columns"))
        let all = try Waymark.run(["help"])
        #expect(all.stdout.contains("--generate-completion-script bash|zsh|fish"))
    }
}
