/// Garmin Training Center XML (TCX v2) as `lat,lon[,h]` rows: every `<Trackpoint>` of
/// every `Lap` / `Track` of the first `Activity` or `Course`, in order, with
/// `<Position>` (`LatitudeDegrees`, `LongitudeDegrees`), `<AltitudeMeters>` (above sea
/// level: the caller converts it, as GPX `<ele>`) and `<Time>` (ISO 8601: the row's
/// time). Heart rate, cadence, distance and extensions are skipped. A Trackpoint without
/// a Position (Garmin writes them while there is no fix, or paused) has no place to
/// read: such points are left out with a warning saying how many and where the first
/// is. A number or time that does not parse, a Position without both coordinates, or a
/// file without positions is a data error naming the line; further activities are
/// named in a warning, not read.
enum TCXInput {
    static func rows(_ bytes: [UInt8], maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool) {
        var scanner = XMLScanner(bytes)
        var rows: [Row] = []
        var point: (line: Int, lat: Double?, lon: Double?, h: Double?, time: Double?, position: Bool)? = nil
        var activities = 0, reading = true
        var noPosition = 0, firstNoPosition = 0
        while let event = try scanner.next() {
            switch event {
            case .start(let name, _, let selfClosing, let line):
                switch name {
                case "Activity", "Course":
                    activities += 1
                    reading = activities == 1
                case "Trackpoint" where reading && !selfClosing:
                    guard point == nil else { throw .data(line: line, "<Trackpoint> inside a Trackpoint") }
                    point = (line, nil, nil, nil, nil, false)
                case "Position" where point != nil: point!.position = true
                default: break
                }
            case .end(let name, let line):
                guard point != nil else { continue }
                let text = scanner.trimmedText
                func number() throws(CLIError) -> Double {
                    guard let v = XMLScanner.number(text) else { throw .data(line: line, "<\(name)> '\(text.prefix(40))' is not a number") }
                    return v
                }
                switch name {
                case "LatitudeDegrees": point!.lat = try number()
                case "LongitudeDegrees": point!.lon = try number()
                case "AltitudeMeters": point!.h = try number()
                case "Time":
                    guard let t = ISOTime.seconds(text, zonelessIsUTC: true) else {
                        throw .data(line: line, "<Time> '\(text.prefix(40))' is not an ISO 8601 time")
                    }
                    point!.time = t
                case "Trackpoint":
                    let p = point!
                    point = nil
                    guard p.position else {
                        noPosition += 1
                        if firstNoPosition == 0 { firstNoPosition = p.line }
                        continue
                    }
                    guard let lat = p.lat, let lon = p.lon else {
                        throw .data(line: p.line, "a Trackpoint's Position without LatitudeDegrees and LongitudeDegrees")
                    }
                    guard rows.count < maximumPoints else { throw RouteLimit.exceeded(line: p.line, limit: maximumPoints) }
                    rows.append(Row(line: p.line, values: [lat, lon] + (p.h.map { [$0] } ?? []), time: p.time))
                default: break
                }
            }
        }
        if point != nil { throw .data(line: scanner.line, "the document ends inside a <Trackpoint>") }
        if noPosition > 0 {
            warn("TCX: left out \(noPosition) Trackpoint\(noPosition == 1 ? "" : "s") without a Position (no fix), the first at line \(firstNoPosition)")
        }
        if activities > 1 { warn("TCX: read the first of \(activities) activities or courses") }
        guard !rows.isEmpty else { throw .data(line: scanner.line, "the TCX document has no Trackpoint with a Position") }
        return (rows, true)
    }
}
