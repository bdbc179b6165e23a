import Foundation
import Testing

/// `waymark simulate --log` and `waymark replay`, end to end: the log and output
/// contracts, byte-identical repeats, bad logs, and the README's measured figures.
@Suite("waymark replay and simulate --log", .serialized)
struct ReplayCLITests {
    static let logHeader = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
    static let outHeader = "t_s,progress_m,remaining_m,off_route_m,correction_deg,correction_sigma_deg,correction_state,lat,lon,"
        + "finish_x,finish_y,finish_z,finish_visible,finish_screen_x,finish_screen_y,finish_diameter_pt,hint_x,hint_y,hint_turn_deg,"
        + "label_roll_deg,arrow_count,first_arrow_along_m,first_arrow_x,first_arrow_y,first_arrow_z,anchor_sigma_m,correction_source"

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(getpid())-\(name)")
    }

    /// 150 m due north of 55.7339° N 37.5886° E and back (0.0013473° of latitude).
    static let outAndBack = "lat,lon\n55.7339,37.5886\n55.7352473,37.5886\n55.7339,37.5886\n"
    /// 300 m due north.
    static let straight = "lat,lon\n55.7339,37.5886\n55.7365946,37.5886\n"

    struct Replayed { var rows: [[String]]; var stdout: String }

    /// Simulates seed `seed` on `route` (with `simulate`'s extra arguments), replays it once
    /// per entry of `replays` (replay's extra arguments), returns the rows split into fields.
    static func simulateAndReplay(route: String, seed: Int, simulate: [String] = [], replays: [[String]]) throws -> [Replayed] {
        let routeURL = temporary("route-\(seed).csv"), logURL = temporary("log-\(seed).csv")
        defer { try? FileManager.default.removeItem(at: routeURL); try? FileManager.default.removeItem(at: logURL) }
        try route.write(to: routeURL, atomically: true, encoding: .utf8)
        let sim = try Waymark.run(["simulate", "--runs", "1", "--seed", "\(seed)", "--route", routeURL.path, "--log", logURL.path] + simulate)
        #expect(sim.status == 0, "\(sim.stderr)")
        return try replays.map { extra in
            let r = try Waymark.run(["replay", "--route", routeURL.path] + extra + [logURL.path])
            #expect(r.status == 0, "\(r.stderr)")
            let lines = r.lines
            #expect(lines.first == outHeader)
            return Replayed(rows: lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) },
                            stdout: r.stdout)
        }
    }

    static func simulateAndReplay(route: String, seed: Int, extra: [String] = []) throws -> Replayed {
        try simulateAndReplay(route: route, seed: seed, replays: [extra])[0]
    }

    @Test("simulate --log writes the contract log; replay writes one contract row per frame, byte-identical on repeat")
    func contract() throws {
        let routeURL = Self.temporary("route.csv"), logURL = Self.temporary("log.csv")
        defer { try? FileManager.default.removeItem(at: routeURL); try? FileManager.default.removeItem(at: logURL) }
        try Self.outAndBack.write(to: routeURL, atomically: true, encoding: .utf8)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--route", routeURL.path, "--log", logURL.path]).status == 0)
        let log = try String(contentsOf: logURL, encoding: .utf8)
        let logLines = log.split(separator: "\n").map(String.init)
        #expect(logLines[0] == Self.logHeader)
        #expect(logLines[1].hasPrefix("0.0,fix,") && logLines[1].hasSuffix(",,,"))
        #expect(logLines[2].hasPrefix("0.0,frame,,,,,"))
        let frames = logLines.filter { $0.contains(",frame,") }.count
        #expect(frames == 2143 && logLines.filter { $0.contains(",fix,") }.count == 215)     // 214.3 s at 10 Hz / 1 Hz
        let first = try Waymark.run(["replay", "--route", routeURL.path, logURL.path])
        #expect(first.status == 0 && first.lines.count == frames + 1 && first.lines[0] == Self.outHeader)
        #expect(try Waymark.run(["replay", "--route", routeURL.path, logURL.path]).stdout == first.stdout)
        // From standard input too (a short log: the test's pipes are not read while it
        // writes), and another viewport and field of view change the output.
        let short = logLines.prefix(60).joined(separator: "\n") + "\n"
        let shortURL = Self.temporary("short.csv")
        defer { try? FileManager.default.removeItem(at: shortURL) }
        try short.write(to: shortURL, atomically: true, encoding: .utf8)
        #expect(try Waymark.run(["replay", "--route", routeURL.path], input: short).stdout
                == Waymark.run(["replay", "--route", routeURL.path, shortURL.path]).stdout)
        let wide = try Waymark.run(["replay", "--route", routeURL.path, "--fov-deg", "90", "--viewport", "800x600", logURL.path])
        #expect(wide.status == 0 && wide.stdout != first.stdout && wide.lines.count == first.lines.count)
        let rows = first.lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.allSatisfy { $0.count == 27 })
        #expect(rows.allSatisfy { ["none", "compass", "track"].contains($0[26]) && Double($0[25]) != nil })   // the filter: an anchor σ always
        #expect(rows.allSatisfy { ["none", "estimating", "applied"].contains($0[6]) })
        #expect(rows.last![6] == "applied")
        #expect(rows[0][5].isEmpty)                                  // no σ before any estimate
        // The hint is empty exactly when the finish is visible.
        #expect(rows.allSatisfy { ($0[12] == "1") == $0[16].isEmpty })
        // Usage errors.
        #expect(try Waymark.run(["replay", logURL.path]).status == 64)
        #expect(try Waymark.run(["replay", "--route", routeURL.path, "--viewport", "390by844", logURL.path]).status == 64)
        #expect(try Waymark.run(["replay", "--route", routeURL.path, "--fov-deg", "0", logURL.path]).status == 64)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--jumps", "--log", logURL.path]).status == 64)
    }

    @Test("bad logs stop with exit 65, the line number and the reason; the rows already written are correct")
    func badLogs() throws {
        let routeURL = Self.temporary("route-bad.csv"), logURL = Self.temporary("log-bad.csv")
        defer { try? FileManager.default.removeItem(at: routeURL); try? FileManager.default.removeItem(at: logURL) }
        try Self.straight.write(to: routeURL, atomically: true, encoding: .utf8)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--duration-s", "3", "--route", routeURL.path, "--log", logURL.path]).status == 0)
        let good = try String(contentsOf: logURL, encoding: .utf8).split(separator: "\n").map(String.init)
        let full = try Waymark.run(["replay", "--route", routeURL.path], input: good.joined(separator: "\n") + "\n")
        #expect(full.status == 0)
        func broken(at index: Int, with row: String) throws -> Waymark.Result {
            var lines = good
            lines[index] = row
            return try Waymark.run(["replay", "--route", routeURL.path], input: lines.joined(separator: "\n") + "\n")
        }
        let cases: [(Int, String, String)] = [
            (0, "t,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg", "line 1: expected the header"),
            (10, "0.9,frame,,,,,0,1.4,0,0,0", "line 11: expected 12 fields, found 11"),
            (10, "0.9,walk,,,,,0,1.4,0,0,0,0", "line 11: event must be fix or frame"),
            (10, "0.05,frame,,,,,0,1.4,0,0,0,0", "line 11: t_s 0.05 is earlier than the row before"),
            (10, "0.9,frame,,,,,0,1.4,0,zero,0,0", "line 11: yaw_deg 'zero' is not a number"),
            (10, "0.9,frame,,,,,0,1.4,0,0,95,0", "line 11: pitch_deg 95 is outside [-90, 90]"),
            (10, "0.9,frame,55.7,,,,0,1.4,0,0,0,0", "line 11: lat must be empty in a frame row"),
            (12, "1.0,fix,91,37.5886,,5,0,1.4,0,,,", "line 13: lat 91 is outside [-90, 90]"),
            (12, "1.0,fix,55.7339,37.5886,,0,0,1.4,0,,,", "line 13: accuracy_m must be positive"),
            (12, "1.0,fix,55.7339,37.5886,,5,0,1.4,0,0,,", "line 13: yaw_deg must be empty in a fix row"),
            (12, "1.0,fix,55.7339,37.5886,,5,nan,1.4,0,,,", "line 13: x 'nan' is not finite"),
            // Impossible values are reported on the line that holds them, not on the next
            // frame's: a time later than both neighbours, and values beyond the
            // navigator's ±1e12 m (a height of 1e200 was once taken without a word).
            (12, "1e200,fix,55.7339,37.5886,,5,0,1.4,0,,,", "line 13: t_s 1e200 is later than the next row's 1.0 (line 14)"),
            (10, "1e200,frame,,,,,0,1.4,0,0,0,0", "line 11: t_s 1e200 is later than the next row's"),
            (12, "1.0,fix,55.7339,37.5886,1e200,5,0,1.4,0,,,", "line 13: h 1e200 is beyond ±1e12 m"),
            (12, "1.0,fix,55.7339,37.5886,,5,1e200,1.4,0,,,", "line 13: x 1e200 is beyond ±1e12 m"),
            (12, "1.0,fix,55.7339,37.5886,,1e200,0,1.4,0,,,", "line 13: accuracy_m 1e200 is beyond ±1e12 m"),
            (10, "0.9,frame,,,,,0,-1e200,0,0,0,0", "line 11: y -1e200 is beyond ±1e12 m"),
        ]
        for (index, row, message) in cases {
            let r = try broken(at: index, with: row)
            #expect(r.status == 65 && r.stderr.contains(message), "\(row): \(r.stderr)")
            // Everything written before the bad row is exactly what a full run writes.
            #expect(full.stdout.hasPrefix(r.stdout), "\(row)")
            let framesBefore = index == 0 ? 0 : good[1..<index].filter { $0.contains(",frame,") }.count
            #expect(r.lines.count == (index == 0 ? 0 : 1 + framesBefore), "\(row)")
        }
        // An empty fix height is fine (fixes without heights).
        let noHeight = try broken(at: 12, with: "1.0,fix,55.7339,37.5886,,5,0,1.4,0,,,")
        #expect(noHeight.status == 0)
    }

    @Test("--route-heights: EGM96 heights raise the route by the undulation; none puts it on the ground")
    func routeHeights() throws {
        let routeURL = Self.temporary("route-h.csv"), logURL = Self.temporary("log-h.csv")
        defer { try? FileManager.default.removeItem(at: routeURL); try? FileManager.default.removeItem(at: logURL) }
        // 300 m north at height 0 (the log's fixes: ellipsoidal, the device 1.4 m up).
        try "lat,lon,h\n55.7339,37.5886,0\n55.7365946,37.5886,0\n".write(to: routeURL, atomically: true, encoding: .utf8)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--duration-s", "20", "--route", routeURL.path, "--log", logURL.path]).status == 0)
        func lastFinishY(_ heights: String, _ estimator: String) throws -> Double {
            let r = try Waymark.run(["replay", "--route", routeURL.path, "--route-heights", heights, "--estimator", estimator, logURL.path])
            #expect(r.status == 0, "\(r.stderr)")
            return Double(r.lines.last!.split(separator: ",", omittingEmptySubsequences: false)[10])!
        }
        // The window fits take the route's heights at face value against the fixes' heights.
        let ellipsoidal = try lastFinishY("ellipsoidal", "robust"), orthometric = try lastFinishY("orthometric", "robust")
        let none = try lastFinishY("none", "robust")
        let undulation = try Waymark.run(["geoid", "--undulation"], input: "55.7365946,37.5886\n")
        let n = Double(undulation.lines.last!)!
        #expect(abs(orthometric - ellipsoidal - n) < 0.05, "\(orthometric) \(ellipsoidal) \(n)")
        #expect(abs(ellipsoidal) < 0.5 && abs(none) < 0.5)
        // The filter lays the route under the walking user (it trusts the route's shape
        // more than GPS heights): a flat route's finish is on the ground whatever its datum.
        for heights in ["ellipsoidal", "orthometric", "none"] {
            let y = try lastFinishY(heights, "filter")
            #expect(abs(y) < 0.5, "\(heights): \(y)")
        }
        #expect(try Waymark.run(["replay", "--route", routeURL.path, "--route-heights", "sea", logURL.path]).status == 64)
    }

    /// RMS over `values`.
    static func rms(_ values: [Double]) -> Double { (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot() }

    /// README.md, for the figures it prints; `flatReadme` with its line breaks as spaces
    /// (for sentences that wrap).
    static var readme: String { ReadmeFigureTests.readme }
    static var flatReadme: String { readme.replacingOccurrences(of: "\n", with: " ") }

    @Test("README figures: heading error over time (straight 300 m, 20 seeds, filter and window fits) and progress error (150 m out and back, 10 seeds)")
    func measuredFigures() throws {
        // Heading: correction − 15° at 30, 60, 120, 200 s on the reference walk, by walk
        // (white GPS noise; 4 m of its 5 m σ slowly varying over 30 s; with compass readings) and estimator.
        let filter: [String] = [], robust = ["--estimator", "robust"], white = ["--filter-gps-correlated-share", "0"]
        let walks: [(simulate: [String], rows: [(name: String, replay: [String])])] = [
            ([], [("filter (`replay`, the default)", filter), ("filter told the noise is white (`replay --filter-gps-correlated-share 0`)", white),
                  ("window fits (`replay --estimator robust`)", robust)]),
            (["--gps-correlated-share", "0.8"], [("filter, GPS error slowly varying: share 0.8 over 30 s (`simulate --gps-correlated-share 0.8`)", filter),
                                                 ("filter told that model (`replay --filter-gps-correlated-share 0.8 --filter-gps-correlation-s 30`)",
                                                  ["--filter-gps-correlated-share", "0.8", "--filter-gps-correlation-s", "30"]),
                                                 ("window fits, the same walks", robust)]),
            (["--compass-sigma-deg", "10"], [("filter with compass readings, σ 10° (`simulate --compass-sigma-deg 10`)", filter)]),
        ]
        let times: [Double] = [30, 60, 120, 200]
        var firstApplied: [String: [Double]] = [:]
        for walk in walks {
            var errors = [[[Double]]](repeating: [[Double]](repeating: [], count: times.count), count: walk.rows.count)
            for seed in 1...20 {
                let replayed = try Self.simulateAndReplay(route: Self.straight, seed: seed, simulate: walk.simulate, replays: walk.rows.map(\.replay))
                for (k, r) in replayed.enumerated() {
                    for (j, t) in times.enumerated() {
                        let row = try #require(r.rows.first { Double($0[0])! >= t - 1e-9 })
                        errors[k][j].append(Double(row[4])! - 15)
                    }
                    let first = r.rows.first { $0[6] == "applied" }.map { Double($0[0])! } ?? .infinity
                    firstApplied[walk.rows[k].name, default: []].append(first)
                }
            }
            for (k, row) in walk.rows.enumerated() {
                let cells = errors[k].map { String(format: "%.1f°", Self.rms($0)) }
                let line = "| \(row.name) | " + cells.joined(separator: " | ") + " |"
                print(line)
                let found = Self.readme.contains(line)
                #expect(found, "README should contain the row: \(line)")
            }
        }
        // When the first correction is applied: the median and the latest of the 20 runs.
        func when(_ name: String) -> (median: String, last: String) {
            let v = firstApplied[name]!.sorted()
            return (String(format: "%.0f s", v[v.count / 2]), String(format: "%.0f s", v.last!))
        }
        let f = when(walks[0].rows[0].name), told = when(walks[0].rows[1].name), w = when(walks[0].rows[2].name)
        let c = when(walks[2].rows[0].name)
        for sentence in ["the filter applies it after \(f.median) (the median of the 20 runs; every run by \(f.last))",
                         "told the noise is white, after \(told.median) (every run by \(told.last))",
                         w.median == w.last ? "the window fits after \(w.median) in every run" : "the window fits after \(w.median) (every run by \(w.last))",
                         "with compass readings the filter applies it after \(c.median) (every run by \(c.last))"] {
            print(sentence)
            let found = Self.flatReadme.contains(sentence)
            #expect(found, "README should say: \(sentence)")
        }
        // Progress: remaining_m against the truth (1.4 m/s along 300 m of route) for every frame.
        var worst = [0.0, 0.0], worstTime = [0.0, 0.0], all: [[Double]] = [[], []], back: [[Double]] = [[], []]
        for seed in 1...10 {
            let replayed = try Self.simulateAndReplay(route: Self.outAndBack, seed: seed, replays: [filter, robust])
            for (k, r) in replayed.enumerated() {
                var previous = -Double.infinity
                for row in r.rows {
                    let t = Double(row[0])!, progress = Double(row[1])!, remaining = Double(row[2])!
                    #expect(progress >= previous)
                    previous = progress
                    let length = progress + remaining
                    let error = abs(remaining - (length - min(1.4 * t, length)))
                    if error > worst[k] { worst[k] = error; worstTime[k] = t }
                    all[k].append(error)
                    if 1.4 * t > 160 { back[k].append(error) }
                }
            }
        }
        let p = (0..<2).map { k in [Self.rms(all[k]), worst[k], Self.rms(back[k])].map { String(format: "%.1f", $0) } }
        let sentence = "off by \(p[0][0]) m RMS over the whole walk (worst \(p[0][1]) m, in the first seconds while few fixes anchor the frame) "
            + "and \(p[0][2]) m RMS on the way back (the window fits: \(p[1][0]) m, \(p[1][1]) m and \(p[1][2]) m)"
        print(sentence)
        let found = Self.flatReadme.contains(sentence)
        #expect(found, "README should say: \(sentence)")
        #expect(worstTime.allSatisfy { $0 < 5 })                      // while the first fixes anchor the frame
    }
}

@Suite("waymark simulate output files")
struct SimulateOutputFileTests {
    @Test("--log and --svg to a path that cannot be written: exit 74 naming it; a large input does not deadlock the harness")
    func unwritable() throws {
        for flag in ["--log", "--svg"] {
            let r = try Waymark.run(["simulate", "--runs", "1", flag, "/nonexistent-dir/out"])
            #expect(r.status == 74 && r.stderr.contains("/nonexistent-dir/out"), "\(flag): \(r.status) \(r.stderr)")
        }
        // 200,000 rows in and out (several MB each way) through the pipes at once.
        let rows = String(repeating: "55.7359,37.5943,156.5\n", count: 200_000)
        let r = try Waymark.run(["scene", "--origin", "55.73397,37.58864,158"], input: rows)
        #expect(r.status == 0 && r.lines.count == 200_001)
    }
}
