/// The little of XML that GPX, KML and TCX need, as a stream of events with line
/// numbers: start tags (local name without its namespace prefix, and the attribute
/// text), end tags, and the text between them. Comments, CDATA (its text kept),
/// processing instructions and declarations are understood; entities are not decoded
/// (the readers want numbers and times, which have none). An unclosed comment, CDATA
/// section or tag, or a NUL byte anywhere, is a fault naming the line it is on. Each
/// byte is looked at a bounded number of times, however deep the nesting.
struct XMLScanner {
    enum Event {
        /// `<name …>`; `selfClosing` for `<name …/>`, which has no end event.
        /// `attributes` is the tag's text after its name (``attribute(_:in:)`` reads it).
        case start(name: ArraySlice<UInt8>, attributes: ArraySlice<UInt8>, selfClosing: Bool, line: Int)
        case end(name: ArraySlice<UInt8>, line: Int)
    }

    private let bytes: [UInt8]
    private var i = 0
    /// The line the scanner is on (1-based).
    private(set) var line = 1
    /// The text since the last tag (CDATA included), for the element that just ended.
    private(set) var text: [UInt8] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The text since the last tag without surrounding white space.
    var trimmedText: ArraySlice<UInt8> { ByteText.trimmed(text[...]) }

    /// The next tag, or nil at the end of the document. The text before it is in ``text``.
    mutating func next() throws(ReadFault) -> Event? {
        text.removeAll(keepingCapacity: true)
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            guard c == UInt8(ascii: "<") else {
                if c == 0 { throw ReadFault(line: line, "a NUL byte in the document") }
                text.append(c)
                if c == 10 { line += 1 }
                i += 1
                continue
            }
            let tagLine = line
            if ByteText.starts(bytes[i...], with: "<!--") {
                guard let end = find("-->", from: i + 4) else { throw ReadFault(line: tagLine, "a comment is not closed") }
                try advance(to: end + 3); continue
            }
            if ByteText.starts(bytes[i...], with: "<![CDATA[") {
                guard let end = find("]]>", from: i + 9) else { throw ReadFault(line: tagLine, "a CDATA section is not closed") }
                text.append(contentsOf: bytes[(i + 9)..<end])
                try advance(to: end + 3); continue
            }
            guard let close = find(">", from: i) else { throw ReadFault(line: tagLine, "a tag is not closed") }
            let tag = bytes[(i + 1)..<close]
            try advance(to: close + 1)
            guard let first = tag.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            let closing = first == UInt8(ascii: "/")
            let body = closing ? tag.dropFirst() : tag
            var nameEnd = body.startIndex
            while nameEnd < body.endIndex, !ByteText.isSpace(body[nameEnd]), body[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
            var name = body[body.startIndex..<nameEnd]
            if let colon = name.lastIndex(of: UInt8(ascii: ":")) { name = name[(colon + 1)...] }
            if closing { return .end(name: name, line: tagLine) }
            return .start(name: name, attributes: body[nameEnd...], selfClosing: tag.last == UInt8(ascii: "/"), line: tagLine)
        }
        return nil
    }

    /// Moves to `end`, counting lines; a NUL on the way is a fault.
    private mutating func advance(to end: Int) throws(ReadFault) {
        while i < end {
            if bytes[i] == 10 { line += 1 } else if bytes[i] == 0 { throw ReadFault(line: line, "a NUL byte in the document") }
            i += 1
        }
    }

    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        let p = pattern.utf8Start, m = pattern.utf8CodeUnitCount
        var k = start
        while k + m <= bytes.count {
            if bytes[k] == p[0] {
                var same = true
                for j in 1..<max(m, 1) where bytes[k + j] != p[j] { same = false; break }
                if same { return k }
            }
            k += 1
        }
        return nil
    }

    /// The value of the attribute `name` in a start tag's attribute text, `name="value"`
    /// or `name='value'` (the first when a tag repeats it); nil when the tag has none.
    static func attribute(_ name: StaticString, in text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var i = text.startIndex
        while i < text.endIndex {
            while i < text.endIndex, ByteText.isSpace(text[i]) || text[i] == UInt8(ascii: "/") { i += 1 }
            let nameStart = i
            while i < text.endIndex, text[i] != UInt8(ascii: "="), !ByteText.isSpace(text[i]) { i += 1 }
            let attributeName = text[nameStart..<i]
            while i < text.endIndex, ByteText.isSpace(text[i]) { i += 1 }
            guard i < text.endIndex, text[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < text.endIndex, ByteText.isSpace(text[i]) { i += 1 }
            guard i < text.endIndex, text[i] == 34 || text[i] == 39 else { return nil }
            let quote = text[i]
            i += 1
            let valueStart = i
            while i < text.endIndex, text[i] != quote { i += 1 }
            if ByteText.equals(attributeName, name) { return text[valueStart..<i] }
            i += 1
        }
        return nil
    }
}
