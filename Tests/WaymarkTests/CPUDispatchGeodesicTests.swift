import CWaymarkKernels
import Foundation
import Testing
@testable @_spi(CPUPaths) import WaymarkCore
@testable @_spi(CPUPaths) import WaymarkPROJ
import Waymark

/// The short-range geodesic batches (the C kernels of `short_range_kernels.c`) on every
/// code path the machine runs: the baseline is the scalar Swift method bit for bit and
/// refuses exactly the lines it returns nil for; the AVX2 + FMA and AVX-512 paths agree
/// with it to round-off, with each other bit for bit, and with `geod_inverse` within the
/// method's claims; each path deterministic.
@Suite("CPU dispatch: short-range geodesic batches on every path")
struct CPUDispatchGeodesicTests {
    static let paths = CPUDispatchTests.paths
    let g = Geodesic.wgs84

    /// Raw triples (any longitude the header allows) and the lines' expected results
    /// as the scalar method gives them, geod_inverse where it refuses.
    struct Case {
        var origin: GeodeticCoordinate
        var triples: [Double]
        var count: Int { triples.count / 3 }
    }

    /// Lines of every kind the kernel meets: ordinary ones up to 12 km (some refused),
    /// centimetre and zero lines, |Δφ| near 0.1°, both sides of ±180°, longitudes given
    /// as λ ± 360k or beyond 1e15, and near a pole (|φ| up to 89.99°, wide Δλ).
    static func cases() throws -> [Case] {
        var rng = SeededRandom(seed: 61)
        var result: [Case] = []
        let origins: [(Double, Double)] = [(55.73, 37.601), (48.2, 179.99), (-33.9, -179.999), (89.985, 10), (-89.989, -120),
                                           (89.99, 0), (0, 0), (-0.00001, 90)]
        for trial in 0..<24 {
            let (lat0, lon0) = trial < origins.count ? origins[trial] : (rng.uniform(-89.999...89.999), rng.uniform(-180...180))
            let origin = try GeodeticCoordinate(latitude: lat0, longitude: lon0, height: 100)
            var triples: [Double] = []
            for i in 0..<(130 + trial) {
                let reach = [12_000.0, 9_999, 1_000, 10, 0.01, 0][i % 6]
                var p = try Geodesic.wgs84.direct(from: origin, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...reach)).destination
                if i % 17 == 5 { p = try GeodeticCoordinate(latitude: max(-90, min(90, lat0 + (i % 2 == 0 ? 0.1 : -0.1))), longitude: lon0) }
                if i % 29 == 7 { p = origin }
                var lon = p.longitude
                switch i % 11 {
                case 3: lon += 360
                case 4: lon -= 720
                case 5 where i % 3 == 0: lon += 360 * 1e13   // far beyond ±540: remainder's lanes
                default: break
                }
                triples += [p.latitude, lon, Double(i)]
            }
            result.append(Case(origin: origin, triples: triples))
        }
        return result
    }

    func batch(_ c: Case, path: CPUPath, stride: Int = 24) throws -> (d: [Double], a1: [Double], a2: [Double]) {
        let doubles = stride / 8
        var input = [Double](repeating: .nan, count: c.count * doubles)
        for i in 0..<c.count { for j in 0..<3 { input[i * doubles + j] = c.triples[3 * i + j] } }
        var d = [Double](repeating: .nan, count: c.count), a1 = d, a2 = d
        try input.withUnsafeBytes { p in
            try d.withUnsafeMutableBufferPointer { dp in
                try a1.withUnsafeMutableBufferPointer { ap in
                    try a2.withUnsafeMutableBufferPointer { bp in
                        try g.inverse(from: c.origin, geodetic: p.baseAddress!, stride: stride, distances: dp.baseAddress,
                                      azimuths1: ap.baseAddress, azimuths2: bp.baseAddress, count: c.count, path: path)
                    }
                }
            }
        }
        return (d, a1, a2)
    }

    /// The scalar method's answer for line i, or geod_inverse's (as the batch forms call
    /// it) where the method refuses; and whether it refused.
    func scalar(_ c: Case, _ i: Int) -> (GeodesicInverse, refused: Bool) {
        let lat = c.triples[3 * i], lon = c.triples[3 * i + 1]
        if let r = g.shortRange.inverse(from: g.shortRange.start(c.origin),
                                        to: GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), 0)) {
            return (r, false)
        }
        return (g.inverse(c.origin, GeodeticCoordinate(unchecked: lat, lon, 0)), true)
    }

    @Test("baseline path: the scalar method's bits, line for line, and geod_inverse's exactly where it returns nil")
    func baselineIsTheScalarMethod() throws {
        var refused = 0, accepted = 0
        for c in try Self.cases() {
            let (d, a1, a2) = try batch(c, path: .baseline)
            for i in 0..<c.count {
                let (r, wasRefused) = scalar(c, i)
                if wasRefused { refused += 1 } else { accepted += 1 }
                #expect(d[i].bitPattern == r.distance.bitPattern && a1[i].bitPattern == r.azimuth1.bitPattern
                        && a2[i].bitPattern == r.azimuth2.bitPattern,
                        "\(c.origin) \(c.triples[3 * i]) \(c.triples[3 * i + 1]): \(d[i]) \(a1[i]) \(a2[i]) vs \(r)")
            }
        }
        print("short-range batches: \(accepted) lines by the kernel, \(refused) refused (geod_inverse)")
        #expect(refused > 300 && accepted > 2_000)   // both kinds exercised
    }

    @Test("each path: 1 µm and 1e-8° (5 nm sideways below 29 m) from geod_inverse; the paths within 1e-11 m and 1e-12° (1e-13 m sideways) of each other")
    func pathsAgree() throws {
        var worstD = 0.0, worstA = 0.0, apartD = 0.0, apartSideways = 0.0, apartAngle = 0.0, apartShort = 0.0
        for c in try Self.cases() {
            var results: [(d: [Double], a1: [Double], a2: [Double])] = []
            for path in Self.paths {
                let r = try batch(c, path: path)
                for i in 0..<c.count {
                    let exact = g.inverse(c.origin, GeodeticCoordinate(unchecked: c.triples[3 * i], c.triples[3 * i + 1], 0))
                    let dd = abs(r.d[i] - exact.distance)
                    let da = max(abs(angleDifference(r.a1[i], exact.azimuth1)), abs(angleDifference(r.a2[i], exact.azimuth2)))
                    worstD = max(worstD, dd)
                    if exact.distance >= 29 { worstA = max(worstA, da) }
                    #expect(dd <= 1e-6, "\(path) \(c.origin) line \(i)")
                    #expect(da <= 1e-8 || (exact.distance < 29 && da * .pi / 180 * exact.distance <= 5e-9), "\(path) \(c.origin) line \(i): \(da)")
                }
                results.append(r)
            }
            let first = results[0]
            for other in results.dropFirst() {
                for i in 0..<c.count {
                    let dd = abs(first.d[i] - other.d[i])
                    let da = max(abs(angleDifference(first.a1[i], other.a1[i])), abs(angleDifference(first.a2[i], other.a2[i])))
                    apartD = max(apartD, dd)
                    apartSideways = max(apartSideways, da * .pi / 180 * first.d[i])
                    if first.d[i] >= 1 { apartAngle = max(apartAngle, da) } else { apartShort = max(apartShort, da * .pi / 180 * first.d[i]) }
                    #expect(dd <= 1e-11 && (da <= 1e-12 || da * .pi / 180 * first.d[i] <= 1e-13), "\(c.origin) line \(i): \(dd) m \(da)°")
                }
            }
            if let (avx2, avx512) = CPUDispatchTests.fusedPair(results) {
                let b = CPUDispatchTests.bits
                #expect(b(avx2.d) == b(avx512.d) && b(avx2.a1) == b(avx512.a1) && b(avx2.a2) == b(avx512.a2),
                        "\(c.origin): AVX-512 lines are the AVX2 + FMA bits")
            }
        }
        print("short-range batches vs geod_inverse: worst \(worstD) m, \(worstA)° (lines ≥ 29 m); paths apart \(apartD) m, \(apartSideways) m sideways, \(apartAngle)° on lines ≥ 1 m, \(apartShort) m sideways below")
    }

    @Test("polyline length on each path: legs summed in order; the baseline is the scalar method's sum, bit for bit")
    func polyline() throws {
        for c in try Self.cases() {
            // The case's points as a route (legs of every kind, some refused).
            let n = c.count
            var expected = [Double](repeating: 0, count: n)
            var running = 0.0
            for i in 1..<n {
                let p = GeodeticCoordinate(unchecked: c.triples[3 * i - 3], AngleMath.normalizedLongitude(c.triples[3 * i - 2]), 0)
                let q = GeodeticCoordinate(unchecked: c.triples[3 * i], AngleMath.normalizedLongitude(c.triples[3 * i + 1]), 0)
                running += g.shortRange.inverse(p, q)?.distance
                    ?? g.inverse(GeodeticCoordinate(unchecked: c.triples[3 * i - 3], c.triples[3 * i - 2], 0),
                                 GeodeticCoordinate(unchecked: c.triples[3 * i], c.triples[3 * i + 1], 0)).distance
                expected[i] = running
            }
            var lengths: [[Double]] = []
            for path in Self.paths {
                var cumulative = [Double](repeating: .nan, count: n)
                let total = try c.triples.withUnsafeBytes { p in
                    try cumulative.withUnsafeMutableBufferPointer {
                        try g.length(geodetic: p.baseAddress!, stride: 24, count: n, cumulative: $0.baseAddress, path: path)
                    }
                }
                let bare = try c.triples.withUnsafeBytes { try g.length(geodetic: $0.baseAddress!, stride: 24, count: n, cumulative: nil, path: path) }
                #expect(total == cumulative[n - 1] && bare.bitPattern == total.bitPattern && cumulative[0] == 0)
                if path == .baseline {
                    #expect(cumulative == expected, "\(c.origin)")
                } else {
                    for i in 0..<n { #expect(abs(cumulative[i] - expected[i]) <= 2e-9 * Double(i), "\(c.origin) \(i)") }
                }
                lengths.append(cumulative)
            }
            if let (avx2, avx512) = CPUDispatchTests.fusedPair(lengths) {
                #expect(CPUDispatchTests.bits(avx2) == CPUDispatchTests.bits(avx512), "\(c.origin): AVX-512 legs are the AVX2 + FMA bits")
            }
        }
    }

    @Test("the dispatched forms (shortRange: true) run CPUPath.current, bit for bit")
    func dispatched() throws {
        let c = try Self.cases()[0]
        let current = try batch(c, path: .current)
        var d = [Double](repeating: .nan, count: c.count), a = d, b = d
        try c.triples.withUnsafeBytes { p in
            try g.inverse(from: c.origin, geodetic: p.baseAddress!, stride: 24, distances: &d, azimuths1: &a, azimuths2: &b,
                          count: c.count, shortRange: true)
        }
        #expect(d == current.d && a == current.a1 && b == current.a2)
        let total = try c.triples.withUnsafeBytes { try g.length(geodetic: $0.baseAddress!, stride: 24, count: c.count, cumulative: nil, shortRange: true) }
        let pathTotal = try c.triples.withUnsafeBytes { try g.length(geodetic: $0.baseAddress!, stride: 24, count: c.count, cumulative: nil, path: .current) }
        #expect(total.bitPattern == pathTotal.bitPattern)
    }
}

