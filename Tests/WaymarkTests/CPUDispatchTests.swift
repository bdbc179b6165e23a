import Foundation
import Testing
@testable @_spi(CPUPaths) import WaymarkCore
@testable import WaymarkPROJ
import Waymark

/// Every code path the machine runs (baseline and, where the CPU has them, AVX2 + FMA
/// and AVX-512) on every run: each against PROJ, each deterministic, each against the
/// baseline, and the two fused paths against each other bit for bit (they fuse the same
/// multiply-adds; eight lanes instead of four change no rounding). `scripts/test` runs
/// this suite again with WAYMARK_CPU=baseline and WAYMARK_CPU=avx512, which change the
/// path the dispatched (public) calls take.
@Suite("CPU dispatch: every path accurate, deterministic and in agreement")
struct CPUDispatchTests {
    static let paths: [CPUPath] = CPUPath.runnablePaths

    /// The AVX2 + FMA and AVX-512 entries of per-path `results` (in `paths` order), where
    /// this machine runs both.
    static func fusedPair<T>(_ results: [T]) -> (avx2: T, avx512: T)? {
        guard let a = paths.firstIndex(of: .avx2FMA), let b = paths.firstIndex(of: .avx512) else { return nil }
        return (results[a], results[b])
    }

    /// The bit patterns, so +0 and -0 (and NaN payloads) count as different.
    static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

    /// Packed (lat, lon, h) triples for `points`.
    static func triples(_ points: [GeodeticCoordinate]) -> [Double] {
        points.flatMap { [$0.latitude, $0.longitude, $0.height] }
    }

