import Foundation
#if canImport(FoundationXML)
import FoundationXML   // XMLParser lives here on Linux
#endif
import Testing

/// `waymark accuracy --html FILE` / `--svg FILE`: the files are written, self-contained,
/// well-formed, and carry the CSV's numbers; the CSV on stdout is unchanged. (That the
/// page draws and scripts run without errors is checked in a real browser by
/// scripts/test-pages.)
@Suite("waymark accuracy --html / --svg", .serialized)
struct AccuracyReportTests {
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-accuracy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Everything that would make a browser fetch something: after removing the SVG
    /// namespace name (an identifier, never fetched) no URL scheme may remain at all.
    static func externalReferences(_ text: String) -> [String] {
        let stripped = text.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        return ["http://", "https://", "//cdn", "<link", "@import", " src=", "href=", "url(http", "url(//"]
            .filter { stripped.localizedCaseInsensitiveContains($0) }
    }

    /// The page's read-out of a number: 3 significant digits, plain decimal.
    static func significant(_ v: Double) -> String {
        let decimals = max(0, 2 - Int(floor(log10(abs(v)))))
        return String(format: "%.\(decimals)f", v)
    }

    static func distanceLabel(_ d: Double) -> String { d >= 1000 ? "\(Int(d / 1000)) km" : "\(Int(d)) m" }

    @Test("--html and --svg write self-contained files with the CSV's numbers; stdout is the same CSV")
    func writesPages() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("accuracy.html"), svg = dir.appendingPathComponent("accuracy.svg")
        let plain = try Waymark.run(["accuracy"])
        let r = try Waymark.run(["accuracy", "--html", html.path, "--svg", svg.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == plain.stdout)
        #expect(r.stderr.isEmpty)

        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(Self.externalReferences(page).isEmpty, "\(Self.externalReferences(page))")
        #expect(page.components(separatedBy: "<svg class=\"plot\"").count - 1 == 3)
        #expect(page.components(separatedBy: "viewBox=\"0 0 ").count - 1 == 3)
        #expect(page.components(separatedBy: "<g class=\"series\"").count - 1 == 10 + 5 + 3)
        #expect(page.components(separatedBy: "<script>").count - 1 == 1)
        #expect(page.contains("errors drawn ×"))   // the route's exaggeration is stated

        // Every CSV row is a plotted point whose read-out shows the CSV's values.
        let rows = plain.lines.filter { $0.first?.isNumber == true }.map(numbers)
        #expect(rows.count == 40)
        for v in rows {
            let label = Self.distanceLabel(v[1])
            for (horizontal, full) in [(v[2], v[3]), (v[4], v[5])] {
                let readout = "\(label): \(Self.significant(horizontal)) m horizontal, \(Self.significant(full)) m in 3-D"
                #expect(page.contains("data-readout=\"\(readout)"), "missing read-out \(readout) (latitude \(v[0]))")
            }
            #expect(page.contains("data-readout=\"\(label): haversine distance off by \(Self.significant(v[6])) m"))
        }
        // Each series' marker count is the one it declares.
        for part in page.components(separatedBy: "<g class=\"series\"").dropFirst() {
            let body = part.components(separatedBy: "</g>")[0]
            let declared = body.components(separatedBy: "data-count=\"")[1].prefix { $0.isNumber }
            #expect(body.components(separatedBy: "<circle class=\"pt\"").count - 1 == Int(declared))
            #expect(body.components(separatedBy: "<path class=\"line\" d=\"M").count - 1 == 1)
        }

        let drawing = try String(contentsOf: svg, encoding: .utf8)
        #expect(drawing.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(Self.externalReferences(drawing).isEmpty, "\(Self.externalReferences(drawing))")
        #expect(!drawing.contains("<script"))
        let parser = XMLParser(data: Data(drawing.utf8))
        #expect(parser.parse(), "the SVG is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(drawing.components(separatedBy: "class=\"plot\" data-plot=\"").count - 1 == 3)   // nested, each placed
        #expect(drawing.components(separatedBy: "<title>").count - 1 > 300)   // hover tooltips without script
    }

    /// The `data-readout` texts of one series' markers, in order.
    static func readouts(_ page: String, series: String) -> [String] {
        guard let start = page.range(of: "<g class=\"series\" data-series=\"\(series)") else { return [] }
        let group = page[start.upperBound...].components(separatedBy: "</g>")[0]
        return group.components(separatedBy: "data-readout=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test("the route figure's read-outs are waymark demo's baseline errors, point by point")
    func routeMatchesDemo() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("accuracy.html")
        #expect(try Waymark.run(["accuracy", "--html", html.path]).status == 0)
        let page = try String(contentsOf: html, encoding: .utf8)
        let demo = try Waymark.run(["demo"]).lines
        let header = try #require(demo.firstIndex(of: "index,lat,lon,x,y,z,distance_m,azimuth_deg,haversine_error_m,meters_per_degree_error_m"))
        let rows = demo[(header + 1)...].prefix { $0.first?.isNumber == true }.map(numbers)
        #expect(rows.count == 55)
        for (series, column) in [("haversine (error", 8), ("metres per degree (error", 9)] {
            let texts = Self.readouts(page, series: series)
            #expect(texts.count == rows.count, "\(series)")
            for (text, row) in zip(texts, rows) {
                let value = row[column] == 0 ? "0" : Self.significant(row[column])
                #expect(text.hasPrefix("point \(Int(row[0])) (") && text.hasSuffix(": \(value) m from the exact position"),
                        "\(series) point \(Int(row[0])): \(text), demo says \(row[column])")
            }
        }
    }

    @Test("--html / --svg without FILE: exit 64; an unwritable FILE: exit 74 naming it")
    func errors() throws {
        for flag in ["--html", "--svg"] {
            let missing = try Waymark.run(["accuracy", flag])
            #expect(missing.status == 64)
            #expect(missing.stderr.contains(flag))

            let dir = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            for path in [dir.appendingPathComponent("no-such-dir/page").path, dir.path] {
                let r = try Waymark.run(["accuracy", flag, path])
                #expect(r.status == 74, "\(flag) \(path): \(r.status) \(r.stderr)")
                #expect(r.stderr.contains("cannot write \(path)"))
            }
        }
    }
}
