import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Location estimates")
struct EstimateTests {
    // Height 0, so scene metres and geodesic surface metres coincide.
    let origin = try! GeodeticCoordinate(latitude: 55.73397, longitude: 37.58864, height: 0)
    var frame: SceneFrame { SceneFrame(origin: origin, axes: .eus) }

    func estimate(north: Double, accuracy: Double, time: Double, scene: SIMD3<Double>, vertical: Double = 10) throws -> LocationEstimate {
        let fix = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: north).destination
        return try LocationEstimate(fix: fix, horizontalAccuracy: accuracy, verticalAccuracy: vertical, timestamp: time, scenePosition: scene)
    }

    @Test("seed rule: lowest accuracy value, newest among equals, within 100 m of the current scene position")
    func seedRule() throws {
        var buffer = try EstimateBuffer()
        let frame = self.frame
        _ = buffer.add(try estimate(north: 0, accuracy: 10, time: 0, scene: .zero), frame: frame)
        _ = buffer.add(try estimate(north: 3, accuracy: 5, time: 1, scene: SIMD3(0, 0, -3)), frame: frame)
        _ = buffer.add(try estimate(north: 6, accuracy: 5, time: 2, scene: SIMD3(0, 0, -6)), frame: frame)
        let r = try #require(buffer.add(try estimate(north: 9, accuracy: 8, time: 3, scene: SIMD3(0, 0, -9)), frame: frame))
        #expect(buffer.best(at: SIMD3(0, 0, -9))?.timestamp == 2)       // 5 m twice: the newer
        #expect(r.used == 1 && r.horizontalUncertainty == 5)
        // The refined position is the best fix moved by the scene offset since (3 m north).
        let nine = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: 9).destination
        #expect(Geodesic.wgs84.inverse(r.position, nine).distance < 1e-6)
        // A timer tick after walking 150 m on: only the window's estimates count.
        #expect(buffer.refined(at: SIMD3(0, 0, -250), frame: frame) == nil)
        #expect(buffer.best(at: SIMD3(0, 0, -106))?.timestamp == 2)     // the 5 m fix at −6 is exactly 100 m away
        #expect(buffer.best(at: SIMD3(0, 0, -107))?.timestamp == 3)     // now only the 8 m fix is within 100 m
    }

    @Test("refined position follows the frame's heading correction")
    func headingCorrection() throws {
        var frame = self.frame
        try frame.setEstimate(sceneOrigin: .zero, headingCorrection: 90)
        var buffer = try EstimateBuffer()
        _ = buffer.add(try estimate(north: 0, accuracy: 5, time: 0, scene: .zero), frame: frame)
        // The scene believes −z is north, but it is really east (correction 90°):
        let r = try #require(buffer.refined(at: SIMD3(0, 0, -20), frame: frame))
        let east = try Geodesic.wgs84.direct(from: origin, azimuth: 90, distance: 20).destination
        #expect(Geodesic.wgs84.inverse(r.position, east).distance < 1e-3)
    }

    @Test("fused rule: 1/σ² weights and uncertainty")
    func fused() throws {
        var buffer = try EstimateBuffer(rule: .fused)
        let frame = self.frame
        // Two fixes of the same place (scene 0), 2 m apart north-south, σ 3 and 4.
        _ = buffer.add(try estimate(north: 0, accuracy: 3, time: 0, scene: .zero), frame: frame)
        let r = try #require(buffer.add(try estimate(north: 2, accuracy: 4, time: 1, scene: .zero), frame: frame))
        // Weighted mean: 2·(1/16)/(1/9 + 1/16) = 0.72 m north; σ = 1/√(1/9 + 1/16) = 2.4 m.
        let expected = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: 0.72).destination
        #expect(Geodesic.wgs84.inverse(r.position, expected).distance < 1e-6)
        #expect(abs(r.horizontalUncertainty - 2.4) < 1e-12 && r.used == 2)
    }

    @Test func capacityAndErrors() throws {
        var buffer = try EstimateBuffer(capacity: 2)
        for t in 0..<5 { _ = buffer.add(try estimate(north: Double(t), accuracy: 5, time: Double(t), scene: .zero), frame: frame) }
        #expect(buffer.estimates.map(\.timestamp) == [3, 4])
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try EstimateBuffer(capacity: 0) }
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try estimate(north: 0, accuracy: 0, time: 0, scene: .zero) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try estimate(north: 0, accuracy: 5, time: .nan, scene: .zero) }
    }
}
