import CWaymarkText

/// Numbers written as text, the one printer of every Waymark writer: the CLI's rows and
/// files, the field-log and GPS-model writers, and the report pages (which the C API
/// writes too), so a number reads the same whichever language asked for it.
///
/// Two forms. ``appendShortest(_:to:)``: the shortest text that reads back as the same
/// double, byte for byte Swift's `Double.description` ("0.1", "100.0", "0.0001",
/// "1e-05", "9.007199254740994e+15", "5e-324", "-0.0", "inf", "nan"). Embedded Swift
/// has no `description` for floating-point numbers, so there (the C library, the wasm
/// modules) it is rebuilt from the C library's exactly rounded `%.*e` and `strtod`
/// (`appendShortestPortable(_:to:)`, which `NumberTextTests` checks against
/// `description` on millions of doubles); elsewhere (the CLI, Swift apps) Swift's own
/// printer writes the same bytes 17 times faster (0.13 µs a number against 2.2 µs,
/// which the CLI's row commands would feel). ``appendFixed(_:decimals:to:)``: `%.*f`.
///
/// Both append ASCII bytes to a buffer, no String per number (the CLI's row writers call
/// them for every value).
public enum NumberText {
    /// Appends the shortest round-trip text of `value` (Swift's `description`) to `out`:
    /// plain decimals with at least one digit after the point for 0.0001 ≤ |value| ≤ 2⁵³,
    /// otherwise `d.ddde±XX` (at least two exponent digits); "nan" for every NaN.
    @inline(__always)
    public static func appendShortest(_ value: Double, to out: inout [UInt8]) {
        #if hasFeature(Embedded)
        appendShortestPortable(value, to: &out)
        #else
        // `write(to:)` is `debugDescription` for a NaN ("-nan", "nan(0x…)"): every NaN
        // is "nan" here, as `description` and the Embedded path write it.
        if value.isNaN { out.append(contentsOf: [0x6E, 0x61, 0x6E]); return }
        var sink = ByteSink()
        swap(&sink.bytes, &out)
        value.write(to: &sink)
        swap(&sink.bytes, &out)
        #endif
    }

