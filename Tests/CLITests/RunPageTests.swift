import Foundation
import Testing

/// `waymark replay --html FILE` and `waymark simulate --html FILE`: the pages are
/// written, self-contained, carry every fix and frame of the run, and leave the CSV and
/// the summary on stdout unchanged; degenerate logs still give a page; usage and I/O
/// errors exit 64 and 74. (That the pages draw and their scripts work is checked in a
/// real browser by scripts/test-pages.)
@Suite("waymark replay --html / simulate --html", .serialized)
struct RunPageTests {
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-runpage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// 150 m due north and back.
    static let route = "lat,lon\n55.7339,37.5886\n55.7352473,37.5886\n55.7339,37.5886\n"

    static func count(_ text: String, _ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The page script's data, from `{"t":` to the end of the column `last`.
    static func columns(_ page: String, through last: String) throws -> String {
        let start = try #require(page.range(of: "var RUN = {"))
        let rest = page[start.upperBound...]
        let end = try #require(rest.range(of: "\"\(last)\":["))
        let close = try #require(rest[end.upperBound...].firstIndex(of: "]"))
        return String(rest[..<close])
    }

    /// The markers of the top view's fix series.
    static func fixMarkers(_ page: String) throws -> Int {
        let start = try #require(page.range(of: "<g class=\"series\" data-series=\"GPS fixes\""))
        return count(String(page[start.upperBound...].components(separatedBy: "</g>")[0]), "<circle class=\"pt\"")
    }

    @Test("replay --html: the page has every fix and frame; stdout is the same CSV; simulate --html runs the walk exactly as --log + replay")
    func writesPages() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let routeURL = dir.appendingPathComponent("route.csv"), log = dir.appendingPathComponent("walk.csv")
        let replayPage = dir.appendingPathComponent("replay.html"), simulatePage = dir.appendingPathComponent("simulate.html")
        try Self.route.write(to: routeURL, atomically: true, encoding: .utf8)

        let plainSimulation = try Waymark.run(["simulate", "--runs", "1", "--route", routeURL.path])
        let sim = try Waymark.run(["simulate", "--runs", "1", "--route", routeURL.path, "--log", log.path, "--html", simulatePage.path])
        #expect(sim.status == 0, "\(sim.stderr)")
        #expect(sim.stdout == plainSimulation.stdout && sim.stderr.isEmpty)

        let plain = try Waymark.run(["replay", "--route", routeURL.path, log.path])
        let r = try Waymark.run(["replay", "--route", routeURL.path, "--html", replayPage.path, log.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == plain.stdout && r.stderr.isEmpty)

        let logText = try String(contentsOf: log, encoding: .utf8)
        let fixes = Self.count(logText, ",fix,"), frames = Self.count(logText, ",frame,")
        #expect(fixes == 215 && frames == 2143)
        // Top view, heading, progress, off-route, the anchor's σ (the filter reports it), and the truth.
        for (url, kind, plots) in [(replayPage, "replay", 5), (simulatePage, "simulate", 6)] {
            let page = try String(contentsOf: url, encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">") && page.hasSuffix("</html>\n"))
            #expect(page.contains("<body data-page=\"\(kind)\">"))
            #expect(AccuracyReportTests.externalReferences(page).isEmpty, "\(kind): \(AccuracyReportTests.externalReferences(page))")
            #expect(Self.count(page, "<svg class=\"plot\"") == plots)
            #expect(Self.count(page, "data-timeline=") == plots - 1)
            #expect(Self.count(page, "data-frames=\"\(frames)\"") == plots - 1)
            #expect(try Self.fixMarkers(page) == fixes)
            #expect(Self.count(page, "data-readout=\"fix ") == fixes)
            // Every frame's time is in the page's data, in order.
            let times = try Self.columns(page, through: "t").dropFirst("\"t\":[".count).split(separator: ",").map { Double($0)! }
            #expect(times.count == frames && times.first == 0 && times.last == 214.2)
            // Thinned drawing: no line has more than 2,000 points.
            for d in page.components(separatedBy: "<path class=\"line\" d=\"").dropFirst() {
                #expect(Self.count(String(d.prefix { $0 != "\"" }), "L") < 2000)
            }
        }
        // The simulation page's navigator columns are the replay's, value for value: the
        // same walk through the same navigator calls.
        let replayed = try String(contentsOf: replayPage, encoding: .utf8), simulated = try String(contentsOf: simulatePage, encoding: .utf8)
        #expect(try Self.columns(replayed, through: "fa") == Self.columns(simulated, through: "fa"))
        #expect(simulated.contains("\"he\":[") && simulated.contains("\"fe\":[") && !replayed.contains("\"he\":["))
        #expect(simulated.contains("the true compass error was 15°"))

        // The AR track is carried through a frame by (anchor, axisU, axisV): at every
        // 100th frame that map takes the camera's scene position to the device's place.
        func column(_ name: String) throws -> [Double?] {
            let start = try #require(replayed.range(of: "\"\(name)\":["))
            return replayed[start.upperBound...].prefix { $0 != "]" }.split(separator: ",").map { Double($0) }
        }
        let cameras = logText.split(separator: "\n").filter { $0.contains(",frame,") }.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let ae = try column("ae"), an = try column("an"), ux = try column("ux"), uy = try column("uy"), vx = try column("vx"), vy = try column("vy")
        let de = try column("de"), dn = try column("dn")
        #expect(ae.count == frames && ux.count == frames && de.count == frames)
        var checked = 0
        for i in stride(from: 0, to: frames, by: 100) {
            guard let a = ae[i], let b = an[i], let e1 = ux[i], let n1 = uy[i], let e2 = vx[i], let n2 = vy[i], let d1 = de[i], let d2 = dn[i] else { continue }
            let x = Double(cameras[i][6])!, z = Double(cameras[i][8])!      // eus: the ground plane is x, z
            #expect(abs(a + e1 * x + e2 * z - d1) < 0.02 && abs(b + n1 * x + n2 * z - d2) < 0.02, "frame \(i)")
            checked += 1
        }
        #expect(checked >= 20)
        #expect(Self.count(replayed, "<g class=\"scene-track\" transform=\"matrix(") == 1)
    }

