import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Geoid (EGM96 via PROJ vgridshift)")
struct GeoidTests {
    let geoid = try! Geoid()

    @Test("2,000 nodes of NGA's 15′ grid: exact to the file's 1 mm rounding")
    func gridNodes() throws {
        let rows = try TestData.rows("external/geoid_egm96_ww15mgh_nodes_sample.csv")
        #expect(rows.count == 2000)
        var worst = 0.0
        for row in rows {
            let p = try GeodeticCoordinate(latitude: row.number("lat"), longitude: row.number("lon"))
            let d = abs(try geoid.undulation(at: p) - row.number("N_m"))
            worst = max(worst, d)
            #expect(d <= 0.0006, "\(row)")
        }
        print("EGM96 nodes: worst \(worst) m")
    }

    @Test("published EGM96 values (NGA, F477 ports, GeoidEval, Octave) within PROJ's bilinear interpolation error")
    func publishedValues() throws {
        var worst = 0.0
        for row in try TestData.rows("external/geoid_egm96_reference_values.csv") {
            let p = try GeodeticCoordinate(latitude: row.number("lat"), longitude: row.number("lon"))
            let d = abs(try geoid.undulation(at: p) - row.number("N_m"))
            worst = max(worst, d)
            // PROJ interpolates the 15′ grid bilinearly; NGA's INTPT uses a spline and the
            // F477 ports synthesise the harmonics: up to ~0.12 m apart in rough terrain.
            #expect(d <= 0.15, "\(row["case"]!): \(d) m")
        }
        print("EGM96 published values: worst \(worst) m")
    }

    @Test("agrees with PROJ's own cct, and converts heights both ways")
    func crossCheckWithCct() throws {
        let points: [(Double, Double)] = [(38.628155, -90.220845), (-14.621217, -54.978886), (46.874319, 102.448729), (0, 0), (27.988, 86.925), (-89.5, 10)]
        let input = points.map { "\($0.1) \($0.0) 0" }.joined(separator: "\n") + "\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cct", "-d", "9", "+proj=vgridshift", "+grids=egm96_15.gtx", "+multiplier=1"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input.data(using: .utf8)!)
        try stdin.fileHandleForWriting.close()
        let text = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = text.split(separator: "\n")
        #expect(lines.count == points.count)
        for (line, point) in zip(lines, points) {
            let n = Double(line.split(separator: " ", omittingEmptySubsequences: true)[2])!
            let p = try GeodeticCoordinate(latitude: point.0, longitude: point.1, height: 100)
            #expect(abs(try geoid.undulation(at: p) - n) <= 1e-9)
            let h = try geoid.converting(p, to: .ellipsoidal)
            #expect(abs(h.height - (100 + n)) <= 1e-9)
            #expect(abs(try geoid.converting(h, to: .orthometric).height - 100) <= 1e-9)
        }
    }

    @Test func batchSceneAndErrors() throws {
        let points = [try GeodeticCoordinate(latitude: 55.75, longitude: 37.62, height: 150), try GeodeticCoordinate(latitude: 55.76, longitude: 37.6, height: 140)]
        var n = [Double](repeating: 0, count: 2)
        try points.withUnsafeBytes { i in try n.withUnsafeMutableBufferPointer { try geoid.undulations(geodetic: i.baseAddress!, stride: 24, into: $0.baseAddress!, count: 2) } }
        #expect(n[0] == (try geoid.undulation(at: points[0])) && n[0] > 10 && n[0] < 20)   // ~14 m in Moscow
        let bad: [Double] = [55, 37, 0, .nan, 0, 0]
        var untouched = [Double](repeating: 3, count: 2)
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .nonFinite)) {
            try bad.withUnsafeBytes { i in try untouched.withUnsafeMutableBufferPointer { try geoid.undulations(geodetic: i.baseAddress!, stride: 24, into: $0.baseAddress!, count: 2) } }
        }
        #expect(untouched == [3, 3])
        // Orthometric route heights are converted once, then go through the exact frame.
        let frame = SceneFrame(origin: try geoid.converting(points[0], to: .ellipsoidal))
        let scene = try frame.scenePositions(of: points, heights: .orthometric, geoid: geoid)
        #expect(norm(scene[0]) < 1e-9)
        #expect(try frame.scenePositions(of: points, heights: .ellipsoidal, geoid: geoid)[0].y < -10)
        #expect(throws: WaymarkError.gridMissing(file: "no_such_grid.gtx", package: "proj-data")) { try Geoid(gridFile: "no_such_grid.gtx") }
        #expect(WaymarkError.gridMissing(file: "egm96_15.gtx", package: "proj-data").message.contains("egm96_15.gtx"))
    }
}

