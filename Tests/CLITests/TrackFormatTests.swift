import Foundation
import Testing

/// Issue 25's readers on files laid out as the tools write them (Tests/Data/cli_inputs,
/// made by Tests/Data/tools/make_cli_inputs.py), each against the walk's own points, and
/// their malformed cases: exit 65 naming the line and the reason, nothing dropped in
/// silence (what is left out is named in a warning).
@Suite("track formats (issue 25)", .serialized)
struct TrackFormatTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/cli_inputs")
    static func path(_ name: String) -> String { inputs.appendingPathComponent(name).path }

    struct Point { var lat, lon, h: Double; var time: Double? }

    /// The walk as walk_strava.gpx states it, read here with a regular expression (not
    /// with the reader under test): lat, lon, <ele>, <time>.
    static let walk: [Point] = {
        let text = (try? String(contentsOfFile: path("walk_strava.gpx"), encoding: .utf8)) ?? ""
        let pattern = try! NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*<ele>([-0-9.]+)</ele>\s*<time>([^<]+)</time>"#)
        let iso = ISO8601DateFormatter()
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            func group(_ k: Int) -> String { String(text[Range(m.range(at: k), in: text)!]) }
            return Point(lat: Double(group(1))!, lon: Double(group(2))!, h: Double(group(3))!,
                         time: iso.date(from: group(4))!.timeIntervalSince1970)
        }
    }()

    /// The points a command reads from FILE, as `waymark accuracy FILE` lists them
    /// (lat, lon, h, time columns), and its standard error.
    static func points(_ arguments: [String]) throws -> (points: [Point], stderr: String) {
        let r = try Waymark.run(["accuracy"] + arguments)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        let rows = r.lines.filter { !$0.hasPrefix("#") }.dropFirst()
        let points = rows.map { line -> Point in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return Point(lat: Double(f[2])!, lon: Double(f[3])!, h: Double(f[4])!, time: Double(f[5]))
        }
        return (points, r.stderr)
    }

    static func expectSame(_ got: [Point], _ expected: [Point], degrees: Double, metres: Double, times: Bool, _ what: String) {
        #expect(got.count == expected.count, "\(what): \(got.count) points, \(expected.count) expected")
        for (g, e) in zip(got, expected) {
            #expect(abs(g.lat - e.lat) <= degrees && abs(g.lon - e.lon) <= degrees && abs(g.h - e.h) <= metres,
                    "\(what): \(g) vs \(e)")
            if times { #expect(g.time == e.time, "\(what): time \(String(describing: g.time)) vs \(String(describing: e.time))") }
            else { #expect(g.time == nil, "\(what): a time where the format has none") }
        }
    }

    @Test("GPX 1.1 (Strava, OsmAnd) and 1.0: the track's points, <ele>, <time>; extensions skipped; the waypoint and route kept apart")
    func gpx() throws {
        try #require(Self.walk.count == 121)
        let walk = Self.walk
        for name in ["walk_strava.gpx", "walk_osmand.gpx", "walk_gpx10.gpx"] {
            let r = try Self.points(["--heights", "orthometric", Self.path(name)])
            Self.expectSame(r.points, walk, degrees: 0, metres: 0, times: true, name)
        }
        let osmand = try Self.points(["--heights", "orthometric", Self.path("walk_osmand.gpx")])
        #expect(osmand.stderr.contains("not read: 1 waypoint"), "\(osmand.stderr)")
        let waypoint = try Self.points(["--gpx-part", "waypoints", Self.path("walk_osmand.gpx")])
        Self.expectSame(waypoint.points, [Point(lat: walk[40].lat, lon: walk[40].lon, h: 0, time: walk[40].time)],
                        degrees: 0, metres: 0, times: true, "OsmAnd's waypoint alone (no <ele>: h = 0, said in the summary)")
        let route = try Self.points(["--gpx-part", "route", Self.path("walk_gpx10.gpx")])
        Self.expectSame(route.points, stride(from: 0, to: 121, by: 20).map { Point(lat: walk[$0].lat, lon: walk[$0].lon, h: 0) },
                        degrees: 0, metres: 0, times: false, "GPX 1.0 route")
        #expect(route.stderr.contains("not read: 1 track"), "\(route.stderr)")
        // <ele> above sea level becomes ellipsoidal by default: h = ele + N (N ≈ 14.5 m in Moscow).
        let ellipsoidal = try Self.points([Self.path("walk_strava.gpx")])
        #expect(ellipsoidal.points.count == 121 && (14...15).contains(ellipsoidal.points[0].h - walk[0].h), "\(ellipsoidal.points.first.map { "\($0)" } ?? "")")
    }

    @Test("KML: gx:Track with <when> and absolute altitudes; Point, LineString, MultiGeometry in order, the Polygon skipped with a warning or read with --polygons rings")
    func kml() throws {
        let walk = Self.walk
        let track = try Self.points(["--heights", "orthometric", Self.path("walk_track.kml")])
        Self.expectSame(track.points, walk, degrees: 0, metres: 0, times: true, "gx:Track")
        let places = try Self.points([Self.path("walk_places.kml")])
        let expected = [walk[0]] + stride(from: 0, to: 121, by: 10).map { walk[$0] } + [walk[120], Point(lat: walk[120].lat + 0.0002, lon: walk[120].lon, h: 0)]
        Self.expectSame(places.points, expected.map { Point(lat: $0.lat, lon: $0.lon, h: 0) }, degrees: 1e-12, metres: 0, times: false,
                        "Start, Path (clampToGround: altitude not read), Finish and view point")
        #expect(places.stderr.contains("Placemark 'Park' (line 22) is a Polygon: skipped"), "\(places.stderr)")
        let rings = try Self.points(["--polygons", "rings", Self.path("walk_places.kml")])
        // The only warning left: several geometries were joined into one track.
        #expect(rings.points.count == places.points.count + 4, "\(rings.stderr)")
        #expect(rings.stderr.split(separator: "\n").count == 1 && rings.stderr.contains("KML: 5 geometries (1 line, 4 points or rings) read as one track"),
                "\(rings.stderr)")
    }

    @Test("KML cut short or mis-nested: exit 65 naming the open geometry, nothing read in part")
    func kmlTruncated() throws {
        let whole = try String(contentsOf: URL(fileURLWithPath: Self.path("walk_places.kml")), encoding: .utf8)
        let cut = String(whole[..<whole.range(of: "</LineString>")!.lowerBound])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wm-kml-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("cut.kml")
        try cut.write(to: file, atomically: true, encoding: .utf8)
        let r = try Waymark.run(["length", file.path])
        #expect(r.status == 65 && r.stderr.contains("the document ends inside the <LineString> opened here"), "\(r.status) \(r.stderr)")
        let swapped = whole.replacingOccurrences(of: "</LineString>", with: "</Point>")
        try swapped.write(to: file, atomically: true, encoding: .utf8)
        let s = try Waymark.run(["length", file.path])
        #expect(s.status == 65 && s.stderr.contains("</Point> closes the <LineString> opened at line"), "\(s.status) \(s.stderr)")
    }

    @Test("TCX (Garmin): Trackpoints with Position, AltitudeMeters and Time; the one without a Position named in a warning")
    func tcx() throws {
        let r = try Self.points(["--heights", "orthometric", Self.path("walk_garmin.tcx")])
        Self.expectSame(r.points, Self.walk, degrees: 0, metres: 0, times: true, "TCX")
        #expect(r.stderr.contains("left out 1 Trackpoint without a Position (no fix), the first at line 19"), "\(r.stderr)")
    }

    @Test("NMEA 0183 (a logger's GGA, RMC, GSA, GSV): one fix per time, h = altitude + separation, times from RMC's date")
    func nmea() throws {
        let r = try Self.points([Self.path("walk_logger.nmea")])
        // ddmm.mmmmm: 1e-5 minutes, 1.7e-7 degrees; GGA's altitude is <ele>, its separation 14.5 m.
        Self.expectSame(r.points, Self.walk.map { Point(lat: $0.lat, lon: $0.lon, h: $0.h + 14.5, time: $0.time) },
                        degrees: 1e-7, metres: 1e-9, times: true, "NMEA")
        #expect(r.stderr.contains("left out 4 GGA/RMC sentences without a fix"), "\(r.stderr)")
    }

    @Test("OSRM route/v1 (polyline, polyline6, geojson) and Valhalla route responses: the route's geometry")
    func routeResponses() throws {
        let every4 = stride(from: 0, to: 121, by: 4).map { Self.walk[$0] }
        for (name, degrees) in [("osrm_polyline.json", 5e-6), ("osrm_polyline6.json", 5e-7), ("osrm_geojson.json", 5e-7)] {
            let r = try Self.points([Self.path(name)])
            Self.expectSame(r.points, every4.map { Point(lat: $0.lat, lon: $0.lon, h: 0) }, degrees: degrees + 1e-12, metres: 0, times: false, name)
        }
        let valhalla = try Self.points([Self.path("valhalla_route.json")])
        let legs = stride(from: 0, to: 61, by: 3).map { Self.walk[$0] } + stride(from: 63, to: 121, by: 3).map { Self.walk[$0] }
        Self.expectSame(valhalla.points, legs.map { Point(lat: $0.lat, lon: $0.lon, h: 0) }, degrees: 5e-7 + 1e-12, metres: 0, times: false,
                        "Valhalla, two legs joined at the shared point")
        let summary = try Waymark.run(["length", Self.path("valhalla_route.json")])
        #expect(summary.lines.first?.contains("41 points (valhalla), 40 segments") == true, "\(summary.lines.first ?? "")")
    }

    @Test("a phone logger's CSV (24 columns, lat/lon/elevation/time named) and a geojson.io FeatureCollection with a Polygon")
    func csvAndGeoJSON() throws {
        let phone = try Self.points([Self.path("phone_gpslogger.csv")])
        Self.expectSame(phone.points, stride(from: 0, to: 121, by: 6).map { Point(lat: Self.walk[$0].lat, lon: Self.walk[$0].lon, h: Self.walk[$0].h + 14.5, time: Self.walk[$0].time) },
                        degrees: 0, metres: 1e-9, times: true, "GPSLogger CSV")
        let scene = try Waymark.run(["scene", "--origin", "55.73397,37.58864", Self.path("phone_gpslogger.csv")])
        #expect(scene.status == 0 && scene.lines.count == 22, "the other 21 columns are ignored: \(scene.stderr)")
        let kept = try Waymark.run(["scene", "--origin", "55.73397,37.58864", "--keep-columns", Self.path("phone_gpslogger.csv")])
        #expect(kept.lines.first == "x,y,z,time,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop,geoidheight,ageofdgpsdata,dgpsid,"
                + "activity,battery,annotation,timestamp_ms,time_offset,distance,starttimestamp_ms,profile_name,battery_charging", "\(kept.lines.first ?? "")")
        let geojson = try Self.points([Self.path("geojson_io.geojson")])
        #expect(geojson.points.count == 26 && geojson.stderr.contains("feature 'park' (line 128) is a Polygon: skipped"), "\(geojson.stderr)")
        let rings = try Self.points(["--polygons", "rings", Self.path("geojson_io.geojson")])
        #expect(rings.points.count == 30 && rings.stderr.isEmpty, "\(rings.stderr)")
        let onlyPolygon = try Waymark.run(["length", "--from", "geojson"], input: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,1],[0,0]]]}"#)
        #expect(onlyPolygon.status == 65 && onlyPolygon.stderr.contains("1 Polygon skipped: --polygons rings"), "\(onlyPolygon.stderr)")
    }

    @Test("--keep-columns carries a track's time; --missing-heights on KML, TCX and NMEA")
    func timesAndHeights() throws {
        let r = try Waymark.run(["scene", "--origin", "55.73397,37.58864,150", "--heights", "orthometric", "--keep-columns", Self.path("walk_strava.gpx")])
        #expect(r.status == 0 && r.lines.first == "x,y,z,time" && r.lines[1].hasSuffix(",1714806000.0") && r.lines.count == 122, "\(r.lines.prefix(2))")
        let tcx = """
        <TrainingCenterDatabase><Activities><Activity><Lap><Track>
        <Trackpoint><Position><LatitudeDegrees>55.7</LatitudeDegrees><LongitudeDegrees>37.6</LongitudeDegrees></Position><AltitudeMeters>150</AltitudeMeters></Trackpoint>
        <Trackpoint><Position><LatitudeDegrees>55.701</LatitudeDegrees><LongitudeDegrees>37.6</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """
        let bad = try Waymark.run(["length", "--from", "tcx", "--heights", "orthometric"], input: tcx)
        #expect(bad.status == 65 && bad.stderr.contains("line 3: TCX Trackpoint 2 has no height"), "\(bad.stderr)")
        let dropped = try Waymark.run(["length", "--from", "tcx", "--heights", "orthometric", "--missing-heights", "drop-points"], input: tcx)
        #expect(dropped.status == 0 && dropped.lines[0].contains("1 points") && dropped.stderr.contains("left out 1 TCX Trackpoint without a height"), "\(dropped.stderr)")
        let nmea = Self.sentence("GPGGA,120000.00,5542.000,N,03736.000,E,1,08,1.0,150.0,M,14.5,M,,") + "\n"
            + Self.sentence("GPRMC,120001.00,A,5542.060,N,03736.000,E,0.5,0.0,040524,,,A") + "\n"
        let mixed = try Waymark.run(["length", "--from", "nmea"], input: nmea)
        #expect(mixed.status == 65 && mixed.stderr.contains("line 2: NMEA fix 2 has no height"), "\(mixed.stderr)")
        let flat = try Waymark.run(["length", "--from", "nmea", "--missing-heights", "ignore-heights"], input: nmea)
        #expect(flat.status == 0 && flat.lines.count == 5, "\(flat.stderr)")
    }

    @Test("NMEA from a multi-constellation receiver (GP and GN talkers each epoch): one point per epoch")
    func nmeaTalkers() throws {
        var text = ""
        for (k, minute) in ["42.000", "42.010", "42.020"].enumerated() {
            let time = "1200\(String(format: "%02d", k)).00"
            for talker in ["GP", "GN"] {
                text += Self.sentence("\(talker)RMC,\(time),A,55\(minute),N,03736.000,E,0.0,0.0,241126,,,A") + "\n"
                text += Self.sentence("\(talker)GGA,\(time),55\(minute),N,03736.000,E,1,08,1.0,150.0,M,14.5,M,,") + "\n"
            }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wm-nmea-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("talkers.nmea")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try Self.points([file.path])
        #expect(r.points.count == 3, "\(r.points)")
        #expect(r.points.allSatisfy { abs($0.h - 164.5) < 1e-9 } && r.stderr.isEmpty, "\(r.stderr)")
    }

    /// An NMEA sentence with its checksum.
    static func sentence(_ body: String) -> String { "$" + body + "*" + String(format: "%02X", body.utf8.reduce(UInt8(0), ^)) }

    @Test("malformed files: exit 65 with the line and the reason")
    func malformed() throws {
        func sentence(_ body: String) -> String { Self.sentence(body) }
        let body = "GPGGA,120000.00,5542.000,N,03736.000,E,1,08,1.0,150.0,M,14.5,M,,"
        let gga = sentence(body)
        let sum = body.utf8.reduce(UInt8(0), ^)
        let wrong = "$" + body + "*" + String(format: "%02X", sum ^ 1)
        let cases: [(format: String, input: String, reason: String)] = [
            ("gpx", "<gpx><trk><trkseg>\n<trkpt lat=\"55.7\" lon=\"37.6\"><time>yesterday</time></trkpt></trkseg></trk></gpx>", "line 2: <time> 'yesterday' is not an ISO 8601 time"),
            ("gpx", "<gpx><trk><trkseg>\n</trkpt></trkseg></trk></gpx>", "line 2: </trkpt> without its <trkpt>"),
            ("gpx", "<gpx><trk><trkseg><trkpt lat=\"55.7\" lon=\"37.6\">\n<trkpt lat=\"55.7\" lon=\"37.6\"/></trkpt></trkseg></trk></gpx>", "line 2: <trkpt> inside <trkpt>"),
            ("gpx", "<gpx><trk><trkseg>\n<trkpt lat=\"55.7\" lon=\"37.6\"><ele>1</ele><ele>2</ele></trkpt></trkseg></trk></gpx>", "line 2: <trkpt> has two <ele>"),
            ("kml", "<kml><Placemark><LineString><coordinates>\n37.6,55.7 37.6;55.8</coordinates></LineString></Placemark></kml>", "line 2: KML coordinates '37.6;55.8' are not lon,lat[,alt]"),
            ("kml", "<kml><Placemark><gx:Track>\n<when>2024-05-04T07:00:00Z</when><when>2024-05-04T07:00:09Z</when><gx:coord>37.6 55.7 150</gx:coord></gx:Track></Placemark></kml>", "line 1: gx:Track has 2 <when> and 1 <gx:coord>"),
            ("kml", "<kml><Placemark><gx:Track>\n<gx:coord>37.6 north 150</gx:coord></gx:Track></Placemark></kml>", "line 2: <gx:coord> '37.6 north 150' is not 'lon lat [alt]'"),
            ("kml", "<kml><Document>\n</Document></kml>", "line 2: the KML document has no positions"),
            ("tcx", "<Trackpoint><Position>\n<LatitudeDegrees>north</LatitudeDegrees></Position></Trackpoint>", "line 2: <LatitudeDegrees> 'north' is not a number"),
            ("tcx", "<Trackpoint>\n<Position><LatitudeDegrees>55.7</LatitudeDegrees></Position></Trackpoint>", "line 1: a Trackpoint's Position without LatitudeDegrees and LongitudeDegrees"),
            ("tcx", "<Trackpoint><Time>\n07:00</Time></Trackpoint>", "line 2: <Time> '07:00' is not an ISO 8601 time"),
            ("nmea", gga + "\n" + wrong + "\n", "line 2: NMEA checksum '\(String(format: "%02X", sum ^ 1))' is wrong (the sentence sums to \(String(format: "%02X", sum)))"),
            ("nmea", gga + "\n\n$GPGGA,120000.00,5542.000,N,03736.000,E,1,08,1.0,150.0,M,14.5,M,,\n", "line 3: an NMEA sentence without its checksum"),
            ("nmea", "2024-05-04 07:00:00 " + gga + "\n", "line 1: not an NMEA sentence"),
            ("nmea", sentence("GPGGA,120000.00,5561.000,N,03736.000,E,1,08,1.0,150.0,M,14.5,M,,") + "\n", "line 1: NMEA latitude '5561.000' is not ddmm.mmmm"),
            ("nmea", sentence("GPGGA,120000.00,5542.000,X,03736.000,E,1,08,1.0,150.0,M,14.5,M,,") + "\n", "line 1: NMEA hemisphere 'X' is not N or S"),
            ("nmea", sentence("GPGGA,120000.00,5542.000,N,03736.000,E,1,08,1.0,150.0,M,,M,,") + "\n", "line 1: GGA altitude without the geoid separation"),
            ("nmea", sentence("GPGSV,3,1,11,05,44,250,38") + "\n", "line 1: the NMEA log has no GGA or RMC sentence with a fix"),
            ("geojson", "{\"code\": \"NoRoute\", \"message\": \"Impossible route between points\",\n\"routes\": []}", "line 1: the OSRM response's code is 'NoRoute': Impossible route between points"),
            ("geojson", "{\"code\": \"Ok\", \"routes\": [\n{\"legs\": []}], \"waypoints\": []}", "line 2: the OSRM route has no \"geometry\""),
            ("geojson", "{\"code\": \"Ok\",\n\"routes\": [{\"geometry\": \"_p~iF~ps|U_ulLnnqC\"}]}", "line 2: the OSRM geometry is an encoded polyline and the response has no waypoint locations"),
            ("geojson", "{\"code\": \"Ok\", \"routes\": [{\"geometry\":\n\"_p~iF ~ps|U\"}], \"waypoints\": [{\"location\": [-120.2, 38.5]}]}", "line 2: the OSRM geometry's first point is not the first waypoint's location"),
            ("geojson", "{\"trip\": {\"status\": 442, \"legs\": []}}", "line 1: the Valhalla trip's status is 442"),
            ("geojson", "{\"trip\": {\"status\": 0, \"legs\": [\n{\"summary\": {}}]}}", "line 2: a Valhalla leg without its \"shape\""),
            ("csv", "lat,lon,time\n55.7,37.6,2024-05-04T07:00:00Z\n55.8,37.6,yesterday\n", "line 3: time 'yesterday' is neither seconds since 1970"),
            ("csv", "lat,lon,time\n55.7,37.6,2024-05-04 07:00:00\n", "line 2: time '2024-05-04 07:00:00' is neither"),
        ]
        for c in cases {
            let seaLevel = ["gpx", "kml", "tcx"].contains(c.format)
            let r = try Waymark.run(["length", "--from", c.format] + (seaLevel ? ["--heights", "orthometric"] : []), input: c.input)
            #expect(r.status == 65 && r.stderr.contains(c.reason), "\(c.format) \(c.input.debugDescription): \(r.status) \(r.stderr)")
        }
        let kmz = try Waymark.run(["length", "walk.kmz"])
        #expect(kmz.status == 64 && kmz.stderr.contains("KMZ (zipped KML), which is not read: unzip it first"), "\(kmz.stderr)")
    }

    @Test("row commands read what their help offers: geodetic, direct and inverse refuse point formats (inverse --pairs consecutive reads them)")
    func rowCommands() throws {
        let gpx = Self.path("walk_strava.gpx")
        for arguments in [["geodetic", "--origin", "55.7,37.6", gpx], ["direct", gpx], ["inverse", gpx], ["direct", "--from", "gpx"], ["transform", "--from", "EPSG:4326", "--to", "EPSG:4978", gpx]] {
            let r = try Waymark.run(arguments, input: "")
            #expect(r.status == 64 && r.stderr.contains("this command reads other rows, from CSV only"), "\(arguments): \(r.stderr)")
        }
        #expect(try Waymark.run(["inverse", gpx]).stderr.contains("--pairs consecutive reads a track's points"))
        for command in ["geodetic", "direct", "transform"] {
            let help = try Waymark.run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("csv only") && !help.stdout.contains("--input-format <csv|geojson"), "\(command)")
        }
        // Pairs: N points, N − 1 rows, each the inverse problem of a point and the next.
        let pairs = try Waymark.run(["inverse", "--pairs", "consecutive", "--heights", "orthometric", gpx])
        #expect(pairs.status == 0 && pairs.lines.count == 121, "\(pairs.stderr)")
        let walk = Self.walk
        let csv = zip(walk, walk.dropFirst()).map { "\($0.lat),\($0.lon),\($1.lat),\($1.lon)" }.joined(separator: "\n") + "\n"
        let direct = try Waymark.run(["inverse"], input: csv)
        #expect(pairs.lines == direct.lines, "--pairs consecutive and the CSV of pairs disagree")
        let haversine = try Waymark.run(["inverse", "--pairs", "consecutive", "--method", "haversine", "--heights", "orthometric", gpx])
        let haversineCSV = try Waymark.run(["inverse", "--method", "haversine"], input: csv)
        #expect(haversine.lines == haversineCSV.lines)
        #expect(try Waymark.run(["inverse", "--pairs", "every"], input: "").status == 64)
    }
}
