import Testing
import WaymarkIO

/// The one number parser of every reader: Swift's `Double(String)` language, whole
/// field, NUL refused.
@Suite("number text, one parser for every reader")
struct DecimalTextTests {
    static func parse(_ text: String) -> Double? { DecimalText.double(Array(text.utf8)[...]) }

    @Test("agrees with Swift's Double(String) bit for bit on decimal, exponent, hexadecimal, inf and nan forms")
    func agreesWithSwift() {
        var corpus = ["0", "-0", "+0", "1", "-1", "55.7339", "37.588600000000000001", "1e22", "1e23", "9007199254740993",
                      "123456789012345678901234567890", "0.1", ".5", "5.", "-.5e-3", "1E+308", "1e309", "-1e-400", "4.9e-324",
                      "2.2250738585072011e-308", "0x1p3", "0X1.8P1", "inf", "-Infinity", "nan", "1e200", "1e+200",
                      "0.000000000000000000000000000001", String(repeating: "9", count: 400), "1" + String(repeating: "0", count: 130)]
        // Random decimals of 1-25 significant digits and exponents within +-330.
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 11 }
        for _ in 0..<3000 {
            var s = next() % 2 == 0 ? "-" : ""
            let digits = Int(next() % 25) + 1
            for k in 0..<digits { s += String(next() % 10); if k == 0 && next() % 3 == 0 { s += "." } }
            if next() % 2 == 0 { s += "e" + String(Int(next() % 661) - 330) }
            corpus.append(s)
        }
        for text in corpus {
            let mine = Self.parse(text), swift = Double(text)
            #expect(mine?.bitPattern == swift?.bitPattern || (mine?.isNaN == true && swift?.isNaN == true), "\(text)")
        }
    }

    @Test("refuses what Swift refuses and what C's strtod alone would take: NUL, separators, spaces, non-ASCII digits")
    func refusals() {
        let refused = ["", " 1", "1 ", "55.733_97", "１２", "55.7\u{0} 99", "55.7\u{0}", "\u{0}", "1,5", "e5", ".", "-", "0x", "1e",
                       "--1", "1e5.5", "٣"]
        for text in refused { #expect(Self.parse(text) == nil, "\(text.debugDescription)") }
        #expect(DecimalText.finite(Array(" 55.7 ".utf8)[...]) == 55.7)
        #expect(DecimalText.finite(Array("inf".utf8)[...]) == nil)
    }
}
