import Foundation
import Testing
@testable @_spi(CPUPaths) import WaymarkCore
@testable import WaymarkPROJ
import Waymark

/// geo → scene against the exact ENU (`Tests/Data/enu_exact_wgs84.csv`: 50-digit mpmath,
/// the exact result for the very doubles passed, printed to 1e-13 m): every CPU path,
/// PROJ's pipeline and the scalar Swift forward (`LocalTangentFrame.forward`, the
/// closed form) on the same 7,634 rows, among them every point of FastPathTests' and
/// CPUDispatchTests' geo → scene tests and SceneFrameTests' 500 m ring.
///
/// The fused paths (AVX2 + FMA, AVX-512) take the ECEF offset of a point within 1° of the
/// origin from differences (vector_body.inc) and are exact to the rounding of the
/// result's own size; the closed forms (the baseline path, the fused paths' lanes
/// beyond 1°, the scalar Swift forward) and PROJ round both ECEF positions (about
/// 6.4e6 m, spacing 9.3e-10 m) before subtracting them, so they sit 2–4e-9 m off.
@Suite("geo → scene against the exact reference")
struct ExactENUTests {
    struct Row { let kind: String; let origin: GeodeticCoordinate; let point: GeodeticCoordinate; let exact: SIMD3<Double> }

    static let rows: [Row] = {
        (try? TestData.rows("enu_exact_wgs84.csv"))?.map { r in
            Row(kind: r["kind"] ?? "",
                origin: try! GeodeticCoordinate(latitude: r.number("lat0"), longitude: r.number("lon0"), height: r.number("h0")),
                point: try! GeodeticCoordinate(latitude: r.number("lat"), longitude: r.number("lon"), height: r.number("h")),
                exact: SIMD3(r.number("east"), r.number("north"), r.number("up")))
        } ?? []
    }()

    /// Rows in runs of one origin.
    static var groups: [[Row]] {
        var out: [[Row]] = []
        for r in rows {
            if let last = out.last?.last, last.origin == r.origin { out[out.count - 1].append(r) } else { out.append([r]) }
        }
        return out
    }

    /// The kernels' near lanes: within 1° of the origin in latitude and (unwrapped) longitude.
    static func nearLane(_ r: Row) -> Bool {
        abs(r.point.latitude - r.origin.latitude) <= 1 && abs(r.point.longitude - r.origin.longitude) <= 1
    }

    /// The rows' classes: near lanes within 10.5 km of the origin's height (every walking
    /// point), near lanes higher up (to 1,000 km), far lanes.
    static func rowClass(_ r: Row) -> String {
        nearLane(r) ? (abs(r.point.height - r.origin.height) <= 10_500 ? "near" : "near_high") : "far"
    }

    /// The SceneFrameTests ring's exact ENU, in the file's order.
    static var sceneFrameRing: [Row] { rows.filter { $0.kind == "sceneframe500" } }

    /// The largest distance from the exact ENU a path's geo → scene may be, per row class
    /// (the README's accuracy table prints these bounds).
    static func bound(_ path: CPUPath, _ cls: String) -> Double {
        switch (path, cls) {
        case (.baseline, _): return 4.3e-9
        case (_, "near"): return 5e-11
        case (_, "near_high"): return 1.3e-10
        default: return 2.3e-9
        }
    }

    @Test("every path within its bound of the exact ENU: fused paths' near lanes ≤ 5e-11 m (≤ 1.3e-10 m to 1,000 km up), closed forms ≤ 2.3e-9 (fused, beyond 1°) and 4.3e-9 m (baseline); PROJ 3.3e-9 m, the scalar Swift forward 3.2e-9 m off")
    func againstExact() throws {
        #expect(Self.rows.count == 7634)
        var worst: [String: Double] = [:]
        func note(_ method: String, _ r: Row, _ v: SIMD3<Double>) -> Double {
            let d = norm(v - r.exact)
            worst["\(method) \(Self.rowClass(r))", default: 0] = max(worst["\(method) \(Self.rowClass(r))", default: 0], d)
            return d
        }
        for g in Self.groups {
            let origin = g[0].origin
            let frame = SceneFrame(origin: origin, axes: .enu)
            let ltf = LocalTangentFrame(origin: origin)
            let pipeline = try ProjTopocentricPipeline(origin: origin)
            let input = g.flatMap { [$0.point.latitude, $0.point.longitude, $0.point.height] }
            for path in CPUPath.runnablePaths {
                let out = try CPUDispatchTests.forward(frame, input, path: path)
                for (i, r) in g.enumerated() {
                    let d = note("\(path.name)", r, SIMD3(out[3 * i], out[3 * i + 1], out[3 * i + 2]))
                    #expect(d <= Self.bound(path, Self.rowClass(r)), "\(path) \(r)")
                }
            }
            for r in g {
                #expect(note("proj", r, try pipeline.forward(r.point)) <= 3.3e-9, "\(r)")
                #expect(note("swift_scalar", r, ltf.forward(r.point)) <= 3.2e-9, "\(r)")
            }
        }
        for k in worst.keys.sorted() { print("against the exact ENU: \(k) \(worst[k]!) m") }
    }
}
