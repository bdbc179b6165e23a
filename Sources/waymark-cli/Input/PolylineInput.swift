/// Encoded polylines (Google's format, as OSRM and Valhalla write them): each line of
/// the input is one polyline, its points appended in order; blank lines and lines
/// starting with `#` are skipped. Precision 5 (`--from polyline`: 1e-5 degrees) or 6
/// (`--from polyline6`). A polyline decoded at the wrong precision is caught when a
/// coordinate becomes impossible (|lat| > 90 or |lon| > 180): a data error (65) that
/// names the other precision. (Precision 5 text read as 6 gives points ten times closer
/// to (0, 0), which no check can tell from a real route: choose the precision the
/// source names.)
enum PolylineInput {
    static func rows(_ bytes: [UInt8], precision: Int) throws(CLIError) -> (rows: [Row], route: Bool) {
        let scale = precision == 6 ? 1e6 : 1e5
        let other = precision == 6 ? "polyline (precision 5)" : "polyline6 (precision 6)"
        var rows: [Row] = []
        var polylines = 0
        var lineNumber = 0
        for rawLine in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            lineNumber += 1
            var text = rawLine[...]
            while let c = text.first, c == 32 || c == 9 || c == 13 { text = text.dropFirst() }
            while let c = text.last, c == 32 || c == 9 || c == 13 { text = text.dropLast() }
            if text.isEmpty || text.first == UInt8(ascii: "#") { continue }
            polylines += 1
            var numbers: [Int64] = []
            var accumulator: Int64 = 0, shift: Int64 = 0
            for (offset, c) in text.enumerated() {
                guard c >= 63, c <= 126 else {
                    throw .data(line: lineNumber, "character \(offset + 1) (byte \(c)) is not polyline text (ASCII 63 to 126)")
                }
                let chunk = Int64(c - 63)
                guard shift <= 55 else { throw .data(line: lineNumber, "a number longer than 12 characters at character \(offset + 1)") }
                accumulator |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 {
                    numbers.append(accumulator & 1 != 0 ? ~(accumulator >> 1) : accumulator >> 1)
                    accumulator = 0
                    shift = 0
                }
            }
            guard shift == 0 else { throw .data(line: lineNumber, "the polyline ends inside a number (cut short?)") }
            guard numbers.count % 2 == 0 else { throw .data(line: lineNumber, "the polyline ends with a latitude and no longitude (cut short?)") }
            var lat: Int64 = 0, lon: Int64 = 0
            for k in Swift.stride(from: 0, to: numbers.count, by: 2) {
                lat &+= numbers[k]
                lon &+= numbers[k + 1]
                let la = Double(lat) / scale, lo = Double(lon) / scale
                guard abs(la) <= 90, abs(lo) <= 180 else {
                    throw .data(line: lineNumber, "point \(k / 2 + 1) decodes at precision \(precision) to latitude \(format(la)), "
                                + "longitude \(format(lo)), which cannot be: is it \(other)? (--from \(precision == 6 ? "polyline" : "polyline6"))")
                }
                rows.append(Row(line: lineNumber, values: [la, lo]))
            }
        }
        if polylines == 0, let first = bytes.firstIndex(where: { ![32, 9, 10, 13].contains($0) }) {
            // Only comments: not silently nothing.
            throw .data(line: bytes[..<first].filter { $0 == 10 }.count + 1, "comments and no polyline")
        }
        return (rows, polylines == 1)
    }
}