    @Test("an empty log, one fix, fixes without frames, frames without fixes: a page with the top view and no timeline")
    func degenerateLogs() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let routeURL = dir.appendingPathComponent("route.csv"), log = dir.appendingPathComponent("walk.csv")
        try Self.route.write(to: routeURL, atomically: true, encoding: .utf8)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--duration-s", "5", "--route", routeURL.path, "--log", log.path]).status == 0)
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let noFrames = "this log has no camera frames, so there is no timeline"
        let cases: [(String, [String], Int, String)] = [
            ("empty", [lines[0]], 0, noFrames),
            ("one-fix", Array(lines.prefix(2)), 1, noFrames),
            ("no-frames", lines.filter { !$0.contains(",frame,") }, 6, noFrames),
            // Frames but no fix: the navigator places nothing, so every timeline would be empty.
            ("frames-without-fixes", lines.filter { !$0.contains(",fix,") }, 0, "no camera frame came after a fix"),
        ]
        for (name, rows, fixes, why) in cases {
            let input = dir.appendingPathComponent("\(name).csv"), page = dir.appendingPathComponent("\(name).html")
            try (rows.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
            let r = try Waymark.run(["replay", "--route", routeURL.path, "--html", page.path, input.path])
            let frames = rows.filter { $0.contains(",frame,") }.count
            #expect(r.status == 0 && r.lines.first == ReplayCLITests.outHeader && r.lines.count == 1 + frames, "\(name): \(r.stderr)")
            let text = try String(contentsOf: page, encoding: .utf8)
            #expect(try Self.fixMarkers(text) == fixes, "\(name)")
            #expect(Self.count(text, "<svg class=\"plot\"") == 1 && !text.contains("data-timeline="), "\(name)")
            #expect(text.contains(why) && !text.contains("var RUN"), "\(name)")
        }
    }

