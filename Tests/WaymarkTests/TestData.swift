import Foundation
import Testing

/// Reference CSV files in `Tests/Data/` (provenance in `Tests/Data/README.md`).
enum TestData {
    static let root: URL = {
        // Tests/WaymarkTests/TestData.swift → Tests → Tests/Data
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data")
    }()

    /// Rows of a CSV file (with quoted fields) as dictionaries keyed by the header.
    static func rows(_ relativePath: String) throws -> [[String: String]] {
        let url = root.appendingPathComponent(relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard !lines.isEmpty else { return [] }
        let header = splitCSV(lines.removeFirst())
        return lines.map { line in
            let fields = splitCSV(line)
            var row: [String: String] = [:]
            for (i, name) in header.enumerated() where i < fields.count { row[name] = fields[i] }
            return row
        }
    }

    static func splitCSV(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if c == "\"" { quoted.toggle() } else if c == "," && !quoted { fields.append(current); current = "" } else { current.append(c) }
        }
        fields.append(current)
        return fields
    }
}

extension Dictionary where Key == String, Value == String {
    /// A numeric field; records a test issue and returns NaN when missing or malformed.
    func number(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
        guard let text = self[key], let v = Double(text) else {
            Issue.record("field \(key) missing or not numeric: \(self[key] ?? "nil")", sourceLocation: sourceLocation)
            return .nan
        }
        return v
    }
}

/// Deterministic pseudo-random numbers (SplitMix64) so every run tests the same points.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}

/// Signed difference of two angles in degrees, folded into [-180, 180].
func angleDifference(_ a: Double, _ b: Double) -> Double { (a - b).remainder(dividingBy: 360) }

func norm(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
