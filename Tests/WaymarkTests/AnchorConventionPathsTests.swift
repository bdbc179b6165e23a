import Testing
@_spi(CPUPaths) import Waymark

/// The anchor kernel runs every axes convention on every CPU path: the engine presets
/// and custom conventions with the vertical on each scene axis (x, y or z, up or down).
@Suite("anchor transforms in every convention on each path")
struct AnchorConventionPathsTests {
    static let conventions: [SceneAxes] = {
        var list = SceneAxes.presets.map(\.axes)
        let customs: [(SceneAxes.Direction, SceneAxes.Direction, SceneAxes.Direction, SceneAxes.Axis)] = [
            (.up, .east, .north, .positiveY),      // up on x
            (.down, .north, .east, .negativeZ),    // down on x
            (.north, .east, .down, .positiveX),    // z down (NED)
            (.west, .up, .south, .positiveX),      // up on y, left-handed
        ]
        for c in customs { list.append(try! SceneAxes(x: c.0, y: c.1, z: c.2, forward: c.3)) }
        return list
    }()

    @Test("translations are the path's scene positions in Float; rotations proper and within 2e-7 across the paths; forward faces the next point")
    func everyConvention() throws {
        var rng = SeededRandom(seed: 27)
        for axes in Self.conventions {
            for trial in 0..<6 {
                let origin = try GeodeticCoordinate(latitude: rng.uniform(-80...80), longitude: rng.uniform(-180...180), height: 100)
                let frame = SceneFrame(origin: origin, axes: axes)
                var points: [GeodeticCoordinate] = []
                let count = [1, 5, 17, 64, 65, 130][trial]
                for i in 0..<count {
                    if i % 7 == 3, let last = points.last { points.append(last); continue }
                    points.append(try GeodeticCoordinate(latitude: origin.latitude + rng.uniform(-0.01...0.01),
                                                         longitude: origin.longitude + rng.uniform(-0.01...0.01),
                                                         height: rng.uniform(90...120)))
                }
                var results: [[Matrix4x4f]] = []
                for path in CPUDispatchTests.paths {
                    let (out, positions) = try CPUDispatchTests.anchorsCheckingTranslations(frame, points, path: path, "\(axes)")
                    for m in out {
                        let r = (SIMD3(m.columns.0.x, m.columns.0.y, m.columns.0.z), SIMD3(m.columns.1.x, m.columns.1.y, m.columns.1.z),
                                 SIMD3(m.columns.2.x, m.columns.2.y, m.columns.2.z))
                        let det = (r.0 * SIMD3(r.1.y * r.2.z - r.1.z * r.2.y, r.1.z * r.2.x - r.1.x * r.2.z,
                                               r.1.x * r.2.y - r.1.y * r.2.x)).sum()
                        #expect(abs(det - 1) <= 1e-6, "\(axes) \(path) det \(det)")
                    }
                    // Where a leg moves horizontally, the model's forward axis points along it.
                    let f = axes.forward.rawValue, sign: Float = f < 3 ? 1 : -1
                    for k in 0..<max(0, count - 1) {
                        let d = SIMD3(Float(positions[3 * (k + 1)] - positions[3 * k]), Float(positions[3 * (k + 1) + 1] - positions[3 * k + 1]),
                                      Float(positions[3 * (k + 1) + 2] - positions[3 * k + 2]))
                        var horizontal = d
                        horizontal[axes.upAxisIndex] = 0
                        let length = (horizontal * horizontal).sum().squareRoot()
                        guard length > 1e-3 else { continue }
                        let m = out[k]
                        let column = [m.columns.0, m.columns.1, m.columns.2][Int(f % 3)]
                        let forward = sign * SIMD3(column.x, column.y, column.z)
                        #expect(((forward * horizontal).sum() / length - 1).magnitude <= 1e-5, "\(axes) \(path) leg \(k)")
                    }
                    results.append(out)
                }
                CPUDispatchTests.expectAnchorPathsAgree(results, "\(axes)")
            }
        }
    }
}
