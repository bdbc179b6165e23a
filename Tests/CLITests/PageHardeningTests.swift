import Foundation
#if canImport(FoundationXML)
import FoundationXML   // XMLParser lives here on Linux
#endif
import Testing

/// Issue 52: a track's name with control bytes still gives well-formed pages (the SVG
/// parses as XML, the HTML holds no control byte), and heights the comparison cannot
/// keep finite are refused, never printed as "inf m".
@Suite("accuracy pages under hostile names and heights (issue 52)", .serialized)
struct PageHardeningTests {
    static let track = "<gpx><trk><trkseg><trkpt lat=\"55.7\" lon=\"37.6\"><ele>1</ele></trkpt>"
        + "<trkpt lat=\"55.71\" lon=\"37.6\"><ele>HEIGHT</ele></trkpt><trkpt lat=\"55.72\" lon=\"37.61\"><ele>3</ele></trkpt></trkseg></trk></gpx>"

    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Bytes XML 1.0 does not allow (C0 but tab, LF, CR), DEL, and the C1 controls.
    static func controls(_ data: Data) -> [UInt8] {
        var found: [UInt8] = []
        let bytes = [UInt8](data)
        for (k, c) in bytes.enumerated() {
            if (c < 0x20 && c != 9 && c != 10 && c != 13) || c == 0x7F { found.append(c) }
            if c == 0xC2, k + 1 < bytes.count, (0x80...0x9F).contains(bytes[k + 1]) { found.append(bytes[k + 1]) }
        }
        return found
    }

    @Test("every C0 byte, DEL and a C1 control in the file's name: the SVG is well-formed XML, neither page holds a control byte")
    func controlBytesInTheName() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var name = "walk"
        for c in 1..<32 where c != 0x2F { name += String(UnicodeScalar(UInt8(c))) }
        name += "\u{7F}\u{85}<&\">.gpx"
        let file = dir.appendingPathComponent(name)
        try Self.track.replacingOccurrences(of: "HEIGHT", with: "2").write(to: file, atomically: true, encoding: .utf8)
        let html = dir.appendingPathComponent("page.html"), svg = dir.appendingPathComponent("page.svg")
        let r = try Waymark.run(["accuracy", "--heights", "orthometric", file.path, "--html", html.path, "--svg", svg.path])
        try #require(r.status == 0, "\(r.stderr)")
        for page in [html, svg] {
            let data = try Data(contentsOf: page)
            #expect(Self.controls(data).isEmpty, "\(page.lastPathComponent): raw control bytes \(Self.controls(data))")
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains("walk\\x01\\x02"), "\(page.lastPathComponent): the name's bytes shown by their codes")
            #expect(text.contains("&#9;&#10;\\x0b\\x0c&#13;") && text.contains("\\x7f\\u0085&lt;&amp;&quot;&gt;"))
        }
        let parser = XMLParser(data: try Data(contentsOf: svg))
        #expect(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
    }

    @Test("heights of ±1e300 are refused at their line; ±1e12 m, the limit, prints finite figures on the pages and in the CSV")
    func heights() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.gpx"), html = dir.appendingPathComponent("t.html"), svg = dir.appendingPathComponent("t.svg")
        for (height, refused) in [("1e300", true), ("-1e300", true), ("1.0000000000001e12", true), ("1e12", false), ("-1e12", false)] {
            try Self.track.replacingOccurrences(of: "HEIGHT", with: height).write(to: file, atomically: true, encoding: .utf8)
            let r = try Waymark.run(["accuracy", "--heights", "orthometric", file.path, "--html", html.path, "--svg", svg.path])
            if refused {
                #expect(r.status == 65 && r.stderr.contains("line 1: height ") && r.stderr.contains("m is beyond ±1e12 m, the most the comparison takes"),
                        "\(height): \(r.status) \(r.stderr)")
                continue
            }
            try #require(r.status == 0, "\(height): \(r.stderr)")
            #expect(!r.stdout.contains("inf") && !r.stdout.contains("nan"), "\(height): the CSV \(r.stdout)")
            for page in [html, svg] {
                let text = try String(contentsOf: page, encoding: .utf8)
                #expect(!text.contains("inf m") && !text.contains("nan m") && !text.contains("NaN"), "\(height): \(page.lastPathComponent)")
            }
        }
        try Self.track.replacingOccurrences(of: "HEIGHT", with: "2").write(to: file, atomically: true, encoding: .utf8)
        let o = try Waymark.run(["accuracy", "--heights", "orthometric", "--origin", "55.7,37.6,1e300", file.path])
        #expect(o.status == 64 && o.stderr.contains("--origin height 1e+300 m is beyond ±1e12 m"), "\(o.status) \(o.stderr)")
    }
}
