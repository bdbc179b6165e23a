import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
import WaymarkSimulation

/// Origin shifting keeps what engines get in `Float` small, and never moves anything in
/// the world. The README's float32 figures come from `twentyKilometres`.
@Suite("Origin shift")
struct OriginShiftTests {
    /// Largest error of a scene position rounded to `Float`.
    static func floatError(_ p: SIMD3<Double>) -> Double {
        let f = SIMD3<Double>(Double(Float(p.x)), Double(Float(p.y)), Double(Float(p.z)))
        return ((f - p) * (f - p)).sum().squareRoot()
    }

    /// The README's figures, as printed there.
    static let readme = (shifted: "0.06 mm", unshifted: "1.01 mm")

    @Test("a 20 km walk: arrows and finish in Float within 0.06 mm with shifting every 500 m, 1.01 mm without; the world unchanged (1e-6 m)")
    func twentyKilometres() throws {
        // A 20 km route with bends, walked at 1.4 m/s with correlated GPS error.
        var legs: [(Double, Double)] = [(0, 0)]
        for i in 1...20 { legs.append((i % 2 == 0 ? 0 : 150, Double(i) * 1000)) }
        var scenario = WalkSimulator.Scenario(route: NavigatorTests.route(legs))
        scenario.gpsCorrelatedShare = 0.8
        scenario.frameInterval = 1
        scenario.seed = 3
        let walk = WalkSimulator(scenario)
        let events = try walk.events()
        let projection = try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844)
        var shifting = Navigator.Configuration()
        shifting.originShiftDistance = 500
        var a = try Navigator(route: walk.scenario.route, configuration: shifting)
        var b = try Navigator(route: walk.scenario.route)
        var total = SIMD3<Double>.zero
        var shifted = 0.0, unshifted = 0.0, world = 0.0, farthest = 0.0, shifts = 0
        for e in events {
            let camera = try CameraPose(position: e.scenePosition, yaw: e.yaw).transform()
            var moved = camera
            moved.columns.3 -= SIMD4(total, 0)
            switch e.kind {
            case .fix:
                try a.addFix(latitude: e.fix!.latitude, longitude: e.fix!.longitude, height: e.fix!.height,
                             horizontalAccuracy: e.accuracy, time: e.time, scenePosition: e.scenePosition - total)
                try b.addFix(latitude: e.fix!.latitude, longitude: e.fix!.longitude, height: e.fix!.height,
                             horizontalAccuracy: e.accuracy, time: e.time, scenePosition: e.scenePosition)
            case .frame:
                let outA = try a.update(time: e.time, camera: moved, projection: projection, viewport: (0, 0, 390, 844))
                let outB = try b.update(time: e.time, camera: camera, projection: projection, viewport: (0, 0, 390, 844))
                if let s = outA.originShift {
                    #expect(s.y == 0 && (s * s).sum() > 500 * 500)
                    total += s
                    shifts += 1
                }
                #expect(a.originOffset == total)
                farthest = max(farthest, (e.scenePosition * e.scenePosition).sum().squareRoot())
                let pairs = zip(a.arrows.map(\.position) + [outA.finish!.position], b.arrows.map(\.position) + [outB.finish!.position])
                for (p, q) in pairs {
                    world = max(world, ((p + total - q) * (p + total - q)).sum().squareRoot())
                    // Only what is near the user matters for drawing: the arrows (100 m ahead)
                    // always; the finish once within 1 km.
                    let near = ((q - e.scenePosition) * (q - e.scenePosition)).sum() < 1000 * 1000
                    if near {
                        shifted = max(shifted, Self.floatError(p))
                        unshifted = max(unshifted, Self.floatError(q))
                    }
                }
            default: break
            }
        }
        #expect(farthest > 19_900)
        #expect(shifts >= 35)
        #expect(world < 1e-6, "shifting moved something by \(world) m")
        #expect(shifted <= 1e-3, "the issue's bound")
        // The README's figures, at their printed precision.
        #expect(millimetres(shifted) == Self.readme.shifted, "\(shifted)")
        #expect(millimetres(unshifted) == Self.readme.unshifted, "\(unshifted)")
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("within \(Self.readme.shifted) when the zero follows the user every 500 m, and by up to \(Self.readme.unshifted) without"))
    }

    func millimetres(_ metres: Double) -> String {
        let hundredths = Int((metres * 1e5).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) mm"
    }

    @Test("SceneFrame.shiftScene: every position minus the shift, the inverse the same; bad shifts change nothing")
    func frameShift() throws {
        let origin = try GeodeticCoordinate(latitude: 59.93, longitude: 30.31, height: 12)
        var frame = SceneFrame(origin: origin, axes: .unreal)
        try frame.setEstimate(sceneOrigin: SIMD3(100, 200, 300), headingCorrection: 7)
        let point = try LocalTangentFrame(origin: origin).reverse(SIMD3(15_000, -4_000, 20))
        let before = frame.scenePosition(of: point)
        var shifted = frame
        try shifted.shiftScene(by: SIMD3(1_400_000, -300_000, 0))
        let after = shifted.scenePosition(of: point)
        let expected = before - SIMD3(1_400_000, -300_000, 0)
        #expect(((after - expected) * (after - expected)).sum().squareRoot() < 1e-6)
        let back = try shifted.geodetic(atScene: after)
        #expect(abs(back.latitude - point.latitude) < 1e-11 && abs(back.longitude - point.longitude) < 1e-11)
        let copy = shifted
        #expect(throws: WaymarkError.self) { try shifted.shiftScene(by: SIMD3(.nan, 0, 0)) }
        #expect(throws: WaymarkError.self) { try shifted.shiftScene(by: SIMD3(0, 2e12, 0)) }
        #expect(shifted.sceneOrigin == copy.sceneOrigin)
    }

    @Test("Navigator.shiftOrigin: checked; a configuration with a negative or NaN distance is refused")
    func navigatorShiftChecks() throws {
        var nav = try Navigator(route: NavigatorTests.route([(0, 0), (0, 100)]))
        #expect(throws: WaymarkError.self) { try nav.shiftOrigin(by: SIMD3(.infinity, 0, 0)) }
        #expect(throws: WaymarkError.self) { try nav.shiftOrigin(by: SIMD3(0, 0, 2e12)) }
        #expect(nav.originOffset == .zero)
        try nav.shiftOrigin(by: SIMD3(5, 0, -7))
        #expect(nav.originOffset == SIMD3(5, 0, -7))
        for bad in [-1.0, .nan, .infinity] {
            var c = Navigator.Configuration()
            c.originShiftDistance = bad
            #expect(throws: WaymarkError.self) { try c.validate() }
            #expect(throws: WaymarkError.self) { try nav.setOriginShiftDistance(bad) }
        }
        #expect(nav.originShiftDistance == 0)
        try nav.setOriginShiftDistance(250)
        #expect(nav.originShiftDistance == 250)
    }
}
