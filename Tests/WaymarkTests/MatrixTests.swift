import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Matrix4x4")
struct MatrixTests {
    @Test("layout: simd_float4x4 / float[16] column-major")
    func layout() {
        #expect(MemoryLayout<Matrix4x4f>.size == 64 && MemoryLayout<Matrix4x4f>.stride == 64)
        #expect(MemoryLayout<Matrix4x4d>.size == 128)
        var m = Matrix4x4f.identity
        for c in 0..<4 { for r in 0..<4 { m[r, c] = Float(10 * c + r) } }
        let flat = withUnsafeBytes(of: m) { Array($0.bindMemory(to: Float.self)) }
        let expected: [Float] = (0..<16).map { (i: Int) -> Float in Float(10 * (i / 4) + i % 4) }
        #expect(flat == expected)   // index 4c + r
        let t = Matrix4x4f.translation(SIMD3(1, 2, 3))
        let tf = withUnsafeBytes(of: t) { Array($0.bindMemory(to: Float.self)) }
        #expect(Array(tf[12..<15]) == [1, 2, 3] && tf[15] == 1)
    }

    func randomMatrix(_ rng: inout SeededRandom) -> Matrix4x4d {
        var m = Matrix4x4d.identity
        for c in 0..<4 { for r in 0..<4 { m[r, c] = rng.uniform(-2...2) } }
        return m
    }

    func maxAbsDifference(_ a: Matrix4x4d, _ b: Matrix4x4d) -> Double {
        var d = 0.0
        for c in 0..<4 { for r in 0..<4 { d = max(d, abs(a[r, c] - b[r, c])) } }
        return d
    }

