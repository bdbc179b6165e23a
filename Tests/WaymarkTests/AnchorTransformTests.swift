import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Anchor transforms")
struct AnchorTransformTests {
    let origin = try! GeodeticCoordinate(latitude: 48.8584, longitude: 2.2945, height: 35)

    func route(_ legs: [(azimuth: Double, distance: Double)]) throws -> [GeodeticCoordinate] {
        var points = [origin]
        for leg in legs {
            let next = try Geodesic.wgs84.direct(from: points.last!, azimuth: leg.azimuth, distance: leg.distance).destination
            points.append(next)
        }
        return points
    }

    func transforms(_ frame: SceneFrame, _ points: [GeodeticCoordinate]) throws -> [Matrix4x4f] {
        var out = [Matrix4x4f](repeating: .identity, count: points.count)
        try points.withUnsafeBufferPointer { p in try out.withUnsafeMutableBufferPointer { try frame.anchorTransforms(route: p, into: $0) } }
        return out
    }

    @Test("translation = scene position; forward axis points at the next point; last keeps the previous heading")
    func headings() throws {
        let points = try route([(0, 50), (90, 50), (180, 30), (270, 10)])
        for axes in SceneAxes.allCases {
            let frame = SceneFrame(origin: origin, axes: axes)
            let out = try transforms(frame, points)
            let forward: SIMD3<Float> = axes == .eus ? SIMD3(0, 0, -1) : axes == .eun ? SIMD3(0, 0, 1) : SIMD3(0, 1, 0)
            for i in points.indices {
                let position = frame.scenePosition(of: points[i])
                #expect(out[i].translation == SIMD3<Float>(Float(position.x), Float(position.y), Float(position.z)))
                let target = i + 1 < points.count ? frame.scenePosition(of: points[i + 1]) - position
                                                  : position - frame.scenePosition(of: points[i - 1])
                let up = axes.upAxisIndex
                var horizontal = target
                horizontal[up] = 0
                horizontal /= norm(horizontal)
                let f = out[i].transformDirection(forward)
                #expect(abs(Double(f.x) - horizontal.x) < 1e-6 && abs(Double(f.y) - horizontal.y) < 1e-6 && abs(Double(f.z) - horizontal.z) < 1e-6, "\(axes) point \(i)")
                // Pure yaw: the up axis stays up, the matrix stays rigid.
                var upVector = SIMD3<Float>(0, 0, 0); upVector[up] = 1
                #expect(out[i].transformDirection(upVector) == upVector)
            }
        }
        // eus: the first leg goes north, so −z turns towards −z: no rotation at all.
        let first = try transforms(SceneFrame(origin: origin, axes: .eus), points)[0]
        #expect(abs(first[0, 0] - 1) < 1e-6 && abs(first[2, 2] - 1) < 1e-6)
    }

    @Test("repeated points keep the previous heading; leading repeats take the first real one")
    func degenerateLegs() throws {
        var points = try route([(90, 20), (90, 20)])
        points.insert(points[0], at: 0)        // leading duplicate
        points.insert(points[2], at: 3)        // duplicate in the middle
        let frame = SceneFrame(origin: origin, axes: .eus)
        let out = try transforms(frame, points)
        for m in out {
            let f = m.transformDirection(SIMD3(0, 0, -1))
            #expect(abs(f.x - 1) < 1e-4 && abs(f.z) < 1e-4)   // all face east
        }
        let single = try transforms(frame, [origin])
        #expect(single[0] == .translation(SIMD3(0, 0, 0)))
    }

    @Test func badInputWritesNothing() throws {
        let frame = SceneFrame(origin: origin)
        let input: [Double] = [48.85, 2.29, 0, 48.86, .nan, 0]
        var out = [Matrix4x4f](repeating: .translation(SIMD3(9, 9, 9)), count: 2)
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .nonFinite)) {
            try input.withUnsafeBytes { i in
                try out.withUnsafeMutableBufferPointer { try frame.anchorTransforms(geodetic: i.baseAddress!, stride: 24, into: $0.baseAddress!, count: 2) }
            }
        }
        #expect(out.allSatisfy { $0 == .translation(SIMD3(9, 9, 9)) })
        #expect(throws: WaymarkError.badStride) {
            try input.withUnsafeBytes { i in
                try out.withUnsafeMutableBufferPointer { try frame.anchorTransforms(geodetic: i.baseAddress!, stride: 16, into: $0.baseAddress!, count: 1) }
            }
        }
    }
}
