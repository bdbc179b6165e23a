import Foundation
import Testing

/// Field logs with GPS velocity (the third header), `replay --route-evidence` and the
/// `--explain` rows for velocity and route evidence (issue 35).
@Suite("field logs with GPS velocity; replay --route-evidence", .serialized)
struct VelocityLogCLITests {
    static let velocityHeader = ReplayCLITests.logHeader + ",true_heading_deg,heading_accuracy_deg,tracking"
        + ",course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps"

    @Test("simulate --velocity-sigma-mps writes the velocity header; replay reads it, --explain adds velocity and route rows")
    func velocityLog() throws {
        let routeURL = ReplayCLITests.temporary("vroute.csv"), logURL = ReplayCLITests.temporary("vlog.csv")
        let explainURL = ReplayCLITests.temporary("vexplain.csv"), plainURL = ReplayCLITests.temporary("vplain.csv")
        defer { for u in [routeURL, logURL, explainURL, plainURL] { try? FileManager.default.removeItem(at: u) } }
        try ReplayCLITests.straight.write(to: routeURL, atomically: true, encoding: .utf8)
        let sim = try Waymark.run(["simulate", "--runs", "1", "--duration-s", "60", "--route", routeURL.path, "--log", logURL.path,
                                   "--velocity-sigma-mps", "0.2", "--lateral-offset-m", "1:4"])
        #expect(sim.status == 0, "\(sim.stderr)")
        let lines = try String(contentsOf: logURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines[0] == Self.velocityHeader)
        // The first fix has no previous one: no course (−1), a speed; frames leave the columns empty.
        #expect(lines[1].hasPrefix("0.0,fix,") && lines[1].contains(",-1,-1,"))
        #expect(lines[2].hasPrefix("0.0,frame,") && lines[2].hasSuffix(",,,,,,,"))
        let fixes = lines.filter { $0.contains(",fix,") }
        #expect(fixes.dropFirst(3).allSatisfy { !$0.contains(",-1,") }, "a walking fix without a course")

        let on = try Waymark.run(["replay", "--route", routeURL.path, "--route-evidence", "on", "--explain", explainURL.path, logURL.path])
        #expect(on.status == 0, "\(on.stderr)")
        let explained = try String(contentsOf: explainURL, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let events = explained.dropFirst().map { String($0[2]) }
        #expect(events.filter { $0 == "velocity" }.count >= 50)
        #expect(events.filter { $0 == "route" }.count >= 40)
        let usedRoutes = explained.dropFirst().filter { $0[2] == "route" && $0[3] == "used" }.count
        #expect(usedRoutes >= 40, "route rows used: \(usedRoutes)")
        // A velocity row follows its fix row, on the same log line.
        for (i, row) in explained.enumerated() where row.count > 2 && row[2] == "velocity" {
            #expect(explained[i - 1][2] == "fix" && explained[i - 1][0] == row[0])
        }
        // Route evidence off (the default) gives other frames; the same log replays byte for byte.
        let off = try Waymark.run(["replay", "--route", routeURL.path, logURL.path])
        let again = try Waymark.run(["replay", "--route", routeURL.path, "--route-evidence", "off", logURL.path])
        #expect(off.status == 0 && off.stdout == again.stdout)
        #expect(off.stdout != on.stdout)
        // Without the velocity columns the log is the extended one's, and replays differently.
        let plain = lines.enumerated().map { i, l -> String in
            i == 0 ? ReplayCLITests.logHeader + ",true_heading_deg,heading_accuracy_deg,tracking"
                   : String(l.split(separator: ",", omittingEmptySubsequences: false).prefix(15).joined(separator: ","))
        }
        try (plain.joined(separator: "\n") + "\n").write(to: plainURL, atomically: true, encoding: .utf8)
        let withoutVelocity = try Waymark.run(["replay", "--route", routeURL.path, plainURL.path])
        #expect(withoutVelocity.status == 0 && withoutVelocity.stdout != off.stdout)
    }

    @Test("velocity columns: −1 and empty are none; a bad number or a value in a frame row is exit 65 with the line")
    func badVelocityColumns() throws {
        let routeURL = ReplayCLITests.temporary("vbad-route.csv")
        defer { try? FileManager.default.removeItem(at: routeURL) }
        try ReplayCLITests.straight.write(to: routeURL, atomically: true, encoding: .utf8)
        let head = Self.velocityHeader + "\n"
        let frame = "0.5,frame,,,,,0,1.4,0,0,0,0,,,,,,,\n"
        func run(_ fix: String, _ extra: String = "") throws -> Waymark.Result {
            try Waymark.run(["replay", "--route", routeURL.path], input: head + fix + frame + extra)
        }
        #expect(try run("0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,,,,,-1,-1,0.1,0.3\n").status == 0)
        #expect(try run("0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,,,,,,,,\n").status == 0)
        let bad = try run("0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,,,,,north,5,1,0.3\n")
        #expect(bad.status == 65 && bad.stderr.contains("line 2: course_deg 'north' is not a number"), "\(bad.stderr)")
        let inFrame = try run("0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,,,,,,,,\n", "0.9,frame,,,,,0,1.4,0,0,0,0,,,,10,,,\n")
        #expect(inFrame.status == 65 && inFrame.stderr.contains("line 4: course_deg must be empty in a frame row"), "\(inFrame.stderr)")
        let wrongCount = try run("0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,,,,,1,2,3\n")
        #expect(wrongCount.status == 65 && wrongCount.stderr.contains("expected 19 fields, found 18"), "\(wrongCount.stderr)")
        // --route-evidence is the filter's.
        let fits = try Waymark.run(["replay", "--route", routeURL.path, "--estimator", "robust", "--route-evidence", "on"], input: head + frame)
        #expect(fits.status == 64)
    }
}
