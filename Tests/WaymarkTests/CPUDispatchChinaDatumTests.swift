import CWaymarkKernels
import Foundation
import Testing
@testable @_spi(CPUPaths) import WaymarkCore

/// WGS-84 ⇄ GCJ-02 batches (the C kernels of `gcj_kernels.c`) on every code path the
/// machine runs: the baseline kernels are the Swift methods bit for bit, the AVX2 and
/// AVX-512 forwards too (they fuse nothing), the AVX2 + FMA and AVX-512 inverses within
/// round-off of them and the same bits as each other; each path deterministic.
@Suite("CPU dispatch: GCJ-02 batches on every path")
struct CPUDispatchChinaDatumTests {
    static let paths = CPUDispatchTests.paths

    /// Raw triples (latitude, any longitude the header allows, height) of every kind the
    /// kernels meet: random points in China and WGS-84 → GCJ-02 images of them, the √|x|
    /// cusp at 105° E, the rectangle's edges, the whole globe (poles, ±180°), longitudes
    /// given as λ ± 360k or beyond 1e15.
    static func triples() -> [Double] {
        var rng = SeededRandom(seed: 83)
        var t: [Double] = []
        func add(_ lat: Double, _ lon: Double) { t += [lat, lon, rng.uniform(-500...9_000)] }
        for _ in 0..<3_000 {
            let lat = rng.uniform(3.86...53.55), lon = rng.uniform(73.66...135.05)
            add(lat, lon)
            let g = ChinaDatum.gcj02(fromWGS84: GeodeticCoordinate(unchecked: lat, lon, 0))
            add(g.latitude, g.longitude)
        }
        for d in [0, 1e-300, 1e-13, 1e-12, 2e-12, 1e-9, 1e-6, 0.004, 0.01, 0.0101, 0.02, 2] {
            for s in [-1.0, 1.0] { add(rng.uniform(20...40), 105 + s * d) }
        }
        for e in [0, 1e-12, -1e-12, 1e-3, -1e-3] {
            add(30 + e, 73.66 + e); add(30, 135.05 + e); add(3.86 + e, 100); add(53.55 + e, 120)
            add(3.86 + e, 73.66 + e); add(53.55 + e, 135.05 + e)
        }
        for _ in 0..<2_000 { add(rng.uniform(-90...90), rng.uniform(-180...180)) }
        for lat in [-90.0, -89.999, 89.9, 90] { for lon in [-180.0, 0, 105, 179.5] { add(lat, lon) } }
        for _ in 0..<200 { add(rng.uniform(-80...80), [-180.0, 180, 179.9, -179.9][Int(rng.next() % 4)] + rng.uniform(-0.5...0.5)) }
        for k in 0..<300 {
            let lon = rng.uniform(73.66...135.05)
            add(rng.uniform(3.86...53.55), [lon + 360, lon - 720, lon + 360 * 1e13, lon - 360 * 1e15][k % 4])
        }
        return t
    }

    static let conversions: [ChinaDatum.Conversion] = [.gcj02FromWGS84, .wgs84FromGCJ02]
    static let regions: [ChinaRegion] = [.chinaRectangle, .everywhere]

    /// The per-point method's answer for triple i (the inverse unchecked, as the kernel's
    /// unsolved points are finished under the China rectangle).
    static func scalar(_ t: [Double], _ i: Int, _ conversion: ChinaDatum.Conversion, _ region: ChinaRegion) -> [Double] {
        let p = GeodeticCoordinate(unchecked: t[3 * i], AngleMath.normalizedLongitude(t[3 * i + 1]), t[3 * i + 2])
        let q = ChinaDatum.convert(p, conversion, region: region)
        return [q.latitude, q.longitude, q.height]
    }

    /// The kernels directly (no check pass): `count` triples every `stride` bytes; the
    /// inverse's unsolved points finished by the per-point method. Returns the output
    /// and how many points the kernel left.
    static func kernel(_ t: [Double], _ conversion: ChinaDatum.Conversion, _ region: ChinaRegion, path: CPUPath,
                       stride: Int = 24) -> (out: [Double], unsolved: Int) {
        let count = t.count / 3, doubles = stride / 8
        var input = [Double](repeating: .nan, count: count * doubles)
        for i in 0..<count { for j in 0..<3 { input[i * doubles + j] = t[3 * i + j] } }
        var output = [Double](repeating: .nan, count: count * doubles)
        var unsolved = 0
        let code = ChinaDatum.kernelRegion(region)!
        input.withUnsafeBytes { ip in
            output.withUnsafeMutableBytes { op in
                try! ChinaDatum.kernelBatch(inverse: conversion == .wgs84FromGCJ02, ip.baseAddress!, stride, op.baseAddress!,
                                            stride, count, region: code, path: path) { (i: Int) throws(WaymarkError) in
                    unsolved += 1
                    let q = scalar(t, i, conversion, region)
                    for j in 0..<3 { op.storeBytes(of: q[j], toByteOffset: i * stride + 8 * j, as: Double.self) }
                }
            }
        }
        return ((0..<count).flatMap { Array(output[($0 * doubles)..<($0 * doubles + 3)]) }, unsolved)
    }

