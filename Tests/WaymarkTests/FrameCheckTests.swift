import Testing
@testable @_spi(CPUPaths) import WaymarkCore

/// `FrameKernels.checkGeodetic` / `checkScene` (the C ABI's wm_frame_check_geodetic and
/// wm_frame_check_scene) against the conversions they check, on every path the machine
/// runs: the same error (element and fault) for every input, nothing thrown exactly when
/// the conversion succeeds. (Tests/CABI/frame_check_test.c holds the C entries to the
/// same through the library: NULLs, frames, first_bad.)
@Suite("Frame checks: the conversions' checks without the conversion")
struct FrameCheckTests {
    /// What `body` throws, or nil.
    static func error(_ body: () throws(WaymarkError) -> Void) -> WaymarkError? {
        do { try body() } catch { return error }
        return nil
    }

    static let frames: [SceneFrame] = {
        var eus = SceneFrame(origin: GeodeticCoordinate(unchecked: 55.7539, 37.6208, 150), axes: .eus)
        try? eus.setEstimate(sceneOrigin: SIMD3(0.5, -1.25, 3), headingCorrection: 7.5)
        let unreal = SceneFrame(origin: GeodeticCoordinate(unchecked: 39.9042, 116.4074, 50), axes: .unreal)
        return [SceneFrame(origin: GeodeticCoordinate(unchecked: 39.9042, 116.4074, 50), axes: .enu), eus, unreal]
    }()

    @Test("the checks throw what forward and reverse throw, for bad values anywhere, any count, stride and path")
    func checksAgreeWithTheConversions() {
        var rng = SeededRandom(seed: 41)
        var refused = (geodetic: 0, scene: 0)
        let geodeticBad: [(Int, Double)] = [(0, .nan), (0, 90.000000000001), (0, -91), (1, .infinity), (1, -.infinity),
                                           (2, .nan), (2, 1.0000000000000002e12), (2, -1.5e12), (0, 90), (1, 1e300), (2, -1e12)]
        for frame in Self.frames {
            let limit = frame.sceneLimit
            let sceneBad: [Double] = [.nan, .infinity, -.infinity, limit, -limit, limit.nextUp, -limit.nextUp, 1e300]
            for path in CPUPath.runnablePaths {
                let kernel = frame.kernelFrame(for: path)
                for trial in 0..<400 {
                    let count = [1, 2, 3, 4, 5, 8, 9, 17, 64, 200][trial % 10]
                    let stride = [24, 32, 48][trial % 3]
                    let doubles = stride / 8
                    var geodetic = [Double](repeating: 0, count: count * doubles)
                    for i in 0..<count {
                        geodetic[i * doubles] = frame.tangentFrame.origin.latitude + rng.uniform(-0.5...0.5)
                        geodetic[i * doubles + 1] = frame.tangentFrame.origin.longitude + rng.uniform(-0.5...0.5)
                        geodetic[i * doubles + 2] = rng.uniform(-100...500)
                    }
                    var scene = [Double](repeating: 0, count: count * doubles)
                    var geodeticOut = [Double](repeating: 0, count: count * 3)
                    #expect(Self.error { () throws(WaymarkError) in
                        try frame.scenePositions(geodetic: geodetic, stride: stride, into: &scene, stride: stride, count: count,
                                                 path: path)
                    } == nil)
                    for _ in 0..<(trial % 4) {   // up to three bad values
                        let at = Int(rng.uniform(0...Double(count) - 0.5))
                        let (component, value) = geodeticBad[Int(rng.uniform(0...Double(geodeticBad.count) - 0.5))]
                        geodetic[at * doubles + component] = value
                        scene[at * doubles + Int(rng.uniform(0...2.5))] = sceneBad[Int(rng.uniform(0...Double(sceneBad.count) - 0.5))]
                    }
                    var sceneOut = [Double](repeating: 0, count: count * 3)
                    withUnsafePointer(to: kernel) { k in
                        let converted = Self.error { () throws(WaymarkError) in
                            try FrameKernels.forward(k, geodetic: geodetic, stride: stride, into: &sceneOut, stride: 24, count: count)
                        }
                        let checked = Self.error { () throws(WaymarkError) in
                            try FrameKernels.checkGeodetic(k, geodetic, stride: stride, count: count)
                        }
                        #expect(checked == converted, "geodetic \(path) \(trial)")
                        if checked != nil { refused.geodetic += 1 }
                        let reversed = Self.error { () throws(WaymarkError) in
                            try FrameKernels.reverse(k, scene: scene, stride: stride, into: &geodeticOut, stride: 24, count: count)
                        }
                        let sceneChecked = Self.error { () throws(WaymarkError) in
                            try FrameKernels.checkScene(k, scene, stride: stride, count: count)
                        }
                        #expect(sceneChecked == reversed, "scene \(path) \(trial)")
                        if sceneChecked != nil { refused.scene += 1 }
                    }
                }
            }
        }
        // Three of four trials carry bad values (a latitude of exactly 90 or a height of
        // exactly 1e12 m among them, which pass): most are refused, in both directions.
        #expect(refused.geodetic > 1_000 && refused.scene > 1_000, "\(refused)")
    }

    @Test("shapes: strides below 24 and impossible counts as the conversions; count 0 reads nothing")
    func shapes() {
        let kernel = Self.frames[0].kernel
        let point: [Double] = [39.9, 116.4, 10]
        var out = [Double](repeating: 0, count: 3)
        withUnsafePointer(to: kernel) { k in
            for (stride, count) in [(0, 1), (23, 1), (-1, 1), (24, -1), (24, 1 << 58), (Int.max, 1), ((1 << 56) + 8, 1),
                                    ((1 << 55) + 8, 2), (8, 0), (24, 0)] {
                let converted = Self.error { () throws(WaymarkError) in
                    try FrameKernels.forward(k, geodetic: point, stride: stride, into: &out, stride: 24, count: count)
                }
                #expect(Self.error { () throws(WaymarkError) in
                    try FrameKernels.checkGeodetic(k, point, stride: stride, count: count)
                } == converted, "\(stride) \(count)")
                let reversed = Self.error { () throws(WaymarkError) in
                    try FrameKernels.reverse(k, scene: point, stride: stride, into: &out, stride: 24, count: count)
                }
                #expect(Self.error { () throws(WaymarkError) in
                    try FrameKernels.checkScene(k, point, stride: stride, count: count)
                } == reversed, "\(stride) \(count)")
            }
        }
    }
}
