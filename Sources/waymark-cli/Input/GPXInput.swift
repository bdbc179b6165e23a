/// GPX 1.0/1.1 points as `lat,lon[,ele]` rows: every `<trkpt>`, `<rtept>` and `<wpt>` in
/// document order, with its `<ele>` when it has one (heights above sea level: the
/// caller converts them). A small scanner of its own (comments, CDATA, processing
/// instructions and namespace prefixes understood; nothing else of XML is needed),
/// which keeps line numbers. A point without lat or lon, a value that is not a number
/// or a document without points is a data error (65) naming the line; so is a point past
/// `maximumPoints` (``RouteLimit``), where the scan stops.
enum GPXInput {
    static func rows(_ bytes: [UInt8], maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool) {
        var rows: [Row] = []
        var line = 1
        var i = 0
        var current: Row? = nil
        var currentName = ""
        var inEle = false
        var eleText: [UInt8] = []
        var segments = 0, waypoints = 0
        let n = bytes.count
        func advance(to end: Int) {
            while i < end { if bytes[i] == 10 { line += 1 }; i += 1 }
        }
        func append(_ row: Row) throws(CLIError) {
            guard rows.count < maximumPoints else { throw RouteLimit.exceeded(line: row.line, limit: maximumPoints) }
            rows.append(row)
        }
        func find(_ pattern: String, from start: Int) -> Int? {
            let p = Array(pattern.utf8)
            var k = start
            while k + p.count <= n {
                if bytes[k] == p[0] && bytes[k..<(k + p.count)].elementsEqual(p) { return k }
                k += 1
            }
            return nil
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                if inEle { eleText.append(bytes[i]) }
                if bytes[i] == 10 { line += 1 }
                i += 1
                continue
            }
            let tagLine = line
            if bytes[i...].starts(with: "<!--".utf8) {
                guard let end = find("-->", from: i + 4) else { throw .data(line: tagLine, "a comment is not closed") }
                advance(to: end + 3); continue
            }
            if bytes[i...].starts(with: "<![CDATA[".utf8) {
                guard let end = find("]]>", from: i + 9) else { throw .data(line: tagLine, "a CDATA section is not closed") }
                if inEle { eleText.append(contentsOf: bytes[(i + 9)..<end]) }
                advance(to: end + 3); continue
            }
            guard let close = find(">", from: i) else { throw .data(line: tagLine, "a tag is not closed") }
            let tag = Array(bytes[(i + 1)..<close])
            advance(to: close + 1)
            guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            let closing = first == UInt8(ascii: "/")
            let body = closing ? tag.dropFirst() : tag[...]
            let selfClosing = tag.last == UInt8(ascii: "/")
            let rawName = body.prefix { ![32, 9, 10, 13, UInt8(ascii: "/")].contains($0) }
            var name = String(decoding: rawName, as: UTF8.self)
            if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            switch (name, closing) {
            case ("trkpt", false), ("rtept", false), ("wpt", false):
                guard current == nil else { throw .data(line: tagLine, "<\(name)> inside <\(currentName)>") }
                let attributes = Self.attributes(body.dropFirst(rawName.count))
                guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
                    throw .data(line: tagLine, "<\(name)> without lat and lon attributes")
                }
                guard let lat = number(latText), let lon = number(lonText) else {
                    throw .data(line: tagLine, "<\(name)> lat '\(latText.prefix(40))' or lon '\(lonText.prefix(40))' is not a number")
                }
                if name == "wpt" { waypoints += 1 }
                let row = Row(line: tagLine, values: [lat, lon])
                if selfClosing { try append(row) } else { current = row; currentName = name }
            case ("trkpt", true), ("rtept", true), ("wpt", true):
                guard let row = current, name == currentName else { throw .data(line: tagLine, "</\(name)> without its <\(name)>") }
                try append(row)
                current = nil
            case ("ele", false) where current != nil && !selfClosing:
                inEle = true
                eleText.removeAll()
            case ("ele", true) where inEle:
                inEle = false
                let text = String(decoding: eleText, as: UTF8.self)
                guard let h = number(text) else { throw .data(line: tagLine, "<ele> '\(text.prefix(40))' is not a number") }
                current!.values.append(h)
            case ("trkseg", false), ("rte", false):
                segments += 1
            default:
                break
            }
        }
        guard current == nil else { throw .data(line: line, "the document ends inside <\(currentName)>") }
        guard !rows.isEmpty else { throw .data(line: line, "the GPX document has no trkpt, rtept or wpt") }
        return (rows, segments == 1 && waypoints == 0)
    }

    /// A finite number from attribute or element text (surrounding spaces allowed).
    private static func number(_ text: String) -> Double? {
        var bytes = Array(text.utf8)[...]
        while let c = bytes.first, [32, 9, 10, 13].contains(c) { bytes = bytes.dropFirst() }
        while let c = bytes.last, [32, 9, 10, 13].contains(c) { bytes = bytes.dropLast() }
        let v = Array(bytes).withUnsafeBufferPointer { NumberParsing.double($0) }
        return v.flatMap { $0.isFinite ? $0 : nil }
    }

    /// `name="value"` / `name='value'` pairs of a tag.
    private static func attributes(_ text: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var i = text.startIndex
        while i < text.endIndex {
            while i < text.endIndex, [32, 9, 10, 13, UInt8(ascii: "/")].contains(text[i]) { i += 1 }
            let nameStart = i
            while i < text.endIndex, text[i] != UInt8(ascii: "="), ![32, 9, 10, 13].contains(text[i]) { i += 1 }
            let name = String(decoding: text[nameStart..<i], as: UTF8.self)
            while i < text.endIndex, [32, 9, 10, 13].contains(text[i]) { i += 1 }
            guard i < text.endIndex, text[i] == UInt8(ascii: "=") else { break }
            i += 1
            while i < text.endIndex, [32, 9, 10, 13].contains(text[i]) { i += 1 }
            guard i < text.endIndex, text[i] == 34 || text[i] == 39 else { break }
            let quote = text[i]
            i += 1
            let valueStart = i
            while i < text.endIndex, text[i] != quote { i += 1 }
            result[name] = String(decoding: text[valueStart..<min(i, text.endIndex)], as: UTF8.self)
            i += 1
        }
        return result
    }
}
