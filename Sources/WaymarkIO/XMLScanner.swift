/// The little of XML that GPX, KML and TCX need, as a stream of events with line
/// numbers: start tags (local name without its namespace prefix, and the attribute
/// text), end tags, and the text between them. Comments, CDATA (its text kept),
/// processing instructions and declarations (a DOCTYPE's internal subset too) are
/// understood; entities are not decoded (the readers want numbers and times, which have
/// none). An unclosed comment, CDATA section or tag, or a NUL byte anywhere, is a fault
/// naming the line it is on. Each byte is looked at a bounded number of times, however
/// deep the nesting.
///
/// The document's structure is checked as XML 1.0 §2.1 and §3.1 require, so that a file
/// cut short or spliced is refused rather than read as a shorter track: one root element,
/// nothing but white space, comments and declarations outside it, every element closed
/// by an end tag of its own name in order, attributes written `name="value"` with no name
/// twice. A start tag's fault is thrown at once; an end tag that closes the wrong element
/// is thrown at the next call, after the reader has seen the event (a reader's own words
/// for a misplaced end tag come first); the end of the document is checked by
/// ``finish()``, which every reader calls once its own checks of the end are done.
///
/// Memory: besides the text, 4 bytes per open element (the offset of its name), the
/// text since the last tag, and for the tag being read at most 16 bytes per attribute
/// (of 5 bytes or more): at most 3.2 times the text; documents of 4 GiB or more are
/// refused.
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
    /// Where each open element's qualified name starts in `bytes`, outermost first.
    private var open: [UInt32] = []
    /// The line the root element closed on; 0 while it has not.
    private var rootClosedLine = 0
    private var rootSeen = false
    /// A fault found in the last event, thrown by the next call.
    private var pending: ReadFault? = nil
    /// The hash table of the attribute names of the tag being read: each name's offset
    /// in `bytes`, `UInt32.max` for an empty slot (kept to reuse its storage).
    private var slots: [UInt32] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The text since the last tag without surrounding white space.
    var trimmedText: ArraySlice<UInt8> { ByteText.trimmed(text[...]) }

    /// The next tag, or nil at the end of the document. The text before it is in ``text``.
    mutating func next() throws(ReadFault) -> Event? {
        if let pending { throw pending }
        guard UInt64(bytes.count) < 1 << 32 else { throw ReadFault(line: 1, "an XML document of 4 GiB or more (the most this reader takes is 4 GiB - 1 bytes)") }
        text.removeAll(keepingCapacity: true)
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            guard c == UInt8(ascii: "<") else {
                if c == 0 { throw ReadFault(line: line, "a NUL byte in the document") }
                if open.isEmpty, !ByteText.isSpace(c) {
                    throw ReadFault(line: line, rootSeen ? "text after the root element's end (line \(rootClosedLine))"
                                                         : "text before the root element")
                }
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
                guard !open.isEmpty else { throw ReadFault(line: tagLine, "a CDATA section outside the root element") }
                text.append(contentsOf: bytes[(i + 9)..<end])
                try advance(to: end + 3); continue
            }
            if ByteText.starts(bytes[i...], with: "<?") {
                guard let end = find("?>", from: i + 2) else { throw ReadFault(line: tagLine, "a processing instruction is not closed") }
                try advance(to: end + 2); continue
            }
            if ByteText.starts(bytes[i...], with: "<!") {
                guard open.isEmpty, !rootSeen else { throw ReadFault(line: tagLine, "a declaration (<!…>) inside the document's elements") }
                // A DOCTYPE's internal subset holds `>` of its own declarations: the
                // declaration ends at the first `>` after its `]`.
                guard var end = find(">", from: i + 2) else { throw ReadFault(line: tagLine, "a declaration is not closed") }
                if let bracket = find("[", from: i + 2), bracket < end {
                    guard let close = find("]", from: bracket), let after = find(">", from: close) else {
                        throw ReadFault(line: tagLine, "a DOCTYPE's internal subset is not closed")
                    }
                    end = after
                }
                try advance(to: end + 1); continue
            }
            let closing = i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")
            guard let close = closing ? find(">", from: i) : tagEnd(from: i + 1) else { throw ReadFault(line: tagLine, "a tag is not closed") }
            let nameStart = closing ? i + 2 : i + 1
            let tag = bytes[nameStart..<close]
            try advance(to: close + 1)
            var nameEnd = tag.startIndex
            while nameEnd < tag.endIndex, !ByteText.isSpace(tag[nameEnd]), tag[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
            let qualified = tag[tag.startIndex..<nameEnd]
            guard !qualified.isEmpty else { throw ReadFault(line: tagLine, closing ? "an end tag without a name" : "a '<' that starts no tag (write &lt;)") }
            var name = qualified
            if let colon = name.lastIndex(of: UInt8(ascii: ":")) { name = name[(colon + 1)...] }
            if closing {
                guard ByteText.trimmed(tag[nameEnd...]).isEmpty else {
                    throw ReadFault(line: tagLine, "</\(ByteText.quoted(qualified))> has more than its name")
                }
                if let top = open.last {
                    let expected = openName(Int(top))
                    if ByteText.same(expected, qualified) {
                        open.removeLast()
                        if open.isEmpty { rootClosedLine = tagLine }
                    } else {
                        pending = ReadFault(line: tagLine, "</\(ByteText.quoted(qualified))> closes <\(ByteText.quoted(expected))>, "
                                            + "opened at line \(lineOf(Int(top))): elements must close in the order they opened")
                    }
                } else {
                    pending = ReadFault(line: tagLine, "</\(ByteText.quoted(qualified))> closes nothing: no element is open")
                }
                return .end(name: name, line: tagLine)
            }
            let selfClosing = tag.last == UInt8(ascii: "/")
            if rootSeen && open.isEmpty {
                throw ReadFault(line: tagLine, "a second root element <\(ByteText.quoted(qualified))> (the first closed at line \(rootClosedLine)): "
                                + "a document has one")
            }
            var attributes = tag[nameEnd...]
            if selfClosing { attributes = attributes.dropLast() }
            try checkAttributes(attributes, of: qualified, line: tagLine)
            rootSeen = true
            if selfClosing {
                if open.isEmpty { rootClosedLine = tagLine }
            } else {
                open.append(UInt32(nameStart))
            }
            return .start(name: name, attributes: tag[nameEnd...], selfClosing: selfClosing, line: tagLine)
        }
        return nil
    }

    /// Whether the document ended as a whole one: a root element, every element closed.
    /// - Throws: a ``ReadFault`` at the last line naming the innermost element left open.
    mutating func finish() throws(ReadFault) {
        if let pending { throw pending }
        if let top = open.last {
            throw ReadFault(line: line, "the document ends inside <\(ByteText.quoted(openName(Int(top))))>, opened at line \(lineOf(Int(top))) "
                            + "(\(ByteText.plural(open.count, "element")) not closed: cut short?)")
        }
        guard rootSeen else { throw ReadFault(line: line, "the document has no root element") }
    }

    /// The qualified name of the open element whose name starts at `start`.
    private func openName(_ start: Int) -> ArraySlice<UInt8> {
        var end = start
        while end < bytes.count, !ByteText.isSpace(bytes[end]), bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: ">") { end += 1 }
        return bytes[start..<end]
    }

    /// The 1-based line of byte `offset` (counted again: only a fault asks).
    private func lineOf(_ offset: Int) -> Int {
        var n = 1
        for k in 0..<min(offset, bytes.count) where bytes[k] == 10 { n += 1 }
        return n
    }

    /// The `>` that ends the start tag beginning before `start`, outside quoted values.
    private func tagEnd(from start: Int) -> Int? {
        var quote: UInt8 = 0
        var k = start
        while k < bytes.count {
            let c = bytes[k]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == 34 || c == 39 {
                quote = c
            } else if c == UInt8(ascii: ">") {
                return k
            }
            k += 1
        }
        return nil
    }

    /// A start tag's attribute text is `(S name S? = S? "value")* S?`, no name twice.
    private mutating func checkAttributes(_ text: ArraySlice<UInt8>, of element: ArraySlice<UInt8>, line: Int) throws(ReadFault) {
        let count = try attributeNames(text, of: element, line: line, into: nil)
        guard count > 1 else { return }
        // A hash table of the names' offsets (open addressing, a power of two at least
        // twice their count, so at most 16 bytes per attribute of at least 5): each name
        // hashed and compared a bounded number of times on average, however many a tag
        // has. Plain loops, no generic sort: the readers' WebAssembly module stays small.
        var size = 4
        while size < 2 * count { size <<= 1 }
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(UInt32.max, count: size))
        _ = try attributeNames(text, of: element, line: line, into: size)
    }

    /// The attributes' names in `text`, checked for their syntax; with `table` (the
    /// size of ``slots``), each entered in ``slots``, a repeat thrown. Returns how many.
    private mutating func attributeNames(_ text: ArraySlice<UInt8>, of element: ArraySlice<UInt8>, line: Int, into table: Int?) throws(ReadFault) -> Int {
        var count = 0
        var k = text.startIndex
        let end = text.endIndex
        func malformed(_ what: String) -> ReadFault {
            ReadFault(line: line, "<\(ByteText.quoted(element))>'s attributes: \(what) (attributes are written name=\"value\")")
        }
        while k < end {
            let before = k
            while k < end, ByteText.isSpace(text[k]) { k += 1 }
            guard k < end else { break }
            guard k > before else { throw malformed("no space before '\(ByteText.quoted(text[k..<min(k + 20, end)]))'") }
            let nameStart = k
            while k < end, !ends(name: text[k]) { k += 1 }
            let name = text[nameStart..<k]
            guard !name.isEmpty else { throw malformed("a value without a name") }
            while k < end, ByteText.isSpace(text[k]) { k += 1 }
            guard k < end, text[k] == UInt8(ascii: "=") else { throw malformed("'\(ByteText.quoted(name))' has no value") }
            k += 1
            while k < end, ByteText.isSpace(text[k]) { k += 1 }
            guard k < end, text[k] == 34 || text[k] == 39 else { throw malformed("the value of '\(ByteText.quoted(name))' is not quoted") }
            let quote = text[k]
            k += 1
            while k < end, text[k] != quote { k += 1 }
            guard k < end else { throw malformed("the value of '\(ByteText.quoted(name))' is not closed") }
            k += 1
            count += 1
            guard let size = table else { continue }
            var hash: UInt64 = 0xcbf29ce484222325
            for c in name { hash = (hash ^ UInt64(c)) &* 0x100000001b3 }
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] != UInt32.max {
                var other = Int(slots[slot])
                let otherStart = other
                while !ends(name: bytes[other]) { other += 1 }
                if ByteText.same(bytes[otherStart..<other], name) {
                    throw ReadFault(line: line, "<\(ByteText.quoted(element))> has the attribute '\(ByteText.quoted(name))' twice")
                }
                slot = (slot + 1) & (size - 1)
            }
            slots[slot] = UInt32(nameStart)
        }
        return count
    }

    /// Whether `c` ends an attribute's name.
    @inline(__always)
    private func ends(name c: UInt8) -> Bool { c == UInt8(ascii: "=") || ByteText.isSpace(c) || c == 34 || c == 39 }

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
    /// or `name='value'`; nil when the tag has none (``next()`` has refused a tag that
    /// repeats a name).
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
