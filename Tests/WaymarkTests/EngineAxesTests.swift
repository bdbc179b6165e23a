import Testing
@_spi(CPUPaths) @testable import WaymarkCore
@testable import WaymarkNavigation
@testable import WaymarkPROJ
import WaymarkSimulation

/// Every engine's frame: axis assignments, handedness, units and the forward axis, through
/// conversions, anchor transforms, camera helpers and the navigator.
@Suite("Engine axes")
struct EngineAxesTests {
    let origin = try! GeodeticCoordinate(latitude: 48.8584, longitude: 2.2945, height: 35)

    /// Conventions beyond the presets: z down (NED-like), a left-handed one with x north,
    /// millimetres and decimetres.
    static let customs: [SceneAxes] = [
        try! SceneAxes(x: .north, y: .east, z: .down, forward: .positiveX),
        try! SceneAxes(x: .north, y: .up, z: .east, forward: .positiveX, unit: .millimetre),
        try! SceneAxes(x: .west, y: .down, z: .north, forward: .negativeX, unit: .decimetre),
    ]
    static var all: [SceneAxes] { SceneAxes.presets.map(\.axes) + customs }

    /// Where each engine's documentation puts a point 100 m due north and 2 m up.
    @Test("100 m due north and 2 m up lands where each engine says (1e-8 m, the tangent frame's round trip)")
    func dueNorth() throws {
        let point = try LocalTangentFrame(origin: origin).reverse(SIMD3(0, 100, 2))
        let expected: [String: SIMD3<Double>] = [
            "arkit": SIMD3(0, 2, -100), "realitykit": SIMD3(0, 2, -100), "scenekit": SIMD3(0, 2, -100),
            "arcore": SIMD3(0, 2, -100), "godot": SIMD3(0, 2, -100), "threejs": SIMD3(0, 2, -100),
            "webxr": SIMD3(0, 2, -100), "bevy": SIMD3(0, 2, -100),
            "arcore-unity": SIMD3(0, 2, 100), "unity": SIMD3(0, 2, 100),
            "unreal": SIMD3(0, -10_000, 200),
        ]
        for (name, axes) in SceneAxes.presets {
            let want = try #require(expected[name], "no expectation for \(name)")
            let got = SceneFrame(origin: origin, axes: axes).scenePosition(of: point)
            let error = ((got - want) * (got - want)).sum().squareRoot() / axes.unitsPerMetre
            #expect(error < 1e-8, "\(name): \(got) vs \(want)")
        }
        #expect(SceneAxes.presets.count == expected.count)
    }

    @Test("handedness: the ENU → scene determinant; right for ARKit/Godot/three.js/Bevy/ENU, left for Unity and Unreal")
    func handedness() throws {
        for axes in Self.all + SceneAxes.allCases {
            let e = axes.scene(fromENU: SIMD3(1, 0, 0)), n = axes.scene(fromENU: SIMD3(0, 1, 0)), u = axes.scene(fromENU: SIMD3(0, 0, 1))
            let det = e.x * (n.y * u.z - n.z * u.y) - e.y * (n.x * u.z - n.z * u.x) + e.z * (n.x * u.y - n.y * u.x)
            #expect(det == (axes.isRightHanded ? 1 : -1))
        }
        #expect(SceneAxes.arkit.isRightHanded && SceneAxes.godot.isRightHanded && SceneAxes.bevy.isRightHanded)
        #expect(!SceneAxes.unity.isRightHanded && !SceneAxes.unreal.isRightHanded && SceneAxes.enu.isRightHanded)
        #expect(SceneAxes.unreal.unitsPerMetre == 100)
    }