    @Test("baseline kernels: the Swift methods' bits, point for point, both regions; the AVX2 and AVX-512 forwards too (no FMA)")
    func baselineIsTheSwiftMethod() {
        let t = Self.triples()
        let n = t.count / 3
        for region in Self.regions {
            for conversion in Self.conversions {
                let expected = (0..<n).flatMap { Self.scalar(t, $0, conversion, region) }
                let paths: [CPUPath] = conversion == .gcj02FromWGS84 ? Self.paths : [.baseline]
                for path in paths {
                    let r = Self.kernel(t, conversion, region, path: path)
                    var mismatches = 0
                    for i in 0..<(3 * n) where r.out[i].bitPattern != expected[i].bitPattern {
                        mismatches += 1
                        if mismatches <= 5 { Issue.record("\(path) \(region) \(conversion) point \(i / 3) (\(t[i - i % 3]), \(t[i - i % 3 + 1])): \(r.out[i]) vs \(expected[i])") }
                    }
                    #expect(mismatches == 0)
                    if conversion == .wgs84FromGCJ02 {
                        // Far from China some points need the caller (across ±180°).
                        print("GCJ-02 inverse kernel, \(region): \(r.unsolved) of \(n) points left to the per-point method")
                        #expect(region == .chinaRectangle ? r.unsolved == 0 : r.unsolved > 0)
                    }
                }
            }
        }
    }

    @Test("AVX2 + FMA and AVX-512 inverses: within 1e-13° of the baseline's, the same points left unsolved, and the GCJ-02 image within 1e-12° of the input in China (as close as the baseline's elsewhere); the two the same bits")
    func fusedInverseAgrees() throws {
        let t = Self.triples()
        let n = t.count / 3
        for region in Self.regions {
            let base = Self.kernel(t, .wgs84FromGCJ02, region, path: .baseline)
            let results = Self.paths.map { Self.kernel(t, .wgs84FromGCJ02, region, path: $0) }
            if let (avx2, avx512) = CPUDispatchTests.fusedPair(results) {
                #expect(CPUDispatchTests.bits(avx2.out) == CPUDispatchTests.bits(avx512.out) && avx2.unsolved == avx512.unsolved,
                        "\(region): the AVX-512 inverse is the AVX2 + FMA bits")
            }
            for (path, fused) in zip(Self.paths, results) where path != .baseline {
                #expect(fused.unsolved == base.unsolved)
                var apart = 0.0, chinaResidual = 0.0, worldResidual = 0.0
                for i in 0..<n {
                    let dLat = abs(fused.out[3 * i] - base.out[3 * i]), dLon = abs(angleDifference(fused.out[3 * i + 1], base.out[3 * i + 1]))
                    apart = max(apart, dLat, dLon)
                    #expect(dLat <= 1e-13 && dLon <= 1e-13 && fused.out[3 * i + 2] == t[3 * i + 2], "\(region) point \(i): \(dLat) \(dLon)")
                    let g = GeodeticCoordinate(unchecked: t[3 * i], AngleMath.normalizedLongitude(t[3 * i + 1]), 0)
                    // Round trips where a solution in range is proven (HardeningTests sweeps that set).
                    guard region.contains(latitude: g.latitude, longitude: g.longitude),
                          ChinaDatum.inverseSurelyConverges(latitude: g.latitude, longitude: g.longitude) else { continue }
                    func residual(_ out: [Double]) -> Double {
                        let back = ChinaDatum.gcj02(fromWGS84: GeodeticCoordinate(unchecked: out[3 * i], out[3 * i + 1], 0), region: .everywhere)
                        return max(abs(back.latitude - g.latitude), abs(angleDifference(back.longitude, g.longitude)))
                    }
                    let r = residual(fused.out), rb = residual(base.out)
                    // In China the claim (1e-12°); elsewhere as good as the baseline's own.
                    if ChinaRegion.chinaRectangle.contains(latitude: g.latitude, longitude: g.longitude) {
                        chinaResidual = max(chinaResidual, r)
                        #expect(r <= 1e-12, "\(region) point \(i): round trip \(r)°")
                    } else {
                        worldResidual = max(worldResidual, r)
                        #expect(r <= rb + 1e-13, "\(region) point \(i): round trip \(r)° (baseline \(rb)°)")
                    }
                }
                print("GCJ-02 inverse, \(region): \(path) vs baseline \(apart)°; round-trip residual \(chinaResidual)° in China, \(worldResidual)° elsewhere")
            }
        }
    }
}

