import Foundation
import Testing

/// Error messages echo input (file names, fields, GPX attributes, options); its control
/// characters reach standard error escaped (`\x1b`, `\x07`, `\u{9b}`), never as bytes
/// that could drive the terminal (CWE-150).
@Suite("control characters in echoed input are escaped", .serialized)
struct TerminalEscapeTests {
    /// Whether `text` has a control character other than a line feed.
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    static let hostile = "\u{1b}]0;owned\u{07}\u{1b}[2J"
    static let escaped = "\\x1b]0;owned\\x07\\x1b[2J"

    @Test("ESC and BEL in a file name and in a CSV field are written as \\x1b and \\x07")
    func fileNameAndField() throws {
        let missing = try Waymark.run(["scene", "--origin", "55.7,37.6", "/nonexistent/" + Self.hostile + ".csv"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/" + Self.escaped + ".csv"), "\(missing.stderr.debugDescription)")
        #expect(!Self.hasRawControl(missing.stderr), "\(missing.stderr.debugDescription)")

        let field = try Waymark.run(["scene", "--origin", "55.7,37.6"], input: "55.7,37.6\n55.7," + Self.hostile + "\u{9b}1\n")
        #expect(field.status == 65 && field.stderr.hasPrefix("waymark: line 2: "), "\(field.stderr.debugDescription)")
        #expect(field.stderr.contains(Self.escaped + "\\u{9b}1"), "\(field.stderr.debugDescription)")
        #expect(!Self.hasRawControl(field.stderr), "\(field.stderr.debugDescription)")
        // One message, one line: a line break inside an echoed name is escaped too.
        let newline = try Waymark.run(["scene", "--origin", "55.7,37.6", "/nonexistent/a\nwaymark: forged"])
        #expect(newline.stderr.split(separator: "\n").count == 1 && newline.stderr.contains("a\\x0awaymark: forged"), "\(newline.stderr.debugDescription)")
    }

    @Test("GPX attributes, field-log values, option values and ArgumentParser's usage errors are escaped as well")
    func everyMessage() throws {
        let gpx = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(getpid())-escape.gpx")
        let route = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(getpid())-escape-route.csv")
        defer { try? FileManager.default.removeItem(at: gpx); try? FileManager.default.removeItem(at: route) }
        try "<gpx><wpt lat=\"5\(Self.hostile)\" lon=\"1\"/></gpx>\n".write(to: gpx, atomically: true, encoding: .utf8)
        try "lat,lon\n55.7339,37.5886\n55.7365946,37.5886\n".write(to: route, atomically: true, encoding: .utf8)
        let runs: [([String], String)] = [
            (["scene", "--origin", "55.7,37.6", gpx.path], ""),
            (["replay", "--route", route.path], FieldLogText.header + "\n0.0,fix\(Self.hostile),,,,,,,,,,\n"),
            (["scene", "--origin", "55.7,37.6" + Self.hostile], ""),
            (["scene", "--origin", "55.7,37.6", "--axes", Self.hostile], ""),
            (["scene", "--\(Self.hostile)", "1"], ""),
            (["transform", "--from", "+proj=longlat +datum=WGS84 +geoidgrids=\(Self.hostile).gtx +type=crs", "--to", "EPSG:4979"], ""),
        ]
        for (arguments, input) in runs {
            let r = try Waymark.run(arguments, input: input)
            #expect(r.status != 0 && r.stderr.contains("\\x1b"), "\(arguments): \(r.stderr.debugDescription)")
            #expect(!Self.hasRawControl(r.stderr), "\(arguments): \(r.stderr.debugDescription)")
        }
    }
}

/// The field log's first header, as `waymark replay` expects it.
enum FieldLogText {
    static let header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
}