extension CPUDispatchGeodesicTests {
    /// One leg's length through the legs kernel directly, on `path`.
    static func legs(_ triples: [Double], stride: Int, path: CPUPath) -> (lengths: [Double], refused: UInt64) {
        let count = triples.count / (stride / 8) - 1
        var out = [Double](repeating: .nan, count: count)
        var constants = Geodesic.wgs84.shortRange.kernelConstants
        let refused = triples.withUnsafeBytes { p in
            out.withUnsafeMutableBufferPointer {
                ShortRangeGeodesic.legsChunk(&constants, p.baseAddress!, stride, count, $0.baseAddress!, path)
            }
        }
        return (out, refused)
    }

    @Test("each path is deterministic: a line gives the same bits at every batch position (counts 1–17 and around 64), any stride, on any thread")
    func determinism() throws {
        var rng = SeededRandom(seed: 67)
        let origin = try GeodeticCoordinate(latitude: 55.73, longitude: 37.601)
        // A usual line, a near-polar one with a wide Δλ (the full sine), one across ±180°.
        let probes: [(GeodeticCoordinate, GeodeticCoordinate)] = [
            (origin, try GeodeticCoordinate(latitude: 55.7412, longitude: 37.6188)),
            (try GeodeticCoordinate(latitude: 89.985, longitude: 10), try GeodeticCoordinate(latitude: 89.986, longitude: 95)),
            (try GeodeticCoordinate(latitude: -12, longitude: 179.99), try GeodeticCoordinate(latitude: -12.01, longitude: -179.995)),
        ]
        let fillers = try (0..<130).map { i in
            try GeodeticCoordinate(latitude: 55.73 + (i % 3 == 0 ? 0.5 : 0.01) * rng.uniform(-1...1), longitude: 37.6 + rng.uniform(-0.02...0.02))
        }
        for path in Self.paths {
            for (p, q) in probes {
                let single = Case(origin: p, triples: [q.latitude, q.longitude, 0])
                let reference = try batch(single, path: path)
                let legReference = Self.legs([p.latitude, p.longitude, 0, q.latitude, q.longitude, 0], stride: 24, path: path).lengths[0]
                #expect(legReference.bitPattern == reference.d[0].bitPattern || path != .baseline)   // the legs prepare φ1 as start() does
                for count in Array(1...17) + [63, 64, 65, 129] {
                    for position in Set([0, count / 2, count - 1] + (count <= 9 ? Array(0..<count) : [60, 63, 64].filter { $0 < count })) {
                        for stride in [24, 32, 56] {
                            var points = Array(fillers.prefix(count)); points[position] = q
                            let c = Case(origin: p, triples: points.flatMap { [$0.latitude, $0.longitude, 0] })
                            let r = try batch(c, path: path, stride: stride)
                            #expect(r.d[position].bitPattern == reference.d[0].bitPattern && r.a1[position].bitPattern == reference.a1[0].bitPattern
                                    && r.a2[position].bitPattern == reference.a2[0].bitPattern, "\(path) \(count) \(position) \(stride)")
                            // The same line as leg `position` of a route through random neighbours.
                            var route = Array(fillers.prefix(count + 1)); route[position] = p; route[position + 1] = q
                            let doubles = stride / 8
                            var raw = [Double](repeating: .nan, count: route.count * doubles)
                            for (i, v) in route.enumerated() { raw[i * doubles] = v.latitude; raw[i * doubles + 1] = v.longitude; raw[i * doubles + 2] = 0 }
                            let legs = Self.legs(raw, stride: stride, path: path)
                            if count <= 64 {
                                #expect(legs.lengths[position].bitPattern == legReference.bitPattern, "\(path) leg \(count) \(position) \(stride)")
                            }
                        }
                    }
                }
                // Other threads, same bits.
                let c = Case(origin: p, triples: (fillers.prefix(40) + [q]).flatMap { [$0.latitude, $0.longitude, 0] })
                let results = UnsafeMutablePointer<Double>.allocate(capacity: 8 * 3)
                defer { results.deallocate() }
                let address = Int(bitPattern: results)
                DispatchQueue.concurrentPerform(iterations: 8) { k in
                    let results = UnsafeMutablePointer<Double>(bitPattern: address)!
                    if let r = try? batch(c, path: path) { results[3 * k] = r.d[40]; results[3 * k + 1] = r.a1[40]; results[3 * k + 2] = r.a2[40] }
                }
                for k in 0..<8 {
                    #expect(results[3 * k].bitPattern == reference.d[0].bitPattern && results[3 * k + 1].bitPattern == reference.a1[0].bitPattern
                            && results[3 * k + 2].bitPattern == reference.a2[0].bitPattern)
                }
            }
        }
    }

    @Test("the kernels refuse a line exactly where the scalar method returns nil, and read only what they are given")
    func refusals() throws {
        // A 64-leg chunk whose refused legs are known: every 5th leg jumps 0.2° north.
        var triples: [Double] = []
        var lat = 40.0
        for i in 0...64 {
            lat += i % 5 == 0 ? 0.2 : 0.001
            triples += [lat, 10, 0]
        }
        for path in Self.paths {
            let r = Self.legs(triples, stride: 24, path: path)
            var expected: UInt64 = 0
            for leg in 0..<64 where leg % 5 == 4 { expected |= 1 << UInt64(leg) }   // leg k ends at point k + 1
            #expect(r.refused == expected, "\(path) \(String(r.refused, radix: 2))")
            // count 0: nothing computed, nothing refused.
            var constants = Geodesic.wgs84.shortRange.kernelConstants
            var none = [Double](repeating: -1, count: 1)
            let refused = triples.withUnsafeBytes { ShortRangeGeodesic.legsChunk(&constants, $0.baseAddress!, 24, 0, &none, path) }
            #expect(refused == 0 && none == [-1])
        }
    }
}

