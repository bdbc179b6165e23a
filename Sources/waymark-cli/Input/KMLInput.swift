/// KML 2.2 (Google Earth's files) as `lat,lon[,h]` rows, every geometry in document
/// order: `Point`, `LineString`, `LinearRing`, `MultiGeometry` and `gx:Track` /
/// `gx:MultiTrack` (each `<when>` paired with its `<gx:coord>`: the row's time).
/// `<coordinates>` tuples are `lon,lat[,alt]` separated by white space; `gx:coord` is
/// `lon lat [alt]`. An altitude is read only where the geometry's `altitudeMode` is
/// `absolute` (above sea level: the caller converts it, as GPX `<ele>`); under the
/// default `clampToGround`, and `clampToSeaFloor`, KML ignores it and so does this reader
/// (`relativeToGround` too, with a warning: the terrain is not known here). A `Polygon`
/// is skipped with a warning naming its Placemark unless `--polygons rings` reads its
/// rings. KMZ (zipped KML) is not read: unzip it first (`unzip -p file.kmz doc.kml`).
/// Anything that is not a number, a tuple without lat and lon, `<when>` and `<gx:coord>`
/// counts that differ, or a document without positions is a data error naming the line.
enum KMLInput {
    private struct Geometry {
        var kind: String
        var line: Int
        var rows: [Row] = []
        var whens: [(Double, Int)] = []
        var mode: String? = nil
        var polygon: Bool { kind == "Polygon" }
    }

    static func rows(_ bytes: [UInt8], polygonRings: Bool = false, maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool) {
        var scanner = XMLScanner(bytes)
        var rows: [Row] = []
        var geometries: [Geometry] = []   // open geometries, innermost last
        var placemark: (name: String?, line: Int)? = nil
        var lines = 0, others = 0, skipped = 0, relative = 0
        var count = 0
        func add(_ row: Row) throws(CLIError) {
            count += 1
            guard count <= maximumPoints else { throw RouteLimit.exceeded(line: row.line, limit: maximumPoints) }
            geometries[geometries.count - 1].rows.append(row)
        }
        while let event = try scanner.next() {
            switch event {
            case .start(let name, _, let selfClosing, let line):
                switch name {
                case "Placemark": placemark = (nil, line)
                case "Point", "LineString", "Polygon", "Track":
                    if !selfClosing { geometries.append(Geometry(kind: name, line: line)) }
                default: break
                }
            case .end(let name, let line):
                switch name {
                case "name" where placemark != nil && placemark!.name == nil:
                    placemark!.name = scanner.trimmedText
                case "altitudeMode" where !geometries.isEmpty:
                    geometries[geometries.count - 1].mode = scanner.trimmedText
                case "coordinates":
                    guard !geometries.isEmpty else { throw .data(line: line, "<coordinates> outside a Point, LineString or Polygon") }
                    let text = scanner.text
                    var at = line - text.count(where: { $0 == 10 })
                    var k = 0
                    while k < text.count {
                        while k < text.count, [32, 9, 10, 13].contains(text[k]) { if text[k] == 10 { at += 1 }; k += 1 }
                        guard k < text.count else { break }
                        let start = k
                        while k < text.count, ![32, 9, 10, 13].contains(text[k]) { k += 1 }
                        let tuple = String(decoding: text[start..<k], as: UTF8.self)
                        let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
                        let numbers = parts.compactMap { XMLScanner.number(String($0)) }
                        guard (2...3).contains(parts.count), numbers.count == parts.count else {
                            throw .data(line: at, "KML coordinates '\(tuple.prefix(40))' are not lon,lat[,alt]")
                        }
                        try add(Row(line: at, values: [numbers[1], numbers[0]] + numbers.dropFirst(2)))
                    }
                case "when" where geometries.last?.kind == "Track":
                    let text = scanner.trimmedText
                    guard let t = ISOTime.seconds(text, zonelessIsUTC: true) else {
                        throw .data(line: line, "<when> '\(text.prefix(40))' is not an ISO 8601 time")
                    }
                    geometries[geometries.count - 1].whens.append((t, line))
                case "coord" where geometries.last?.kind == "Track":
                    let text = scanner.trimmedText
                    let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                    let numbers = parts.compactMap { XMLScanner.number(String($0)) }
                    guard (2...3).contains(parts.count), numbers.count == parts.count else {
                        throw .data(line: line, "<gx:coord> '\(text.prefix(40))' is not 'lon lat [alt]'")
                    }
                    try add(Row(line: line, values: [numbers[1], numbers[0]] + numbers.dropFirst(2)))
                case "Point", "LineString", "Polygon", "Track":
                    // A geometry's rows are kept only when it closes: one that closes out of
                    // order is a broken document, not one to read in part.
                    guard let open = geometries.last else { throw .data(line: line, "</\(name)> closes nothing") }
                    guard open.kind == name else {
                        throw .data(line: line, "</\(name)> closes the <\(open.kind)> opened at line \(open.line)")
                    }
                    var g = geometries.removeLast()
                    let label = placemark.map { p in p.name.map { "Placemark '\($0.prefix(60))' (line \(p.line))" } ?? "the Placemark at line \(p.line)" }
                        ?? "the \(name) at line \(g.line)"
                    if g.kind == "Track" {
                        guard g.whens.isEmpty || g.whens.count == g.rows.count else {
                            throw .data(line: g.line, "gx:Track has \(g.whens.count) <when> and \(g.rows.count) <gx:coord>: they must pair up")
                        }
                        for k in g.whens.indices { g.rows[k].time = g.whens[k].0 }
                    }
                    if g.polygon && !polygonRings {
                        skipped += 1
                        warn("KML: \(label) is a Polygon: skipped (--polygons rings reads its rings)")
                        continue
                    }
                    let mode = g.mode ?? "clampToGround"
                    if mode != "absolute" {
                        if mode == "relativeToGround", g.rows.contains(where: { $0.values.count == 3 }) { relative += 1 }
                        for k in g.rows.indices where g.rows[k].values.count == 3 { g.rows[k].values.removeLast() }
                    }
                    if g.kind == "LineString" || g.kind == "Track" { lines += 1 } else { others += 1 }
                    if !geometries.isEmpty { geometries[geometries.count - 1].rows += g.rows } else { rows += g.rows }
                case "Placemark": placemark = nil
                default: break
                }
            }
        }
        if let open = geometries.last {
            throw .data(line: open.line, "the document ends inside the <\(open.kind)> opened here")
        }
        if lines + others > 1 {
            warn("KML: \(lines + others) geometries (\(lines) line\(lines == 1 ? "" : "s"), \(others) points or rings) read as one track, in document order")
        }
        if relative > 0 {
            warn("KML: \(relative) geometr\(relative == 1 ? "y is" : "ies are") relativeToGround: altitudes above the terrain are not read (no terrain model)")
        }
        guard !rows.isEmpty else {
            throw .data(line: scanner.line, "the KML document has no positions" + (skipped > 0 ? " (\(skipped) Polygon\(skipped == 1 ? "" : "s") skipped: --polygons rings reads them)" : ""))
        }
        return (rows, lines == 1 && others == 0)
    }
}
