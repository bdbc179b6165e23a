import Foundation
import Testing

/// Issue 22's CLI: field logs with compass readings and tracking changes (the extended
/// header), `replay --estimator/--alignment` and its two appended columns, the old
/// window fits replaying an old log exactly as before, `simulate`'s walk models and
/// `simulate --navigator`, and the flag combinations refused.
@Suite("field logs with compass and tracking; replay --estimator/--alignment; simulate --navigator", .serialized)
struct NavigatorCLITests {
    static let extendedHeader = ReplayCLITests.logHeader + ",true_heading_deg,heading_accuracy_deg,tracking"
    /// 150 m north, then 150 m east.
    static let turn = "lat,lon\n55.7339,37.5886\n55.7352473,37.5886\n55.7352473,37.5910\n"

    static func split(_ line: String) -> [String] { line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }

    /// A scratch directory with the turn route in it, removed by the caller.
    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-nav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try turn.write(to: dir.appendingPathComponent("route.csv"), atomically: true, encoding: .utf8)
        return dir
    }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/cli_golden")

    /// The walk with every new event: compass readings, a reset, an interval of limited tracking.
    static let eventful = ["--compass-sigma-deg", "5", "--reset-at", "20", "--limited", "30:34"]

    @Test("simulate --log with compass readings and tracking changes writes the extended log; replay reads it back")
    func roundTrip() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("route.csv").path, log = dir.appendingPathComponent("walk.csv")
        let sim = try Waymark.run(["simulate", "--runs", "1", "--seed", "4", "--route", route, "--duration-s", "60", "--log", log.path] + Self.eventful)
        #expect(sim.status == 0, "\(sim.stderr)")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[0] == Self.extendedHeader)
        let rows = lines.dropFirst().map(Self.split)
        #expect(rows.allSatisfy { $0.count == 15 })
        let fixes = rows.filter { $0[1] == "fix" }, frames = rows.filter { $0[1] == "frame" }
        let headings = rows.filter { $0[1] == "heading" }, tracking = rows.filter { $0[1] == "tracking" }
        #expect(fixes.count == 61 && frames.count == 601 && headings.count == 121)    // 1 Hz, 10 Hz, every 0.5 s
        #expect(fixes.allSatisfy { $0[12...14].allSatisfy(\.isEmpty) && $0[9...11].allSatisfy(\.isEmpty) })
        #expect(frames.allSatisfy { $0[2...5].allSatisfy(\.isEmpty) && $0[12...14].allSatisfy(\.isEmpty) })
        // A reading: the camera's pose, the true heading of its viewing direction and its σ.
        #expect(headings.allSatisfy { $0[2...5].allSatisfy(\.isEmpty) && $0[6...13].allSatisfy { Double($0) != nil } && $0[13] == "5.0" && $0[14].isEmpty })
        #expect(tracking.map { [$0[0], $0[14]] } == [["20.0", "reset"], ["30.0", "limited"], ["34.1", "normal"]])
        #expect(tracking.allSatisfy { $0[2...13].allSatisfy(\.isEmpty) })
        // In time order; at one time a tracking change comes first (the fix's scene
        // position is the new session's), then the fix, the reading and the frame.
        let times = rows.map { Double($0[0])! }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        let at20 = rows.filter { $0[0] == "20.0" }.map { $0[1] }
        #expect(at20 == ["tracking", "fix", "heading", "frame"])

        let r = try Waymark.run(["replay", "--route", route, log.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines[0] == ReplayCLITests.outHeader && r.lines.count == frames.count + 1)
        #expect(try Waymark.run(["replay", "--route", route, log.path]).stdout == r.stdout)      // byte-identical on repeat
        let out = r.lines.dropFirst().map(Self.split)
        #expect(out.allSatisfy { $0.count == 27 })
        #expect(out.allSatisfy { ["none", "compass", "track"].contains($0[26]) })
        // The filter: an anchor σ from the first fix on; the compass applies the correction at once.
        #expect(out.allSatisfy { Double($0[25]) != nil && Double($0[25])! > 0 })
        #expect(out[0][6] == "applied" && out[0][26] == "compass")
        // After the reset the session's compass is 25° further off: the correction follows it.
        let before = Double(try #require(out.first { $0[0] == "19.9" })[4])!, after = Double(out.last![4])!
        #expect(abs(before - 15) < 6 && abs(after + 10) < 6, "\(before) \(after)")

        // The window fits read the same log, take no compass and give no anchor σ.
        let fits = try Waymark.run(["replay", "--route", route, "--estimator", "robust", log.path])
        #expect(fits.status == 0 && fits.lines.count == r.lines.count)
        let fitRows = fits.lines.dropFirst().map(Self.split)
        #expect(fitRows.allSatisfy { $0[25].isEmpty && $0[26] != "compass" })
        #expect(fitRows[0][6] == "none")
    }

    @Test("both headers are read: an extended log without new events replays as its twelve-column twin; the new rows alone change it")
    func headerVariants() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("route.csv").path
        let plain = dir.appendingPathComponent("plain.csv"), extended = dir.appendingPathComponent("extended.csv")
        let full = dir.appendingPathComponent("full.csv")
        // Without compass readings or tracking changes the log keeps the original header.
        #expect(try Waymark.run(["simulate", "--runs", "1", "--route", route, "--duration-s", "40", "--log", plain.path]).status == 0)
        let plainText = try String(contentsOf: plain, encoding: .utf8)
        #expect(plainText.hasPrefix(ReplayCLITests.logHeader + "\n0.0,fix,"))
        let widened = plainText.split(separator: "\n").enumerated().map { $0.offset == 0 ? Self.extendedHeader : $0.element + ",,," }
        try (widened.joined(separator: "\n") + "\n").write(to: extended, atomically: true, encoding: .utf8)
        let a = try Waymark.run(["replay", "--route", route, plain.path]), b = try Waymark.run(["replay", "--route", route, extended.path])
        #expect(a.status == 0 && b.status == 0 && a.stdout == b.stdout)

        // The same walk with compass readings: dropping the new rows and columns gives the
        // plain log exactly (the readings draw from their own generator).
        #expect(try Waymark.run(["simulate", "--runs", "1", "--route", route, "--duration-s", "40", "--log", full.path,
                                 "--compass-sigma-deg", "8"]).status == 0)
        let fullLines = try String(contentsOf: full, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(fullLines[0] == Self.extendedHeader)
        let stripped = fullLines.filter { !$0.contains(",heading,") }.enumerated()
            .map { $0.offset == 0 ? ReplayCLITests.logHeader : String($0.element.dropLast(3)) }
        #expect(stripped.joined(separator: "\n") + "\n" == plainText)
        let c = try Waymark.run(["replay", "--route", route, full.path])
        #expect(c.status == 0 && c.lines.count == a.lines.count && c.stdout != a.stdout)
        // The window fits ignore the readings: the output is the plain log's.
        let fitsPlain = try Waymark.run(["replay", "--route", route, "--estimator", "robust", plain.path])
        let fitsFull = try Waymark.run(["replay", "--route", route, "--estimator", "robust", full.path])
        #expect(fitsPlain.status == 0 && fitsPlain.stdout == fitsFull.stdout)
    }

    @Test("malformed heading and tracking rows, and new rows or columns where they do not belong: exit 65 with the line and the reason")
    func badRows() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("route.csv").path, log = dir.appendingPathComponent("walk.csv")
        #expect(try Waymark.run(["simulate", "--runs", "1", "--route", route, "--duration-s", "3", "--log", log.path,
                                 "--compass-sigma-deg", "5", "--reset-at", "2"]).status == 0)
        let good = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(good[1].hasPrefix("0.0,fix,") && good[2].hasPrefix("0.0,heading,") && good[3].hasPrefix("0.0,frame,"))
        let full = try Waymark.run(["replay", "--route", route], input: good.joined(separator: "\n") + "\n")
        #expect(full.status == 0, "\(full.stderr)")
        let heading = "0.0,heading,,,,,0,1.4,0,-15,0,0"
        let cases: [(Int, String, String)] = [
            (0, ReplayCLITests.logHeader + ",true_heading_deg,heading_accuracy_deg", "line 1: expected the header"),
            (0, ReplayCLITests.logHeader + ",tracking,true_heading_deg,heading_accuracy_deg", "line 1: expected the header"),
            (2, heading + ",-4,0,", "line 3: heading_accuracy_deg 0 is outside (0, 180]"),
            (2, heading + ",-4,181,", "line 3: heading_accuracy_deg 181 is outside (0, 180]"),
            (2, heading + ",,5,", "line 3: true_heading_deg is empty"),
            (2, heading + ",north,5,", "line 3: true_heading_deg 'north' is not a number"),
            (2, heading + ",-4,5,normal", "line 3: tracking must be empty in a heading row"),
            (2, "0.0,heading,55.7339,,,,0,1.4,0,-15,0,0,-4,5,", "line 3: lat must be empty in a heading row"),
            (2, "0.0,heading,,,,,0,1.4,0,-15,95,0,-4,5,", "line 3: pitch_deg 95 is outside [-90, 90]"),
            (2, "0.0,heading,,,,,,1.4,0,-15,0,0,-4,5,", "line 3: x is empty"),
            (2, heading + ",-4,5", "line 3: expected 15 fields, found 14"),
            (2, "0.0,tracking,,,,,,,,,,,,,paused", "line 3: tracking must be normal, limited or reset, found 'paused'"),
            (2, "0.0,tracking,,,,,,,,,,,,,", "line 3: tracking is empty"),
            (2, "0.0,tracking,,,,,0,,,,,,,,reset", "line 3: x must be empty in a tracking row"),
            (2, "0.0,tracking,,,,,,,,,,,-4,,reset", "line 3: true_heading_deg must be empty in a tracking row"),
            (2, "0.0,compass,,,,,0,1.4,0,-15,0,0,-4,5,", "line 3: event must be fix, frame, heading or tracking, found 'compass'"),
            (1, String(good[1].dropLast(3)) + ",10,,", "line 2: true_heading_deg must be empty in a fix row"),
            (3, String(good[3].dropLast(3)) + ",,,reset", "line 4: tracking must be empty in a frame row"),
            (3, String(good[3].dropLast(3)), "line 4: expected 15 fields, found 12"),
        ]
        for (index, row, message) in cases {
            var lines = good
            lines[index] = row
            let r = try Waymark.run(["replay", "--route", route], input: lines.joined(separator: "\n") + "\n")
            #expect(r.status == 65 && r.stderr.contains(message), "\(row): \(r.status) \(r.stderr)")
            #expect(full.stdout.hasPrefix(r.stdout), "\(row)")
        }
        // New rows in a twelve-column log name the header they need.
        let plain = [ReplayCLITests.logHeader, String(good[1].dropLast(3)), "0.0,heading,,,,,0,1.4,0,-15,0,0"]
        let r = try Waymark.run(["replay", "--route", route], input: plain.joined(separator: "\n") + "\n")
        #expect(r.status == 65 && r.stderr.contains("line 3: heading rows need the header ending ,true_heading_deg,heading_accuracy_deg,tracking"),
                "\(r.stderr)")
        let walk = [ReplayCLITests.logHeader, "0.0,walk,,,,,0,1.4,0,0,0,0"]
        let w = try Waymark.run(["replay", "--route", route], input: walk.joined(separator: "\n") + "\n")
        #expect(w.status == 65 && w.stderr.contains("line 2: event must be fix or frame, found 'walk'"), "\(w.stderr)")
    }

    @Test("replay --estimator robust on an old log gives the old CLI's rows exactly, then anchor_sigma_m and correction_source")
    func oldLogGolden() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("route.csv").path
        // Tests/Data/cli_golden/replay_walk.csv: `waymark simulate --runs 1 --seed 3 --route ROUTE --duration-s 150 --log`
        // by the CLI before issue 22 (commit 0c39d88), every fix and every tenth line's frame;
        // replay_walk_robust.out: that CLI's `replay --route ROUTE` of it, on the AVX2 + FMA path
        // (AVX-512: the same bits); its lat and lon regenerated in issue 39, when that path's
        // scene → geo near the origin became a one-step method (Tests/Data/README.md).
        let log = Self.golden.appendingPathComponent("replay_walk.csv").path
        let old = try String(contentsOf: Self.golden.appendingPathComponent("replay_walk_robust.out"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let r = try Waymark.run(["replay", "--route", route, "--estimator", "robust", log])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == old.count && old.count == 151)
        #expect(r.lines[0] == old[0] + ",anchor_sigma_m,correction_source")
        for (new, before) in zip(r.lines.dropFirst(), old.dropFirst()) {
            let fields = Self.split(new)
            #expect(fields.dropLast(2).joined(separator: ",") == before)
            #expect(fields[25].isEmpty)
            #expect(fields[26] == (Self.split(before)[6] == "applied" ? "track" : "none"))
        }
        #expect(old.dropFirst().contains { Self.split($0)[6] == "applied" } && old.dropFirst().contains { Self.split($0)[6] == "estimating" })
        // The article's pairs and the filter read it too, each its own way.
        let seed = try Waymark.run(["replay", "--route", route, "--estimator", "seed", log])
        let filter = try Waymark.run(["replay", "--route", route, log])
        #expect(seed.status == 0 && filter.status == 0 && seed.lines.count == 151 && filter.lines.count == 151)
        #expect(seed.stdout != r.stdout && filter.stdout != r.stdout && filter.stdout != seed.stdout)
        #expect(try Waymark.run(["replay", "--route", route, "--estimator", "filter", log]).stdout == filter.stdout)
        #expect(filter.lines.dropFirst().allSatisfy { !Self.split($0)[25].isEmpty })

        // The same walk simulated now: the same log but for the accuracy column, now the
        // 68 % radius (5 m per axis: 7.55 m) rather than σ.
        let now = dir.appendingPathComponent("now.csv")
        #expect(try Waymark.run(["simulate", "--runs", "1", "--seed", "3", "--route", route, "--duration-s", "150", "--log", now.path]).status == 0)
        let lines = try String(contentsOf: now, encoding: .utf8).split(separator: "\n").map(String.init)
        let thinned = lines.enumerated().filter { $0.offset == 0 || $0.element.contains(",fix,") || ($0.element.contains(",frame,") && ($0.offset + 1) % 10 == 0) }
            .map(\.element)
        let before = try String(contentsOf: URL(fileURLWithPath: log), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(thinned.count == before.count)
        for (a, b) in zip(thinned, before) {
            var x = Self.split(a), y = Self.split(b)
            if x[1] == "fix" {
                #expect(x[5] == "7.547960927258318" && y[5] == "5.0")
                x[5] = ""; y[5] = ""
            }
            #expect(x == y)
        }
    }

    @Test("replay --estimator and --alignment: the choices, their effect, the combinations refused")
    func replayOptions() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("route.csv").path, log = dir.appendingPathComponent("walk.csv").path
        #expect(try Waymark.run(["simulate", "--runs", "1", "--route", route, "--duration-s", "40", "--log", log,
                                 "--compass-sigma-deg", "10", "--heading-error-deg", "120"]).status == 0)
        let byDefault = try Waymark.run(["replay", "--route", route, log])
        let heading = try Waymark.run(["replay", "--route", route, "--alignment", "gravity-and-heading", log])
        let gravity = try Waymark.run(["replay", "--route", route, "--alignment", "gravity", log])
        #expect(byDefault.status == 0 && heading.stdout == byDefault.stdout && gravity.status == 0 && gravity.stdout != byDefault.stdout)
        // A 120° error: under gravity alignment the first reading is trusted at once.
        let g = gravity.lines.dropFirst().map(Self.split)
        #expect(g[0][6] == "applied" && abs(Double(g.last![4])! - 120) < 10, "\(g[0][4]) \(g.last![4])")
        for (arguments, message) in [
            (["--estimator", "kalman"], "--estimator must be one of filter, robust, seed"),
            (["--alignment", "north"], "--alignment must be one of gravity-and-heading, gravity"),
            (["--alignment", "gravity", "--estimator", "robust"], "--alignment is the filter's setting"),
            (["--alignment", "gravity-and-heading", "--estimator", "seed"], "--alignment is the filter's setting"),
            (["--estimator", "robust", "--estimator", "seed"], "option --estimator given twice"),
        ] {
            let r = try Waymark.run(["replay", "--route", route] + arguments + [log])
            #expect(r.status == 64 && r.stderr.contains(message) && r.stdout.isEmpty, "\(arguments): \(r.status) \(r.stderr)")
        }
    }

    /// `simulate ARGS` as ordered key → value lines.
    static func keys(_ r: Waymark.Result) -> [(String, String)] {
        r.lines.map { line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    @Test("simulate --navigator prints the trial's keys; without it the summary is unchanged byte for byte")
    func navigatorSummary() throws {
        let base = ["simulate", "--runs", "4", "--duration-s", "90"]
        let r = try Waymark.run(base + ["--navigator"])
        #expect(r.status == 0, "\(r.stderr)")
        let k = Self.keys(r)
        #expect(k.map(\.0) == ["runs", "estimator", "runs_applied", "first_applied_s_median", "heading_error_deg_p95", "heading_within_2sigma",
                               "anchor_error_m_p95", "anchor_within_2sigma", "first_arrow_error_m_p95", "progress_error_m_p95"])
        let v = Dictionary(uniqueKeysWithValues: k)
        #expect(v["runs"] == "4" && v["estimator"] == "filter" && v["runs_applied"] == "4")
        let numbers = k.dropFirst(2).map { Double($0.1) }
        #expect(numbers.allSatisfy { $0 != nil && $0!.isFinite && $0! >= 0 }, "\(r.stdout)")
        for key in ["heading_within_2sigma", "anchor_within_2sigma"] { #expect(Double(v[key]!)! <= 1) }
        let first = Double(v["first_applied_s_median"]!)!
        #expect(first > 10 && first < 90)
        #expect(Double(v["heading_error_deg_p95"]!)! < 10 && Double(v["anchor_error_m_p95"]!)! < 15)
        #expect(try Waymark.run(base + ["--navigator"]).stdout == r.stdout)                    // seeded: the same every time
        #expect(try Waymark.run(base + ["--navigator", "--seed", "2"]).stdout != r.stdout)
        #expect(Self.keys(try Waymark.run(["simulate", "--navigator", "--duration-s", "5", "--runs", "1"]))[0] == ("runs", "1"))
        #expect(Self.keys(try Waymark.run(["simulate", "--navigator", "--duration-s", "5"]))[0] == ("runs", "20"))   // default 20 runs

        // The window fits report no anchor σ: its calibration is nan.
        let robust = Dictionary(uniqueKeysWithValues: Self.keys(try Waymark.run(base + ["--navigator", "--estimator", "robust"])))
        #expect(robust["estimator"] == "robust" && robust["anchor_within_2sigma"] == "nan" && Double(robust["heading_error_deg_p95"]!) != nil)
        let seed = Dictionary(uniqueKeysWithValues: Self.keys(try Waymark.run(base + ["--navigator", "--estimator", "pairwise"])))
        #expect(seed["estimator"] == "seed")
        // A walk no correction is applied on: no frames to score.
        let short = Dictionary(uniqueKeysWithValues: Self.keys(try Waymark.run(["simulate", "--navigator", "--runs", "2", "--duration-s", "3"])))
        #expect(short["runs_applied"] == "0" && short["first_applied_s_median"] == "inf" && short["heading_error_deg_p95"] == "nan")

        // Every walk model at once, and a reset given twice (repeatable).
        let all = try Waymark.run(base + ["--navigator", "--gps-correlated-share", "0.8", "--gps-correlation-s", "20", "--outliers", "0.05",
                                          "--compass-sigma-deg", "10", "--compass-disturbance", "0.01", "--alignment", "gravity",
                                          "--speed-mps", "1.2", "--outage", "40:50", "--reset-at", "30", "--reset-at", "60,70",
                                          "--limited", "75:80", "--yaw-drift-deg", "1", "--position-drift-m", "0.1"])
        #expect(all.status == 0 && Self.keys(all).count == 10, "\(all.stderr)")

        // Without --navigator: the field simulator's summary, the walk flags leaving it alone.
        let plain = try Waymark.run(["simulate", "--runs", "5"])
        #expect(plain.lines.first == "runs 5" && plain.lines[1] == "estimator robust" && plain.lines.count == 9)
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("walk.csv").path
        let withWalk = try Waymark.run(["simulate", "--runs", "5", "--speed-mps", "1.4", "--log", log, "--compass-sigma-deg", "5", "--outliers", "0.1"])
        #expect(withWalk.status == 0 && withWalk.stdout == plain.stdout)
        // --speed-mps reaches the field simulator too.
        let fast = try Waymark.run(["simulate", "--runs", "5", "--speed-mps", "2"])
        #expect(fast.status == 0 && fast.stdout != plain.stdout)
    }

    @Test("simulate refuses flags that make no sense together (exit 64, naming the flag)")
    func refusedCombinations() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("runs.svg").path
        let cases: [([String], String)] = [
            (["--outliers", "0.1"], "--outliers models the walk that --log, --html and --navigator simulate"),
            (["--compass-sigma-deg", "5"], "--compass-sigma-deg models the walk"),
            (["--reset-at", "10"], "--reset-at models the walk"),
            (["--alignment", "gravity"], "--alignment is the navigator's: it needs --navigator or --html"),
            (["--alignment", "gravity", "--navigator", "--estimator", "robust"], "--alignment is the filter's setting"),
            (["--estimator", "filter"], "--estimator filter is the navigator's: add --navigator"),
            (["--navigator", "--estimator", "magic"], "--estimator must be one of filter, robust, seed"),
            (["--navigator", "--jumps"], "--navigator cannot run --jumps"),
            (["--navigator", "--drift-deg-per-min", "2"], "--navigator cannot run --drift-deg-per-min"),
            (["--navigator", "--svg", svg], "--svg plots the field simulator's runs"),
            (["--navigator", "--compass-disturbance", "0.01"], "--compass-disturbance needs --compass-sigma-deg"),
            (["--navigator", "--gps-correlation-s", "10"], "--gps-correlation-s needs --gps-correlated-share above 0"),
            (["--navigator", "--gps-correlated-share", "1"], "--gps-correlated-share must be in [0, 1)"),
            (["--navigator", "--outliers", "1.5"], "--outliers must be a probability in [0, 1]"),
            (["--navigator", "--compass-sigma-deg", "0"], "--compass-sigma-deg must be in (0, 180]"),
            (["--navigator", "--outage", "20"], "--outage takes START:END"),
            (["--navigator", "--outage", "30:20"], "--outage takes START:END"),
            (["--navigator", "--limited", "10:20,15:25"], "--limited intervals must not overlap"),
            (["--navigator", "--reset-at", "-1"], "--reset-at takes times in seconds"),
            (["--navigator", "--reset-at", "ten"], "--reset-at takes times in seconds"),
            (["--navigator", "--yaw-drift-deg", "-1"], "--yaw-drift-deg must be non-negative"),
            (["--navigator", "--position-drift-m", "x"], "--position-drift-m must be a number"),
            (["--speed-mps", "0"], "--speed-mps must be positive"),
            (["--log", dir.appendingPathComponent("j.csv").path, "--jumps"], "cannot record --jumps"),
        ]
        for (arguments, message) in cases {
            let r = try Waymark.run(["simulate", "--runs", "1", "--duration-s", "5"] + arguments)
            #expect(r.status == 64 && r.stderr.contains(message), "\(arguments): \(r.status) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: svg))
    }
}
