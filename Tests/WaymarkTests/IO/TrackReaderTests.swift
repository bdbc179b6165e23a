import Testing
import WaymarkIO

/// WaymarkIO's track readers on hostile input: every fault a line and a reason, never a
/// value cut short at a NUL, no quadratic work on nesting.
@Suite("track readers under hostile input")
struct TrackReaderTests {
    static func read(_ text: String, _ format: TrackFormat, _ options: TrackReadOptions = TrackReadOptions()) -> Result<TrackRead, ReadFault> {
        Result { () throws(ReadFault) in try TrackReader.read(Array(text.utf8), format: format, options: options) }
    }

    static func fault(_ text: String, _ format: TrackFormat) -> ReadFault? {
        if case .failure(let f) = read(text, format) { return f }
        return nil
    }

    @Test("a NUL inside a number is a fault at its line in GPX, KML and TCX, never the number before it")
    func nulInNumbers() {
        let gpx = Self.fault("<gpx>\n<wpt lat=\"55.7\u{0} 99\" lon=\"37.6\"/>\n</gpx>\n", .gpx)
        #expect(gpx?.line == 2 && gpx?.reason == "a NUL byte in the document")
        let kml = Self.fault("<kml><Placemark><LineString>\n<coordinates>37.6,55.7\u{0}9 37.7,55.8</coordinates></LineString></Placemark></kml>", .kml)
        #expect(kml?.line == 2 && kml?.reason == "a NUL byte in the document")
        let tcx = Self.fault("<TrainingCenterDatabase><Activity><Trackpoint><Position>\n<LatitudeDegrees>55.7\u{0}9</LatitudeDegrees>"
                        + "<LongitudeDegrees>37.6</LongitudeDegrees></Position></Trackpoint></Activity></TrainingCenterDatabase>", .tcx)
        #expect(tcx?.line == 2 && tcx?.reason == "a NUL byte in the document")
    }

    @Test("an NMEA sentence with a NUL in a field and a checksum that counts it is refused, not read 70 m south")
    func nulInNMEA() {
        var body = "GPGGA,120000.00,5544.0\u{0}38,N,03736.000,E,1,08,1.0,150.0,M,14.0,M,,"
        var sum: UInt8 = 0
        for c in body.utf8 { sum ^= c }
        let hex = String(sum, radix: 16, uppercase: true)
        body = "$" + body + "*" + (hex.count == 1 ? "0" + hex : hex) + "\n"
        let f = Self.fault(body, .nmea)
        #expect(f?.line == 1 && f?.reason == "a NUL byte in an NMEA sentence")
    }

    @Test("30,000 nested LineStrings are refused at the second, at once; the ordinary document reads")
    func nesting() {
        let deep = "<kml>\n" + String(repeating: "<LineString>", count: 30_000) + "<coordinates>37.6,55.7</coordinates>"
            + String(repeating: "</LineString>", count: 30_000) + "</kml>\n"
        let f = Self.fault(deep, .kml)
        #expect(f?.line == 2 && f?.reason == "a <LineString> inside the <LineString> opened at line 2")
        // Deeply nested foreign elements inside one point cost one counter each.
        let gpx = "<gpx><trk><trkseg><trkpt lat=\"55.7\" lon=\"37.6\">" + String(repeating: "<x>", count: 100_000)
            + String(repeating: "</x>", count: 100_000) + "</trkpt></trkseg></trk></gpx>"
        guard case .success(let read) = Self.read(gpx, .gpx) else { Issue.record("refused"); return }
        #expect(read.points == [TrackPoint(line: 1, latitude: 55.7, longitude: 37.6)])
    }

    @Test("control bytes in quoted input are escaped in the reason (\\x1b), so no message carries them to a terminal")
    func escapedReasons() {
        let f = Self.fault("<gpx><wpt lat=\"5\u{1B}[31m\" lon=\"1\"/></gpx>", .gpx)
        #expect(f?.reason == "<wpt> lat '5\\x1b[31m' or lon '1' is not a number")
    }

    @Test("the point limit stops each reader at the first point past it, naming its line")
    func pointLimit() {
        var options = TrackReadOptions()
        options.maximumPoints = 2
        let gpx = "<gpx>\n<wpt lat=\"1\" lon=\"1\"/>\n<wpt lat=\"2\" lon=\"2\"/>\n<wpt lat=\"3\" lon=\"3\"/>\n</gpx>"
        guard case .failure(let f) = Self.read(gpx, .gpx, options) else { Issue.record("read"); return }
        #expect(f.line == 4 && f.reason == "the route has more than 2 points, the most a route may have")
    }

    @Test("warnings are returned, not printed: GPX parts not read, TCX points without a position")
    func warnings() {
        let gpx = "<gpx><wpt lat=\"1\" lon=\"1\"/><trk><trkseg><trkpt lat=\"2\" lon=\"2\"/></trkseg></trk></gpx>"
        guard case .success(let read) = Self.read(gpx, .gpx) else { Issue.record("refused"); return }
        #expect(read.points.count == 1 && read.warnings == ["GPX: read the first track (1 point); not read: 1 waypoint (--gpx-part track|route|waypoints chooses)"])
    }
}
