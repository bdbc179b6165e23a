import Foundation
import Testing

/// `waymark replay --explain`: what the filter made of every fix and compass reading,
/// consistent with the per-frame rows.
@Suite("waymark replay --explain", .serialized)
struct ExplainTests {
    static let header = "line,t_s,event,outcome,innovation,innovation_sigmas,heading_deg,heading_sigma_deg,applied"

    @Test("one row per fix and reading, naming its log line; the first applied row is where the frames turn applied; the last heading is the last frame's correction")
    func consistentWithFrames() throws {
        let routeURL = ReplayCLITests.temporary("explain-route.csv"), logURL = ReplayCLITests.temporary("explain-log.csv")
        let explainURL = ReplayCLITests.temporary("explain.csv"), pageURL = ReplayCLITests.temporary("explain.html")
        defer { for u in [routeURL, logURL, explainURL, pageURL] { try? FileManager.default.removeItem(at: u) } }
        try ReplayCLITests.straight.write(to: routeURL, atomically: true, encoding: .utf8)
        let sim = try Waymark.run(["simulate", "--runs", "1", "--seed", "5", "--route", routeURL.path, "--log", logURL.path,
                                   "--compass-sigma-deg", "10", "--gps-correlated-share", "0.8", "--outliers", "0.05"])
        #expect(sim.status == 0, "\(sim.stderr)")
        let r = try Waymark.run(["replay", "--route", routeURL.path, "--explain", explainURL.path, "--html", pageURL.path, logURL.path])
        #expect(r.status == 0, "\(r.stderr)")
        let log = try String(contentsOf: logURL, encoding: .utf8).split(separator: "\n").map(String.init)
        let rows = try String(contentsOf: explainURL, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.first?.joined(separator: ",") == Self.header)
        let body = rows.dropFirst()
        // Every fix and heading event of the log, in order, each naming its own line.
        let events = log.enumerated().filter { $0.element.contains(",fix,") || $0.element.contains(",heading,") }
        #expect(body.count == events.count && body.count > 100)
        for (row, event) in zip(body, events) {
            #expect(Int(row[0]) == event.offset + 1)
            #expect(row[2] == (event.element.contains(",fix,") ? "fix" : "heading"))
            #expect(["used", "anchor_only", "rejected", "forced", "skipped"].contains(row[3]))
            if row[3] == "rejected", let sigmas = Double(row[5]) { #expect(sigmas > 4) }   // beyond the 4σ gate
            if row[3] == "used", let sigmas = Double(row[5]) { #expect(sigmas <= 4) }
        }
        #expect(body.contains { $0[3] == "rejected" } && body.contains { $0[3] == "used" && $0[2] == "heading" })
        // The frames: correction_state turns applied right after the first applied row.
        let frames = r.lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let firstApplied = try #require(body.first { $0[8] == "1" })
        let t = try #require(Double(firstApplied[1]))
        for f in frames {
            let time = try #require(Double(f[0]))
            #expect((f[6] == "applied") == (time >= t), "frame at \(time), first applied measurement at \(t)")
        }
        // Applied stays applied, and the last heading is what the last frame carries.
        #expect(!body.drop { $0[8] != "1" }.contains { $0[8] == "0" })
        #expect(try #require(body.last)[6] == frames.last?[4])
        // The report page says it too.
        let page = try String(contentsOf: pageURL, encoding: .utf8)
        #expect(page.contains("The filter took") && page.contains("beyond its outlier gate"))
    }

    @Test("--explain needs the filter: a usage error with the window fits")
    func windowFitsRefused() throws {
        let routeURL = ReplayCLITests.temporary("explain-fits-route.csv"), explainURL = ReplayCLITests.temporary("explain-fits.csv")
        defer { for u in [routeURL, explainURL] { try? FileManager.default.removeItem(at: u) } }
        try ReplayCLITests.straight.write(to: routeURL, atomically: true, encoding: .utf8)
        let r = try Waymark.run(["replay", "--route", routeURL.path, "--estimator", "robust", "--explain", explainURL.path], input: "")
        #expect(r.status == 64 && r.stderr.contains("--explain"), "\(r.status) \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: explainURL.path))
    }

    @Test("--explain streams its rows: a malformed row later in the log leaves the rows before it on disk (exit 65); --explain or --html naming the input log is a usage error that leaves it untouched")
    func streamedAndNeverTheInput() throws {
        let routeURL = ReplayCLITests.temporary("explain-stream-route.csv"), logURL = ReplayCLITests.temporary("explain-stream-log.csv")
        let explainURL = ReplayCLITests.temporary("explain-stream.csv")
        defer { for u in [routeURL, logURL, explainURL] { try? FileManager.default.removeItem(at: u) } }
        try ReplayCLITests.straight.write(to: routeURL, atomically: true, encoding: .utf8)
        let sim = try Waymark.run(["simulate", "--runs", "1", "--seed", "5", "--route", routeURL.path, "--log", logURL.path])
        #expect(sim.status == 0, "\(sim.stderr)")
        var log = try String(contentsOf: logURL, encoding: .utf8)
        let lines = log.split(separator: "\n").count
        log += "1e9,fix,not-a-number\n"
        try log.write(to: logURL, atomically: true, encoding: .utf8)
        let r = try Waymark.run(["replay", "--route", routeURL.path, "--explain", explainURL.path, logURL.path])
        #expect(r.status == 65 && r.stderr.contains("line \(lines + 1)"), "\(r.status) \(r.stderr)")
        let rows = try String(contentsOf: explainURL, encoding: .utf8).split(separator: "\n")
        #expect(rows.first.map(String.init) == Self.header && rows.count > 100, "\(rows.count) rows")
        // The input log named as an output: refused before anything is written.
        for option in ["--explain", "--html"] {
            let before = try Data(contentsOf: logURL)
            let same = try Waymark.run(["replay", "--route", routeURL.path, option, logURL.path, logURL.path])
            #expect(same.status == 64 && same.stderr.contains("the input log itself"), "\(option): \(same.status) \(same.stderr)")
            #expect(try Data(contentsOf: logURL) == before)
        }
    }
}
