extension TrackReader {
    /// KML 2.2 (Google Earth's files) positions, every geometry in document order:
    /// `Point`, `LineString`, `LinearRing`, `MultiGeometry` and `gx:Track` /
    /// `gx:MultiTrack` (each `<when>` paired with its `<gx:coord>`: the point's time).
    /// `<coordinates>` tuples are `lon,lat[,alt]` separated by white space; `gx:coord` is
    /// `lon lat [alt]`. An altitude is read only where the geometry's `altitudeMode` is
    /// `absolute` (above sea level); under the default `clampToGround`, and
    /// `clampToSeaFloor`, KML ignores it and so does this reader (`relativeToGround` too,
    /// with a warning: the terrain is not known here). A `Polygon` is skipped with a
    /// warning naming its Placemark unless ``TrackReadOptions/polygonRings``. KMZ (zipped
    /// KML) is not read.
    /// - Throws: a ``ReadFault`` naming the line for anything that is not a number, a tuple
    ///   without lat and lon, `<when>` and `<gx:coord>` counts that differ, a geometry
    ///   inside another (`Point`, `LineString`, `Polygon` and `gx:Track` never nest in
    ///   KML), a document without positions, or one that is not whole XML (an element left
    ///   open or closed out of order, a second root, an attribute twice).
    public static func kml(_ bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var scanner = XMLScanner(bytes)
        var points: [TrackPoint] = []
        var warnings: [String] = []
        // The open geometry: its kind, line, where its points start in `points`, the
        // times of its <when>, its altitude mode.
        var open: (kind: Geometry, line: Int, start: Int, whens: [Double], mode: ArraySlice<UInt8>?)? = nil
        var placemark: (name: ArraySlice<UInt8>?, line: Int)? = nil
        var lines = 0, others = 0, skipped = 0, relative = 0
        func add(_ point: TrackPoint) throws(ReadFault) {
            guard points.count < options.maximumPoints else { throw TrackReader.tooMany(line: point.line, limit: options.maximumPoints) }
            points.append(point)
        }
        while let event = try scanner.next() {
            switch event {
            case .start(let name, _, let selfClosing, let line):
                if ByteText.equals(name, "Placemark") {
                    placemark = (nil, line)
                } else if let kind = Geometry(name), !selfClosing {
                    if let open { throw ReadFault(line: line, "a <\(kind.name)> inside the <\(open.kind.name)> opened at line \(open.line)") }
                    open = (kind, line, points.count, [], nil)
                }
            case .end(let name, let line):
                if ByteText.equals(name, "name") {
                    if placemark != nil && placemark!.name == nil { placemark!.name = scanner.trimmedText }
                } else if ByteText.equals(name, "altitudeMode") {
                    if open != nil { open!.mode = scanner.trimmedText }
                } else if ByteText.equals(name, "coordinates") {
                    guard open != nil else { throw ReadFault(line: line, "<coordinates> outside a Point, LineString or Polygon") }
                    let text = scanner.text
                    var at = line - text.count(where: { $0 == 10 })
                    var k = 0
                    while k < text.count {
                        while k < text.count, ByteText.isSpace(text[k]) { if text[k] == 10 { at += 1 }; k += 1 }
                        guard k < text.count else { break }
                        let start = k
                        while k < text.count, !ByteText.isSpace(text[k]) { k += 1 }
                        let tuple = text[start..<k]
                        guard let numbers = numbers(tuple, separator: UInt8(ascii: ",")) else {
                            throw ReadFault(line: at, "KML coordinates '\(ByteText.quoted(tuple))' are not lon,lat[,alt]")
                        }
                        try add(numbers.point(line: at))
                    }
                } else if ByteText.equals(name, "when") {
                    guard open?.kind == .track else { continue }
                    let text = scanner.trimmedText
                    guard let t = ISOTime.seconds(text, zonelessIsUTC: true) else {
                        throw ReadFault(line: line, "<when> '\(ByteText.quoted(text))' is not an ISO 8601 time")
                    }
                    open!.whens.append(t)
                } else if ByteText.equals(name, "coord") {
                    guard open?.kind == .track else { continue }
                    let text = scanner.trimmedText
                    guard let numbers = numbers(text, separator: nil) else {
                        throw ReadFault(line: line, "<gx:coord> '\(ByteText.quoted(text))' is not 'lon lat [alt]'")
                    }
                    try add(numbers.point(line: line))
                } else if let kind = Geometry(name) {
                    // A geometry's points are kept only when it closes: one that closes out
                    // of order is a broken document, not one to read in part.
                    guard let g = open else { throw ReadFault(line: line, "</\(kind.name)> closes nothing") }
                    guard g.kind == kind else {
                        throw ReadFault(line: line, "</\(kind.name)> closes the <\(g.kind.name)> opened at line \(g.line)")
                    }
                    open = nil
                    let own = g.start..<points.count
                    var label = "the \(kind.name) at line \(g.line)"
                    if let p = placemark {
                        label = p.name.map { "Placemark '\(ByteText.quoted($0, limit: 60))' (line \(p.line))" } ?? "the Placemark at line \(p.line)"
                    }
                    if kind == .track {
                        guard g.whens.isEmpty || g.whens.count == own.count else {
                            throw ReadFault(line: g.line, "gx:Track has \(g.whens.count) <when> and \(own.count) <gx:coord>: they must pair up")
                        }
                        for (k, t) in g.whens.enumerated() { points[g.start + k].time = t }
                    }
                    if kind == .polygon && !options.polygonRings {
                        skipped += 1
                        points.removeSubrange(own)
                        warnings.append("KML: \(label) is a Polygon: skipped (--polygons rings reads its rings)")
                        continue
                    }
                    let absolute = g.mode.map { ByteText.equals($0, "absolute") } ?? false
                    if !absolute {
                        let relativeMode = g.mode.map { ByteText.equals($0, "relativeToGround") } ?? false
                        if relativeMode, points[own].contains(where: { $0.height != nil }) { relative += 1 }
                        for k in own { points[k].height = nil }
                    }
                    if kind == .lineString || kind == .track { lines += 1 } else { others += 1 }
                } else if ByteText.equals(name, "Placemark") {
                    placemark = nil
                }
            }
        }
        if let g = open { throw ReadFault(line: g.line, "the document ends inside the <\(g.kind.name)> opened here") }
        try scanner.finish()
        if lines + others > 1 {
            warnings.append("KML: \(lines + others) geometries (\(ByteText.plural(lines, "line")), \(others) points or rings) read as one track, in document order")
        }
        if relative > 0 {
            warnings.append("KML: \(relative) geometr\(relative == 1 ? "y is" : "ies are") relativeToGround: altitudes above the terrain are not read (no terrain model)")
        }
        guard !points.isEmpty else {
            throw ReadFault(line: scanner.line, "the KML document has no positions"
                            + (skipped > 0 ? " (\(ByteText.plural(skipped, "Polygon")) skipped: --polygons rings reads them)" : ""))
        }
        return TrackRead(points: points, isRoute: lines == 1 && others == 0, warnings: warnings, kind: "kml")
    }

