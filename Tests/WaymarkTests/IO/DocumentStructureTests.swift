import Testing
import WaymarkIO

/// Issue 52: a broken document is refused, never read as a shorter track. The XML
/// readers check XML 1.0's structure (every element closed in order, one root, unique
/// attributes, the end of the document reached); every reader refuses a NUL wherever it
/// stands.
@Suite("document structure and NUL placement")
struct DocumentStructureTests {
    static func read(_ text: [UInt8], _ format: TrackFormat) -> Result<TrackRead, ReadFault> {
        Result { () throws(ReadFault) in try TrackReader.read(text, format: format) }
    }

    static func fault(_ text: String, _ format: TrackFormat) -> ReadFault? {
        if case .failure(let f) = read(Array(text.utf8), format) { return f }
        return nil
    }

    static let gpx = "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<gpx version=\"1.1\">\n<trk><name>a</name><trkseg>\n"
        + "<trkpt lat=\"55.7\" lon=\"37.6\"><ele>1</ele><time>2024-05-04T07:00:00Z</time></trkpt>\n"
        + "<trkpt lat=\"55.8\" lon=\"37.6\"/>\n<trkpt lat=\"55.9\" lon=\"37.6\"/>\n</trkseg></trk>\n</gpx>\n"
    static let kml = "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document><Placemark><name>w</name>\n"
        + "<LineString><altitudeMode>absolute</altitudeMode><coordinates>37.6,55.7,1 37.6,55.8,2</coordinates></LineString>\n"
        + "</Placemark></Document></kml>\n"
    static let tcx = "<?xml version=\"1.0\"?>\n<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Lap><Track>\n"
        + "<Trackpoint><Time>2024-05-04T07:00:00Z</Time><Position><LatitudeDegrees>55.7</LatitudeDegrees>"
        + "<LongitudeDegrees>37.6</LongitudeDegrees></Position><AltitudeMeters>150</AltitudeMeters></Trackpoint>\n"
        + "<Trackpoint><Position><LatitudeDegrees>55.8</LatitudeDegrees><LongitudeDegrees>37.6</LongitudeDegrees></Position></Trackpoint>\n"
        + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"

    @Test("the whole documents read: the cases below are refused for their fault alone")
    func wholeDocumentsRead() {
        for (text, format, n) in [(Self.gpx, TrackFormat.gpx, 3), (Self.kml, .kml, 2), (Self.tcx, .tcx, 2)] {
            guard case .success(let r) = Self.read(Array(text.utf8), format) else { Issue.record("\(format) refused"); continue }
            #expect(r.points.count == n)
        }
    }

    @Test("a GPX cut after two trkpt, with no closing tags, is refused at its last line naming the open element")
    func gpxCutShort() {
        let cut = "<gpx>\n<trk><trkseg>\n<trkpt lat=\"55.7\" lon=\"37.6\"/>\n<trkpt lat=\"55.8\" lon=\"37.6\"/>\n"
        let f = Self.fault(cut, .gpx)
        #expect(f?.line == 5 && f?.reason == "the document ends inside <trkseg>, opened at line 2 (3 elements not closed: cut short?)", "\(String(describing: f))")
        // Cut anywhere after the first point's tag: never read as fewer points.
        let whole = Array(Self.gpx.utf8)
        let rootEnd = whole.count - "</gpx>\n".utf8.count
        for end in 0..<(rootEnd + 6) {
            if case .success(let r) = Self.read(Array(whole[..<end]), .gpx) { Issue.record("cut at \(end) read \(r.points.count) points") }
        }
    }

