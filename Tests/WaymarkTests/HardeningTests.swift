import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
@testable import WaymarkPROJ
import Waymark

/// Regressions of issue 15 at the Swift level (the C ABI's are in
/// Tests/CABI/hardening_test.c): no trap, no wrong number, nothing written on error.
@Suite("Hardening: hostile but allowed inputs")
struct HardeningTests {
    @Test("sin/cos of NaN, ±infinity and huge finite angles: NaN or the folded angle's, never a trap")
    func sincosNeverTraps() {
        for x in [Double.nan, .infinity, -.infinity] {
            let a = AngleMath.sincosd(x), b = VectorTrig.sincosd(x)
            #expect(a.sin.isNaN && a.cos.isNaN && b.sin.isNaN && b.cos.isNaN)
        }
        // 1.7e308 − (−1.7e308) is +infinity: the radar's reachable case.
        #expect(AngleMath.sincosd(1.7e308 - -1.7e308).sin.isNaN)
        for x in [1e18, -1e18, 0x1p48, 0x1p60 + 45, 1e306, -1.7e308, .greatestFiniteMagnitude] {
            let folded = x.remainder(dividingBy: 360)
            let scalar = VectorTrig.sincosd(x), reference = AngleMath.sincosd(folded)
            #expect(abs(scalar.sin - reference.sin) <= 4e-16 && abs(scalar.cos - reference.cos) <= 4e-16, "\(x)")
            let lanes = VectorTrig.sincosd(SIMD4(x, 10, -x, folded))
            #expect(abs(lanes.sin[0] - reference.sin) <= 4e-16 && abs(lanes.cos[2] - reference.cos) <= 4e-16, "\(x)")
            #expect(lanes.sin[3] == VectorTrig.sincosd(SIMD4(repeating: folded)).sin[0])
        }
    }