    /// Anchor transforms of `points` on `path`, each translation checked against that
    /// path's scene position in Float; returns the matrices and the positions.
    static func anchorsCheckingTranslations(_ frame: SceneFrame, _ points: [GeodeticCoordinate], path: CPUPath,
                                            _ label: String) throws -> (matrices: [Matrix4x4f], positions: [Double]) {
        let input = triples(points)
        var out = [Matrix4x4f](repeating: .translation(SIMD3(9, 9, 9)), count: points.count)
        try input.withUnsafeBytes { i in
            try out.withUnsafeMutableBytes {
                try frame.anchorTransforms(geodetic: i.baseAddress!, stride: 24, intoUnaligned: $0.baseAddress!,
                                           count: points.count, path: path)
            }
        }
        let positions = try forward(frame, input, path: path)
        for (k, m) in out.enumerated() {
            #expect(m.columns.3 == SIMD4(Float(positions[3 * k]), Float(positions[3 * k + 1]), Float(positions[3 * k + 2]), 1),
                    "\(label) \(path) \(k)")
        }
        return (out, positions)
    }

    /// Each path's anchors against the baseline's: rotations within 2e-7, translations
    /// within 1e-5; the two fused paths' the same bits.
    static func expectAnchorPathsAgree(_ results: [[Matrix4x4f]], _ label: String) {
        for other in results.dropFirst() {
            for (a, b) in zip(results[0], other) {
                for c in 0..<3 {
                    #expect(abs(a.columns.0[c] - b.columns.0[c]) <= 2e-7 && abs(a.columns.1[c] - b.columns.1[c]) <= 2e-7
                            && abs(a.columns.2[c] - b.columns.2[c]) <= 2e-7, "\(label) \(a) \(b)")
                }
                let t = a.columns.3 - b.columns.3
                #expect(abs(t.x) <= 1e-5 && abs(t.y) <= 1e-5 && abs(t.z) <= 1e-5)
            }
        }
        if let (avx2, avx512) = fusedPair(results) {
            func bits(_ m: [Matrix4x4f]) -> [UInt32] {
                m.flatMap { [$0.columns.0, $0.columns.1, $0.columns.2, $0.columns.3].flatMap { c in (0..<4).map { c[$0].bitPattern } } }
            }
            #expect(bits(avx2) == bits(avx512), "\(label): AVX-512 anchors are the AVX2 + FMA bits")
        }
    }

    static func forward(_ frame: SceneFrame, _ input: [Double], path: CPUPath) throws -> [Double] {
        var out = [Double](repeating: .nan, count: input.count)
        try input.withUnsafeBytes { i in
            try out.withUnsafeMutableBytes {
                try frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: $0.baseAddress!, stride: 24,
                                         count: input.count / 3, path: path)
            }
        }
        return out
    }

    static func reverse(_ frame: SceneFrame, _ input: [Double], path: CPUPath) throws -> [Double] {
        var out = [Double](repeating: .nan, count: input.count)
        try input.withUnsafeBytes { i in
            try out.withUnsafeMutableBytes {
                try frame.geodeticPositions(scene: i.baseAddress!, stride: 24, into: $0.baseAddress!, stride: 24,
                                            count: input.count / 3, path: path)
            }
        }
        return out
    }

    @Test("WAYMARK_CPU=baseline|avx2|avx512 forces that path (a missing one: the best supported); otherwise the best supported path runs")
    func choice() {
        switch ProcessInfo.processInfo.environment["WAYMARK_CPU"] {
        case "baseline": #expect(CPUPath.current == .baseline)
        case "avx2": #expect(CPUPath.current == (CPUPath.supported == .baseline ? .baseline : .avx2FMA))
        default: #expect(CPUPath.current == CPUPath.supported)
        }
        #expect(CPUPath.avx512.runnable == CPUPath.supported && CPUPath.baseline.runnable == .baseline)
        #expect(Self.paths.first == .baseline && Self.paths.last == CPUPath.supported)
        #if arch(x86_64)
        // The machines this project is measured on have AVX2 + FMA, and now AVX-512;
        // /proc/cpuinfo agrees with cpuid (and the OS saves the registers).
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            let flags = info.split(separator: "\n").first { $0.hasPrefix("flags") }.map { $0.split(separator: " ").map(String.init) } ?? []
            let avx2 = flags.contains("avx2") && flags.contains("fma")
            let avx512 = avx2 && ["avx512f", "avx512dq", "avx512bw", "avx512vl"].allSatisfy(flags.contains)
            #expect(CPUPath.supported == (avx512 ? .avx512 : avx2 ? .avx2FMA : .baseline))
        }
        #else
        #expect(CPUPath.supported == .baseline)
        #endif
        #expect(CPUPath.avx2FMA.name.description == "avx2_fma" && CPUPath.baseline.name.description == "baseline"
                && CPUPath.avx512.name.description == "avx512")
    }

    @Test("geo → scene on each path: ≤ 1e-8 m from PROJ (near and 100 km points); paths within 5e-9 m of each other")
    func geoToScene() throws {
        var rng = SeededRandom(seed: 41)
        var worst: [Double] = Self.paths.map { _ in 0 }, apart = 0.0
        for trial in 0..<30 {
            let origin = try GeodeticCoordinate(latitude: trial == 0 ? 89.99 : trial == 1 ? -89.99 : rng.uniform(-89.9...89.9),
                                                longitude: trial == 2 ? 179.999 : rng.uniform(-180...180), height: rng.uniform(-100...3000))
            var frame = SceneFrame(origin: origin, axes: trial % 2 == 0 ? .eus : .enu)
            try frame.setEstimate(sceneOrigin: SIMD3(rng.uniform(-50...50), rng.uniform(-5...5), rng.uniform(-50...50)), headingCorrection: 0)
            let plain = SceneFrame(origin: origin, axes: .enu)
            let pipeline = try ProjTopocentricPipeline(origin: origin)
            var points: [GeodeticCoordinate] = []
            for i in 0..<(41 + trial % 4) {
                let reach = i % 5 == 0 ? 100_000.0 : 5_000
                let p = try Geodesic.wgs84.direct(from: origin, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...reach)).destination
                points.append(try GeodeticCoordinate(latitude: p.latitude, longitude: p.longitude, height: rng.uniform(-500...10_000)))
            }
            let input = Self.triples(points)
            var results: [[Double]] = []
            for (k, path) in Self.paths.enumerated() {
                let enu = try Self.forward(plain, input, path: path)
                for (i, p) in points.enumerated() {
                    let d = norm(SIMD3(enu[3 * i], enu[3 * i + 1], enu[3 * i + 2]) - (try pipeline.forward(p)))
                    worst[k] = max(worst[k], d)
                    #expect(d <= 1e-8, "\(path) \(origin) \(p)")
                }
                results.append(try Self.forward(frame, input, path: path))
            }
            for other in results.dropFirst() {
                for i in 0..<input.count { apart = max(apart, abs(results[0][i] - other[i])) }
            }
            if let (avx2, avx512) = Self.fusedPair(results) {
                #expect(Self.bits(avx2) == Self.bits(avx512), "AVX-512 geo → scene is the AVX2 + FMA bits")
            }
            // The dispatched public forms (batch, single point, anchor transforms' positions) run the current path.
            let current = try Self.forward(frame, input, path: CPUPath.current)
            for (i, p) in points.enumerated() {
                let s = frame.scenePosition(of: p)
                #expect(s.x == current[3 * i] && s.y == current[3 * i + 1] && s.z == current[3 * i + 2])
            }
        }
        print("geo → scene vs PROJ, worst per path \(zip(Self.paths.map(\.name), worst).map { "\($0): \($1) m" }); paths apart \(apart) m")
        // Against PROJ the contract (1e-8 m, above): PROJ is itself up to 3.3e-9 m from the exact
        // ENU. Against the exact ENU (ExactENUTests, which holds these very points) the fused
        // paths are within 5e-11 m near the origin and 2.3e-9 m beyond 1°, the baseline's
        // closed form within 4.3e-9 m; per component the paths stay within 5e-9 m.
        #expect(apart <= 5e-9)
    }

    @Test("scene → geo on each path round-trips to 1e-12° and 1e-6 m up to 100 km, heights −500 … 10,000 m, poles and ±180°")
    func sceneToGeo() throws {
        var rng = SeededRandom(seed: 43)
        var worstAngle = 0.0, worstHeight = 0.0, apart = 0.0
        let origins: [(Double, Double)] = [(90, 0), (-90, 45), (89.9, 180), (0, -180), (0, 179.9999), (55.73, 37.601), (-33.9, 151.2)]
        for trial in 0..<40 {
            let (lat0, lon0) = trial < origins.count ? origins[trial] : (rng.uniform(-90...90), rng.uniform(-180...180))
            let origin = try GeodeticCoordinate(latitude: lat0, longitude: lon0, height: rng.uniform(-400...3000))
            var frame = SceneFrame(origin: origin, axes: trial % 3 == 0 ? .eus : .enu)
            try frame.setEstimate(sceneOrigin: SIMD3(rng.uniform(-99...99), 1, 3), headingCorrection: rng.uniform(-180...180))
            var points: [GeodeticCoordinate] = []
            for _ in 0..<(37 + trial % 4) {
                let p = try Geodesic.wgs84.direct(from: origin, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...100_000)).destination
                points.append(try GeodeticCoordinate(latitude: p.latitude, longitude: p.longitude, height: rng.uniform(-500...10_000)))
            }
            let scene = try Self.forward(frame, Self.triples(points), path: .baseline)
            var results: [[Double]] = []
            for path in Self.paths {
                let back = try Self.reverse(frame, scene, path: path)
                for (i, p) in points.enumerated() {
                    var dLon = abs(back[3 * i + 1] - p.longitude)
                    dLon = min(dLon, 360 - dLon) * cos(p.latitude * .pi / 180)   // longitude matters less towards a pole
                    let angle = max(abs(back[3 * i] - p.latitude), dLon)
                    worstAngle = max(worstAngle, angle)
                    worstHeight = max(worstHeight, abs(back[3 * i + 2] - p.height))
                    #expect(angle <= 1e-12 && abs(back[3 * i + 2] - p.height) <= 1e-6, "\(path) \(origin) \(p)")
                    #expect(back[3 * i + 1] >= -180 && back[3 * i + 1] < 180)
                }
                results.append(back)
            }
            for other in results.dropFirst() {
                for i in 0..<scene.count { apart = max(apart, abs(results[0][i] - other[i])) }
            }
            if let (avx2, avx512) = Self.fusedPair(results) {
                #expect(Self.bits(avx2) == Self.bits(avx512), "AVX-512 scene → geo is the AVX2 + FMA bits")
            }
            // The single-point form equals the batch on the current path.
            let current = try Self.reverse(frame, scene, path: CPUPath.current)
            for i in 0..<points.count {
                let g = try frame.geodetic(atScene: SIMD3(scene[3 * i], scene[3 * i + 1], scene[3 * i + 2]))
                #expect(g.latitude == current[3 * i] && g.longitude == current[3 * i + 1] && g.height == current[3 * i + 2])
            }
        }
        print("scene → geo round trip: worst \(worstAngle)°, \(worstHeight) m; paths apart \(apart)")
        #expect(apart <= 1e-6)
    }

    @Test("scene → geo far from the surface (to the Earth's centre and 1e12 m out), on a sphere and a prolate ellipsoid: as the scalar closed form")
    func sceneToGeoEverywhere() throws {
        var rng = SeededRandom(seed: 47)
        let shapes = [Ellipsoid.wgs84, try Ellipsoid(equatorialRadius: 6_371_000, flattening: 0),
                      try Ellipsoid(equatorialRadius: 6_378_137, flattening: -1 / 150)]
        for ellipsoid in shapes {
            let frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 20, longitude: 30), ellipsoid: ellipsoid, axes: .enu)
            let t = frame.tangentFrame
            var scene: [Double] = []
            for i in 0..<203 {
                let scale = [1.0, 3e3, 5e4, 1e5, 6.4e6, 1e9, 1e12][i % 7]
                scene += [rng.uniform(-1...1) * scale, rng.uniform(-1...1) * scale, -t.origin.height - (i % 11 == 0 ? 6.35e6 : 0) + rng.uniform(-1...1) * scale]
            }
            scene += [0, 0, -6_378_000, 0, 0, -6_356_752.3, 0, 0, 0]   // the centre, the pole's foot, the origin
            var results: [[Double]] = []
            for path in Self.paths {
                let back = try Self.reverse(frame, scene, path: path)
                results.append(back)
                for i in 0..<(scene.count / 3) {
                    let enu = SIMD3(scene[3 * i], scene[3 * i + 1], scene[3 * i + 2])
                    let ecef = t.ecef(of: try GeodeticCoordinate(latitude: back[3 * i], longitude: back[3 * i + 1], height: back[3 * i + 2]))
                    let original = t.ecef(of: t.origin) + SIMD3(
                        -t.rotation.sinLon * enu.x - t.rotation.sinLat * t.rotation.cosLon * enu.y + t.rotation.cosLat * t.rotation.cosLon * enu.z,
                        t.rotation.cosLon * enu.x - t.rotation.sinLat * t.rotation.sinLon * enu.y + t.rotation.cosLat * t.rotation.sinLon * enu.z,
                        t.rotation.cosLat * enu.y + t.rotation.sinLat * enu.z)
                    // Back to ECEF within round-off of the magnitudes involved.
                    let tolerance = 2e-15 * max(norm(original), 6.4e6) * 8
                    #expect(norm(ecef - original) <= tolerance, "\(path) \(ellipsoid) \(enu)")
                }
            }
            // The scalar fallback lanes too: the same bits on both fused paths.
            if let (avx2, avx512) = Self.fusedPair(results) { #expect(Self.bits(avx2) == Self.bits(avx512), "\(ellipsoid)") }
        }
    }

    @Test("anchor transforms on each path: translations are the path's scene positions in Float; the paths' rotations within 2e-7")
    func anchors() throws {
        var rng = SeededRandom(seed: 59)
        for axes in SceneAxes.allCases {
            // 1 to 23 points, then counts around the C kernel's 64-point chunks.
            for trial in 0..<11 {
                let origin = try GeodeticCoordinate(latitude: rng.uniform(-80...80), longitude: rng.uniform(-180...180), height: 100)
                let frame = SceneFrame(origin: origin, axes: axes)
                var points: [GeodeticCoordinate] = []
                let count = trial < 6 ? 1 + trial * 4 + trial % 3 : [63, 64, 65, 129, 200][trial - 6]
                for i in 0..<count {
                    // Repeated points (degenerate legs), also on both sides of a chunk boundary.
                    if i % 5 == 2 || i % 64 == 63 || i % 64 == 0, let last = points.last { points.append(last); continue }
                    points.append(try GeodeticCoordinate(latitude: origin.latitude + rng.uniform(-0.01...0.01),
                                                         longitude: origin.longitude + rng.uniform(-0.01...0.01), height: rng.uniform(90...120)))
                }
                let results = try Self.paths.map { try Self.anchorsCheckingTranslations(frame, points, path: $0, "\(axes)").matrices }
                Self.expectAnchorPathsAgree(results, "\(axes)")
            }
        }
    }

    @Test("each path is deterministic: a point gives the same bits at every batch position, any stride, on any thread")
    func determinism() throws {
        let origin = try GeodeticCoordinate(latitude: 55.73, longitude: 37.601, height: 150)
        let frame = SceneFrame(origin: origin)
        var rng = SeededRandom(seed: 53)
        // A near point, a far one (the general sines), and neighbours of both kinds.
        let probes = [try GeodeticCoordinate(latitude: 55.7412, longitude: 37.6188, height: 151.25),
                      try GeodeticCoordinate(latitude: 57.2, longitude: 39.5, height: 9000)]
        let fillers = try (0..<17).map { i in
            try GeodeticCoordinate(latitude: 55.73 + (i % 3 == 0 ? 2.5 : 0.01) * rng.uniform(-1...1), longitude: 37.6 + rng.uniform(-0.02...0.02), height: 100)
        }
        for path in Self.paths {
            for probe in probes {
                let reference = try Self.forward(frame, Self.triples([probe]), path: path)
                let back = try Self.reverse(frame, reference, path: path)
                for count in 1...17 {   // past one and two groups of eight lanes
                    for position in 0..<count {
                        for stride in [24, 32, 56] {
                            var points = Array(fillers.prefix(count)); points[position] = probe
                            let doubles = stride / 8
                            var input = [Double](repeating: .nan, count: count * doubles)
                            for (i, p) in points.enumerated() { input[i * doubles] = p.latitude; input[i * doubles + 1] = p.longitude; input[i * doubles + 2] = p.height }
                            var out = [Double](repeating: .nan, count: count * doubles)
                            try input.withUnsafeBytes { i in
                                try out.withUnsafeMutableBytes {
                                    try frame.scenePositions(geodetic: i.baseAddress!, stride: stride, into: $0.baseAddress!, stride: stride, count: count, path: path)
                                }
                            }
                            #expect(Array(out[(position * doubles)..<(position * doubles + 3)]) == reference, "\(path) \(count) \(position) \(stride)")
                            var geo = [Double](repeating: .nan, count: count * doubles)
                            try out.withUnsafeBytes { i in
                                try geo.withUnsafeMutableBytes {
                                    try frame.geodeticPositions(scene: i.baseAddress!, stride: stride, into: $0.baseAddress!, stride: stride, count: count, path: path)
                                }
                            }
                            #expect(Array(geo[(position * doubles)..<(position * doubles + 3)]) == back, "\(path) \(count) \(position) \(stride)")
                        }
                    }
                }
                // Other threads, same bits.
                let input = Self.triples([probe])
                let results = UnsafeMutablePointer<Double>.allocate(capacity: 8 * 3)
                defer { results.deallocate() }
                let address = Int(bitPattern: results)   // each thread writes its own three doubles
                DispatchQueue.concurrentPerform(iterations: 8) { k in
                    let results = UnsafeMutablePointer<Double>(bitPattern: address)!
                    var out = [Double](repeating: 0, count: 3)
                    input.withUnsafeBytes { i in
                        out.withUnsafeMutableBytes {
                            try? frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: $0.baseAddress!, stride: 24, count: 1, path: path)
                        }
                    }
                    for j in 0..<3 { results[3 * k + j] = out[j] }
                }
                for k in 0..<8 { #expect(Array(UnsafeBufferPointer(start: results + 3 * k, count: 3)) == reference) }
            }
        }
    }
}