    @Test func multiplicationAndInverses() throws {
        var rng = SeededRandom(seed: 1)
        for _ in 0..<200 {
            let m = randomMatrix(&rng)
            let inv = try #require(m.inverse)
            #expect(maxAbsDifference(m * inv, .identity) < 1e-9)
            #expect(maxAbsDifference(inv * m, .identity) < 1e-9)
            #expect(abs(m.determinant * inv.determinant - 1) < 1e-9)
            // (AB)ᵀ = BᵀAᵀ and the matrix-vector product agrees with it.
            let n = randomMatrix(&rng)
            #expect(maxAbsDifference((m * n).transposed, n.transposed * m.transposed) < 1e-12)
            let v = SIMD4(rng.uniform(-1...1), rng.uniform(-1...1), rng.uniform(-1...1), 1)
            let mv = m * v
            for r in 0..<4 { #expect(abs(mv[r] - (0..<4).map { m[r, $0] * v[$0] }.reduce(0, +)) < 1e-12) }
        }
        var singular = Matrix4x4d.identity
        singular[2, 2] = 0
        #expect(singular.inverse == nil)
    }

    /// The cofactor table as it was written out entry by entry, before the inverse
    /// became one loop over it: the reference the loop must match bit for bit.
    static func tableInverse(_ m: Matrix4x4d) -> Matrix4x4d {
        let s0 = m[0, 0] * m[1, 1] - m[1, 0] * m[0, 1], s1 = m[0, 0] * m[1, 2] - m[1, 0] * m[0, 2]
        let s2 = m[0, 0] * m[1, 3] - m[1, 0] * m[0, 3], s3 = m[0, 1] * m[1, 2] - m[1, 1] * m[0, 2]
        let s4 = m[0, 1] * m[1, 3] - m[1, 1] * m[0, 3], s5 = m[0, 2] * m[1, 3] - m[1, 2] * m[0, 3]
        let c5 = m[2, 2] * m[3, 3] - m[3, 2] * m[2, 3], c4 = m[2, 1] * m[3, 3] - m[3, 1] * m[2, 3]
        let c3 = m[2, 1] * m[3, 2] - m[3, 1] * m[2, 2], c2 = m[2, 0] * m[3, 3] - m[3, 0] * m[2, 3]
        let c1 = m[2, 0] * m[3, 2] - m[3, 0] * m[2, 2], c0 = m[2, 0] * m[3, 1] - m[3, 0] * m[2, 1]
        let k = 1 / (s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0)
        var r = Matrix4x4d.identity
        r[0, 0] = (m[1, 1] * c5 - m[1, 2] * c4 + m[1, 3] * c3) * k
        r[0, 1] = (-m[0, 1] * c5 + m[0, 2] * c4 - m[0, 3] * c3) * k
        r[0, 2] = (m[3, 1] * s5 - m[3, 2] * s4 + m[3, 3] * s3) * k
        r[0, 3] = (-m[2, 1] * s5 + m[2, 2] * s4 - m[2, 3] * s3) * k
        r[1, 0] = (-m[1, 0] * c5 + m[1, 2] * c2 - m[1, 3] * c1) * k
        r[1, 1] = (m[0, 0] * c5 - m[0, 2] * c2 + m[0, 3] * c1) * k
        r[1, 2] = (-m[3, 0] * s5 + m[3, 2] * s2 - m[3, 3] * s1) * k
        r[1, 3] = (m[2, 0] * s5 - m[2, 2] * s2 + m[2, 3] * s1) * k
        r[2, 0] = (m[1, 0] * c4 - m[1, 1] * c2 + m[1, 3] * c0) * k
        r[2, 1] = (-m[0, 0] * c4 + m[0, 1] * c2 - m[0, 3] * c0) * k
        r[2, 2] = (m[3, 0] * s4 - m[3, 1] * s2 + m[3, 3] * s0) * k
        r[2, 3] = (-m[2, 0] * s4 + m[2, 1] * s2 - m[2, 3] * s0) * k
        r[3, 0] = (-m[1, 0] * c3 + m[1, 1] * c1 - m[1, 2] * c0) * k
        r[3, 1] = (m[0, 0] * c3 - m[0, 1] * c1 + m[0, 2] * c0) * k
        r[3, 2] = (-m[3, 0] * s3 + m[3, 1] * s1 - m[3, 2] * s0) * k
        r[3, 3] = (m[2, 0] * s3 - m[2, 1] * s1 + m[2, 2] * s0) * k
        return r
    }

    @Test("the inverse is the cofactor table's bit for bit, signed zeros included (random, sparse and rigid matrices)")
    func inverseBits() throws {
        var rng = SeededRandom(seed: 3)
        var matrices: [Matrix4x4d] = [.identity, .translation(SIMD3(1, -2, 3)), .rotationAboutY(cos: 0, sin: 1)]
        for _ in 0..<2000 { matrices.append(randomMatrix(&rng)) }
        for _ in 0..<500 {   // sparse: many exact zeros, so every sign of zero is met
            var m = randomMatrix(&rng)
            for r in 0..<4 { for c in 0..<4 where rng.uniform(0...1) < 0.5 && r != c { m[r, c] = rng.uniform(0...1) < 0.5 ? 0 : -0.0 } }
            matrices.append(m)
        }
        for m in matrices {
            guard let inverse = m.inverse else { continue }
            let table = Self.tableInverse(m)
            for r in 0..<4 { for c in 0..<4 { #expect(inverse[r, c].bitPattern == table[r, c].bitPattern, "\(m)") } }
        }
    }

    @Test func rigidTransforms() throws {
        var rng = SeededRandom(seed: 2)
        for _ in 0..<100 {
            let angle = rng.uniform(-.pi ... .pi)
            let t = SIMD3(rng.uniform(-100...100), rng.uniform(-100...100), rng.uniform(-100...100))
            let m = Matrix4x4d.translation(t) * Matrix4x4d.rotationAboutY(cos: cos(angle), sin: sin(angle))
            #expect(maxAbsDifference(m.rigidInverse, try #require(m.inverse)) < 1e-12)
            let p = SIMD3(rng.uniform(-5...5), rng.uniform(-5...5), rng.uniform(-5...5))
            #expect(norm(m.rigidInverse.transformPoint(m.transformPoint(p)) - p) < 1e-12)
            #expect(norm(m.transformDirection(p) - (m.transformPoint(p) - t)) < 1e-12)
        }
        // Rotation about up: +90° about y turns +z into +x; about z turns +x into +y.
        let ry = Matrix4x4d.rotationAboutY(cos: 0, sin: 1)
        #expect(ry.transformDirection(SIMD3(0, 0, 1)) == SIMD3(1, 0, 0))
        let rz = Matrix4x4d.rotationAboutZ(cos: 0, sin: 1)
        #expect(rz.transformDirection(SIMD3(1, 0, 0)) == SIMD3(0, 1, 0))
    }

    @Test func batchTransformInPlace() throws {
        let m = Matrix4x4f.translation(SIMD3(1, 2, 3)) * Matrix4x4f.rotationAboutY(cos: 0, sin: 1)
        // Packed float[3] (stride 12) and a 16-byte record with a marker.
        var packed: [Float] = [0, 0, 1, 1, 0, 0]
        try packed.withUnsafeMutableBytes { try m.transformPoints($0.baseAddress!, stride: 12, count: 2) }
        #expect(packed == [2, 2, 3, 1, 2, 2])
        var padded: [Float] = [0, 0, 1, 99, 1, 0, 0, 99]
        try padded.withUnsafeMutableBytes { try m.transformPoints($0.baseAddress!, stride: 16, count: 2) }
        #expect(padded == [2, 2, 3, 99, 1, 2, 2, 99])
        #expect(throws: WaymarkError.badStride) { try padded.withUnsafeMutableBytes { try m.transformPoints($0.baseAddress!, stride: 8, count: 1) } }
        var typed: [SIMD3<Float>] = [SIMD3(0, 0, 1)]
        typed.withUnsafeMutableBufferPointer { m.transformPoints($0) }
        #expect(typed == [SIMD3(2, 2, 3)])
        #expect(Matrix4x4f(Matrix4x4d.translation(SIMD3(0.5, 1, 2))) == .translation(SIMD3(0.5, 1, 2)))
    }

    @Test("seed transformMatrix gives the haversine baseline's position")
    func seedTransformMatrix() throws {
        let origin = try GeodeticCoordinate(latitude: 55.73397, longitude: 37.58864)
        let frame = SceneFrame(origin: origin, axes: .eus)
        var rng = SeededRandom(seed: 4)
        for _ in 0..<200 {
            let p = try GeodeticCoordinate(latitude: origin.latitude + rng.uniform(-0.02...0.02), longitude: origin.longitude + rng.uniform(-0.03...0.03))
            let m = HaversineWaypointMatrix.transformMatrix(.identity, origin: origin, waypoint: p)
            let baseline = frame.scenePosition(of: p, baseline: .haversine)
            let t = m.translation
            let tolerance = 2e-6 * max(1, norm(baseline))   // Float arithmetic, as in the seeds
            #expect(abs(Double(t.x) - baseline.x) < tolerance && abs(Double(t.z) - baseline.z) < tolerance && t.y == 0)
        }
        // rotateAroundY writes +angle and returns the inverse: a rotation by −angle.
        let r = HaversineWaypointMatrix.rotateAroundY(.identity, radians: .pi / 2)
        let v = r.transformDirection(SIMD3(0, 0, -1))
        #expect(abs(v.x - 1) < 1e-6 && abs(v.z) < 1e-6)
    }
}