    /// The KML geometries whose coordinates are points.
    private enum Geometry {
        case point, lineString, polygon, track

        init?(_ name: ArraySlice<UInt8>) {
            if ByteText.equals(name, "Point") { self = .point }
            else if ByteText.equals(name, "LineString") { self = .lineString }
            else if ByteText.equals(name, "Polygon") { self = .polygon }
            else if ByteText.equals(name, "Track") { self = .track }
            else { return nil }
        }

        var name: String {
            switch self {
            case .point: return "Point"
            case .lineString: return "LineString"
            case .polygon: return "Polygon"
            case .track: return "Track"
            }
        }
    }

    /// Two or three finite numbers, lon first.
    private struct LonLatAlt {
        var values: (Double, Double, Double?)
        func point(line: Int) -> TrackPoint {
            TrackPoint(line: line, latitude: values.1, longitude: values.0, height: values.2)
        }
    }

    /// `lon,lat[,alt]` (separator `,`) or `lon lat [alt]` (separator nil: runs of white
    /// space); nil unless two or three fields, each a finite number.
    private static func numbers(_ text: ArraySlice<UInt8>, separator: UInt8?) -> LonLatAlt? {
        var values: [Double] = []
        var i = text.startIndex
        while true {
            if separator == nil { while i < text.endIndex, ByteText.isSpace(text[i]) { i += 1 } }
            let start = i
            while i < text.endIndex, separator.map({ text[i] != $0 }) ?? !ByteText.isSpace(text[i]) { i += 1 }
            if separator == nil, start == i { break }
            guard values.count < 3, let v = DecimalText.finite(text[start..<i]) else { return nil }
            values.append(v)
            if separator != nil {
                guard i < text.endIndex else { break }
                i += 1   // the separator
            }
        }
        guard values.count >= 2 else { return nil }
        return LonLatAlt(values: (values[0], values[1], values.count == 3 ? values[2] : nil))
    }
}