extension CPUDispatchChinaDatumTests {
    /// The public batch on `path` over `count` copies of `point` with `probe` at `position`.
    static func batch(_ conversion: ChinaDatum.Conversion, _ region: ChinaRegion, _ t: [Double], stride: Int,
                      path: CPUPath) throws -> [Double] {
        let count = t.count / 3, doubles = stride / 8
        var input = [Double](repeating: .nan, count: count * doubles)
        for i in 0..<count { for j in 0..<3 { input[i * doubles + j] = t[3 * i + j] } }
        var output = [Double](repeating: .nan, count: count * doubles)
        try input.withUnsafeBytes { ip in
            try output.withUnsafeMutableBytes { op in
                try ChinaDatum.convert(conversion, region: region, geodetic: ip.baseAddress!, stride: stride,
                                       into: op.baseAddress!, stride: stride, count: count, path: path)
            }
        }
        return (0..<count).flatMap { Array(output[($0 * doubles)..<($0 * doubles + 3)]) }
    }

    @Test("each path is deterministic: a point gives the same bits at every batch position (counts 1–17 and around 64), any stride, on any thread")
    func determinism() throws {
        var rng = SeededRandom(seed: 89)
        // A usual point, one beside the cusp (more Newton steps), one the kernel leaves
        // under .everywhere (across ±180°), one outside the rectangle, one whose Newton
        // steps go beyond angle addition's reach (a new base) under .everywhere.
        let probes: [[Double]] = [[31.2304, 121.4737, 12], [35.1, 105.000001, 0], [60.5, 179.8, 3], [10, 60, 0], [70, 10, 0]]
        let fillers = (0..<140).flatMap { _ in [rng.uniform(20...45), rng.uniform(100...120), 0] }
        for path in Self.paths {
            for region in Self.regions {
                for conversion in Self.conversions {
                    for probe in probes {
                        let reference = try Self.batch(conversion, region, probe, stride: 24, path: path)
                        for count in Array(1...17) + [63, 64, 65, 129] {
                            for position in Set([0, count / 2, count - 1] + (count <= 9 ? Array(0..<count) : [60, 63, 64].filter { $0 < count })) {
                                for stride in [24, 32, 56] {
                                    var t = Array(fillers.prefix(3 * count))
                                    t.replaceSubrange((3 * position)..<(3 * position + 3), with: probe)
                                    let r = try Self.batch(conversion, region, t, stride: stride, path: path)
                                    #expect(zip(r[(3 * position)...].prefix(3), reference).allSatisfy { $0.bitPattern == $1.bitPattern },
                                            "\(path) \(region) \(conversion) \(probe) \(count) \(position) \(stride)")
                                }
                            }
                        }
                        let results = UnsafeMutablePointer<Double>.allocate(capacity: 8 * 3)
                        defer { results.deallocate() }
                        let address = Int(bitPattern: results)
                        let t = Array(fillers.prefix(120)) + probe
                        DispatchQueue.concurrentPerform(iterations: 8) { k in
                            let results = UnsafeMutablePointer<Double>(bitPattern: address)!
                            if let r = try? Self.batch(conversion, region, t, stride: 24, path: path) {
                                for j in 0..<3 { results[3 * k + j] = r[120 + j] }
                            }
                        }
                        for k in 0..<8 {
                            #expect((0..<3).allSatisfy { results[3 * k + $0].bitPattern == reference[$0].bitPattern }, "\(path) thread \(k)")
                        }
                    }
                }
            }
        }
    }

    @Test("the dispatched batch runs CPUPath.current, bit for bit; a polygon region goes point by point on every path")
    func dispatchedAndPolygon() throws {
        let t = Array(Self.triples().prefix(3 * 700))
        let n = t.count / 3
        for region in Self.regions {
            for conversion in Self.conversions {
                let current = try Self.batch(conversion, region, t, stride: 24, path: .current)
                var out = [Double](repeating: .nan, count: t.count)
                try t.withUnsafeBytes { ip in
                    try out.withUnsafeMutableBytes {
                        try ChinaDatum.convert(conversion, region: region, geodetic: ip.baseAddress!, stride: 24,
                                               into: $0.baseAddress!, stride: 24, count: n)
                    }
                }
                #expect(zip(out, current).allSatisfy { $0.bitPattern == $1.bitPattern }, "\(region) \(conversion)")
            }
        }
        let polygon = ChinaRegion.polygon([SIMD2(18, 73), SIMD2(54, 73), SIMD2(54, 136), SIMD2(18, 136)])
        for conversion in Self.conversions {
            let chinaPoints = Array(t.prefix(3 * 400))
            for path in Self.paths {
                let r = try Self.batch(conversion, polygon, chinaPoints, stride: 24, path: path)
                for i in 0..<400 {
                    let p = GeodeticCoordinate(unchecked: chinaPoints[3 * i], chinaPoints[3 * i + 1], chinaPoints[3 * i + 2])
                    let q = try ChinaDatum.convertChecked(p, conversion, region: polygon)
                    #expect(r[3 * i].bitPattern == q.latitude.bitPattern && r[3 * i + 1].bitPattern == q.longitude.bitPattern,
                            "\(path) \(conversion) \(i)")
                }
            }
        }
    }

    @Test("output over the input: the same buffer gives the separate buffers' bits; a buffer shifted by a point gives the point-by-point loop's")
    func outputOverInput() throws {
        let t = Array(Self.triples().prefix(3 * 300)) + [60.5, 179.8, 3, 35.1, 105.000001, 0]
        let n = t.count / 3
        for path in Self.paths {
            for region in Self.regions {
                for conversion in Self.conversions {
                    let separate = try Self.batch(conversion, region, t, stride: 24, path: path)
                    var buffer = t
                    try buffer.withUnsafeMutableBytes { b in
                        try ChinaDatum.convert(conversion, region: region, geodetic: b.baseAddress!, stride: 24,
                                               into: b.baseAddress!, stride: 24, count: n, path: path)
                    }
                    #expect(zip(buffer, separate).allSatisfy { $0.bitPattern == $1.bitPattern }, "\(path) \(region) \(conversion) in place")
                    // Output one point ahead of (or behind) the input in the same memory: each
                    // point is read before it is written, in order, as the per-point loop does.
                    for shift in [1, -1] {
                        var memory = [0.0, 0, 0] + t + [0, 0, 0]
                        var expected = memory
                        for i in 0..<n {
                            let source = 3 * (i + 1), target = 3 * (i + 1 + shift)
                            let p = GeodeticCoordinate(unchecked: expected[source], AngleMath.normalizedLongitude(expected[source + 1]), expected[source + 2])
                            let q = ChinaDatum.convert(p, conversion, region: region)
                            expected.replaceSubrange(target..<(target + 3), with: [q.latitude, q.longitude, q.height])
                        }
                        try memory.withUnsafeMutableBytes { b in
                            try ChinaDatum.convert(conversion, region: region, geodetic: b.baseAddress! + 24, stride: 24,
                                                   into: b.baseAddress! + 24 + 24 * shift, stride: 24, count: n, path: path)
                        }
                        let exact = path == .baseline || conversion == .gcj02FromWGS84
                        for i in 0..<memory.count {
                            let d = abs(angleDifference(memory[i], expected[i]))
                            #expect(exact ? memory[i].bitPattern == expected[i].bitPattern : d <= 1e-11,
                                    "\(path) \(region) \(conversion) shift \(shift) double \(i): \(memory[i]) vs \(expected[i])")
                        }
                    }
                }
            }
        }
    }

    @Test("under .everywhere a point without an exact inverse is reported on every path, and nothing is written")
    func noConvergenceOnEveryPath() throws {
        // A point the checked inverse refuses (HardeningTests' search).
        var bad: [Double]?
        search: for i in 0..<180 { for k in 0..<200 {
            let lat = -89.5 + Double(i), lon = -180 + Double(k) * 1.8
            if ChinaDatum.checkedWGS84(fromGCJ02: GeodeticCoordinate(unchecked: lat, lon, 0), region: .everywhere) == nil { bad = [lat, lon, 0]; break search }
        } }
        let probe = try #require(bad)
        for path in Self.paths {
            let t = [31.2, 121.4, 0] + probe + [30, 104.9, 0]
            var out = [Double](repeating: -7, count: 9)
            #expect(throws: WaymarkError.noConvergence(index: 1)) {
                try t.withUnsafeBytes { ip in
                    try out.withUnsafeMutableBytes {
                        try ChinaDatum.convert(.wgs84FromGCJ02, region: .everywhere, geodetic: ip.baseAddress!, stride: 24,
                                               into: $0.baseAddress!, stride: 24, count: 3, path: path)
                    }
                }
            }
            #expect(out == [Double](repeating: -7, count: 9), "\(path)")
        }
    }
}
