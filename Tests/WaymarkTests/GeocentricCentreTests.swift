import Foundation
import Testing
@_spi(CPUPaths) @testable import WaymarkCore

/// ECEF → geodetic near the centre of an ellipsoid and on near-spheres: where squared
/// distances and e⁴ meet in products that underflow. The fuzz harness found a NaN
/// latitude and height (a = 90 m, f = −2.3e-105, a point 5.8e-101 m from the centre).
@Suite("Geocentric reverse near the centre")
struct GeocentricCentreTests {
    static let flattenings: [Double] = [0, 1e-300, 1e-160, 2.3e-105, 1e-60, 1e-30, 4e-22, 1e-21, 1e-15,
                                        1 / 298.257223563, 0.125, 0.5, 0.9,
                                        -1e-300, -1e-160, -2.2755642699073664e-105, -1e-30, -1e-21, -0.1, -0.5, -1]

    /// ECEF of a geodetic point (the textbook formula, independent of the code under test).
    static func ecef(_ g: (latitude: Double, longitude: Double, height: Double), a: Double, f: Double) -> SIMD3<Double> {
        let e2 = f * (2 - f)
        let phi = g.latitude * .pi / 180, lam = g.longitude * .pi / 180
        let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        return SIMD3((n + g.height) * cos(phi) * cos(lam), (n + g.height) * cos(phi) * sin(lam),
                     ((1 - f) * (1 - f) * n + g.height) * sin(phi))
    }

    @Test("the fuzz finding: a pole, a radius below the surface (the point is 1e-88 a from the centre: either pole is right)")
    func fuzzFinding() throws {
        let a = 90.0, f = -2.2755642699073664e-105
        let g = Geocentric(try Ellipsoid(equatorialRadius: a, flattening: f))
        let r = g.reverse(x: 4.79e-296, y: -3.85e-140, z: -5.75e-101)
        #expect(abs(r.latitude) == 90)
        #expect(abs(r.height + a) <= 1e-13)
    }

    @Test("points from 1e-330 a to a from the centre: finite, and forward(reverse(X)) within 1e-14 a / (1 − |f|) of X")
    func roundTrip() throws {
        var random = SeededRandom(seed: 22)
        var checked = 0, worst = 0.0
        for f in Self.flattenings {
            for a in [1.0, 90, 6_378_137, 1e10] {
                let g = Geocentric(try Ellipsoid(equatorialRadius: a, flattening: f))
                for _ in 0..<2_000 {
                    func component() -> Double {
                        let magnitude = Double.random(in: 0...330, using: &random)
                        let v = a * Double.random(in: 0...1, using: &random) * pow(10, -magnitude)
                        return Bool.random(using: &random) ? v : -v
                    }
                    let x = component(), y = component(), z = component()
                    let r = g.reverse(x: x, y: y, z: z)
                    #expect(r.latitude.isFinite && r.longitude.isFinite && r.height.isFinite, "a \(a) f \(f) at \(x), \(y), \(z)")
                    #expect(abs(r.latitude) <= 90 && r.longitude >= -180 && r.longitude < 180)
                    let back = Self.ecef(r, a: a, f: f)
                    let error = ((back - SIMD3(x, y, z)) * (back - SIMD3(x, y, z))).sum().squareRoot() / a * (1 - abs(f))
                    worst = max(worst, error)
                    #expect(error <= 1e-14, "a \(a) f \(f) at \(x), \(y), \(z): \(r)")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.flattenings.count * 4 * 2_000)
    }

    @Test("a frame whose origin is the centre: the batch kernels (every CPU path) and the scalar form agree bit for bit, all finite")
    func kernelsAgree() throws {
        var random = SeededRandom(seed: 23)
        for f in Self.flattenings where f != 0 {
            let a = 90.0
            let frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 0, longitude: 0, height: -a),
                                   ellipsoid: try Ellipsoid(equatorialRadius: a, flattening: f), axes: .enu)
            var scene: [SIMD3<Double>] = []
            for _ in 0..<64 {
                scene.append(SIMD3((0..<3).map { _ in
                    (Bool.random(using: &random) ? 1 : -1) * pow(10, -Double.random(in: 0...320, using: &random))
                }))
            }
            let scalar = try scene.map { try frame.geodetic(atScene: $0) }
            for g in scalar { #expect(g.latitude.isFinite && g.longitude.isFinite && g.height.isFinite, "f \(f)") }
            for path in [CPUPath.baseline, .avx2FMA, .avx512] {
                var batch = [GeodeticCoordinate](repeating: try GeodeticCoordinate(latitude: 0, longitude: 0), count: scene.count)
                try scene.withUnsafeBytes { input in
                    try batch.withUnsafeMutableBytes { output in
                        try frame.geodeticPositions(scene: input.baseAddress!, stride: MemoryLayout<SIMD3<Double>>.stride,
                                                    into: output.baseAddress!, stride: MemoryLayout<GeodeticCoordinate>.stride,
                                                    count: scene.count, path: path)
                    }
                }
                for (s, b) in zip(scalar, batch) {
                    #expect(s.latitude.bitPattern == b.latitude.bitPattern && s.longitude.bitPattern == b.longitude.bitPattern
                            && s.height.bitPattern == b.height.bitPattern, "f \(f) path \(path): \(s) vs \(b)")
                }
            }
        }
    }
}