    @Test("elements closed out of order, a second root, a repeated attribute: refused with the line and reason")
    func gpxStructure() {
        let swapped = Self.fault("<gpx><trk><trkseg>\n<trkpt lat=\"55.7\" lon=\"37.6\"/>\n</trk></trkseg>\n</gpx>\n", .gpx)
        #expect(swapped?.line == 3 && swapped?.reason == "</trk> closes <trkseg>, opened at line 1: elements must close in the order they opened",
                "\(String(describing: swapped))")
        let second = Self.fault("<gpx>\n<wpt lat=\"1\" lon=\"2\"/>\n</gpx>\n<gpx>\n<wpt lat=\"3\" lon=\"4\"/>\n</gpx>\n", .gpx)
        #expect(second?.line == 4 && second?.reason == "a second root element <gpx> (the first closed at line 3): a document has one",
                "\(String(describing: second))")
        let twice = Self.fault("<gpx>\n<wpt lat=\"1\" lon=\"2\" lat=\"3\"/>\n</gpx>\n", .gpx)
        #expect(twice?.line == 2 && twice?.reason == "<wpt> has the attribute 'lat' twice", "\(String(describing: twice))")
        let closesNothing = Self.fault("<gpx/>\n</gpx>\n", .gpx)
        #expect(closesNothing?.line == 2 && closesNothing?.reason == "</gpx> closes nothing: no element is open", "\(String(describing: closesNothing))")
        let after = Self.fault("<gpx>\n<wpt lat=\"1\" lon=\"2\"/>\n</gpx>\ntrailing\n", .gpx)
        #expect(after?.line == 4 && after?.reason == "text after the root element's end (line 3)", "\(String(describing: after))")
        let before = Self.fault("junk<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>", .gpx)
        #expect(before?.line == 1 && before?.reason == "text before the root element")
        let unquoted = Self.fault("<gpx>\n<wpt lat=1 lon=\"2\"/>\n</gpx>", .gpx)
        #expect(unquoted?.line == 2 && unquoted?.reason == "<wpt>'s attributes: the value of 'lat' is not quoted (attributes are written name=\"value\")")
        let glued = Self.fault("<gpx>\n<wpt lat=\"1\"lon=\"2\"/>\n</gpx>", .gpx)
        #expect(glued?.line == 2 && glued?.reason == "<wpt>'s attributes: no space before 'lon=\"2\"' (attributes are written name=\"value\")",
                "\(String(describing: glued))")
        let prefixed = Self.fault("<a:gpx>\n<wpt lat=\"1\" lon=\"2\"/>\n</b:gpx>", .gpx)
        #expect(prefixed?.line == 3 && prefixed?.reason == "</b:gpx> closes <a:gpx>, opened at line 1: elements must close in the order they opened")
        #expect(Self.fault("", .gpx)?.reason == "the document has no root element")
        #expect(Self.fault("<!-- only a comment -->\n", .gpx)?.reason == "the document has no root element")
    }

    @Test("what XML allows still reads: a DOCTYPE's internal subset, '>' in a value, comments and PIs around the root, an end tag's space")
    func allowed() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [ <!ENTITY x \"y\"> ]>\n<!-- before -->\n<gpx creator=\"a > b\">"
            + "<wpt lat='1' lon = \"2\"><name>a</name ></wpt></gpx >\n<!-- after --><?pi x?>\n"
        guard case .success(let r) = Self.read(Array(text.utf8), .gpx) else { Issue.record("refused: \(String(describing: Self.fault(text, .gpx)))"); return }
        #expect(r.points.count == 1 && r.points[0].latitude == 1 && r.points[0].longitude == 2)
    }

    @Test("KML cut after </LineString> and TCX cut after a Trackpoint are refused, not read in part")
    func kmlAndTCXCut() {
        let kml = String(Self.kml[..<Self.kml.range(of: "</LineString>")!.upperBound])
        let k = Self.fault(kml, .kml)
        #expect(k?.line == 3 && k?.reason == "the document ends inside <Placemark>, opened at line 2 (3 elements not closed: cut short?)", "\(String(describing: k))")
        let tcx = String(Self.tcx[..<Self.tcx.range(of: "</Trackpoint>")!.upperBound])
        let t = Self.fault(tcx, .tcx)
        #expect(t?.line == 3 && t?.reason == "the document ends inside <Track>, opened at line 2 (5 elements not closed: cut short?)", "\(String(describing: t))")
        let kmlSwap = Self.fault("<kml><Document>\n<Placemark><Point><coordinates>37.6,55.7</coordinates></Point>\n</Document></Placemark></kml>", .kml)
        #expect(kmlSwap?.line == 3 && kmlSwap?.reason == "</Document> closes <Placemark>, opened at line 2: elements must close in the order they opened")
        let tcxTwice = Self.fault("<TrainingCenterDatabase>\n<Activity Sport=\"a\" Sport=\"b\"></Activity></TrainingCenterDatabase>", .tcx)
        #expect(tcxTwice?.line == 2 && tcxTwice?.reason == "<Activity> has the attribute 'Sport' twice")
        let kmlRoot = Self.fault("<kml><Placemark><Point><coordinates>37.6,55.7</coordinates></Point></Placemark></kml>\n<kml/>", .kml)
        #expect(kmlRoot?.line == 2 && kmlRoot?.reason == "a second root element <kml> (the first closed at line 1): a document has one")
        // Every cut of either document short of its root's end tag is refused.
        for (text, format) in [(Self.kml, TrackFormat.kml), (Self.tcx, .tcx)] {
            let whole = Array(text.utf8)
            let rootEnd = whole.count - (format == .kml ? "</kml>\n" : "</TrainingCenterDatabase>\n").utf8.count
            for end in 0..<(rootEnd + 2) {
                if case .success(let r) = Self.read(Array(whole[..<end]), format) { Issue.record("\(format) cut at \(end) read \(r.points.count) points") }
            }
        }
    }

    @Test("many attributes: a repeat found through a hash table, the last one too")
    func manyAttributes() {
        var tag = "<gpx><wpt lat=\"1\" lon=\"2\""
        for k in 0..<20_000 { tag += " a\(k)=\"\(k)\"" }
        let fine = tag + "/></gpx>"
        #expect(Self.fault(fine, .gpx) == nil)
        #expect(Self.fault(tag + " a19999=\"x\"/></gpx>", .gpx)?.reason == "<wpt> has the attribute 'a19999' twice")
    }

    /// A small valid document of every track format: a NUL may stand before, inside or
    /// after each of its bytes.
    static let everyFormat: [(TrackFormat, String)] = [
        (.gpx, gpx), (.kml, kml), (.tcx, tcx),
        (.nmea, "$GPGGA,120000.00,5544.000,N,03736.000,E,1,08,1.0,150.0,M,14.0,M,,*66\n"),
        (.geojson, "{\"type\": \"LineString\", \"coordinates\": [[37.6, 55.7], [37.6, 55.8, 1]]}\n"),
        (.polyline, "# a comment\n_p~iF~ps|U_ulLnnqC\n"),
        (.polyline6, "# a comment\n_izlhA~rlgdF_{geC~ywl@\n"),
        (.csv, "lat,lon,time\n55.7,37.6,2024-05-04T07:00:00Z\n55.8,37.6,2024-05-04T07:00:09Z\n"),
    ]

    @Test("a NUL inserted at, or written over, every byte of a valid document of each format is refused")
    func nulEverywhere() throws {
        for (format, text) in Self.everyFormat {
            let bytes = Array(text.utf8)
            guard case .success = Self.read(bytes, format) else { Issue.record("\(format): the document itself is refused: \(String(describing: Self.fault(text, format)))"); continue }
            for k in 0...bytes.count {
                var inserted = bytes
                inserted.insert(0, at: k)
                if case .success = Self.read(inserted, format) { Issue.record("\(format): a NUL inserted at byte \(k) is read") }
                guard k < bytes.count else { continue }
                var written = bytes
                written[k] = 0
                if case .success = Self.read(written, format) { Issue.record("\(format): a NUL over byte \(k) is read") }
            }
        }
    }

    @Test("a NUL in a polyline's # comment is refused at its line, the comment's other bytes skipped as before")
    func nulInPolylineComment() {
        let f = Self.fault("# made by a\u{0} router\n_p~iF~ps|U_ulLnnqC\n", .polyline)
        #expect(f?.line == 1 && f?.reason == "a NUL byte in a comment (character 12)", "\(String(describing: f))")
        #expect(Self.fault("#\u{1}\u{7f} other control bytes\n_p~iF~ps|U_ulLnnqC\n", .polyline) == nil)
    }
}
