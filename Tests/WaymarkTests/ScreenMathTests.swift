import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
@testable import WaymarkPROJ
import Waymark

@Suite("Screen math: finish mark, projection, hint mark, billboard roll")
struct ScreenMathTests {
    /// OpenGL-style perspective: vertical field of view, aspect, near, far.
    static func perspective(fovy: Double, aspect: Double, near: Double, far: Double) -> Matrix4x4d {
        let f = 1 / tan(fovy * .pi / 360)
        return Matrix4x4d(SIMD4(f / aspect, 0, 0, 0), SIMD4(0, f, 0, 0),
                          SIMD4(0, 0, (far + near) / (near - far), -1), SIMD4(0, 0, 2 * far * near / (near - far), 0))
    }
    static let viewport = (x: 0.0, y: 0.0, width: 390.0, height: 844.0)
    static let projection = perspective(fovy: 60, aspect: 390.0 / 844, near: 0.01, far: 5000)

    func screen(camera: Matrix4x4d = .identity) throws -> ScreenProjection {
        try ScreenProjection(view: try #require(camera.inverse), projection: Self.projection, viewport: Self.viewport)
    }

    @Test("finish-mark size: fixed below 50 m, linear to 2 km, fixed beyond")
    func finishMark() throws {
        let rule = try FinishMarkSize()
        #expect(try rule.diameter(atDistance: 0) == 120 && rule.diameter(atDistance: 50) == 120)
        #expect(abs(try rule.diameter(atDistance: 1025) - 80) < 1e-12)
        #expect(try rule.diameter(atDistance: 2000) == 40 && rule.diameter(atDistance: 1e6) == 40)
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try FinishMarkSize(near: 100, far: 50) }
        for bad in [Double.nan, .infinity, -.infinity] {     // NaN once became the maximum
            #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try rule.diameter(atDistance: bad) }
        }
    }

    @Test("projection, visibility, unprojection, and the seed's sphere radius")
    func projection() throws {
        let s = try screen()
        let centre = s.project(SIMD3(0, 0, -10))
        #expect(abs(centre.screen.x - 195) < 1e-9 && abs(centre.screen.y - 422) < 1e-9 && centre.visible)
        let back = s.unproject(centre.screen, depth: centre.depth)
        #expect(norm(back - SIMD3(0, 0, -10)) < 1e-9)
        #expect(!s.project(SIMD3(0, 0, 10)).inFront && !s.project(SIMD3(100, 0, -1)).visible)
        // A sphere 100 m ahead drawn 80 points across: r = D·tan(fov/2)·(40 / (h/2)) vertically-equivalent.
        let r = try #require(s.sphereRadius(center: SIMD3(0, 0, -100), screenDiameter: 80))
        let expected = 100 * tan(30 * Double.pi / 180) * 40 / 422
        #expect(abs(r - expected) < 1e-9)
        #expect(s.sphereRadius(center: SIMD3(0, 0, 5), screenDiameter: 80) == nil)
        // Its projection really is 80 points wide.
        let rim = s.project(SIMD3(r, 0, -100))
        #expect(abs(rim.screen.x - centre.screen.x - 40) < 1e-6)
    }

    @Test("billboard roll follows the device's roll")
    func billboard() throws {
        #expect(abs(try #require(try screen().sceneXAxisRoll(at: SIMD3(0, 0, -20)))) < 1e-9)
        // The phone rolled 30° counter-clockwise (about its viewing axis): the ground's
        // x axis appears turned 30° clockwise on screen.
        let rolled = Matrix4x4d.rotationAboutZ(cos: cos(Double.pi / 6), sin: sin(Double.pi / 6))
        let roll = try #require(try screen(camera: rolled).sceneXAxisRoll(at: SIMD3(0, 0, -20)))
        #expect(abs(roll + 30) < 1e-9)
    }

    @Test("hint mark: edge intersection, bottom edge behind the camera, shortest turn")
    func hint() throws {
        let s = try screen()
        #expect(HintMark.forTarget(SIMD3(0, 0, -10), projection: s) == nil)          // visible
        let right = try #require(HintMark.forTarget(SIMD3(10, 0, -1), projection: s))
        #expect(abs(right.position.x - 390) < 1e-9 && abs(right.position.y - 422) < 1e-6)
        #expect(right.turnsRight && abs(right.turn - atan2(10, 1) * 180 / .pi) < 1e-9)
        let up = try #require(HintMark.forTarget(SIMD3(0, 50, -10), projection: s))
        #expect(abs(up.position.y) < 1e-9 && abs(up.position.x - 195) < 1e-9 && abs(up.turn) < 1e-9)
        let behind = try #require(HintMark.forTarget(SIMD3(-1, 0, 10), projection: s))
        #expect(behind.position.y == 844 && behind.position.x < 195 && !behind.turnsRight)   // bottom, left half: turn left
        let diagonal = try #require(HintMark.forTarget(SIMD3(30, -30, -10), projection: s))
        let onEdge = abs(diagonal.position.x - 390) < 1e-6 || abs(diagonal.position.y - 844) < 1e-6
        #expect(onEdge && diagonal.position.x > 195 && diagonal.position.y > 422)
    }
}
