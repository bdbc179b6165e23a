extension TrackReader {
    /// Garmin Training Center XML (TCX v2): every `<Trackpoint>` of every `Lap` / `Track`
    /// of the first `Activity` or `Course`, in order, with `<Position>`
    /// (`LatitudeDegrees`, `LongitudeDegrees`), `<AltitudeMeters>` (above sea level) and
    /// `<Time>` (ISO 8601). Heart rate, cadence, distance and extensions are skipped. A
    /// Trackpoint without a Position (Garmin writes them while there is no fix, or paused)
    /// has no place to read: such points are left out with a warning saying how many and
    /// where the first is; further activities are named in a warning, not read.
    /// - Throws: a ``ReadFault`` naming the line for a number or time that does not parse,
    ///   a Position without both coordinates, a Trackpoint inside another, a file
    ///   without positions, or one that is not whole XML (an element left open or closed
    ///   out of order, a second root, an attribute twice).
    public static func tcx(_ bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var scanner = XMLScanner(bytes)
        var points: [TrackPoint] = []
        var point: (line: Int, lat: Double?, lon: Double?, h: Double?, time: Double?, position: Bool)? = nil
        var activities = 0, reading = true
        var noPosition = 0, firstNoPosition = 0
        while let event = try scanner.next() {
            switch event {
            case .start(let name, _, let selfClosing, let line):
                if ByteText.equals(name, "Activity") || ByteText.equals(name, "Course") {
                    activities += 1
                    reading = activities == 1
                } else if ByteText.equals(name, "Trackpoint") {
                    guard reading, !selfClosing else { continue }
                    guard point == nil else { throw ReadFault(line: line, "<Trackpoint> inside a Trackpoint") }
                    point = (line, nil, nil, nil, nil, false)
                } else if ByteText.equals(name, "Position") {
                    if point != nil { point!.position = true }
                }
            case .end(let name, let line):
                guard point != nil else { continue }
                let text = scanner.trimmedText
                func number() throws(ReadFault) -> Double {
                    guard let v = DecimalText.finite(text) else {
                        throw ReadFault(line: line, "<\(ByteText.quoted(name))> '\(ByteText.quoted(text))' is not a number")
                    }
                    return v
                }
                if ByteText.equals(name, "LatitudeDegrees") { point!.lat = try number() }
                else if ByteText.equals(name, "LongitudeDegrees") { point!.lon = try number() }
                else if ByteText.equals(name, "AltitudeMeters") { point!.h = try number() }
                else if ByteText.equals(name, "Time") {
                    guard let t = ISOTime.seconds(text, zonelessIsUTC: true) else {
                        throw ReadFault(line: line, "<Time> '\(ByteText.quoted(text))' is not an ISO 8601 time")
                    }
                    point!.time = t
                } else if ByteText.equals(name, "Trackpoint") {
                    let p = point!
                    point = nil
                    guard p.position else {
                        noPosition += 1
                        if firstNoPosition == 0 { firstNoPosition = p.line }
                        continue
                    }
                    guard let lat = p.lat, let lon = p.lon else {
                        throw ReadFault(line: p.line, "a Trackpoint's Position without LatitudeDegrees and LongitudeDegrees")
                    }
                    guard points.count < options.maximumPoints else { throw TrackReader.tooMany(line: p.line, limit: options.maximumPoints) }
                    points.append(TrackPoint(line: p.line, latitude: lat, longitude: lon, height: p.h, time: p.time))
                }
            }
        }
        if point != nil { throw ReadFault(line: scanner.line, "the document ends inside a <Trackpoint>") }
        try scanner.finish()
        var warnings: [String] = []
        if noPosition > 0 {
            warnings.append("TCX: left out \(ByteText.plural(noPosition, "Trackpoint")) without a Position (no fix), the first at line \(firstNoPosition)")
        }
        if activities > 1 { warnings.append("TCX: read the first of \(activities) activities or courses") }
        guard !points.isEmpty else { throw ReadFault(line: scanner.line, "the TCX document has no Trackpoint with a Position") }
        return TrackRead(points: points, isRoute: true, warnings: warnings, kind: "tcx")
    }
}
