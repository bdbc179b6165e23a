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
}
