import Foundation
import Testing

/// The README's navigator table: each row is one `waymark simulate --navigator` command
/// (the common flags below plus the row's), its figures asserted at the precision the
/// README prints them. Rows run in parallel: each is 30 walks of 600 s.
@Suite("README navigator table")
struct NavigatorTableTests {
    /// The walk every row shares: the built-in sample route for 600 s at 1.4 m/s, frames
    /// every 0.5 s (the tests' interval), an AR session drifting 1°/√min and 0.1 m/√m,
    /// 30 seeded runs (1…30).
    static let common = ["--navigator", "--route", "sample", "--duration-s", "600", "--runs", "30", "--frame-interval-s", "0.5",
                         "--yaw-drift-deg", "1", "--position-drift-m", "0.1"]

    struct Row: Sendable, CustomStringConvertible {
        var flags: [String]
        var description: String { flags.joined(separator: " ") }
    }

    static let rows: [Row] = [
        Row(flags: ["--gps-correlated-share", "0.96", "--gps-correlation-s", "60"]),
        Row(flags: ["--gps-correlated-share", "0.96", "--gps-correlation-s", "60", "--estimator", "robust"]),
        Row(flags: ["--gps-correlated-share", "0.8", "--filter-gps-correlated-share", "0.8", "--filter-gps-correlation-s", "30"]),
        Row(flags: ["--gps-correlated-share", "0.8"]),
        Row(flags: ["--gps-correlated-share", "0.8", "--estimator", "robust"]),
        Row(flags: ["--filter-gps-correlated-share", "0"]),
        Row(flags: ["--estimator", "robust"]),
        Row(flags: ["--gps-correlated-share", "0.8", "--velocity-sigma-mps", "0.2", "--lateral-offset-m", "1:6"]),
        Row(flags: ["--gps-correlated-share", "0.8", "--velocity-sigma-mps", "0.2", "--lateral-offset-m", "1:6", "--route-evidence", "on"]),
    ]

    /// The README's row for `row`: the flags, heading p95, first-arrow p95 with its range
    /// over blocks of 10 runs, progress p95, and the 2σ shares (the fits have no σ).
    static func text(_ row: Row, _ v: [String: Double]) -> String {
        func f(_ key: String, _ unit: String) -> String { ReadmeFigureTests.fixed(v[key], 1) + unit }
        func percent(_ key: String) -> String { "\(Int((100 * (v[key] ?? .nan)).rounded(.down))) %" }
        let sigma = v["anchor_within_2sigma"].map { $0.isNaN } ?? true ? "—" : "\(percent("heading_within_2sigma")) / \(percent("anchor_within_2sigma"))"
        return "| `\(row.flags.joined(separator: " "))` | \(f("heading_error_deg_p95", "°")) | "
            + "\(f("first_arrow_error_m_p95", " m")) (\(f("first_arrow_error_m_p95_min_per_10_runs", ""))–"
            + "\(f("first_arrow_error_m_p95_max_per_10_runs", " m"))) | \(f("progress_error_m_p95", " m")) | \(sigma) |"
    }

    @Test("each row of the README's navigator table is what its command prints", arguments: rows)
    func row(_ row: Row) throws {
        let values = try ReadmeFigureTests.simulate(Self.common + row.flags)
        let line = Self.text(row, values)
        print("ROW " + line)
        #expect(ReadmeFigureTests.readme.contains(line), "README should contain the row: \(line)")
    }
}
