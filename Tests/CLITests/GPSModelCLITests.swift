import Foundation
import Testing

/// `waymark gps-model` end to end (the fit's columns, `--per-log`, `--to json`,
/// `--write`) and `replay --gps-model FILE` (the settings reach the navigator; the flags
/// win; the file's strict format), with the exit statuses of the contract.
@Suite("waymark gps-model and replay --gps-model", .serialized)
struct GPSModelCLITests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/gnss")
    static let logs = ["workshop_trials01", "pseudoranges_log_2016_06_30_21_26_07", "pseudoranges_log_2016_08_22_14_45_50"]
        .map { data.appendingPathComponent("\($0).fix.csv").path }
    static let header = "white_sigma_m,correlated_sigma_m,sigma_m,correlation_time_s,correlation_time_lo_s,correlation_time_hi_s,"
        + "correlated_share,correlated_share_lo,correlated_share_hi,median_accuracy_m,accuracy_ratio,lag1_autocorrelation,"
        + "model_lag1_autocorrelation,fixes,logs,log"

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("waymark-gpsmodel-\(getpid())-\(name)")
    }

    static func fields(_ line: String) -> [String] { line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }

    /// The three real logs pooled, at the precision the README prints (the command
    /// `waymark gps-model --precision 4 Tests/Data/gnss/*.fix.csv`).
    @Test func fitsTheRealLogsPooled() throws {
        let r = try Waymark.run(["gps-model", "--precision", "4"] + Self.logs)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == 2 && r.lines[0] == Self.header)
        #expect(r.lines[1] == "0.0006,1.9325,1.9325,59.0804,32.2630,629.3092,1.0000,0.9999,1.0000,3.0000,0.9725,0.9695,0.9832,"
                + "606.0000,3.0000,pooled", "\(r.lines)")
        let full = try Waymark.run(["gps-model"] + Self.logs)
        let v = Self.fields(full.lines[1]).prefix(15).map { Double($0)! }
        #expect(abs(v[2] - (v[0] * v[0] + v[1] * v[1]).squareRoot()) < 1e-12 && v[4] < v[3] && v[3] < v[5] && v[7] <= v[6])
    }

    /// The README's sentence on the pooled fit, at the precision it prints, from the CLI.
    @Test func readmeSentence() throws {
        let r = try Waymark.run(["gps-model"] + Self.logs)
        let v = Self.fields(r.lines[1]).prefix(15).map { Double($0)! }
        let sentence = "The three logs pooled: σ \(String(format: "%.2f", v[2])) m per axis, all of it slowly varying (share ≥ "
            + "\(String(format: "%.4f", (v[7] * 1e4).rounded(.down) / 1e4))), over \(Int(v[3].rounded())) s (95 %: \(Int(v[4].rounded()))–"
            + "\(Int(v[5].rounded())) s), and an accuracy ratio of \(String(format: "%.2f", v[10]))"
        let readme = try String(contentsOf: Self.data.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains(sentence), "README should say: \(sentence)")
        let confidence = try String(format: "%.2f", Self.settingsConfidence())
        #expect(readme.contains("so the navigator's σ = accuracy / √(−2 ln(1 − confidence)) is the fitted one (\(confidence) here;"))
    }

    static func settingsConfidence() throws -> Double {
        let file = temporary("confidence.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try Waymark.run(["gps-model", "--write", file.path] + logs)
        let line = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("accuracy_confidence=") }!
        return Double(line.dropFirst("accuracy_confidence=".count))!
    }

    @Test func perLogAndJSON() throws {
        let r = try Waymark.run(["gps-model", "--per-log"] + Self.logs)
        #expect(r.status == 0 && r.lines.count == 5, "\(r.stderr)")
        for (line, path) in zip(r.lines[1...3], Self.logs) {
            let f = Self.fields(line)
            #expect(f.last == path && f[14] == "1.0")
        }
        let pooled = try Waymark.run(["gps-model"] + Self.logs)
        #expect(Self.fields(r.lines[4]).last == "pooled" && r.lines[4] == pooled.lines[1])
        // Each log's own τ: 47 s, 3546 s (unbounded above) and 100 s.
        let taus = r.lines[1...3].map { Double(Self.fields($0)[3])! }
        #expect(abs(taus[0] - 47.2) < 0.1 && taus[1] > 3000 && abs(taus[2] - 99.9) < 0.2, "\(taus)")
        let json = try Waymark.run(["gps-model", "--to", "json"] + Self.logs)
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        #expect(rows.count == 1 && rows[0]["log"] as? String == "pooled" && (rows[0]["fixes"] as? Double) == 606)
        #expect(abs((rows[0]["correlation_time_s"] as! Double) - 59.08) < 0.01)
        let geojson = try Waymark.run(["gps-model", "--to", "geojson"] + Self.logs)
        #expect(geojson.status == 64)
    }

    /// `--write`: the format's header, the three keys, the intervals as comments, and a
    /// confidence that makes the navigator's σ at the median accuracy the fitted σ.
    @Test func writesTheSettings() throws {
        let file = Self.temporary("settings.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try Waymark.run(["gps-model", "--write", file.path] + Self.logs)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "# waymark gps-model 1")
        #expect(lines.contains { $0.hasPrefix("# correlation_time_s=59.08") && $0.contains("95 %: 32.26") })
        #expect(lines.contains("# clamped: gps_correlated_share, fitted 0.9999999437324173, written as at most 0.9999"))
        let settings = Dictionary(uniqueKeysWithValues: lines.filter { !$0.hasPrefix("#") }.map {
            let kv = $0.split(separator: "=", maxSplits: 1); return (String(kv[0]), Double(kv[1])!)
        })
        #expect(settings.count == 3 && settings["gps_correlated_share"] == 0.9999)
        let sigma = Double(Self.fields(r.lines[1])[2])!
        #expect(settings["gps_correlation_s"] == Double(Self.fields(r.lines[1])[3])!)
        let confidence = settings["accuracy_confidence"]!
        #expect(abs(3 / (-2 * log1p(-confidence)).squareRoot() - sigma) < 1e-12, "σ \(sigma), confidence \(confidence)")
        #expect(abs(confidence - 0.7003) < 1e-4)
    }

    @Test func refusesBadLogs() throws {
        let none = try Waymark.run(["gps-model"])
        #expect(none.status == 64 && none.stderr.contains("needs at least one LOG"))
        let missing = try Waymark.run(["gps-model", "/nonexistent/fix.csv"])
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/fix.csv"))
        var rows = try String(contentsOfFile: Self.logs[0], encoding: .utf8).split(separator: "\n").map(String.init)
        rows[7] = rows[7].replacingOccurrences(of: "45.5298", with: "95.5298")
        let bad = Self.temporary("bad.csv")
        defer { try? FileManager.default.removeItem(at: bad) }
        try (rows.joined(separator: "\n") + "\n").write(to: bad, atomically: true, encoding: .utf8)
        let r = try Waymark.run(["gps-model", bad.path])
        #expect(r.status == 65 && r.stderr.contains("\(bad.path): line 8: a latitude outside [-90, 90]"), "\(r.stderr)")
        try ("\n" + rows.joined(separator: "\n\n") + "\n").write(to: bad, atomically: true, encoding: .utf8)
        let blank = try Waymark.run(["gps-model", bad.path])
        #expect(blank.status == 65 && blank.stderr.contains("line 16:"), "blank lines counted: \(blank.stderr)")
        try "Provider,Latitude,Longitude\ngps,1,2\n".write(to: bad, atomically: true, encoding: .utf8)
        let header = try Waymark.run(["gps-model", bad.path])
        #expect(header.status == 65 && header.stderr.contains("needs a header line naming Latitude"), "\(header.stderr)")
        let unwritable = try Waymark.run(["gps-model", "--write", "/nonexistent/dir/settings.txt"] + Self.logs)
        #expect(unwritable.status == 74 && unwritable.stderr.contains("/nonexistent/dir/settings.txt"))
    }

    /// Waymark's own field logs: a simulated walk with a known GPS model (σ 5 m per axis,
    /// 4 m of it over 30 s: white 3 m, correlated 4 m), read against its own scene track —
    /// the fit's 95 % intervals hold the truth, the white σ within 15 %, one series per
    /// stretch between tracking resets; a log too short says why.
    @Test func readsFieldLogs() throws {
        let log = Self.temporary("field.csv")
        defer { try? FileManager.default.removeItem(at: log) }
        let sim = try Waymark.run(["simulate", "--navigator", "--runs", "1", "--random-seed", "11", "--duration-s", "900",
                                   "--gps-correlated-share", "0.8", "--gps-correlation-s", "30", "--reset-at", "450",
                                   "--log", log.path])
        #expect(sim.status == 0, "\(sim.stderr)")
        let r = try Waymark.run(["gps-model", log.path])
        #expect(r.status == 0 && r.lines.count == 2 && r.lines[0] == Self.header, "\(r.stderr)")
        let v = Self.fields(r.lines[1]).prefix(15).map { Double($0)! }
        print("field log: \(r.lines[1])")
        #expect(abs(v[0] - 3) <= 0.45, "white σ \(v[0]) m against 3 m")
        #expect(v[4] <= 30 && 30 <= v[5], "correlation time interval \(v[4])–\(v[5]) s against 30 s")
        #expect(v[7] <= 0.8 && 0.8 <= v[8], "share interval \(v[7])–\(v[8]) against 0.8")
        // The logs column counts series: the reset at 450 s splits the walk in two.
        #expect(v[14] == 2 && v[13] > 700, "fixes \(v[13]), series \(v[14])")
        let perLog = try Waymark.run(["gps-model", "--per-log", log.path])
        #expect(perLog.status == 0 && perLog.lines.count == 3, "\(perLog.stderr)")
        let text = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").prefix(12).joined(separator: "\n") + "\n"
        try text.write(to: log, atomically: true, encoding: .utf8)
        let short = try Waymark.run(["gps-model", log.path])
        #expect(short.status == 65 && short.stderr.contains("fewer than 10 fixes between tracking resets"), "\(short.stderr)")
    }

    // MARK: - replay --gps-model

    static let route = "lat,lon\n55.7339,37.5886\n55.7352473,37.5886\n55.7339,37.5886\n"

    /// A simulated walk's log and route (simulate --log), replayed with each set of extra
    /// arguments: stdout and the --explain text of each.
    static func replays(_ runs: [[String]]) throws -> [(status: Int32, stdout: String, explain: String, stderr: String)] {
        let routeURL = temporary("route.csv"), logURL = temporary("walk.csv"), explainURL = temporary("explain.csv")
        defer { for u in [routeURL, logURL, explainURL] { try? FileManager.default.removeItem(at: u) } }
        try route.write(to: routeURL, atomically: true, encoding: .utf8)
        let sim = try Waymark.run(["simulate", "--runs", "1", "--random-seed", "7", "--route", routeURL.path, "--log", logURL.path])
        #expect(sim.status == 0, "\(sim.stderr)")
        return try runs.map { extra in
            try? FileManager.default.removeItem(at: explainURL)
            let r = try Waymark.run(["replay", "--route", routeURL.path, "--explain", explainURL.path] + extra + [logURL.path])
            return (r.status, r.stdout, (try? String(contentsOf: explainURL, encoding: .utf8)) ?? "", r.stderr)
        }
    }

    static func settingsFile(_ name: String, _ text: String) throws -> String {
        let url = temporary(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func replayTakesTheSettings() throws {
        let defaults = try Self.settingsFile("defaults.txt", "# waymark gps-model 1\n# the navigator's defaults\n"
            + "gps_correlation_s=60\r\naccuracy_confidence=0.68\n\ngps_correlated_share=0.96\n")
        let other = try Self.settingsFile("other.txt", "# waymark gps-model 1\ngps_correlated_share=0.5\ngps_correlation_s=10\naccuracy_confidence=0.68\n")
        let wide = try Self.settingsFile("wide.txt", "# waymark gps-model 1\ngps_correlated_share=0.96\ngps_correlation_s=60\naccuracy_confidence=0.3\n")
        defer { for p in [defaults, other, wide] { try? FileManager.default.removeItem(atPath: p) } }
        let r = try Self.replays([[], ["--gps-model", defaults], ["--gps-model", other], ["--gps-model", wide],
                                  ["--gps-model", other, "--filter-gps-correlated-share", "0.96", "--filter-gps-correlation-s", "60"]])
        #expect(r.allSatisfy { $0.status == 0 }, "\(r.map(\.stderr))")
        // The defaults written down change nothing, byte for byte; other settings change
        // the run; the flags win over the file.
        #expect(r[1].stdout == r[0].stdout && r[1].explain == r[0].explain)
        #expect(r[2].stdout != r[0].stdout)
        #expect(r[4].stdout == r[0].stdout && r[4].explain == r[0].explain)
        // A 30 % confidence reads each accuracy radius as a larger σ (accuracy / 0.84
        // instead of accuracy / 1.51): the fixes' innovations are fewer σ (median ratio 0.85
        // when measured; not 0.56, as the innovation's σ also holds the filter's own).
        func sigmas(_ explain: String) -> [Double] {
            explain.split(separator: "\n").dropFirst().map { Self.fields(String($0)) }.filter { $0[2] == "fix" }.compactMap { Double($0[5]) }
        }
        let (base, widened) = (sigmas(r[0].explain), sigmas(r[3].explain))
        #expect(base.count > 100 && base.count == widened.count)
        let ratio = zip(widened, base).filter { abs($0.1) > 0.5 }.map { abs($0.0 / $0.1) }.sorted()
        #expect(r[3].stdout != r[0].stdout && ratio[ratio.count / 2] < 0.95, "median ratio of |innovation σs| \(ratio[ratio.count / 2])")
    }

    @Test func refusesBadSettings() throws {
        let cases: [(String, String)] = [
            ("gps_correlated_share=0.9\ngps_correlation_s=60\naccuracy_confidence=0.68\n", "line 1: not a waymark gps-model file"),
            ("# waymark gps-model 1\ngps_correlated_share=0.9\nspeed=3\n", "line 3: unknown key 'speed'"),
            ("# waymark gps-model 1\ngps_correlated_share=0.9x\n", "line 2: gps_correlated_share: '0.9x' is not a finite number"),
            ("# waymark gps-model 1\ngps_correlated_share=1\n", "line 2: gps_correlated_share must be in [0, 1)"),
            ("# waymark gps-model 1\ngps_correlation_s=0\n", "line 2: gps_correlation_s must be positive"),
            ("# waymark gps-model 1\naccuracy_confidence=nan\n", "line 2: accuracy_confidence: 'nan' is not a finite number"),
            ("# waymark gps-model 1\ngps_correlation_s=5\ngps_correlation_s=6\n", "line 3: gps_correlation_s given twice"),
            ("# waymark gps-model 1\ngps_correlation_s = 5\n", "line 2: unknown key 'gps_correlation_s '"),
            ("# waymark gps-model 1\ngps_correlated_share=0.9\ngps_correlation_s=60\n", "no accuracy_confidence= line"),
        ]
        let routeURL = Self.temporary("bad-route.csv")
        try Self.route.write(to: routeURL, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: routeURL) }
        for (i, (text, message)) in cases.enumerated() {
            let path = try Self.settingsFile("bad-\(i).txt", text)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let r = try Waymark.run(["replay", "--route", routeURL.path, "--gps-model", path], input: "")
            #expect(r.status == 65 && r.stderr.contains("\(path): \(message)") && r.stdout.isEmpty, "\(text): \(r.stderr)")
        }
        let missing = try Waymark.run(["replay", "--route", routeURL.path, "--gps-model", "/nonexistent/gps.txt"], input: "")
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/gps.txt"))
        let fits = try Waymark.run(["replay", "--route", routeURL.path, "--estimator", "robust", "--gps-model", "/nonexistent/gps.txt"], input: "")
        #expect(fits.status == 64 && fits.stderr.contains("--gps-model is the filter's setting"), "\(fits.stderr)")
        let sim = try Waymark.run(["simulate", "--runs", "1", "--gps-model", "/nonexistent/gps.txt"])
        #expect(sim.status == 64, "simulate takes the file with --navigator, --html or --log only: \(sim.stderr)")
    }
}
