import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
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

/// Accuracies the header allows (any finite σ > 0) whose 1/σ² overflows: weighted means
/// stay finite and right (the handles fuzz harness found NaN from σ = 7.6e-317 m).
@Suite("Inverse-variance weights for every σ > 0")
struct TinyAccuracyTests {
    let origin = try! GeodeticCoordinate(latitude: 55.73397, longitude: 37.58864, height: 0)

    func estimate(north: Double, accuracy: Double, time: Double, scene: SIMD3<Double>) throws -> LocationEstimate {
        let fix = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: north).destination
        return try LocationEstimate(fix: fix, horizontalAccuracy: accuracy, verticalAccuracy: accuracy, timestamp: time, scenePosition: scene)
    }

    @Test("the fused buffer: the tiniest σ decides, its uncertainty is reported, nothing is NaN", arguments: [7.6e-317, 1e-200, 1e-160])
    func fusedBuffer(tiny: Double) throws {
        let frame = SceneFrame(origin: origin, axes: .eus)
        var buffer = try EstimateBuffer(rule: .fused)
        _ = buffer.add(try estimate(north: 0, accuracy: 5, time: 0, scene: .zero), frame: frame)
        _ = buffer.add(try estimate(north: 4, accuracy: tiny, time: 1, scene: .zero), frame: frame)
        let r = try #require(buffer.refined(at: .zero, frame: frame))
        let four = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: 4).destination
        #expect(Geodesic.wgs84.inverse(r.position, four).distance < 1e-6)
        #expect(r.horizontalUncertainty > 0 && r.horizontalUncertainty <= tiny * 1.0000001)
        #expect(r.position.height.isFinite)
    }

    @Test("the robust heading fit with tiny accuracies: a finite correction and σ")
    func robustCorrector() throws {
        var frame = SceneFrame(origin: origin, axes: .eus)
        try frame.setEstimate(sceneOrigin: .zero, headingCorrection: 0)
        var configuration = HeadingCorrector.Configuration()
        configuration.bufferCount = 4
        var corrector = try HeadingCorrector(configuration: configuration)
        var last: HeadingCorrector.Correction?
        for i in 0..<4 {
            // GPS 20° clockwise of the scene's track, 10 m apart.
            let fix = try Geodesic.wgs84.direct(from: origin, azimuth: 20, distance: 10 * Double(i)).destination
            let e = try LocationEstimate(fix: fix, horizontalAccuracy: i == 0 ? 5 : 1e-300, verticalAccuracy: 1,
                                         timestamp: Double(i), scenePosition: SIMD3(0, 0, -10 * Double(i)))
            if let c = corrector.add(e, frame: frame) { last = c }
        }
        let c = try #require(last)
        #expect(c.angle.isFinite && abs(c.angle - 20) < 1e-6)
        #expect(c.uncertainty.map { $0.isFinite && $0 >= 0 } ?? false)
    }
}
