#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import WaymarkIO

/// The one number printer of every writer (CLI rows, files, report pages, the C API's
/// pages): Swift's `description`, rebuilt from the C library for Embedded Swift (which
/// has no `description` for doubles); both paths are checked here against it.
@Suite("number text, one printer for every writer")
struct NumberTextTests {
    /// Any mismatch, as the double's bits and both texts (one failure line, not millions).
    static func firstMismatch<S: Sequence>(_ values: S) -> String? where S.Element == Double {
        var bytes: [UInt8] = []
        for v in values {
            bytes.removeAll(keepingCapacity: true)
            NumberText.appendShortestPortable(v, to: &bytes)
            let portable = String(decoding: bytes, as: UTF8.self)
            bytes.removeAll(keepingCapacity: true)
            NumberText.appendShortest(v, to: &bytes)
            let mine = String(decoding: bytes, as: UTF8.self)
            if portable != v.description || mine != portable {
                return "bits \(String(v.bitPattern, radix: 16)): \(portable) (C library), \(mine) vs \(v.description)"
            }
        }
        return nil
    }

    @Test("shortest: Swift's description byte for byte on edge values, every power of two and its neighbours, powers of ten")
    func edges() {
        var values: [Double] = [0, -0.0, .infinity, -.infinity, .nan, -.nan, .signalingNaN, .leastNonzeroMagnitude,
                                .leastNormalMagnitude, .greatestFiniteMagnitude, 1, 0.1, 0.2, 0.30000000000000004, 100, 1e15, 1e16,
                                9_007_199_254_740_992, 9_007_199_254_740_993, 9_007_199_254_740_994, 9.5e15, 0.0001, 1e-5,
                                5e-324, 1e-323, 2.2250738585072009e-308, 1.7976931348623157e308, 1e21, 1e22, 1e23, 123456789012345678,
                                55.7339, 37.5886, -7.000000000000001, 1.5949729286201001e-10]
        for k in -1074...1023 {
            let p = Double(sign: .plus, exponent: k, significand: 1)
            values += [p, p.nextUp, p.nextDown, -p]
        }
        for k in -323...308 {
            let p = Double("1e\(k)")!
            values += [p, p.nextUp, p.nextDown, 9 * p, 5 * p]
        }
        #expect(Self.firstMismatch(values) == nil)
    }

    @Test("shortest: Swift's description byte for byte on a million random bit patterns and a million everyday numbers")
    func random() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state }
        let bits = (0..<1_000_000).lazy.map { _ in Double(bitPattern: next()) }
        #expect(Self.firstMismatch(bits) == nil)
        // Coordinates, metres, seconds: values near where the CLI's numbers live, and
        // short decimals (few digits, the 15-digit try), and subnormals.
        let everyday = (0..<1_000_000).lazy.map { i -> Double in
            let u = Double(next() >> 11) / 9_007_199_254_740_992
            switch i % 5 {
            case 0: return 360 * u - 180
            case 1: return (u - 0.5) * 2e7
            case 2: return (Double(Int(u * 1e6)) / 1000)
            case 3: return u * 1e-3
            default: return Double(bitPattern: next() >> 12)   // subnormal
            }
        }
        #expect(Self.firstMismatch(everyday) == nil)
    }

    @Test("fixed: the C library's %.*f, and shortest's text for what it cannot print")
    func fixed() {
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let v = Double(bitPattern: state), decimals = Int(state >> 60)
            var expected = [CChar](repeating: 0, count: 400)
            let n = withVaList([Int32(decimals), v]) { vsnprintf(&expected, 400, "%.*f", $0) }
            let text = String(decoding: expected.prefix(min(Int(n), 399)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(NumberText.fixed(v, decimals: decimals) == text)
        }
        #expect(NumberText.fixed(2.5, decimals: 0) == "2")
        #expect(NumberText.fixed(-0.125, decimals: 2) == "-0.12")
        #expect(NumberText.fixed(.nan, decimals: 3) == "nan")
    }
}
