import Testing
@_spi(CPUPaths) import WaymarkCore

/// Issue 52: every forward result reads back. One limit on each side, stated once in
/// ``Limits``: geo → scene takes heights (and the origin's height, and the estimate's
/// scene origin) within ±1e12 m; scene → geo takes ±``Limits/maximumSceneResult``, the
/// farthest any such forward result lies. Tested at the boundary for every axes preset
/// and custom unit, with estimates at the corners of the scene origin's range, on every
/// CPU path.
@Suite("every forward result reads back, at the limits")
struct FrameLimitTests {
    static let axes: [SceneAxes] = SceneAxes.presets.map(\.axes) + [
        try! SceneAxes(x: .north, y: .up, z: .east, forward: .positiveX, unit: .millimetre),
        try! SceneAxes(x: .west, y: .down, z: .north, forward: .negativeX, unit: .decimetre),
    ]

    static let points: [GeodeticCoordinate] = {
        var p: [GeodeticCoordinate] = []
        for h in [1e12, -1e12] {
            for la in stride(from: -90.0, through: 90, by: 30) {
                for lo in stride(from: -180.0, to: 180, by: 45) { p.append(try! GeodeticCoordinate(latitude: la, longitude: lo + 7.5886, height: h)) }
            }
        }
        return p
    }()

    @Test("forward results at ±1e12 m, origins at ±1e12 m, scene origins at the ±1e12 m corners: every one reads back on every path")
    func readsBack() throws {
        var worst = 0.0
        for axes in Self.axes {
            for originHeight in [0, 1e12, -1e12] {
                for corner in 0..<9 {
                    var frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 55.7339, longitude: 37.5886, height: originHeight), axes: axes)
                    if corner < 8 {
                        let s = SIMD3(corner & 1 != 0 ? 1e12 : -1e12, corner & 2 != 0 ? 1e12 : -1e12, corner & 4 != 0 ? 1e12 : -1e12)
                        try frame.setEstimate(sceneOrigin: s, headingCorrection: [0, 37, 180][corner % 3])
                    }
                    for path in [CPUPath.baseline, .avx2FMA, .avx512] {
                        var scene = [SIMD3<Double>](repeating: .zero, count: Self.points.count)
                        var back = [SIMD3<Double>](repeating: .zero, count: Self.points.count)
                        try Self.points.withUnsafeBytes { i in
                            try scene.withUnsafeMutableBytes { o in
                                try frame.scenePositions(geodetic: i.baseAddress!, stride: MemoryLayout<GeodeticCoordinate>.stride, into: o.baseAddress!, stride: 32, count: Self.points.count, path: path)
                            }
                        }
                        for s in scene { #expect(max(abs(s.x), abs(s.y), abs(s.z)) <= frame.sceneLimit) }
                        try scene.withUnsafeBytes { i in
                            try back.withUnsafeMutableBytes { o in
                                try frame.geodeticPositions(scene: i.baseAddress!, stride: 32, into: o.baseAddress!, stride: 32, count: Self.points.count, path: path)
                            }
                        }
                        for (p, b) in zip(Self.points, back) where p.height > 0 {
                            worst = max(worst, abs(b.x - p.latitude))
                            #expect(abs(b.x - p.latitude) < 1e-9 && abs(b.z - p.height) < 0.1, "\(axes) \(originHeight) \(corner) \(path): \(p) → \(b)")
                        }
                        for s in scene { _ = try frame.geodetic(atScene: s) }
                    }
                }
            }
        }
        #expect(worst < 1e-12)
    }

    @Test("the limit itself is taken, the next double beyond it refused, in every unit; the forward limit is unchanged")
    func boundary() throws {
        for axes in Self.axes {
            let frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 0, longitude: 0), axes: axes)
            #expect(frame.sceneLimit == Limits.maximumSceneResult * axes.unitsPerMetre)
            for k in 0..<3 {
                var at = SIMD3<Double>.zero
                at[k] = k == 1 ? -frame.sceneLimit : frame.sceneLimit
                let g = try frame.geodetic(atScene: at)
                #expect(g.latitude.isFinite && g.longitude.isFinite && g.height.isFinite)
                at[k] = k == 1 ? (-frame.sceneLimit).nextDown : frame.sceneLimit.nextUp
                #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try frame.geodetic(atScene: at) }
            }
        }
        let frame = SceneFrame(origin: try GeodeticCoordinate(latitude: 0, longitude: 0), axes: .enu)
        var out = SIMD3<Double>.zero
        for h in [1e12, -1e12, 1e12.nextUp, (-1e12).nextDown] {
            let high = [try GeodeticCoordinate(latitude: 0, longitude: 0, height: h)]
            let refused = high.withUnsafeBytes { i in
                withUnsafeMutableBytes(of: &out) { o in
                    (try? frame.scenePositions(geodetic: i.baseAddress!, stride: MemoryLayout<GeodeticCoordinate>.stride, into: o.baseAddress!,
                                               stride: 32, count: 1)) == nil
                }
            }
            #expect(refused == (abs(h) > 1e12), "forward of h = \(h)")
        }
    }
}
