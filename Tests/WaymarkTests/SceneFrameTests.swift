import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("SceneFrame: axes, estimate, batches, bad input")
struct SceneFrameTests {
    // On the ellipsoid: geodesic distances are surface lengths, so at height 0 a point
    // 100 m away along a meridian is 100 m north (less a 1e-9 m chord effect).
    let origin = try! GeodeticCoordinate(latitude: 55.73397, longitude: 37.58864, height: 0)

    func pointAt(azimuth: Double, distance: Double, height: Double = 0) throws -> GeodeticCoordinate {
        let p = try Geodesic.wgs84.direct(from: origin, azimuth: azimuth, distance: distance).destination
        return try GeodeticCoordinate(latitude: p.latitude, longitude: p.longitude, height: height)
    }

    @Test("100 m due north lands at z = −100 in eus, y = +100 in enu, z = +100 in eun")
    func axisConventions() throws {
        let north = try pointAt(azimuth: 0, distance: 100)
        let east = try pointAt(azimuth: 90, distance: 100)
        let up = try GeodeticCoordinate(latitude: origin.latitude, longitude: origin.longitude, height: origin.height + 10)
        let eus = SceneFrame(origin: origin, axes: .eus)
        let enu = SceneFrame(origin: origin, axes: .enu)
        let eun = SceneFrame(origin: origin, axes: .eun)
        let n = eus.scenePosition(of: north)
        #expect(abs(n.z + 100) < 1e-6 && abs(n.x) < 1e-9)
        #expect(n.y < 0 && n.y > -0.001)   // the Earth curves away: 100 m out, 0.8 mm down
        #expect(abs(enu.scenePosition(of: north).y - 100) < 1e-6)
        #expect(abs(eun.scenePosition(of: north).z - 100) < 1e-6)
        let e = eus.scenePosition(of: east)
        #expect(abs(e.x - 100) < 1e-3 && abs(e.z) < 1e-3)
        #expect(abs(eus.scenePosition(of: up).y - 10) < 1e-9)
        #expect(abs(enu.scenePosition(of: up).z - 10) < 1e-9)
        for axes in SceneAxes.allCases {
            let v = SIMD3(1.5, -2.25, 3.125)
            #expect(axes.enu(fromScene: axes.scene(fromENU: v)) == v)
        }
    }

