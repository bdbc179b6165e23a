import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import WaymarkCore
@testable import WaymarkNavigation
import Waymark

/// An independent reference for issue 35's first-arrow target on the city walk: a Kalman
/// filter written apart from the navigator that is *told* what the navigator has to learn
/// — the session's true heading correction and, on each leg, the side of the street the
/// walker is on (or, in its second form, the walker's exact offset) — and otherwise sees
/// what the navigator sees: the fixes with the simulator's GPS error model (σ 5 m per
/// axis, 4 m of it over 30 s), the scene track with its drift, and the route outside the
/// corners the walker cuts. With the heading known the first arrow's error is the user's
/// position error, so its p95 over the frames after the first corner bounds what any
/// estimator that must also find the heading and the side can reach there.
@Suite("Side-of-the-street oracle (issue 35's reference)")
struct SideOracleTests {
    /// The state: the user's world position (east, north), the GPS error's slowly varying
    /// part (east, north) and the offset from the leg's centre line (left positive).
    static let n = 5

    struct Filter {
        var x = [Double](repeating: 0, count: 5)
        var p = [Double](repeating: 0, count: 25)

        /// A linear measurement z = h·x + noise of variance r.
        mutating func update(h: [Double], z: Double, r: Double) {
            let n = SideOracleTests.n
            var ph = [Double](repeating: 0, count: n)
            for i in 0..<n { for j in 0..<n { ph[i] += p[i * n + j] * h[j] } }
            var s = r, y = z
            for i in 0..<n { s += h[i] * ph[i]; y -= h[i] * x[i] }
            for i in 0..<n { x[i] += ph[i] * y / s }
            for i in 0..<n { for j in 0..<n { p[i * n + j] -= ph[i] * ph[j] / s } }
        }
    }