    @Test("huge finite longitudes give the folded longitude's scene positions (lon 1e18 was 2.9e6 m off)")
    func hugeLongitudes() throws {
        let frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 40, longitude: 2), axes: .eus)
        for lon in [1e18, -1e18, 1e306, -1.7e308] {
            let input = [40.0, lon, 10, 40.0, lon.remainder(dividingBy: 360), 10]
            var output = [Double](repeating: 0, count: 6)
            try input.withUnsafeBytes { i in
                try output.withUnsafeMutableBytes { o in
                    try frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: 2)
                }
            }
            let d = SIMD3(output[0], output[1], output[2]) - SIMD3(output[3], output[4], output[5])
            #expect((d * d).sum().squareRoot() <= 1e-6, "\(lon)")
        }
    }

    @Test("azimuths stay in (-180, 180] (geod_inverse answers -180 on some antipodal lines)")
    func azimuthRange() throws {
        let g = Geodesic.wgs84
        for (lat, lon) in [(2.4121638352107908, 162.80270106289663), (-55.401507721003846, 58.761693722923127)] {
            let r = g.inverse(try GeodeticCoordinate(latitude: lat, longitude: lon), try GeodeticCoordinate(latitude: -lat, longitude: lon + 180))
            #expect(r.azimuth1 > -180 && r.azimuth1 <= 180 && r.azimuth2 > -180 && r.azimuth2 <= 180)
        }
        #expect(AngleMath.atan2dInline(-1e-20, -1) == 180)
    }

    @Test("short-range geodesics over 1e-160° stay finite (1/h² overflowed to infinity)")
    func tinyLines() throws {
        let a = try GeodeticCoordinate(latitude: 0, longitude: 20)
        let b = try GeodeticCoordinate(latitude: 1e-160, longitude: 20)
        let r = try #require(Geodesic.wgs84.shortRangeInverse(a, b))
        #expect(r.distance.isFinite && r.distance < 1e-150 && r.azimuth1.isFinite && r.azimuth2.isFinite)
    }

    @Test("the exact GCJ-02 inverse under .everywhere: the right point or noConvergence, never a silent miss")
    func gcjInverseAcrossTheAntimeridian() throws {
        var solved = 0, refused = 0
        for i in 0..<91 {
            for k in 0..<40 {
                let lat = -89 + Double(i) * 1.97, lon = k < 20 ? 179.0 + Double(k) * 0.05 : -180.0 + Double(k - 20) * 0.05
                let g = try GeodeticCoordinate(latitude: lat, longitude: lon)
                guard let w = ChinaDatum.checkedWGS84(fromGCJ02: g, region: .everywhere) else {
                    #expect(throws: WaymarkError.noConvergence(index: nil)) {
                        try ChinaDatum.convertChecked(g, .wgs84FromGCJ02, region: .everywhere)
                    }
                    refused += 1
                    continue
                }
                let back = ChinaDatum.gcj02(fromWGS84: w, region: .everywhere)
                #expect(abs(back.latitude - lat) <= 1e-9 && abs((back.longitude - lon).remainder(dividingBy: 360)) <= 1e-9, "\(lat), \(lon)")
                solved += 1
            }
        }
        #expect(solved > refused)
        // At the poles the longitude survives (it was NaN).
        let pole = ChinaDatum.gcj02(fromWGS84: try GeodeticCoordinate(latitude: 90, longitude: 37), region: .everywhere)
        #expect(pole.latitude == 90 && pole.longitude.isFinite)
    }

    @Test("where batches skip the GCJ-02 inverse's check pass, Newton's method converges in range within six evaluations")
    func gcjInverseSurelyConverges() throws {
        // A sweep of the set inverseSurelyConverges names (off-grid steps, so every phase
        // of the 1/3° sine is hit), its edges, and both sides of the 105° E cusp band.
        var swept = 0, worstSteps = 0
        var lat = -79.0
        while lat <= 79 {
            var lon = -179.0
            while lon <= 179 {
                if ChinaDatum.inverseSurelyConverges(latitude: lat, longitude: lon) {
                    let r = ChinaDatum.newtonSolve(latitude: lat, longitude: lon)
                    #expect(r.converged && r.steps <= 6 && r.lon >= -180 && r.lon < 180 && abs(r.lat) <= 90, "\(lat), \(lon)")
                    let g = try GeodeticCoordinate(latitude: lat, longitude: lon)
                    #expect(ChinaDatum.checkedWGS84(fromGCJ02: g, region: .everywhere) != nil, "\(lat), \(lon)")
                    worstSteps = max(worstSteps, r.steps)
                    swept += 1
                }
                lon += lon.magnitude > 178.5 || (lon - 105).magnitude < 2.5 ? 0.0741 : 0.2473
            }
            lat += lat.magnitude > 78 ? 0.1913 : 0.7583
        }
        print("inverseSurelyConverges sweep: \(swept) points, at most \(worstSteps) offset evaluations")
        #expect(swept > 100_000 && worstSteps <= 6)
        #expect(ChinaDatum.inverseSurelyConverges(latitude: 79, longitude: -179) && !ChinaDatum.inverseSurelyConverges(latitude: 79.01, longitude: 0))
        #expect(!ChinaDatum.inverseSurelyConverges(latitude: 0, longitude: 179.5) && !ChinaDatum.inverseSurelyConverges(latitude: 60, longitude: 104))
        #expect(ChinaDatum.inverseSurelyConverges(latitude: 40, longitude: 105))   // the China rectangle
    }

    @Test("a batch with a point without an exact inverse fails with its index and writes nothing")
    func gcjBatchNoConvergence() throws {
        // Find a point the checked inverse refuses.
        var bad: GeodeticCoordinate? = nil
        search: for i in 0..<180 { for k in 0..<200 {
            let g = try GeodeticCoordinate(latitude: -89.5 + Double(i), longitude: -180 + Double(k) * 1.8)
            if ChinaDatum.checkedWGS84(fromGCJ02: g, region: .everywhere) == nil { bad = g; break search }
        } }
        let g = try #require(bad)
        let input = [39.9, 116.4, 0, g.latitude, g.longitude, 0]
        var output = [Double](repeating: 42, count: 6)
        #expect(throws: WaymarkError.noConvergence(index: 1)) {
            try input.withUnsafeBytes { i in
                try output.withUnsafeMutableBytes { o in
                    try ChinaDatum.convert(.wgs84FromGCJ02, region: .everywhere, geodetic: i.baseAddress!, stride: 24,
                                           into: o.baseAddress!, stride: 24, count: 2)
                }
            }
        }
        #expect(output.allSatisfy { $0 == 42 })
    }

    @Test("a truncated geoid grid: a PROJ error naming the grid, and nothing written")
    func truncatedGrid() throws {
        let grid = URL(fileURLWithPath: "/usr/share/proj/egm96_15.gtx")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-grid-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let truncated = directory.appendingPathComponent("egm96_15.gtx")
        try Data(try Data(contentsOf: grid).prefix(1_000_000)).write(to: truncated)
        // By name from PROJ's resource directories only: the path is refused by default
        // (checked first: PROJ caches an opened grid process-wide, by path).
        #expect(throws: (any Error).self) { try Geoid(gridFile: truncated.path) }
        let geoid = try Geoid(gridFile: truncated.path, files: .allowPaths)
        let input = [-60.0, 10, 0, 80, 10, 0]   // the southern rows are in the file, the northern not
        var output = [42.0, 42.0]
        #expect(throws: (any Error).self) {
            try input.withUnsafeBytes { try geoid.undulations(geodetic: $0.baseAddress!, stride: 24, into: &output, count: 2) }
        }
        #expect(output == [42, 42])
        do { _ = try geoid.undulation(at: try GeodeticCoordinate(latitude: 80, longitude: 10)) } catch {
            #expect(error.message.contains("egm96_15.gtx"))
        }
    }

    @Test("CRS definitions reach only PROJ's resource directories unless paths are allowed")
    func crsFilePolicy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-crs-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("copy.gtx")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/proj/egm96_15.gtx"), to: copy)
        let byPath = "+proj=longlat +datum=WGS84 +geoidgrids=\(copy.path) +type=crs"
        #expect(throws: (any Error).self) { try CRSTransform(from: byPath, to: "EPSG:4979") }
        let allowed = try CRSTransform(from: byPath, to: "EPSG:4979", files: .allowPaths)
        #expect(abs(try allowed.transform(SIMD3(20, 10, 0)).z) > 1)
        #expect(try allowed.clone().files == .allowPaths)
        let named = try CRSTransform(from: "+proj=longlat +datum=WGS84 +geoidgrids=egm96_15.gtx +type=crs", to: "EPSG:4979")
        #expect(try named.transform(SIMD3(20, 10, 0)) == (try allowed.transform(SIMD3(20, 10, 0))))
    }

    @Test("a definition needing a grid that is not installed fails at creation, naming the grid")
    func crsMissingGrid() throws {
        let missing = "+proj=longlat +datum=WGS84 +geoidgrids=waymark_no_such_grid.gtx +type=crs"
        #expect(throws: WaymarkError.gridMissing(file: "waymark_no_such_grid.gtx", package: Geoid.gridPackage)) {
            try CRSTransform(from: "EPSG:4979", to: missing)
        }
        // Installed grids are found as before.
        let named = try CRSTransform(from: "EPSG:4979", to: "+proj=longlat +datum=WGS84 +geoidgrids=egm96_15.gtx +type=crs")
        #expect(abs(try named.transform(SIMD3(20, 10, 0)).z) > 1)
    }

    @Test("allocation-free POI clustering agrees with the array form, ties and all")
    func clusterHeads() throws {
        var rng = SeededGenerator(seed: 7)
        let user = try GeodeticCoordinate(latitude: 55.75, longitude: 37.62)
        for round in 0..<20 {
            let n = 1 + round * 13
            var points: [GeodeticCoordinate] = []
            for i in 0..<n {
                // Some exact duplicates, to exercise the index tie-break.
                if i > 0 && i % 7 == 0 { points.append(points[i / 2]); continue }
                points.append(try GeodeticCoordinate(latitude: 55.75 + (rng.unit() - 0.5) * 0.01,
                                                     longitude: 37.62 + (rng.unit() - 0.5) * 0.02))
            }
            let expected = try POIClustering.clusters(user: user, points: points, radius: 400)
            var reference = [Int64](repeating: -1, count: n)
            for c in expected { for m in c.members { reference[m] = Int64(c.head) } }
            var heads = [Int64](repeating: 99, count: n)
            try points.withUnsafeBytes { raw in
                try heads.withUnsafeMutableBufferPointer {
                    try POIClustering.clusterHeads(user: user, points: raw.baseAddress!, stride: 24, count: n, radius: 400, into: $0.baseAddress!)
                }
            }
            #expect(heads == reference, "round \(round)")
        }
    }

    @Test("the simulator's sample count is known before it runs, and bounded")
    func simulationBounds() throws {
        var s = FieldSimulator.Scenario()
        #expect(try s.sampleCount() == (try FieldSimulator(s).run()).count)
        s.duration = 90
        #expect(try s.sampleCount() == 91 && (try FieldSimulator(s).run()).count == 91)
        s.duration = Limits.maximumSimulatedSeconds
        #expect(try s.sampleCount() == 3601)
        s.duration = Limits.maximumSimulatedSeconds + 1
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try s.sampleCount() }
        s.duration = nil
        s.speed = 1e-300   // a 300 m walk lasting 3e302 s
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try s.sampleCount() }
        s.speed = .leastNonzeroMagnitude   // 300 m / 5e-324 is infinite
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try s.sampleCount() }
        s.speed = 1.4
        s.route = [try GeodeticCoordinate(latitude: 0, longitude: 0), try GeodeticCoordinate(latitude: 0, longitude: 179)]
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try s.sampleCount() }
    }

    @Test("impossible counts are badCount before anything is read")
    func impossibleCounts() throws {
        let frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 0, longitude: 0), axes: .enu)
        let one = [0.0, 0, 0]
        var out = [0.0, 0, 0]
        #expect(throws: WaymarkError.badCount) {
            try one.withUnsafeBytes { i in
                try out.withUnsafeMutableBytes { o in
                    try frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: 1 << 58)
                }
            }
        }
        #expect(Limits.fits(count: 1 << 52, stride: 16) && !Limits.fits(count: 1 << 53, stride: 16) && !Limits.fits(count: -1, stride: 24))
    }

    @Test("scene coordinates beyond 1e12 m are refused, so nothing overflows to infinity")
    func sceneLimits() throws {
        var frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 55.7, longitude: 37.6), axes: .eus)
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) {
            try frame.setEstimate(sceneOrigin: SIMD3(5.9, .greatestFiniteMagnitude, .greatestFiniteMagnitude), headingCorrection: 0)
        }
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try frame.geodetic(atScene: SIMD3(0, 1e13, 0)) }
        let far = try frame.geodetic(atScene: SIMD3(1e12, -1e12, 1e12))
        #expect(far.latitude.isFinite && far.longitude.isFinite && far.height.isFinite)
    }
}