    @Test("estimate: origin offset and heading correction (true azimuth = scene azimuth + δ)")
    func estimate() throws {
        var frame = SceneFrame(origin: origin, axes: .eus)
        let north = try pointAt(azimuth: 0, distance: 100)
        try frame.setEstimate(sceneOrigin: SIMD3(10, -1.5, 20), headingCorrection: 30)
        let p = frame.scenePosition(of: north) - frame.sceneOrigin
        // The scene believes this true-north point lies at azimuth −30°.
        let sceneAzimuth = atan2(p.x, -p.z) * 180 / .pi
        #expect(abs(sceneAzimuth + 30) < 1e-9)
        #expect(abs((p.x * p.x + p.z * p.z).squareRoot() - 100) < 1e-6)
        // geo → scene → geo is the identity under any estimate.
        let back = try frame.geodetic(atScene: frame.scenePosition(of: north))
        #expect(abs(back.latitude - north.latitude) < 1e-12 && abs(back.longitude - north.longitude) < 1e-12 && abs(back.height - north.height) < 1e-6)
        // The origin sits at the scene origin.
        #expect(norm(frame.scenePosition(of: origin) - SIMD3(10, -1.5, 20)) < 1e-9)
        // Bad estimates leave the frame unchanged.
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try frame.setEstimate(sceneOrigin: SIMD3(.nan, 0, 0), headingCorrection: 0) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try frame.setEstimate(sceneOrigin: .zero, headingCorrection: .infinity) }
        #expect(frame.headingCorrection == 30 && frame.sceneOrigin == SIMD3(10, -1.5, 20))
        // Baselines go through the same estimate.
        let viaBaseline = frame.scenePosition(of: north, baseline: .haversine)
        #expect(norm(viaBaseline - frame.scenePosition(of: north)) < 0.5)
    }

    @Test func batchMatchesScalarAndHonoursStrides() throws {
        var frame = SceneFrame(origin: origin, axes: .eus)
        try frame.setEstimate(sceneOrigin: SIMD3(1, 2, 3), headingCorrection: -12.5)
        var rng = SeededRandom(seed: 9)
        let points = try (0..<500).map { _ in try pointAt(azimuth: rng.uniform(-180...180), distance: rng.uniform(0...3000), height: rng.uniform(100...200)) }
        // Records of 40 bytes: a geodetic triple and two unrelated fields.
        struct Record { var lat: Double, lon: Double, h: Double, id: Int, tag: Double }
        let records = points.enumerated().map { Record(lat: $1.latitude, lon: $1.longitude, h: $1.height, id: $0, tag: 7) }
        var out = [Double](repeating: .nan, count: points.count * 4)   // stride 32
        try records.withUnsafeBytes { input in
            try out.withUnsafeMutableBytes { output in
                try frame.scenePositions(geodetic: input.baseAddress!, stride: MemoryLayout<Record>.stride,
                                         into: output.baseAddress!, stride: 32, count: points.count)
            }
        }
        for (i, p) in points.enumerated() {
            let s = frame.scenePosition(of: p)
            #expect(out[4 * i] == s.x && out[4 * i + 1] == s.y && out[4 * i + 2] == s.z)
            #expect(out[4 * i + 3].isNaN)   // the gap between triples is untouched
        }
        // Reverse batch, in place over packed triples.
        var triples = points.flatMap { p -> [Double] in let s = frame.scenePosition(of: p); return [s.x, s.y, s.z] }
        try triples.withUnsafeMutableBytes { buffer in
            try frame.geodeticPositions(scene: buffer.baseAddress!, stride: 24, into: buffer.baseAddress!, stride: 24, count: points.count)
        }
        for (i, p) in points.enumerated() {
            #expect(abs(triples[3 * i] - p.latitude) < 1e-12 && abs(triples[3 * i + 1] - p.longitude) < 1e-12 && abs(triples[3 * i + 2] - p.height) < 1e-6)
        }
        // Typed and array forms.
        var typed = [SIMD3<Double>](repeating: .zero, count: points.count)
        try points.withUnsafeBufferPointer { p in try typed.withUnsafeMutableBufferPointer { try frame.scenePositions(of: p, into: $0) } }
        #expect(typed == frame.scenePositions(of: points))
        // Baseline batch equals the scalar baseline.
        var base = [Double](repeating: 0, count: points.count * 3)
        try points.withUnsafeBytes { input in
            try base.withUnsafeMutableBytes { output in
                try frame.scenePositions(geodetic: input.baseAddress!, stride: 24, into: output.baseAddress!, stride: 24,
                                         count: points.count, baseline: .metersPerDegree)
            }
        }
        let s7 = frame.scenePosition(of: points[7], baseline: .metersPerDegree)
        #expect(base[21] == s7.x && base[22] == s7.y && base[23] == s7.z)
    }

    @Test("bad batch input: status, index, and outputs untouched")
    func badBatchInput() throws {
        let frame = SceneFrame(origin: origin)
        let cases: [([Double], Int, InputFault)] = [
            ([55.7, 37.6, 0, 91, 37.6, 0, 55.7, 37.6, 0], 1, .latitudeOutOfRange),
            ([55.7, 37.6, 0, 55.7, 37.6, 0, .nan, 37.6, 0], 2, .nonFinite),
            ([55.7, .infinity, 0], 0, .nonFinite),
            ([55.7, 37.6, 0, 55.7, 37.6, -.infinity], 1, .nonFinite),
        ]
        for (input, index, fault) in cases {
            let count = input.count / 3
            var output = [Double](repeating: 42, count: input.count)
            #expect(throws: WaymarkError.invalidElement(index: index, fault: fault)) {
                try input.withUnsafeBytes { i in
                    try output.withUnsafeMutableBytes { o in
                        try frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: count)
                    }
                }
            }
            #expect(output.allSatisfy { $0 == 42 })
        }
        var output = [Double](repeating: 42, count: 3)
        let input = [1.0, 2, 3]
        for (inStride, outStride, count, error) in [(0, 24, 1, WaymarkError.badStride), (24, 8, 1, .badStride), (24, 24, -1, .badCount),
                                                    (24, 24, Int.max / 8, .badCount)] {
            #expect(throws: error) {
                try input.withUnsafeBytes { i in
                    try output.withUnsafeMutableBytes { o in
                        try frame.scenePositions(geodetic: i.baseAddress!, stride: inStride, into: o.baseAddress!, stride: outStride, count: count)
                    }
                }
            }
        }
        // Reverse batch with a NaN.
        let scene = [1.0, 2, 3, .nan, 0, 0]
        var geo = [Double](repeating: 42, count: 6)
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .nonFinite)) {
            try scene.withUnsafeBytes { i in
                try geo.withUnsafeMutableBytes { o in
                    try frame.geodeticPositions(scene: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: 2)
                }
            }
        }
        #expect(geo.allSatisfy { $0 == 42 })
        // count 0 succeeds and writes nothing.
        try input.withUnsafeBytes { i in
            try output.withUnsafeMutableBytes { o in
                try frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: 0)
            }
        }
        #expect(output == [42, 42, 42])
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try frame.geodetic(atScene: SIMD3(0, .infinity, 0)) }
    }

    @Test func localTangentFrameBatches() throws {
        let frame = LocalTangentFrame(origin: origin)
        let points = try (0..<20).map { try pointAt(azimuth: Double($0) * 18, distance: 500) }
        var enu = [Double](repeating: 0, count: 60)
        try points.withUnsafeBytes { i in
            try enu.withUnsafeMutableBytes { o in try frame.forward(geodetic: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: 20) }
        }
        // The batch (the current path's kernel) and the scalar closed form, each against the
        // exact ENU of these 20 points (Tests/Data/enu_exact_wgs84.csv, kind sceneframe500) at
        // ExactENUTests' bounds: the fused paths' differences within 5e-11 m, the closed
        // forms (baseline batch, scalar) within 4.3e-9 and 3.2e-9 m, so a fused batch and the
        // scalar form differ by the scalar's own error, no longer 1e-9 m of round-off.
        let ring = ExactENUTests.sceneFrameRing
        #expect(ring.count == points.count)
        for (k, r) in zip(points.indices, ring) {
            #expect(r.point == points[k] && r.origin == origin, "the reference row is this point's")
            let batch = SIMD3(enu[3 * k], enu[3 * k + 1], enu[3 * k + 2])
            #expect(norm(batch - r.exact) <= ExactENUTests.bound(CPUPath.current, ExactENUTests.rowClass(r)), "\(k)")
            #expect(norm(frame.forward(points[k]) - r.exact) <= 3.2e-9, "\(k)")
        }
        var geo = [Double](repeating: 0, count: 60)
        try enu.withUnsafeBytes { i in
            try geo.withUnsafeMutableBytes { o in try frame.reverse(enu: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24, count: 20) }
        }
        #expect(abs(geo[15] - points[5].latitude) < 1e-12 && abs(geo[16] - points[5].longitude) < 1e-12)
    }
}
