import Foundation
import Testing

/// `waymark accuracy TRACK` on the 1,500 m walk (Tests/Data/cli_inputs/walk_strava.gpx)
/// against pyproj: Tests/Data/cli_inputs/walk_reference.csv holds PROJ's geodesic
/// (Geod.inv) and topocentric frame, and the haversine and metres-per-degree formulas
/// written out in Python, on the same points (h = <ele>, so `--heights orthometric`).
@Suite("accuracy on a track (issue 25)", .serialized)
struct TrackAccuracyTests {
    static let inputs = TrackFormatTests.inputs
    static let walk = TrackFormatTests.path("walk_strava.gpx")

    /// The tolerances: distances, lengths and position errors 10 nm, azimuths 1e-9°
    /// (measured: the geodesic's distances and azimuths equal to the last bit, the
    /// haversine and position errors within 1.3e-9 m).
    static let metres = 1e-8, degrees = 1e-9

    /// CSV text (after `#` lines) as rows keyed by the header's names.
    static func table(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    @Test("per point and per segment: every compared column within tolerance of pyproj's, on all 121 points")
    func againstPyproj() throws {
        let reference = Self.table(try String(contentsOf: Self.inputs.appendingPathComponent("walk_reference.csv"), encoding: .utf8))
        let r = try Waymark.run(["accuracy", "--heights", "orthometric", Self.walk])
        try #require(r.status == 0, "\(r.stderr)")
        let rows = Self.table(r.stdout)
        try #require(rows.count == 121 && reference.count == 121)
        var worst: [String: Double] = [:]
        for (got, want) in zip(rows, reference) {
            #expect(got["point"] == want["point"])
            for (column, tolerance) in [("segment_distance_m", Self.metres), ("segment_azimuth_deg", Self.degrees), ("haversine_distance_error_m", Self.metres),
                                        ("along_track_m", Self.metres), ("distance_from_origin_m", Self.metres),
                                        ("haversine_horizontal_error_m", Self.metres), ("meters_per_degree_horizontal_error_m", Self.metres)] {
                guard let w = want[column], !w.isEmpty else {
                    #expect(got[column] == "", "point \(got["point"] ?? ""): \(column) should be empty on the first row")
                    continue
                }
                let difference = abs(Double(got[column] ?? "")! - Double(w)!)
                worst[column] = max(worst[column] ?? 0, difference)
                #expect(difference <= tolerance, "point \(got["point"] ?? ""): \(column) \(got[column] ?? "") vs pyproj \(w)")
            }
        }
        // The measured agreement, for the record (shown with --verbose failures only).
        #expect(worst.count == 7, "\(worst)")
    }

    @Test("summary lines: the length by each method, and max, RMS and percentiles of the errors as pyproj's numbers give them")
    func summary() throws {
        let reference = Self.table(try String(contentsOf: Self.inputs.appendingPathComponent("walk_reference.csv"), encoding: .utf8))
        let r = try Waymark.run(["accuracy", "--heights", "orthometric", Self.walk])
        let summary = r.lines.filter { $0.hasPrefix("# ") }
        func value(_ line: String, _ key: String) -> Double? {
            guard let l = summary.first(where: { $0.hasPrefix("# " + line + " ") }) else { return nil }
            for word in l.split(separator: " ") where word.hasPrefix(key + "=") { return Double(word.dropFirst(key.count + 1)) }
            return nil
        }
        let length = Double(reference.last!["along_track_m"]!)!
        #expect(abs((value("length_m", "geodesic") ?? 0) - length) <= 0.0005 + 1e-9, "\(summary)")
        #expect(summary.first?.contains("121 points (gpx), origin 55.7339700,37.5886400,150.000 (the first point)") == true, "\(summary.first ?? "")")
        for column in ["haversine_horizontal_error_m", "meters_per_degree_horizontal_error_m"] {
            let values = reference.map { Double($0[column]!)! }
            let sorted = values.sorted()
            func percentile(_ q: Double) -> Double {
                let rank = q * Double(sorted.count - 1), lo = Int(rank), hi = min(lo + 1, sorted.count - 1)
                return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - Double(lo))
            }
            let rms = (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
            for (key, expected) in [("max", sorted.last!), ("rms", rms), ("p50", percentile(0.5)), ("p95", percentile(0.95)), ("p99", percentile(0.99))] {
                #expect(abs((value(column, key) ?? .nan) - expected) <= 0.0005 + 1e-9, "\(column) \(key): \(summary)")
            }
            #expect(value(column, "at_point") == Double(values.firstIndex(of: sorted.last!)!), "\(column): \(summary)")
        }
    }

    @Test("--origin moves the scene origin; --html and --svg write the page; a bad track or option is refused")
    func originPageAndErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-track-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("walk.html").path, svg = dir.appendingPathComponent("walk.svg").path
        let r = try Waymark.run(["accuracy", "--heights", "orthometric", "--origin", "55.7339700,37.5886400,150", "--html", html, "--svg", svg, Self.walk])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.first?.hasSuffix("origin 55.7339700,37.5886400,150.000 (--origin)") == true, "\(r.lines.first ?? "")")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("data-page=\"accuracy-track\"") && page.components(separatedBy: "<circle class=\"pt\"").count - 1 == 7 * 121)
        // The exact length at the baselines' precision (0.1 m), so the gap the reader sees is the
        // real one: "1.48 km" beside "haversine says 1470.2 m" read as 9.8 m where it was 5.0.
        let lede = try #require(page.range(of: #"[0-9.]+ m long on the WGS-84 ellipsoid \(haversine says [0-9.]+ m"#, options: .regularExpression).map { String(page[$0]) },
                                "no lede with both lengths in metres")
        let numbers = lede.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }.filter { $0 > 100 }
        #expect(numbers.count == 2 && lede.hasPrefix(String(format: "%.1f", numbers[0])), "\(lede)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).components(separatedBy: "<circle class=\"pt\"").count - 1 == 7 * 121)
        // Moving the origin to the far end changes where the errors are largest.
        let far = try Waymark.run(["accuracy", "--heights", "orthometric", "--origin", "55.7418,37.6012,150", Self.walk])
        #expect(far.lines.contains { $0.hasPrefix("# haversine_horizontal_error_m") && $0.contains("at_point=0 ") }, "\(far.lines.prefix(5))")
        for (arguments, status) in [(["accuracy", "--origin", "55.7,37.6"], 64), (["accuracy", "--origin", "95,0", Self.walk], 64),
                                    (["accuracy", "--keep-columns", Self.walk], 64), (["accuracy", "/nonexistent.gpx"], 66),
                                    (["accuracy", "--from", "gpx", "-"], 65)] {
            let bad = try Waymark.run(arguments, input: "<gpx/>")
            #expect(bad.status == Int32(status), "\(arguments): \(bad.status) \(bad.stderr)")
        }
    }

    @Test("length reads every format; --precision fixes the rows' decimals")
    func length() throws {
        let r = try Waymark.run(["length", "--heights", "orthometric", "--precision", "3", Self.walk])
        #expect(r.status == 0 && r.lines.count == 3 + 1 + 120, "\(r.stderr)")
        #expect(r.lines[3] == LengthCommand.columns, "\(r.lines[3])")
        let reference = Self.table(try String(contentsOf: Self.inputs.appendingPathComponent("walk_reference.csv"), encoding: .utf8))
        let rows = Self.table(r.stdout)
        for (got, want) in zip(rows, reference.dropFirst()) {
            #expect(got["geodesic_m"] == String(format: "%.3f", Double(want["segment_distance_m"]!)!), "\(got) vs \(want)")
        }
        for name in ["walk_osmand.gpx", "walk_gpx10.gpx", "walk_track.kml", "walk_places.kml", "walk_garmin.tcx", "walk_logger.nmea", "osrm_polyline.json",
                     "osrm_polyline6.json", "osrm_geojson.json", "valhalla_route.json", "phone_gpslogger.csv", "geojson_io.geojson"] {
            let l = try Waymark.run(["length", TrackFormatTests.path(name)])
            #expect(l.status == 0 && l.lines.count > 4 && l.lines[1].hasPrefix("# length_m geodesic="), "\(name): \(l.stderr)")
        }
    }

    @Test("the demo (no TRACK) prints what it always printed, byte for byte")
    func demoUnchanged() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/cli_golden/accuracy_demo.out")
        let r = try Waymark.run(["accuracy"])
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(r.status == 0 && r.stdout == expected)
    }
}

/// The columns of `waymark length` (the test's copy of the contract).
enum LengthCommand {
    static let columns = "segment,from_point,to_point,line,geodesic_m,azimuth_deg,haversine_m,haversine_azimuth_deg,"
        + "meters_per_degree_m,meters_per_degree_azimuth_deg,along_track_m"
}
