/// The little of XML that GPX, KML and TCX need, as a stream of events with line
/// numbers: start tags (local name without its namespace prefix, attributes), end tags
/// and the text between them. Comments, CDATA (its text kept), processing instructions
/// and declarations are understood; entities are not decoded (the readers want numbers
/// and times, which have none). An unclosed comment, CDATA section or tag is a data
/// error (65) naming the line it starts on.
struct XMLScanner {
    enum Event {
        /// `<name …>`; `selfClosing` for `<name …/>`, which has no end event.
        case start(name: String, attributes: [String: String], selfClosing: Bool, line: Int)
        case end(name: String, line: Int)
    }

    private let bytes: [UInt8]
    private var i = 0
    /// The line the scanner is on (1-based).
    private(set) var line = 1
    /// The text since the last tag (CDATA included), for the element that just ended.
    private(set) var text: [UInt8] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The text since the last tag without surrounding white space, as a String.
    var trimmedText: String {
        var t = text[...]
        while let c = t.first, [32, 9, 10, 13].contains(c) { t = t.dropFirst() }
        while let c = t.last, [32, 9, 10, 13].contains(c) { t = t.dropLast() }
        return String(decoding: t, as: UTF8.self)
    }

    /// The next tag, or nil at the end of the document. The text before it is in ``text``.
    mutating func next() throws(CLIError) -> Event? {
        text.removeAll(keepingCapacity: true)
        let n = bytes.count
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                text.append(bytes[i])
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
                text.append(contentsOf: bytes[(i + 9)..<end])
                advance(to: end + 3); continue
            }
            guard let close = find(">", from: i) else { throw .data(line: tagLine, "a tag is not closed") }
            let tag = bytes[(i + 1)..<close]
            advance(to: close + 1)
            guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            let closing = first == UInt8(ascii: "/")
            let body = closing ? tag.dropFirst() : tag
            let rawName = body.prefix { ![32, 9, 10, 13, UInt8(ascii: "/")].contains($0) }
            var name = String(decoding: rawName, as: UTF8.self)
            if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            if closing { return .end(name: name, line: tagLine) }
            return .start(name: name, attributes: Self.attributes(body.dropFirst(rawName.count)),
                          selfClosing: tag.last == UInt8(ascii: "/"), line: tagLine)
        }
        return nil
    }

    private mutating func advance(to end: Int) {
        while i < end { if bytes[i] == 10 { line += 1 }; i += 1 }
    }

    private func find(_ pattern: String, from start: Int) -> Int? {
        let p = Array(pattern.utf8)
        var k = start
        while k + p.count <= bytes.count {
            if bytes[k] == p[0] && bytes[k..<(k + p.count)].elementsEqual(p) { return k }
            k += 1
        }
        return nil
    }

    /// `name="value"` / `name='value'` pairs of a tag (names without their prefix).
    static func attributes(_ text: ArraySlice<UInt8>) -> [String: String] {
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

    /// A finite number from attribute or element text (surrounding spaces allowed).
    static func number(_ text: String) -> Double? {
        var bytes = Array(text.utf8)[...]
        while let c = bytes.first, [32, 9, 10, 13].contains(c) { bytes = bytes.dropFirst() }
        while let c = bytes.last, [32, 9, 10, 13].contains(c) { bytes = bytes.dropLast() }
        let v = Array(bytes).withUnsafeBufferPointer { NumberParsing.double($0) }
        return v.flatMap { $0.isFinite ? $0 : nil }
    }
}
