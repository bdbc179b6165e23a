/// A JSON document as the GeoJSON and route-response readers need it: values with the
/// line each starts on, object keys and strings as their UTF-8 bytes (escapes kept as
/// written: the readers look only at ASCII keys, type names and polyline text), numbers
/// in the plain decimal form (``DecimalText``) with the text they were written as.
/// Nesting deeper than 64 levels, text after the document, a line break inside a
/// string or anything that is not JSON is a fault naming its line.
indirect enum JSONValue {
    case object([(key: [UInt8], value: JSONValue)], line: Int)
    case array([JSONValue], line: Int)
    case number(Double, text: ArraySlice<UInt8>, line: Int)
    case string([UInt8], line: Int)
    case literal(line: Int)   // true, false, null

    var line: Int {
        switch self {
        case .object(_, let l), .array(_, let l), .number(_, _, let l), .string(_, let l), .literal(let l): return l
        }
    }

    /// The member `key` of an object; nil for a missing key or a value that is no object.
    subscript(key: StaticString) -> JSONValue? {
        guard case .object(let members, _) = self else { return nil }
        for m in members where ByteText.equals(m.key[...], key) { return m.value }
        return nil
    }

    var isNull: Bool { if case .literal = self { return true } else { return false } }

    /// A string value equal to `text`.
    func isString(_ text: StaticString) -> Bool {
        if case .string(let s, _) = self { return ByteText.equals(s[...], text) }
        return false
    }
}

/// The parser: a recursive descent bounded at 64 levels, counting the arrays that could
/// be positions (two or three numbers) as it goes, so a document with more points than
/// the limit is refused at the first one past it, before its tree holds them all.
struct JSONParser {
    let bytes: [UInt8]
    var maximumPositions = Int.max
    private var i = 0
    private(set) var line = 1
    private var depth = 0
    private var positions = 0

    init(_ bytes: [UInt8], maximumPositions: Int) {
        self.bytes = bytes
        self.maximumPositions = maximumPositions
    }

    mutating func document() throws(ReadFault) -> JSONValue {
        let v = try value()
        skipSpace()
        guard i == bytes.count else { throw ReadFault(line: line, "text after the end of the JSON document") }
        return v
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 10: line += 1; i += 1
            case 32, 9, 13: i += 1
            default: return
            }
        }
    }

    private mutating func value() throws(ReadFault) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw ReadFault(line: line, "the JSON document ends early") }
        let at = line
        switch bytes[i] {
        case UInt8(ascii: "{"):
            depth += 1
            guard depth <= 64 else { throw ReadFault(line: line, "JSON nested deeper than 64 levels") }
            i += 1
            var members: [(key: [UInt8], value: JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; depth -= 1; return .object(members, line: at) }
            while true {
                skipSpace()
                guard case .string(let key, _) = try value() else { throw ReadFault(line: line, "a JSON object key must be a string") }
                try expect(UInt8(ascii: ":"))
                members.append((key, try value()))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "}"))
                depth -= 1
                return .object(members, line: at)
            }
        case UInt8(ascii: "["):
            depth += 1
            guard depth <= 64 else { throw ReadFault(line: line, "JSON nested deeper than 64 levels") }
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; depth -= 1; return .array(items, line: at) }
            while true {
                items.append(try value())
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "]"))
                depth -= 1
                if (2...3).contains(items.count), items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                    positions += 1
                    guard positions <= maximumPositions else { throw TrackReader.tooMany(line: at, limit: maximumPositions) }
                }
                return .array(items, line: at)
            }
        case UInt8(ascii: "\""):
            return .string(try string(), line: at)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let rest = bytes[i...]
            for (word, n) in [("true" as StaticString, 4), ("false", 5), ("null", 4)] where ByteText.starts(rest, with: word) {
                i += n
                return .literal(line: at)
            }
            throw ReadFault(line: line, "not JSON")
        default:
            let start = i
            while i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: ".")
                    || bytes[i] | 0x20 == UInt8(ascii: "e") || bytes[i] &- 48 < 10 { i += 1 }
            let text = bytes[start..<i]
            let number: Double? = text.isEmpty ? nil : text.withUnsafeBufferPointer { b in
                DecimalText.isPlainDecimal(b) ? DecimalText.double(b) : nil
            }
            guard let number, number.isFinite else {
                throw ReadFault(line: line, "not JSON: '\(ByteText.quoted(bytes[start..<min(max(i, start + 1), bytes.count)]))'")
            }
            return .number(number, text: text, line: at)
        }
    }

    private mutating func expect(_ c: UInt8) throws(ReadFault) {
        skipSpace()
        let shown = String(decoding: [c], as: UTF8.self)
        guard i < bytes.count else { throw ReadFault(line: line, "the JSON document ends early (expected '\(shown)')") }
        guard bytes[i] == c else { throw ReadFault(line: line, "not JSON: expected '\(shown)'") }
        i += 1
    }

    private mutating func string() throws(ReadFault) -> [UInt8] {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; return out }
            if c == 10 { throw ReadFault(line: line, "a line break inside a JSON string") }
            if c == 0 { throw ReadFault(line: line, "a NUL byte in the document") }
            if c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                // Escapes matter only for keys and type names: kept as written.
                out.append(c); out.append(bytes[i + 1]); i += 2; continue
            }
            out.append(c)
            i += 1
        }
        throw ReadFault(line: line, "a JSON string is not closed")
    }
}
