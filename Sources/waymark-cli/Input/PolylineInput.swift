/// Encoded polylines (Google's format, as OSRM and Valhalla write them): each line of
/// the input is one polyline, its points appended in order; blank lines and lines
/// starting with `#` are skipped. Precision 5 (`--from polyline`: 1e-5 degrees) or 6
/// (`--from polyline6`). A polyline decoded at the wrong precision is caught when a
/// coordinate becomes impossible (|lat| > 90 or |lon| > 180): a data error (65) that
/// names the other precision. (Precision 5 text read as 6 gives points ten times closer
/// to (0, 0), which no check can tell from a real route: choose the precision the
/// source names.) Points are decoded as the text is scanned, so more than
/// `maximumPoints` stops the scan at the first point past it (``RouteLimit``).
enum PolylineInput {
    static func rows(_ bytes: [UInt8], precision: Int, maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool) {
        let scale = precision == 6 ? 1e6 : 1e5
        let other = precision == 6 ? "polyline (precision 5)" : "polyline6 (precision 6)"
        var rows: [Row] = []
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
            if text.isEmpty || text.first == UInt8(ascii: "#") { continue }
            polylines += 1
            var accumulator: Int64 = 0, shift: Int64 = 0
            var lat: Int64 = 0, lon: Int64 = 0
            var latitudeDelta: Int64? = nil
            var point = 0
            for (offset, c) in text.enumerated() {
                guard c >= 63, c <= 126 else {
                    throw .data(line: lineNumber, "character \(offset + 1) (byte \(c)) is not polyline text (ASCII 63 to 126)")
                }
                let chunk = Int64(c - 63)
                guard shift <= 55 else { throw .data(line: lineNumber, "a number longer than 12 characters at character \(offset + 1)") }
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
                point += 1
                let la = Double(lat) / scale, lo = Double(lon) / scale
                guard abs(la) <= 90, abs(lo) <= 180 else {
                    throw .data(line: lineNumber, "point \(point) decodes at precision \(precision) to latitude \(format(la)), "
                                + "longitude \(format(lo)), which cannot be: is it \(other)? (--from \(precision == 6 ? "polyline" : "polyline6"))")
                }
                guard rows.count < maximumPoints else { throw RouteLimit.exceeded(line: lineNumber, limit: maximumPoints) }
                rows.append(Row(line: lineNumber, values: [la, lo]))
            }
            guard shift == 0 else { throw .data(line: lineNumber, "the polyline ends inside a number (cut short?)") }
            guard latitudeDelta == nil else { throw .data(line: lineNumber, "the polyline ends with a latitude and no longitude (cut short?)") }
        }
        if polylines == 0, let first = bytes.firstIndex(where: { ![32, 9, 10, 13].contains($0) }) {
            // Only comments: not silently nothing.
            throw .data(line: bytes[..<first].filter { $0 == 10 }.count + 1, "comments and no polyline")
        }
        return (rows, polylines == 1)
    }
}
