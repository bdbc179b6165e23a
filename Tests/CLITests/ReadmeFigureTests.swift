import Foundation
import Testing

/// The README's figures, asserted at the precision they are printed: each test runs the
/// command the README names, formats the result the way the README prints it, and
/// requires that exact text in README.md. A change in the numbers fails here until the
/// README says the new ones.
@Suite("README figures", .serialized)
struct ReadmeFigureTests {
    static let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// `waymark simulate ARGS` (100 seeded runs, the default) as key → value.
    static func simulate(_ arguments: [String]) throws -> [String: Double] {
        let r = try Waymark.run(["simulate"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        var values: [String: Double] = [:]
        for line in r.lines {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = Double(parts[1]) { values[String(parts[0])] = v }
        }
        return values
    }

    static func fixed(_ value: Double?, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value ?? .nan)
    }

    @Test("heading-correction table: robust and seed-pair RMS at 60 s / 120 s, the limit ratio, the finish error")
    func headingTable() throws {
        let scenarios: [(name: String, arguments: [String])] = [
            ("reference", []),
            ("with 60 m jumps (2 % of fixes)", ["--jumps"]),
            ("with 2°/min compass drift (60 s history)", ["--drift-deg-per-min", "2"]),
        ]
        for scenario in scenarios {
            let robust = try Self.simulate(scenario.arguments)
            let seed = try Self.simulate(scenario.arguments + ["--estimator", "seed"])
            let at60 = robust["rms_heading_error_deg_at_60s"], at120 = robust["rms_heading_error_deg_at_120s"]
            var robustCell = "\(Self.fixed(at60, 2))° / \(Self.fixed(at120, 2))°"
            if scenario.name == "reference" {
                let ratio = (at60 ?? .nan) / (robust["bound_deg_at_60s"] ?? .nan)
                robustCell = "**\(Self.fixed(at60, 2))° (\(Self.fixed(ratio, 2))× the limit) / \(Self.fixed(at120, 2))°**"
                #expect(Self.readme.contains("least-squares limit at 60 s\n\(Self.fixed(robust["bound_deg_at_60s"], 2))°"),
                        "README should print the limit as \(Self.fixed(robust["bound_deg_at_60s"], 2))°")
                let finish = Self.fixed(robust["rms_finish_error_m_at_120s"], 1)
                #expect(Self.readme.contains("120 s (robust): \(finish) m RMS"), "README should print the finish error as \(finish) m")
            }
            let seedCell = "\(Self.fixed(seed["rms_heading_error_deg_at_60s"], 1))° / \(Self.fixed(seed["rms_heading_error_deg_at_120s"], 1))°"
            let row = "| \(scenario.name) | \(robustCell) | \(seedCell) |"
            #expect(Self.readme.contains(row), "README should contain the row: \(row)")
        }
    }

    /// Three significant digits, as the README's tables print metres.
    static func significant3(_ v: Double) -> String {
        switch v {
        case ..<1: return String(format: "%.3f", v)
        case ..<10: return String(format: "%.2f", v)
        case ..<100: return String(format: "%.1f", v)
        case ..<1000: return String(format: "%.0f", v)
        default:
            let scale = pow(10, floor(log10(v)) - 2)
            return String(format: "%.0f", (v / scale).rounded() * scale)
        }
    }

    @Test("baseline error table: every README row equals waymark accuracy at three significant digits")
    func baselineTable() throws {
        let r = try Waymark.run(["accuracy"])
        #expect(r.status == 0)
        var rows: [String: [Double]] = [:]   // "latitude,distance" → the five errors
        for line in r.lines where line.first?.isNumber == true {
            let v = line.split(separator: ",").compactMap { Double($0) }
            if v.count == 7 { rows["\(Int(v[0])),\(Int(v[1]))"] = Array(v[2...]) }
        }
        var checked = 0
        for line in Self.readme.split(separator: "\n") where line.hasPrefix("| ") && line.contains("° | ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 7, let latitude = Int(cells[0].dropLast()) else { continue }
            let distanceText = cells[1]
            let distance = distanceText.hasSuffix(" km") ? Int(Double(distanceText.dropLast(3))! * 1000)
                : Int(distanceText.dropLast(2))!
            let values = try #require(rows["\(latitude),\(distance)"], "no accuracy row for \(line)")
            for k in 0..<5 {
                #expect(cells[2 + k] == Self.significant3(values[k]), "\(line): column \(k + 3) is \(Self.significant3(values[k]))")
            }
            checked += 1
        }
        #expect(checked >= 8, "README baseline rows found: \(checked)")
    }

    @Test("demo figures: 55 points, 1.9 km, haversine up to 3.2 m off, route 4.4 m short")
    func demoFigures() throws {
        let lines = try Waymark.run(["demo"]).lines
        let summary = try #require(lines.firstIndex(of: "baseline,max_error_m,rms_error_m"))
        let haversine = try #require(Double(lines[summary + 1].split(separator: ",")[1]))
        let lengths = try #require(lines.firstIndex(of: "route_length_ellipsoidal_m,route_length_haversine_m,difference_m"))
        let values = lines[lengths + 1].split(separator: ",").compactMap { Double($0) }
        let sentence = "haversine baseline is up to \(Self.fixed(haversine, 1)) m off and the route \(Self.fixed(-values[2], 1)) m short"
        #expect(Self.readme.contains(sentence), "README should say: \(sentence)")
        #expect(Self.readme.contains("55-point, \(Self.fixed(values[0] / 1000, 1)) km walking route"))
    }

    @Test("the sphere is 0.28–0.56 % off: haversine's position error over distance, every latitude, up to 2 km")
    func spherePercent() throws {
        let r = try Waymark.run(["accuracy"])
        var ratios: [Double] = []
        for line in r.lines where line.first?.isNumber == true {
            let v = line.split(separator: ",").compactMap { Double($0) }
            if v.count == 7, v[1] <= 2_000 { ratios.append(v[2] / v[1] * 100) }
        }
        let text = "\(Self.fixed(ratios.min(), 2))–\(Self.fixed(ratios.max(), 2)) % off the ellipsoid"
        #expect(Self.readme.contains(text), "README should say: \(text)")
    }
}