    #if !hasFeature(Embedded)
    /// `Double.write(to:)` formats into a stack buffer and hands the ASCII bytes to the
    /// stream's `_writeASCII`: no String is made per number.
    private struct ByteSink: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }
    #endif

    /// ``appendShortest(_:to:)``'s text made with the C library only: what Embedded
    /// Swift runs (package-visible so the tests check it where `description` exists).
    ///
    /// The digits: the fewest significant digits that read back (`strtod`) as `value`,
    /// the closest to it among those. Normal doubles need at most three tries: 15
    /// digits (any decimal of 15 or fewer digits survives a round trip through a double,
    /// so when 15 read back, the shortest is those without their trailing zeros), 16
    /// (and, at a power of two, whose lower neighbour is twice as close, the next 16-digit
    /// decimal up), else 17, which always read back. Subnormals try every length.
    package static func appendShortestPortable(_ value: Double, to out: inout [UInt8]) {
        if value.isNaN { out.append(contentsOf: [0x6E, 0x61, 0x6E]); return }   // "nan", whatever its sign
        if value.sign == .minus { out.append(0x2D) }
        let v = value.magnitude
        if v.isInfinite { out.append(contentsOf: [0x69, 0x6E, 0x66]); return }
        if v == 0 { out.append(contentsOf: [0x30, 0x2E, 0x30]); return }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 96) { text in
            let digits = shortestDigits(v, text.baseAddress!)
            layout(digits.count, digits.exponent, text.baseAddress!, v, &out)
        }
    }

    /// ``appendShortest(_:to:)`` as a String.
    public static func shortest(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendShortest(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` with exactly `decimals` digits after the point (the C library's
    /// `%.*f`, exactly rounded from the binary value: `--precision N`) to `out`. Text
    /// longer than 399 bytes (a huge value with many decimals) is cut there; a value
    /// the C library cannot print gets ``appendShortest(_:to:)``'s text instead.
    public static func appendFixed(_ value: Double, decimals: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { text in
            let n = wm_text_print_fixed(text.baseAddress!, text.count, Int32(clamping: decimals), value)
            guard n > 0 else { appendShortest(value, to: &out); return }
            let count = min(Int(n), text.count - 1)
            for i in 0..<count { out.append(UInt8(bitPattern: text[i])) }
        }
    }

    /// ``appendFixed(_:decimals:to:)`` as a String.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The shortest digits of a positive finite `v`: left in `text[0..<count]` (ASCII,
    /// no point), with `v ≈ d₀.d₁d₂… × 10^exponent`. `text` holds 96 bytes.
    private static func shortestDigits(_ v: Double, _ text: UnsafeMutablePointer<CChar>) -> (count: Int, exponent: Int) {
        func reads(_ decimals: Int) -> Bool {
            _ = wm_text_print_exponent(text, 48, Int32(decimals), v)
            return strtod(text, nil) == v
        }
        if v.isNormal {
            if reads(14) { return unpack(14, text) }
            if reads(15) { return unpack(15, text) }
            if v.significandBitPattern == 0, let up = nextUp16(v, text) { return up }
            _ = reads(16)
            return unpack(16, text)
        }
        for decimals in 0..<16 where reads(decimals) { return unpack(decimals, text) }
        _ = reads(16)
        return unpack(16, text)
    }

    /// `%.*e`'s text in `text` (`d[.ddd]e±XX`) as digits in `text[0..<count]` without
    /// their trailing zeros, and the exponent.
    private static func unpack(_ decimals: Int, _ text: UnsafeMutablePointer<CChar>) -> (count: Int, exponent: Int) {
        let e = decimals > 0 ? decimals + 2 : 1   // where the 'e' is
        var exponent = 0
        var i = e + 2
        while text[i] != 0 { exponent = exponent * 10 + Int(text[i] - 0x30); i += 1 }
        if text[e + 1] == 0x2D { exponent = -exponent }
        if decimals > 0 { for j in 0..<decimals { text[1 + j] = text[2 + j] } }   // over the point
        var count = decimals + 1
        while count > 1 && text[count - 1] == 0x30 { count -= 1 }
        return (count, exponent)
    }

    /// At a power of two the gap below is half the gap above, so the nearest 16-digit
    /// decimal (below `v`, `text` holds it) may miss while the next one up reads back.
    private static func nextUp16(_ v: Double, _ text: UnsafeMutablePointer<CChar>) -> (count: Int, exponent: Int)? {
        var (count, exponent) = unpack(15, text)
        while count < 16 { text[count] = 0x30; count += 1 }
        var i = 15
        while i >= 0 && text[i] == 0x39 { text[i] = 0x30; i -= 1 }
        if i < 0 { text[0] = 0x31; exponent += 1 } else { text[i] += 1 }
        // The candidate as "d.ddd…e±X" after the digits, for strtod.
        let candidate = text + 48
        candidate[0] = text[0]
        candidate[1] = 0x2E
        for j in 1..<16 { candidate[j + 1] = text[j] }
        candidate[17] = 0x65
        var n = 18
        if exponent < 0 { candidate[n] = 0x2D; n += 1 }
        var digits: [CChar] = []
        var e = exponent.magnitude
        repeat { digits.append(CChar(0x30 + Int(e % 10))); e /= 10 } while e > 0
        for d in digits.reversed() { candidate[n] = d; n += 1 }
        candidate[n] = 0
        guard strtod(candidate, nil) == v else { return nil }
        while count > 1 && text[count - 1] == 0x30 { count -= 1 }
        return (count, exponent)
    }

    /// Swift's layout of the digits `text[0..<count]` × 10^`exponent` (see
    /// ``appendShortest(_:to:)``); `v` is the magnitude they stand for.
    private static func layout(_ count: Int, _ exponent: Int, _ text: UnsafeMutablePointer<CChar>, _ v: Double, _ out: inout [UInt8]) {
        func digit(_ j: Int) -> UInt8 { j < count ? UInt8(bitPattern: text[j]) : 0x30 }
        if exponent >= -4 && v <= 9_007_199_254_740_992 {
            if exponent >= 0 {
                for j in 0...exponent { out.append(digit(j)) }
                out.append(0x2E)
                if count > exponent + 1 { for j in (exponent + 1)..<count { out.append(digit(j)) } } else { out.append(0x30) }
            } else {
                out.append(0x30); out.append(0x2E)
                for _ in 0..<(-exponent - 1) { out.append(0x30) }
                for j in 0..<count { out.append(digit(j)) }
            }
            return
        }
        out.append(digit(0))
        if count > 1 {
            out.append(0x2E)
            for j in 1..<count { out.append(digit(j)) }
        }
        out.append(0x65)
        out.append(exponent < 0 ? 0x2D : 0x2B)
        let e = exponent.magnitude
        if e < 10 { out.append(0x30) }
        if e >= 100 { out.append(UInt8(0x30 + e / 100)) }
        if e >= 10 { out.append(UInt8(0x30 + e / 10 % 10)) }
        out.append(UInt8(0x30 + e % 10))
    }
}