    @Test("compass readings, tracking changes and the anchor's σ on the page; the window fits' page has no anchor timeline")
    func compassAndTracking() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let routeURL = dir.appendingPathComponent("route.csv"), log = dir.appendingPathComponent("walk.csv")
        let replayPage = dir.appendingPathComponent("replay.html"), simulatePage = dir.appendingPathComponent("simulate.html")
        try Self.route.write(to: routeURL, atomically: true, encoding: .utf8)
        let walk = ["--compass-sigma-deg", "5", "--reset-at", "60", "--reset-at", "120", "--limited", "80:90", "--duration-s", "150"]
        let sim = try Waymark.run(["simulate", "--runs", "1", "--route", routeURL.path, "--log", log.path, "--html", simulatePage.path] + walk)
        #expect(sim.status == 0, "\(sim.stderr)")
        let r = try Waymark.run(["replay", "--route", routeURL.path, "--html", replayPage.path, log.path])
        #expect(r.status == 0, "\(r.stderr)")
        let logText = try String(contentsOf: log, encoding: .utf8)
        let readings = Self.count(logText, ",heading,"), frames = Self.count(logText, ",frame,")
        #expect(readings == 301 && frames == 1501)
        let replayed = try String(contentsOf: replayPage, encoding: .utf8), simulated = try String(contentsOf: simulatePage, encoding: .utf8)
        for (page, plots) in [(replayed, 5), (simulated, 6)] {
            #expect(Self.count(page, "<svg class=\"plot\"") == plots)
            #expect(page.contains("<g class=\"compass-readings\" fill=\"#CC79A7\" data-readings=\"\(readings)\">"))
            #expect(Self.count(page, "<circle class=\"reading\"") == readings)
            // Every timeline marks the two resets and shades the limited interval.
            #expect(Self.count(page, "<line class=\"reset\"") == 2 * (plots - 1))
            #expect(Self.count(page, "<rect class=\"limited\"") == plots - 1)
            // One AR track per session; the last session's shown.
            #expect(Self.count(page, "<path data-session=") == 3 && Self.count(page, "visibility=\"hidden\"/>") >= 2)
            #expect(page.contains("\"ss\":[") && page.contains("\"rt\":[") && page.contains("\"as\":["))
            #expect(page.contains("<circle class=\"anchor-sigma-now\""))
            #expect(page.contains("data-timeline=\"anchor\""))
            #expect(page.contains("301 compass readings, 2 tracking resets, 1 interval of limited tracking"))
        }
        #expect(try Self.columns(replayed, through: "tk") == Self.columns(simulated, through: "tk"))
        // The truth follows the session: after two resets the compass is about 50° further off.
        #expect(simulated.contains("the true compass error was -3") && !simulated.contains("the true compass error was 15°"))
        #expect(simulated.contains("\"xe\":[") && simulated.contains("\"tc\":["))

        // The window fits: no anchor σ, so no anchor timeline and no ring.
        let fitsPage = dir.appendingPathComponent("fits.html")
        #expect(try Waymark.run(["replay", "--route", routeURL.path, "--estimator", "robust", "--html", fitsPage.path, log.path]).status == 0)
        let fits = try String(contentsOf: fitsPage, encoding: .utf8)
        #expect(Self.count(fits, "<svg class=\"plot\"") == 4 && !fits.contains("data-timeline=\"anchor\"") && !fits.contains("<circle class=\"anchor-sigma-now\""))
        #expect(fits.contains("estimator robust"))
    }

    @Test("--html without FILE: exit 64; an unwritable FILE: exit 74 naming it, stdout still complete")
    func errors() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let routeURL = dir.appendingPathComponent("route.csv"), log = dir.appendingPathComponent("walk.csv")
        try Self.route.write(to: routeURL, atomically: true, encoding: .utf8)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--duration-s", "5", "--route", routeURL.path, "--log", log.path]).status == 0)
        #expect(try Waymark.run(["replay", "--route", routeURL.path, log.path, "--html"]).status == 64)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--html"]).status == 64)
        #expect(try Waymark.run(["simulate", "--runs", "1", "--jumps", "--html", dir.appendingPathComponent("j.html").path]).status == 64)
        let plain = try Waymark.run(["replay", "--route", routeURL.path, log.path])
        for path in [dir.appendingPathComponent("no-such-dir/page.html").path, dir.path] {
            let r = try Waymark.run(["replay", "--route", routeURL.path, "--html", path, log.path])
            #expect(r.status == 74 && r.stderr.contains("cannot write \(path)"), "\(r.status) \(r.stderr)")
            #expect(r.stdout == plain.stdout)
            let s = try Waymark.run(["simulate", "--runs", "1", "--duration-s", "5", "--html", path])
            #expect(s.status == 74 && s.stderr.contains("cannot write \(path)"), "\(s.status) \(s.stderr)")
        }
    }
}