    @Test("C values: 0, 1, 2 kept; a descriptor equal to one of them is that one; invalid ones refused")
    func encoding() throws {
        #expect(SceneAxes.enu.rawValue == 0 && SceneAxes.eus.rawValue == 1 && SceneAxes.eun.rawValue == 2)
        let eusDescriptor: Int32 = 0x4000_0000 | 0 | 2 << 4 | 4 << 8 | 5 << 12
        #expect(SceneAxes(rawValue: eusDescriptor) == .eus)
        #expect(SceneAxes(rawValue: SceneAxes.unreal.rawValue) == .unreal)
        #expect(SceneAxes.unreal.rawValue == 0x4000_0000 | 0 | 4 << 4 | 2 << 8 | 0 << 12 | 2 << 16)
        for bad: Int32 in [3, -1, 0x4000_0000 | 0 | 0 << 4 | 2 << 8,           // east twice
                           0x4000_0000 | 0 | 1 << 4 | 2 << 8 | 2 << 12,         // forward = up
                           0x4000_0000 | 0 | 1 << 4 | 2 << 8 | 4 << 16,         // unit 4
                           0x4000_0000 | 0 | 1 << 4 | 6 << 8,                   // direction 6
                           0x4010_0000 | 0 | 1 << 4 | 2 << 8, Int32.min, Int32.max] {
            #expect(SceneAxes(rawValue: bad) == nil, "\(bad)")
        }
        #expect(throws: WaymarkError.self) { try SceneAxes(x: .east, y: .west, z: .up, forward: .positiveY) }
    }

    @Test("round trips geo → scene → geo for every preset and custom convention (1e-11°, 1e-6 m over 20 km)")
    func roundTrips() throws {
        let tangent = LocalTangentFrame(origin: origin)
        var points: [GeodeticCoordinate] = []
        for i in 0..<200 {
            let (sa, ca) = AngleMath.sincosd(Double(i) * 37), r = Double(i) * 100
            points.append(try tangent.reverse(SIMD3(r * sa, r * ca, Double(i % 7) * 3 - 9)))
        }
        for axes in Self.all {
            var frame = SceneFrame(origin: origin, axes: axes)
            try frame.setEstimate(sceneOrigin: SIMD3(3, -2, 7) * axes.unitsPerMetre, headingCorrection: 12.5)
            for path in [CPUPath.baseline, .avx2FMA, .avx512] {
                var scene = [SIMD3<Double>](repeating: .zero, count: points.count)
                var back = [GeodeticCoordinate](repeating: origin, count: points.count)
                try points.withUnsafeBytes { p in try scene.withUnsafeMutableBytes { s in
                    try frame.scenePositions(geodetic: p.baseAddress!, stride: 24, into: s.baseAddress!, stride: 32,
                                             count: points.count, path: path)
                } }
                try scene.withUnsafeBytes { s in try back.withUnsafeMutableBytes { b in
                    try frame.geodeticPositions(scene: s.baseAddress!, stride: 32, into: b.baseAddress!, stride: 24,
                                                count: points.count, path: path)
                } }
                for i in points.indices {
                    #expect(abs(back[i].latitude - points[i].latitude) < 1e-11)
                    #expect(abs(back[i].longitude - points[i].longitude) < 1e-11)
                    #expect(abs(back[i].height - points[i].height) < 1e-6)
                    // Back to metres East-North-Up from the origin, the same in every convention.
                    let metres = frame.enu(fromScene: scene[i]), truth = tangent.forward(points[i])
                    #expect(((metres - truth) * (metres - truth)).sum().squareRoot() < 1e-6)
                }
            }
        }
    }

