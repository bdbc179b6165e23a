/// Byte-level text helpers the readers share. The readers compare and slice UTF-8 bytes
/// and never Strings: String comparison and Character counting need the Unicode tables,
/// which an Embedded library would have to carry for no gain (every name a reader looks
/// for is ASCII).
enum ByteText {
    /// Space, tab, CR or LF.
    @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    /// `bytes` without surrounding spaces, tabs, CRs and LFs.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = bytes
        while let c = s.first, isSpace(c) { s = s.dropFirst() }
        while let c = s.last, isSpace(c) { s = s.dropLast() }
        return s
    }

    /// Whether `bytes` are exactly `name`'s (ASCII).
    @inline(__always)
    static func equals(_ bytes: ArraySlice<UInt8>, _ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard bytes.count == n else { return false }
        let p = name.utf8Start
        var k = 0
        for c in bytes {
            if c != p[k] { return false }
            k += 1
        }
        return true
    }

    /// Whether two byte runs are the same bytes.
    static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var j = b.startIndex
        for c in a {
            if c != b[j] { return false }
            j += 1
        }
        return true
    }

    /// Whether `bytes` start with `prefix`'s.
    static func starts(_ bytes: ArraySlice<UInt8>, with prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        let p = prefix.utf8Start
        var i = bytes.startIndex
        for k in 0..<n {
            if bytes[i] != p[k] { return false }
            i += 1
        }
        return true
    }

    /// Input text quoted in a message: at most `limit` bytes of it (cut before a UTF-8
    /// continuation byte, so no character is split), each ASCII control byte written
    /// `\x1b`-style (as the CLI escapes what it prints), so a message never carries one
    /// to a terminal.
    static func quoted(_ bytes: ArraySlice<UInt8>, limit: Int = 40) -> String {
        var end = bytes.startIndex + min(limit, bytes.count)
        while end > bytes.startIndex, end < bytes.endIndex, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        var out: [UInt8] = []
        out.reserveCapacity(end - bytes.startIndex)
        for c in bytes[bytes.startIndex..<end] {
            if c < 32 || c == 127 {
                let digits: StaticString = "0123456789abcdef"
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits.utf8Start[Int(c >> 4)], digits.utf8Start[Int(c & 15)]])
            } else {
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A byte in upper-case hexadecimal, without leading zeros (0 → "0").
    static func hex(_ c: UInt8) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        let p = digits.utf8Start
        if c < 16 { return String(decoding: [p[Int(c)]], as: UTF8.self) }
        return String(decoding: [p[Int(c >> 4)], p[Int(c & 15)]], as: UTF8.self)
    }

    /// A static string's text.
    static func text(_ s: StaticString) -> String {
        String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
    }

    /// `value / 10^places` written exactly, trailing zeros dropped but one decimal kept
    /// ("557.39528", "-90.0"): how a fixed-point coordinate is quoted in a message (the
    /// shortest double would need a floating-point printer an Embedded library lacks).
    static func fixedPoint(_ value: Int64, places: Int) -> String {
        let negative = value < 0
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        for _ in 0..<places { digits.append(UInt8(magnitude % 10) + 48); magnitude /= 10 }
        while digits.count > 1, digits.first == 48 { digits.removeFirst() }
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        var whole: [UInt8] = []
        repeat { whole.append(UInt8(magnitude % 10) + 48); magnitude /= 10 } while magnitude > 0
        out += whole.reversed()
        out.append(UInt8(ascii: "."))
        out += digits.reversed()
        return String(decoding: out, as: UTF8.self)
    }

    /// "1 point", "2 points".
    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
