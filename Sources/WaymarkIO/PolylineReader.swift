extension TrackReader {
    /// Encoded polylines (Google's format, as OSRM and Valhalla write them): each line of
    /// the text is one polyline, its points appended in order; blank lines and lines
    /// starting with `#` are skipped. `precision` 5 (1e-5 degrees) or 6. A polyline
    /// decoded at the wrong precision is caught when a coordinate becomes impossible
    /// (|lat| > 90 or |lon| > 180): a fault that names the other precision. (Precision 5
    /// text read as 6 gives points ten times closer to (0, 0), which no check can tell
    /// from a real route: choose the precision the source names.)
    /// - Throws: a ``ReadFault`` naming the line for a byte that is not polyline text (a
    ///   NUL in a comment too), a
    ///   number cut short, an impossible coordinate, a text of comments only, or a point
    ///   past the options' limit (met while decoding).
    public static func polyline(_ bytes: [UInt8], precision: Int, options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var points: [TrackPoint] = []
        let decoded = bytes.withUnsafeBytes { text in
            Result { () throws(ReadFault) in
                try decodePolyline(text, precision: precision, maximumPoints: options.maximumPoints) { points.append($0) }
            }
        }
        let polylines = try decoded.get()
        return TrackRead(points: points, isRoute: polylines.polylines == 1, warnings: [], kind: precision == 6 ? "polyline6" : "polyline")
    }

    /// The polyline text's points handed to `point` one by one as they are decoded, with
    /// no memory of its own: so a caller that checks the whole text first (a pass with a
    /// `point` that only counts), then decodes it again straight into its output, reads
    /// any length in memory bounded by that output (the C API's `wm_track_read` does).
    /// The text, faults and limit are ``polyline(_:precision:options:)``'s; a fault may
    /// come after some points were handed over. A UTF-8 byte-order mark is not skipped.
    /// - Returns: how many points and how many polylines (lines that are not blank or
    ///   comments) the text holds.
    public static func decodePolyline(_ bytes: UnsafeRawBufferPointer, precision: Int, maximumPoints: Int,
                                      _ point: (TrackPoint) -> Void) throws(ReadFault) -> (points: Int, polylines: Int) {
        let scale = precision == 6 ? 1e6 : 1e5
        let other = precision == 6 ? "polyline (precision 5)" : "polyline6 (precision 6)"
        var count = 0
        var polylines = 0
        var lineNumber = 0
        // Line by line in place: splitting the whole input first would hold a slice per
        // line, gigabytes for millions of one-point lines.
        var next = bytes.startIndex
        while next <= bytes.endIndex {
            let end = bytes[next...].firstIndex(of: 10) ?? bytes.endIndex
            var text = bytes[next..<end]
            next = end + 1
            lineNumber += 1
            while let c = text.first, c == 32 || c == 9 || c == 13 { text = text.dropFirst() }
            while let c = text.last, c == 32 || c == 9 || c == 13 { text = text.dropLast() }
            if text.first == UInt8(ascii: "#") {
                // A comment is skipped, not trusted: a NUL in it is the same sign of a
                // binary or spliced file as anywhere else.
                if let nul = text.firstIndex(of: 0) {
                    throw ReadFault(line: lineNumber, "a NUL byte in a comment (character \(nul - text.startIndex + 1))")
                }
                continue
            }
            if text.isEmpty { continue }
            polylines += 1
            var accumulator: Int64 = 0, shift: Int64 = 0
            var lat: Int64 = 0, lon: Int64 = 0
            var latitudeDelta: Int64? = nil
            var pointOfLine = 0
            var offset = 0
            for c in text {
                offset += 1
                guard c >= 63, c <= 126 else {
                    throw ReadFault(line: lineNumber, "character \(offset) (byte \(Int(c))) is not polyline text (ASCII 63 to 126)")
                }
                let chunk = Int64(c - 63)
                guard shift <= 55 else { throw ReadFault(line: lineNumber, "a number longer than 12 characters at character \(offset)") }
                accumulator |= (chunk & 0x1F) << shift
                shift += 5
                guard chunk < 0x20 else { continue }
                let number = accumulator & 1 != 0 ? ~(accumulator >> 1) : accumulator >> 1
                accumulator = 0
                shift = 0
                guard let delta = latitudeDelta else { latitudeDelta = number; continue }
                latitudeDelta = nil
                lat &+= delta
                lon &+= number
                pointOfLine += 1
                let la = Double(lat) / scale, lo = Double(lon) / scale
                guard la.magnitude <= 90, lo.magnitude <= 180 else {
                    throw ReadFault(line: lineNumber, "point \(pointOfLine) decodes at precision \(precision) to latitude "
                                    + "\(ByteText.fixedPoint(lat, places: precision)), longitude \(ByteText.fixedPoint(lon, places: precision)), "
                                    + "which cannot be: is it \(other)? (--from \(precision == 6 ? "polyline" : "polyline6"))")
                }
                guard count < maximumPoints else { throw TrackReader.tooMany(line: lineNumber, limit: maximumPoints) }
                count += 1
                point(TrackPoint(line: lineNumber, latitude: la, longitude: lo))
            }
            guard shift == 0 else { throw ReadFault(line: lineNumber, "the polyline ends inside a number (cut short?)") }
            guard latitudeDelta == nil else { throw ReadFault(line: lineNumber, "the polyline ends with a latitude and no longitude (cut short?)") }
        }
        if polylines == 0, let first = bytes.firstIndex(where: { !ByteText.isSpace($0) }) {
            // Only comments: not silently nothing.
            throw ReadFault(line: bytes[..<first].count(where: { $0 == 10 }) + 1, "comments and no polyline")
        }
        return (count, polylines)
    }
}
