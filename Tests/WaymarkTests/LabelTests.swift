import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation

/// Labels that stand and face the user, labels that do not overlap, and tapping a mark.
@Suite("Labels and picking")
struct LabelTests {
    static let viewport = (x: 0.0, y: 0.0, width: 390.0, height: 844.0)

    static func screen(_ pose: CameraPose, axes: SceneAxes) throws -> ScreenProjection {
        try ScreenProjection(view: pose.transform(axes: axes).rigidInverse,
                             projection: try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844),
                             viewport: viewport)
    }

    static func angleBetween(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let cross = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        return atan2((cross * cross).sum().squareRoot(), (a * b).sum()) * 180 / .pi
    }

    @Test("anchor and facing for cameras at every heading and pitch: the label's normal within 1e-9° of the horizontal direction to the camera", arguments: SceneAxes.allCases)
    func facing(axes: SceneAxes) throws {
        let mark = axes.scene(fromENU: SIMD3(3, 40, -1))
        let up = axes.scene(fromENU: SIMD3(0, 0, 1))
        var worst = 0.0
        for yaw in stride(from: -180.0, to: 180, by: 15) {
            for pitch in [-80.0, -30, 0, 20, 60, 85] {
                let pose = try CameraPose(position: axes.scene(fromENU: SIMD3(-2, -5, 1.4)), yaw: yaw, pitch: pitch, roll: 10)
                let screen = try Self.screen(pose, axes: axes)
                let label = try #require(try screen.label(above: mark, height: .metres(2.5), axes: axes))
                #expect(label.anchor == mark + 2.5 * up)
                let facing = try #require(label.facing)
                var toCamera = axes.enu(fromScene: pose.position - label.anchor)
                toCamera.z = 0
                worst = max(worst, Self.angleBetween(axes.enu(fromScene: facing), toCamera))
                #expect(abs((facing * up).sum()) < 1e-15 && abs((facing * facing).sum() - 1) < 1e-15)
                // The azimuth is the facing vector's, clockwise from north.
                let az = try #require(label.facingAzimuth)
                let e = axes.enu(fromScene: facing)
                #expect(abs(angleDifference(az, atan2(e.x, e.y) * 180 / .pi)) < 1e-12)
                // The transform: orthonormal columns (right, up, facing), the right one the
                // camera's right as it looks at the label.
                let m = try #require(label.transform)
                let c = m.columns
                let right = SIMD3(c.0.x, c.0.y, c.0.z), lup = SIMD3(c.1.x, c.1.y, c.1.z), normal = SIMD3(c.2.x, c.2.y, c.2.z)
                #expect(lup == up && normal == facing && SIMD3(c.3.x, c.3.y, c.3.z) == label.anchor)
                #expect(abs((right * lup).sum()) < 1e-15 && abs((right * normal).sum()) < 1e-15)
                let f = -axes.enu(fromScene: facing)
                #expect(norm(axes.enu(fromScene: right) - SIMD3(f.y, -f.x, 0)) < 1e-15)
                #expect(label.roll == screen.labelRoll(axes: axes))
            }
        }
        #expect(worst <= 1e-9)
    }

    @Test("a height in points: the anchor projects that many points above the mark, at its depth")
    func heightInPoints() throws {
        let pose = try CameraPose(position: SIMD3(0, 1.4, 0), yaw: 10, pitch: 5)
        let screen = try Self.screen(pose, axes: .eus)
        let mark = SIMD3(4.0, 0, -60)
        let label = try #require(try screen.label(above: mark, height: .points(40)))
        let below = screen.project(mark), above = try #require(label.screen)
        #expect(abs(above.x - below.screen.x) < 1e-6 && abs(below.screen.y - above.y - 40) < 1e-6)
        #expect(abs(screen.project(label.anchor).depth - below.depth) < 1e-12)
        // Behind the camera the anchor is the mark, and there is no screen position.
        let behind = try #require(try screen.label(above: SIMD3(0, 0, 60), height: .points(40)))
        #expect(behind.anchor == SIMD3(0, 0, 60) && behind.screen == nil)
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try screen.label(above: mark, height: .metres(.nan)) }
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try screen.label(above: SIMD3(0, 0, 2e12), height: .metres(1)) }
        // Straight above: no facing direction.
        let top = try #require(try screen.label(above: SIMD3(0, -5, 0), height: .metres(1)))
        #expect(top.facing == nil && top.facingAzimuth == nil && top.transform == nil)
        // Next to the camera a height in points has no depth to be measured at: nil, or a
        // finite anchor, never NaN (the labels fuzz harness found NaN 4e-7 m away).
        let back = pose.transform().columns.2
        for step in [1e-300, 1e-200, 1e-100, 1e-30, 1e-12, 1e-7, 1e-3] {
            let near = pose.position - step * SIMD3(back.x, back.y, back.z)
            if let l = try screen.label(above: near, height: .points(40)) {
                #expect(l.anchor.x.isFinite && l.anchor.y.isFinite && l.anchor.z.isFinite, "\(step)")
            }
        }
        // (The harness's own case, NOT_AVAILABLE through the C ABI, is replayed by ctest
        // from Tests/Fuzz/regressions/labels.)
    }

    /// A city block seen from the street: 60 places' labels (120 × 28 pt) where their
    /// places project, at distances 20–500 m.
    static func cityBlock(seed: UInt64) -> (rectangles: [LabelDeclutter.Rectangle], distances: [Double]) {
        var random = SeededRandom(seed: seed)
        var rectangles: [LabelDeclutter.Rectangle] = [], distances: [Double] = []
        for _ in 0..<60 {
            let distance = random.uniform(20...500)
            // Farther places sit nearer the horizon (y 400) and crowd together.
            let x = random.uniform(-60...330), y = 400 + 4000 / distance + random.uniform(-10...10)
            rectangles.append(.init(x: x, y: y, width: 120, height: 28))
            distances.append(distance)
        }
        return (rectangles, distances)
    }

    @Test("decluttering 60 places: no overlaps, the same offsets every frame, farther labels above the nearer ones they covered", arguments: [1, 2, 3] as [UInt64])
    func declutter(seed: UInt64) throws {
        let (rectangles, distances) = Self.cityBlock(seed: seed)
        let gap = 2.0
        let offsets = try LabelDeclutter.offsets(rectangles, distances: distances, gap: gap)
        #expect(try LabelDeclutter.offsets(rectangles, distances: distances, gap: gap) == offsets)
        var covered = 0
        for i in rectangles.indices {
            #expect(offsets[i] <= 0)
            for j in rectangles.indices where i != j {
                let a = rectangles[i], b = rectangles[j]
                guard a.x < b.x + b.width && b.x < a.x + a.width else { continue }
                let ta = a.y + offsets[i], tb = b.y + offsets[j]
                // Apart by the gap at least (a rounding's slack).
                #expect(ta + a.height + gap <= tb + 1e-9 || tb + b.height + gap <= ta + 1e-9, "labels \(i) and \(j) overlap")
                // Where the unshifted labels overlapped, the farther one ends above.
                if a.y < b.y + b.height + gap && b.y < a.y + a.height + gap && distances[i] < distances[j] {
                    #expect(tb + b.height + gap <= ta + 1e-9)
                    covered += 1
                }
            }
        }
        #expect(covered > 20)   // the block is crowded: the rule was exercised
        // The nearest label never moves.
        let nearest = try #require(distances.indices.min { distances[$0] < distances[$1] })
        #expect(offsets[nearest] == 0)
    }

    @Test("decluttering refuses what it cannot place, before writing")
    func declutterErrors() throws {
        let r = LabelDeclutter.Rectangle(x: 0, y: 0, width: 10, height: 10)
        #expect(throws: WaymarkError.badCount) {
            try LabelDeclutter.offsets([LabelDeclutter.Rectangle](repeating: r, count: 257), distances: [Double](repeating: 1, count: 257))
        }
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .notPositive)) {
            try LabelDeclutter.offsets([r, .init(x: 0, y: 0, width: -1, height: 10)], distances: [1, 2])
        }
        #expect(throws: WaymarkError.invalidElement(index: 0, fault: .nonFinite)) {
            try LabelDeclutter.offsets([r], distances: [.nan])
        }
        #expect(try LabelDeclutter.offsets([], distances: []) == [])
    }

    @Test("picking: exact at a mark's projected centre, nearest wins, nothing outside the radius or behind the camera")
    func picking() throws {
        let pose = try CameraPose(position: SIMD3(0, 1.4, 0), yaw: 0, pitch: -5)
        let screen = try Self.screen(pose, axes: .eus)
        let marks = [SIMD3(0.0, 0, -30), SIMD3(3, 0, -30), SIMD3(0, 0, 30), SIMD3(-8, 2, -100)]
        for (i, m) in marks.enumerated() where i != 2 {
            let at = screen.project(m).screen
            let hit = try #require(try screen.pick(at: at, radius: 1, among: marks))
            #expect(hit.index == i && hit.distance == 0)
        }
        // Behind the camera (index 2 projects somewhere too): never picked.
        let behind = screen.project(marks[2]).screen
        #expect(try screen.pick(at: behind, radius: 0.5, among: [marks[2]]) == nil)
        // Between two marks: the nearer on screen; outside the radius: nothing.
        let a = screen.project(marks[0]).screen, b = screen.project(marks[1]).screen
        let third = a + (b - a) / 3
        #expect(try screen.pick(at: third, radius: 100, among: marks)?.index == 0)
        #expect(try screen.pick(at: third, radius: norm2(b - a) / 3 - 1e-6, among: marks) == nil)
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .nonFinite)) {
            try screen.pick(at: a, radius: 5, among: [marks[0], SIMD3(.nan, 0, 0)])
        }
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try screen.pick(at: a, radius: -1, among: marks) }
    }

    @Test("the navigator's finish label: nil before a finish is drawn, then over the drawn circle by the height asked")
    func finishLabel() throws {
        let start = try GeodeticCoordinate(latitude: 55.7339, longitude: 37.5886, height: 158)
        let north = try GeodeticCoordinate(latitude: 55.7339 + 150 / 111_000.0, longitude: 37.5886, height: 158)
        var nav = try Navigator(route: [start, north])
        #expect(try nav.finishLabel(height: .points(48)) == nil)
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try nav.finishLabel(height: .metres(2e6)) }
        try nav.addFix(latitude: start.latitude, longitude: start.longitude, height: 158, horizontalAccuracy: 5,
                       verticalAccuracy: 5, time: 1, scenePosition: SIMD3(0, 1.4, 0))
        let pose = try CameraPose(position: SIMD3(0, 1.4, 0), yaw: 0, pitch: 0)
        let projection = try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844)
        let frame = try nav.update(time: 1.5, camera: pose.transform(), projection: projection, viewport: Self.viewport)
        let finish = try #require(frame.finish)
        let mark = try #require(finish.screen)
        let label = try #require(try nav.finishLabel(height: .points(finish.diameter / 2 + 8)))
        let at = try #require(label.screen)
        #expect(abs(at.x - mark.x) < 1e-6 && abs(mark.y - at.y - (finish.diameter / 2 + 8)) < 1e-6)
        let standing = try #require(try nav.finishLabel(height: .metres(2)))
        #expect(standing.anchor == finish.position + SIMD3(0, 2, 0))
        // The finish is due north of the camera, so its label faces south: azimuth 180.
        #expect(abs(abs(try #require(standing.facingAzimuth)) - 180) < 1e-6)
    }

    func norm2(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
}