    @Test("anchor transforms: proper rotations, the forward axis onto the next point, translations in the unit")
    func anchors() throws {
        var points = [origin]
        for (azimuth, distance) in [(0.0, 50.0), (90, 50), (200, 30), (300, 10)] {
            points.append(try Geodesic.wgs84.direct(from: points.last!, azimuth: azimuth, distance: distance).destination)
        }
        for axes in Self.all {
            let frame = SceneFrame(origin: origin, axes: axes)
            for path in [CPUPath.baseline, .avx2FMA, .avx512] {
                var out = [Matrix4x4f](repeating: .identity, count: points.count)
                try points.withUnsafeBytes { p in try out.withUnsafeMutableBytes { o in
                    try frame.anchorTransforms(geodetic: p.baseAddress!, stride: 24, intoUnaligned: o.baseAddress!,
                                               count: points.count, path: path)
                } }
                let forward: SIMD3<Double> = {
                    var f = SIMD3<Double>.zero
                    f[Int(axes.forward.rawValue % 3)] = axes.forward.rawValue < 3 ? 1 : -1
                    return f
                }()
                for i in points.indices {
                    let m = Matrix4x4d(out[i])
                    let c = m.columns
                    let r0 = SIMD3(c.0.x, c.0.y, c.0.z), r1 = SIMD3(c.1.x, c.1.y, c.1.z), r2 = SIMD3(c.2.x, c.2.y, c.2.z)
                    let det = r0.x * (r1.y * r2.z - r1.z * r2.y) - r0.y * (r1.x * r2.z - r1.z * r2.x) + r0.z * (r1.x * r2.y - r1.y * r2.x)
                    #expect(abs(det - 1) < 1e-6)
                    let p = frame.scenePosition(of: points[i])
                    #expect(abs(Double(out[i].translation.x) - p.x) <= max(1e-6, abs(p.x) * 1e-7))
                    let q = i + 1 < points.count ? frame.scenePosition(of: points[i + 1]) - p : p - frame.scenePosition(of: points[i - 1])
                    var horizontal = q
                    horizontal[axes.upAxisIndex] = 0
                    horizontal /= (horizontal * horizontal).sum().squareRoot()
                    let turned = r0 * forward.x + r1 * forward.y + r2 * forward.z
                    #expect(((turned - horizontal) * (turned - horizontal)).sum().squareRoot() < 1e-6, "\(axes.rawValue) \(i)")
                }
            }
        }
    }

