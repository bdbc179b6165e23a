import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Fast paths keep the core's accuracy")
struct FastPathTests {
    /// sin and cos of `x` degrees in 80-bit arithmetic from the exact residual in
    /// [-45°, 45°], so the reference itself carries no argument-reduction error.
    static func reference(_ x: Double) -> (Double, Double) {
        let q = (x / 90).rounded(.toNearestOrEven)
        let r = Float80(x - 90 * q) * (Float80.pi / 180)
        let (s, c) = (sin(r), cos(r))
        switch Int(q) & 3 {
        case 0: return (Double(s), Double(c))
        case 1: return (Double(c), Double(-s))
        case 2: return (Double(-s), Double(-c))
        default: return (Double(-c), Double(s))
        }
    }

    @Test("polynomial sincos: ≤ 2.3e-16 from an 80-bit reference over 2 million angles; exact at multiples of 90°")
    func vectorTrig() {
        var rng = SeededRandom(seed: 17)
        var worstAbs = 0.0, worstRelative = 0.0
        for _ in 0..<500_000 {
            let x = SIMD4(rng.uniform(-720...720), rng.uniform(-90...90), rng.uniform(-1e-3...1e-3), rng.uniform(-1e6...1e6))
            let (s, c) = VectorTrig.sincosd(x)
            for k in 0..<4 {
                let (rs, rc) = Self.reference(x[k])
                worstAbs = max(worstAbs, abs(s[k] - rs), abs(c[k] - rc))
                if rs.magnitude > 1e-3 { worstRelative = max(worstRelative, abs(s[k] - rs) / rs.magnitude) }
                let scalar = VectorTrig.sincosd(x[k])
                #expect(scalar.sin == s[k] && scalar.cos == c[k])
            }
        }
        print("VectorTrig: worst \(worstAbs) absolute, \(worstRelative) relative")
        #expect(worstAbs <= 0x1p-52)   // the README: one ulp of 1 (2⁻⁵² ≈ 2.2e-16)
        for k in -8...8 {
            let (s, c) = VectorTrig.sincosd(SIMD4(repeating: Double(k) * 90))
            #expect(s[0] == [0, 1, 0, -1][((k % 4) + 4) % 4] && c[0] == [1, 0, -1, 0][((k % 4) + 4) % 4])
        }
    }

    @Test("vectorised geo → scene: ≤ 1e-8 m from PROJ's pipeline, near and far points, every batch shape")
    func geoToSceneAgainstPROJ() throws {
        var rng = SeededRandom(seed: 23)
        var worst = 0.0
        for trial in 0..<40 {
            let origin = try GeodeticCoordinate(latitude: rng.uniform(-89.9...89.9), longitude: rng.uniform(-180...180), height: rng.uniform(-100...3000))
            let frame = SceneFrame(origin: origin, axes: .enu)
            let pipeline = try ProjTopocentricPipeline(origin: origin)
            // Mostly near points (the angle-addition path), some up to 100 km (the general one).
            let count = 4 * 25 + trial % 4
            var points: [GeodeticCoordinate] = []
            for i in 0..<count {
                let reach = i % 5 == 0 ? 100_000.0 : 5_000
                let p = try Geodesic.wgs84.direct(from: origin, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...reach)).destination
                points.append(try GeodeticCoordinate(latitude: p.latitude, longitude: p.longitude, height: rng.uniform(-500...10_000)))
            }
            var out = [Double](repeating: 0, count: 3 * count)
            try points.withUnsafeBytes { i in
                try out.withUnsafeMutableBytes { try frame.scenePositions(geodetic: i.baseAddress!, stride: 24, into: $0.baseAddress!, stride: 24, count: count) }
            }
            for (i, p) in points.enumerated() {
                let reference = try pipeline.forward(p)
                let d = norm(SIMD3(out[3 * i], out[3 * i + 1], out[3 * i + 2]) - reference)
                worst = max(worst, d)
                #expect(d <= 1e-8, "\(origin) \(p)")
                // Scalar and batch give the same bits.
                let s = frame.scenePosition(of: p)
                #expect(s.x == out[3 * i] && s.y == out[3 * i + 1] && s.z == out[3 * i + 2])
            }
        }
        // PROJ's contract only: PROJ rounds both ECEF positions before subtracting them and is
        // itself up to 3.3e-9 m from the exact ENU, so the tight bounds are against the exact
        // reference (ExactENUTests, which holds these very points).
        print("vectorised geo → scene vs PROJ: worst \(worst) m")
    }

    @Test("GCJ-02 Newton inverse handles the cusp at 105° E")
    func gcjCusp() throws {
        for lon in [105.0, 105 + 1e-12, 105 - 1e-9, 104.999999, 105.000001] {
            let w = try GeodeticCoordinate(latitude: 30, longitude: lon)
            let back = ChinaDatum.wgs84(fromGCJ02: ChinaDatum.gcj02(fromWGS84: w))
            #expect(Geodesic.wgs84.inverse(back, w).distance <= 1e-6, "\(lon)")
        }
    }
}