    /// The errors (m) of the oracle's position over the frames after the first corner of
    /// one walk. `exactOffset`: told the walker's offset, not only its side.
    static func errors(_ s: WalkSimulator.Scenario, exactOffset: Bool) throws -> [Double] {
        let events = try WalkSimulator(s).events()
        let world = LocalTangentFrame(origin: s.route[0])
        let pts = s.route.map { world.forward($0) }.map { SIMD2($0.x, $0.y) }
        var cum = [0.0]
        for i in 1..<pts.count { let d = pts[i] - pts[i - 1]; cum.append(cum[i - 1] + (d * d).sum().squareRoot()) }
        let correlated = s.gpsSigma * s.gpsCorrelatedShare
        let white = s.gpsSigma * (1 - s.gpsCorrelatedShare * s.gpsCorrelatedShare).squareRoot()
        // The walker's offset on a leg: drawn from 1–6 m, on a side.
        let sideMean = 3.5, sideSigma = 5 / 12.0.squareRoot()
        var f = Filter()
        var started = false, last: (time: Double, scene: SIMD2<Double>)? = nil
        var leg = -1, lastRoute: SIMD2<Double>? = nil
        var out: [Double] = []
        for e in events where e.kind == .fix || e.kind == .frame {
            // The scene's east/north (eus: x east, z south), turned into the world by the
            // true correction (scene-ENU is the world turned counter-clockwise by it).
            let u = SIMD2(e.scenePosition.x, -e.scenePosition.z)
            let (sn, cs) = AngleMath.sincosd(e.trueCorrection)
            if let l = last, started {
                let d = u - l.scene
                f.x[0] += cs * d.x + sn * d.y
                f.x[1] += -sn * d.x + cs * d.y
                let walked = (d * d).sum().squareRoot()
                f.p[0] += s.positionDrift * s.positionDrift * walked
                f.p[6] += s.positionDrift * s.positionDrift * walked
                let phi = exp(-(e.time - l.time) / s.gpsCorrelationTime)
                for lane in 2...3 {
                    f.x[lane] *= phi
                    for j in 0..<Self.n { f.p[lane * Self.n + j] *= phi; f.p[j * Self.n + lane] *= phi }
                    let q: Double = (1 - phi * phi) * correlated * correlated
                    f.p[lane * Self.n + lane] += q
                }
            }
            last = (e.time, u)
            if e.kind == .fix, let fix = e.fix {
                let z = world.forward(fix)
                if !started {
                    f.x[0] = z.x; f.x[1] = z.y
                    f.p[0] = s.gpsSigma * s.gpsSigma; f.p[6] = s.gpsSigma * s.gpsSigma
                    f.p[12] = correlated * correlated; f.p[18] = correlated * correlated
                    f.p[2] = -correlated * correlated; f.p[10] = -correlated * correlated
                    f.p[8] = -correlated * correlated; f.p[16] = -correlated * correlated
                    started = true
                } else {
                    f.update(h: [1, 0, 1, 0, 0], z: z.x, r: white * white)
                    f.update(h: [0, 1, 0, 1, 0], z: z.y, r: white * white)
                }
                // The route, every metre walked, on the leg the walker is on, but not within
                // 8 m of a corner (where they cut it).
                var i = 0
                while i + 2 < cum.count && cum[i + 1] <= e.trueAlong { i += 1 }
                let nearCorner = (i > 0 && e.trueAlong - cum[i] < 8) || (i + 2 < cum.count && cum[i + 1] - e.trueAlong < 8)
                let t = SIMD2(f.x[0], f.x[1])
                let moved = lastRoute.map { ((t - $0) * (t - $0)).sum() >= 1 } ?? true
                if !nearCorner && moved {
                    lastRoute = t
                    let dir = (pts[i + 1] - pts[i]) / (cum[i + 1] - cum[i])
                    let normal = SIMD2(-dir.y, dir.x)
                    if i != leg {
                        // A new leg: the offset's prior, told its side (or its value).
                        leg = i
                        let truth = (normal * (SIMD2(e.trueENU.x, e.trueENU.y) - pts[i])).sum()
                        for j in 0..<Self.n { f.p[4 * Self.n + j] = 0; f.p[j * Self.n + 4] = 0 }
                        f.x[4] = exactOffset ? truth : (truth < 0 ? -sideMean : sideMean)
                        f.p[24] = exactOffset ? 0.01 : sideSigma * sideSigma
                    }
                    // n·(t − a) − o = 0, the sway of a step about the line.
                    f.update(h: [normal.x, normal.y, 0, 0, -1], z: (normal * pts[i]).sum(), r: 0.09)
                }
            }
            if e.kind == .frame && started && e.trueAlong > 260 {
                let d = SIMD2(f.x[0] - e.trueENU.x, f.x[1] - e.trueENU.y)
                out.append((d * d).sum().squareRoot())
            }
        }
        return out
    }

    @Test("told the heading and each leg's side, a filter's first arrow is still above 3 m p95 at a drift of 0.1 m/√m; the navigator within 10 % of it")
    func sideOracle() throws {
        var side: [Double] = [], exact: [Double] = []
        for seed: UInt64 in 1...8 {
            var s = VelocityRouteTests.walk(VelocityRouteTests.city, seed: seed)
            s.lateralOffset = 1...6
            side += try Self.errors(s, exactOffset: false)
            exact += try Self.errors(s, exactOffset: true)
        }
        let navigator = try VelocityRouteTests.cityPool(route: true, seeds: 1...8).pool
        let bound = NavigatorTrial.quantile(side, 0.95) ?? .nan, floor = NavigatorTrial.quantile(exact, 0.95) ?? .nan
        let mine = navigator.p95(navigator.arrow)
        print("city walk, seeds 1–8, first-arrow p95: oracle told the side \(bound) m, told the offset \(floor) m; navigator \(mine) m")
        #expect(side.count > 5000)
        #expect(bound > 3, "the issue's 3 m is within reach of a filter told the side: \(bound) m")
        #expect(String(format: "%.1f", bound) == "3.2" && String(format: "%.1f", floor) == "2.7", "the README's figures")
        #expect(mine <= 1.1 * bound, "navigator \(mine) m, oracle \(bound) m")
    }
}