extension CPUDispatchGeodesicTests {
    @Test("other ellipsoids (a sphere, a prolate one): the baseline batch is the scalar method's bits; the fused paths within 1e-11 m")
    func otherEllipsoids() throws {
        let shapes = [try Ellipsoid(equatorialRadius: 6_371_000, flattening: 0), try Ellipsoid(equatorialRadius: 6_378_137, flattening: -1 / 150)]
        for ellipsoid in shapes {
            let geodesic = Geodesic(ellipsoid)
            for c in try Self.cases().prefix(10) {
                let start = geodesic.shortRange.start(c.origin)
                for path in Self.paths {
                    var d = [Double](repeating: .nan, count: c.count), a1 = d, a2 = d
                    try c.triples.withUnsafeBytes { p in
                        try geodesic.inverse(from: c.origin, geodetic: p.baseAddress!, stride: 24, distances: &d, azimuths1: &a1,
                                             azimuths2: &a2, count: c.count, path: path)
                    }
                    for i in 0..<c.count {
                        let lat = c.triples[3 * i], lon = c.triples[3 * i + 1]
                        let r = geodesic.shortRange.inverse(from: start, to: GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), 0))
                            ?? geodesic.inverse(c.origin, GeodeticCoordinate(unchecked: lat, lon, 0))
                        if path == .baseline {
                            #expect(d[i].bitPattern == r.distance.bitPattern && a1[i].bitPattern == r.azimuth1.bitPattern
                                    && a2[i].bitPattern == r.azimuth2.bitPattern, "\(ellipsoid) \(c.origin) line \(i)")
                        } else {
                            #expect(abs(d[i] - r.distance) <= 1e-11, "\(ellipsoid) \(c.origin) line \(i)")
                        }
                    }
                }
            }
        }
    }
}

extension CPUDispatchGeodesicTests {
    @Test("distances written over the input itself (a reused buffer): the results of separate buffers, refused lines included")
    func outputOverInput() throws {
        for c in try Self.cases().prefix(6) {
            for path in Self.paths {
                let separate = try batch(c, path: path)
                var buffer = c.triples
                var a1 = [Double](repeating: .nan, count: c.count)
                try buffer.withUnsafeMutableBytes { b in
                    try g.inverse(from: c.origin, geodetic: b.baseAddress!, stride: 24,
                                  distances: b.baseAddress!.assumingMemoryBound(to: Double.self), azimuths1: &a1, azimuths2: nil,
                                  count: c.count, path: path)
                }
                #expect(Array(buffer.prefix(c.count)) == separate.d && a1 == separate.a1, "\(path) \(c.origin)")
            }
        }
    }
}