    @Test("anchor output stride: 64 to 200 bytes, odd alignments, every path: the contiguous bits, gaps untouched")
    func anchorStride() throws {
        var points = [origin]
        for i in 0..<37 {
            points.append(try Geodesic.wgs84.direct(from: points.last!, azimuth: Double(i * 23), distance: 4).destination)
        }
        for axes in [SceneAxes.eus, .eun, .enu, .unreal] {
            let frame = SceneFrame(origin: origin, axes: axes)
            for path in [CPUPath.baseline, .avx2FMA, .avx512] {
                var contiguous = [Matrix4x4f](repeating: .identity, count: points.count)
                try points.withUnsafeBytes { p in try contiguous.withUnsafeMutableBytes { o in
                    try frame.anchorTransforms(geodetic: p.baseAddress!, stride: 24, intoUnaligned: o.baseAddress!,
                                               count: points.count, path: path)
                } }
                for stride in [64, 65, 68, 72, 80, 96, 100, 128, 200] {
                    for shift in [0, 1, 4, 16] {
                        var buffer = [UInt8](repeating: 0xA5, count: shift + stride * points.count + 8)
                        try points.withUnsafeBytes { p in try buffer.withUnsafeMutableBytes { o in
                            try frame.anchorTransforms(geodetic: p.baseAddress!, stride: 24, intoUnaligned: o.baseAddress! + shift,
                                                       outputStride: stride, count: points.count, path: path)
                        } }
                        for i in points.indices {
                            let start = shift + i * stride
                            let bytes = withUnsafeBytes(of: contiguous[i]) { Array($0) }
                            #expect(Array(buffer[start..<start + 64]) == bytes, "stride \(stride) shift \(shift) point \(i)")
                            #expect(buffer[(start + 64)..<(start + stride)].allSatisfy { $0 == 0xA5 })
                        }
                    }
                }
                #expect(throws: WaymarkError.badStride) {
                    try contiguous.withUnsafeMutableBytes { o in try points.withUnsafeBytes { p in
                        try frame.anchorTransforms(geodetic: p.baseAddress!, stride: 24, intoUnaligned: o.baseAddress!,
                                                   outputStride: 63, count: points.count)
                    } }
                }
            }
        }
    }

    @Test("camera helpers give the navigator's own CameraPose transforms back (1e-12)")
    func cameras() throws {
        for yaw in stride(from: -170.0, through: 180, by: 35) {
            for pitch in [-60.0, 0, 25] {
                let pose = try CameraPose(position: SIMD3(3, 1.5, -7), yaw: yaw, pitch: pitch, roll: 10)
                let t = pose.transform(axes: .eus)
                let fromView = try EngineCamera.transform(view: try #require(t.inverse))
                #expect(maxDifference(fromView, t) < 1e-12)
                for orientation in EngineCamera.InterfaceOrientation.allCases {
                    // ARKit's sensor-fixed transform: the screen frame turned back.
                    let (c, s) = orientation.turn
                    let x = t.columns.0, y = t.columns.1
                    let native = Matrix4x4d(c * x - s * y, s * x + c * y, t.columns.2, t.columns.3)
                    let back = try EngineCamera.transform(arkitCamera: native, orientation: orientation)
                    #expect(maxDifference(back, t) < 1e-12)
                }
                let unity = pose.transform(axes: .unity)
                #expect(try EngineCamera.transform(unityCameraToWorld: unity) == unity)
            }
        }
        // Portrait: the screen's right is the sensor frame's +y, its up the sensor's −x
        // (a camera looking north with the phone upright, ARKit's documented axes).
        let portrait = try CameraPose(position: .zero, yaw: 0).transform(axes: .eus)
        let sensor = Matrix4x4d(-portrait.columns.1, portrait.columns.0, portrait.columns.2, portrait.columns.3)
        #expect(maxDifference(try EngineCamera.transform(arkitCamera: sensor, orientation: .portrait), portrait) == 0)
        #expect(throws: WaymarkError.self) { try EngineCamera.transform(view: Matrix4x4d(.zero, .zero, .zero, .zero)) }
    }

    func maxDifference(_ a: Matrix4x4d, _ b: Matrix4x4d) -> Double {
        var m = 0.0
        for r in 0..<4 { for c in 0..<4 { m = max(m, abs(a[r, c] - b[r, c])) } }
        return m
    }

    /// An EUS scene value in another convention: directions mapped, positions scaled.
    static func convert(_ v: SIMD3<Double>, to axes: SceneAxes, position: Bool) -> SIMD3<Double> {
        axes.scene(fromENU: SceneAxes.eus.enu(fromScene: v)) * (position ? axes.unitsPerMetre : 1)
    }

    static func convert(camera t: Matrix4x4d, to axes: SceneAxes) -> Matrix4x4d {
        func column(_ c: SIMD4<Double>, _ w: Double) -> SIMD4<Double> {
            SIMD4(convert(SIMD3(c.x, c.y, c.z), to: axes, position: w == 1), w)
        }
        return Matrix4x4d(column(t.columns.0, 0), column(t.columns.1, 0), column(t.columns.2, 0), column(t.columns.3, 1))
    }

    @Test("the navigator in Unreal (cm, z up, left-handed), Unity and a z-down convention draws what it draws in ARKit (1e-6 m)")
    func navigatorInEveryEngine() throws {
        var scenario = WalkSimulator.Scenario(route: NavigatorTests.route([(0, 0), (0, 120), (80, 120), (80, 300)]))
        scenario.gpsCorrelatedShare = 0.8
        scenario.compassSigma = 10
        scenario.seed = 17
        let walk = WalkSimulator(scenario)
        let events = try walk.events()
        let projection = try CameraPose.perspective(fovY: 60, aspect: 390.0 / 844)
        func run(_ axes: SceneAxes) throws -> [(arrows: [SIMD3<Double>], finish: SIMD3<Double>?, screen: SIMD2<Double>?,
                                               correction: Double?, progress: Double?, label: SIMD3<Double>?)] {
            var configuration = Navigator.Configuration()
            configuration.axes = axes
            var nav = try Navigator(route: walk.scenario.route, configuration: configuration)
            // Camera space in the scene's unit: the projection takes points in that unit.
            var p = projection
            p.columns.0 /= axes.unitsPerMetre; p.columns.1 /= axes.unitsPerMetre; p.columns.2 /= axes.unitsPerMetre
            var frames: [(arrows: [SIMD3<Double>], finish: SIMD3<Double>?, screen: SIMD2<Double>?, correction: Double?,
                          progress: Double?, label: SIMD3<Double>?)] = []
            for e in events {
                let camera = Self.convert(camera: try CameraPose(position: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll)
                    .transform(axes: .eus), to: axes)
                switch e.kind {
                case .fix:
                    try nav.addFix(latitude: e.fix!.latitude, longitude: e.fix!.longitude, height: e.fix!.height,
                                   horizontalAccuracy: e.accuracy, time: e.time,
                                   scenePosition: Self.convert(e.scenePosition, to: axes, position: true))
                case .heading:
                    try nav.addHeading(trueHeading: e.trueHeading, accuracy: e.headingAccuracy, time: e.time, camera: camera)
                case .frame:
                    let out = try nav.update(time: e.time, camera: camera, projection: p, viewport: (0, 0, 390, 844))
                    let back = { (v: SIMD3<Double>) in SceneAxes.eus.scene(fromENU: axes.enu(fromScene: v)) / axes.unitsPerMetre }
                    let label = try nav.finishLabel(height: .metres(2)).map { back($0.anchor) }
                    frames.append((nav.arrows.map { back($0.position) }, out.finish.map { back($0.position) },
                                   out.finish?.screen, out.correction, out.progress, label))
                default: break
                }
            }
            return frames
        }
        let reference = try run(.arkit)
        #expect(reference.count > 1000)
        #expect(reference.contains { $0.correction != nil })
        for axes in [SceneAxes.unreal, .unity, Self.customs[0], Self.customs[1]] {
            let frames = try run(axes)
            #expect(frames.count == reference.count)
            var worst = 0.0
            for (a, b) in zip(frames, reference) {
                #expect(a.arrows.count == b.arrows.count)
                for (p, q) in zip(a.arrows, b.arrows) { worst = max(worst, ((p - q) * (p - q)).sum().squareRoot()) }
                if let p = a.finish, let q = b.finish { worst = max(worst, ((p - q) * (p - q)).sum().squareRoot()) }
                if let p = a.label, let q = b.label { worst = max(worst, ((p - q) * (p - q)).sum().squareRoot()) }
                if let p = a.screen, let q = b.screen { worst = max(worst, ((p - q) * (p - q)).sum().squareRoot() * 1e-3) }
                #expect((a.correction == nil) == (b.correction == nil))
                if let p = a.correction, let q = b.correction { worst = max(worst, abs(p - q)) }
                if let p = a.progress, let q = b.progress { worst = max(worst, abs(p - q)) }
            }
            #expect(worst < 1e-6, "axes \(axes.rawValue): \(worst)")
        }
    }

    /// The scene limit is in metres whatever the unit: in millimetres scene → geo takes
    /// ±1000 × ``Limits/maximumSceneResult`` (3·10¹⁵ and a little), so every forward result
    /// (heights to 1e12 m) reads back (issue 37: 1e13 mm was refused, and a 5e11 m height
    /// went forward to 5e14 mm that reverse refused; issue 52: the limit is the farthest a
    /// forward result can lie, where it was 1e12 m).
    @Test("the scene limit in metres for every unit: 1e13 mm reads back, a 5e11 m height round-trips in mm")
    func limitInMetres() throws {
        let mm = Self.customs[1]
        let frame = SceneFrame(origin: origin, axes: mm)
        #expect(frame.sceneLimit == Limits.maximumSceneResult * 1000)
        _ = try frame.geodetic(atScene: SIMD3(1e13, 0, 0))
        _ = try frame.geodetic(atScene: SIMD3(frame.sceneLimit, 0, 0))
        #expect(throws: WaymarkError.self) { try frame.geodetic(atScene: SIMD3(frame.sceneLimit.nextUp, 0, 0)) }
        let high = try GeodeticCoordinate(latitude: 48.8584, longitude: 2.2945, height: 5e11)
        let scene = frame.scenePosition(of: high)
        #expect(max(abs(scene.x), abs(scene.y), abs(scene.z)) > 1e14)
        let back = try frame.geodetic(atScene: scene)
        #expect(abs(back.height - 5e11) / 5e11 < 1e-9)
        // The batch form takes the same limit.
        var input = [scene], output = [SIMD3<Double>.zero]
        try input.withUnsafeBytes { i in
            try output.withUnsafeMutableBytes { o in
                try frame.geodeticPositions(scene: i.baseAddress!, stride: 32, into: o.baseAddress!, stride: 32, count: 1)
            }
        }
        #expect(abs(output[0].z - 5e11) / 5e11 < 1e-9)
    }
}