@Suite("CRSTransform (PROJ crs-to-crs)")
struct CRSTransformTests {
    @Test("WGS-84 → UTM 50N, longitude first whatever EPSG's axis order")
    func utm() throws {
        let t = try CRSTransform(from: "EPSG:4326", to: "EPSG:32650")
        let p = try t.transform(SIMD3(116.4, 39.9, 0))
        #expect(abs(p.x - 448709.380192) < 1e-5 && abs(p.y - 4416830.562172) < 1e-5)   // cs2cs -d 6
        let c = try t.transform(SIMD3(117, 40, 0))
        #expect(abs(c.x - 500000) < 1e-6 && abs(c.y - 4427757.218738) < 1e-5)
        #expect(!t.operationName.isEmpty)
        let back = try CRSTransform(from: "EPSG:32650", to: "EPSG:4326").transform(p)
        #expect(abs(back.x - 116.4) < 1e-9 && abs(back.y - 39.9) < 1e-9)
    }

    @Test("PROJ strings and WKT work as definitions too")
    func stringsAndWKT() throws {
        let wkt = #"GEOGCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563]],CS[ellipsoidal,2],AXIS["latitude",north,ANGLEUNIT["degree",0.0174532925199433]],AXIS["longitude",east,ANGLEUNIT["degree",0.0174532925199433]]]"#
        let t = try CRSTransform(from: wkt, to: "+proj=utm +zone=50 +datum=WGS84 +type=crs")
        let p = try t.transform(SIMD3(116.4, 39.9, 0))
        #expect(abs(p.x - 448709.380192) < 1e-5 && abs(p.y - 4416830.562172) < 1e-5)
    }

    @Test("WGS-84 → CGCS2000: PROJ has only a ballpark no-op, and says so")
    func cgcs2000() throws {
        let t = try CRSTransform(from: "EPSG:4979", to: "EPSG:4490")
        let p = try t.transform(SIMD3(116.4, 39.9, 10))
        #expect(p.x == 116.4 && p.y == 39.9)
        #expect(t.operationName.lowercased().contains("ballpark"))
        #expect(t.accuracy == nil)
    }

    @Test func errorsCarryPROJsMessage() throws {
        do {
            _ = try CRSTransform(from: "EPSG:4326", to: "EPSG:99999999")
            Issue.record("expected an error")
        } catch {
            guard case .projFailure(let code, let message) = error else { Issue.record("\(error)"); return }
            #expect(code != 0 && !message.isEmpty)
        }
        let t = try CRSTransform(from: "EPSG:4326", to: "EPSG:32650")
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try t.transform(SIMD3(.nan, 0, 0)) }
        let input: [Double] = [116, 39, 0, 117, .infinity, 0]
        var out = [Double](repeating: 5, count: 6)
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .nonFinite)) {
            try input.withUnsafeBytes { i in try out.withUnsafeMutableBytes { try t.transform(i.baseAddress!, stride: 24, into: $0.baseAddress!, stride: 24, count: 2) } }
        }
        #expect(out.allSatisfy { $0 == 5 })
    }

    @Test("8 threads, each with its own clone, agree bit for bit with one thread")
    func threads() async throws {
        let t = try CRSTransform(from: "EPSG:4326", to: "EPSG:32650")
        let points: [SIMD3<Double>] = (0..<2000).map { (i: Int) -> SIMD3<Double> in
            let k = Double(i)
            return SIMD3<Double>(114 + k * 0.003, 22 + k * 0.01, 0)
        }
        let expected = try points.map { p throws(WaymarkError) in try t.transform(p) }
        let clones = try (0..<8).map { _ in try t.clone() }
        try await withThrowingTaskGroup(of: [SIMD3<Double>].self) { group in
            for clone in clones {
                nonisolated(unsafe) let mine = clone
                group.addTask { try points.map { p throws(WaymarkError) in try mine.transform(p) } }
            }
            for try await result in group { #expect(result == expected) }
        }
    }
}
