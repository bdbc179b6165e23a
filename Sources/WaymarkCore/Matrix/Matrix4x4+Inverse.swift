extension Matrix4x4 {
    /// Inverse of a rigid transform (rotation and translation only): Rᵀ and −Rᵀ·t.
    /// Exact to round-off and a fraction of the general inverse's cost; the result is
    /// meaningless for matrices with scale, shear or a projective row.
    @inlinable
    public var rigidInverse: Self {
        let (a, b, c, t) = columns
        let r0 = SIMD4(a.x, b.x, c.x, 0), r1 = SIMD4(a.y, b.y, c.y, 0), r2 = SIMD4(a.z, b.z, c.z, 0)
        let tx = -(a.x * t.x + a.y * t.y + a.z * t.z)
        let ty = -(b.x * t.x + b.y * t.y + b.z * t.z)
        let tz = -(c.x * t.x + c.y * t.y + c.z * t.z)
        return Self(r0, r1, r2, SIMD4(tx, ty, tz, 1))
    }

    /// The 2 × 2 minors of rows 0–1 (`s`) and rows 2–3 (`c`) that both the
    /// determinant and the cofactor inverse are built from (Laplace expansion).
    @usableFromInline
    struct Minors {
        @usableFromInline var s0, s1, s2, s3, s4, s5: Scalar
        @usableFromInline var c0, c1, c2, c3, c4, c5: Scalar

        @inlinable
        init(_ m: Matrix4x4) {
            s0 = m[0, 0] * m[1, 1] - m[1, 0] * m[0, 1]; s1 = m[0, 0] * m[1, 2] - m[1, 0] * m[0, 2]
            s2 = m[0, 0] * m[1, 3] - m[1, 0] * m[0, 3]; s3 = m[0, 1] * m[1, 2] - m[1, 1] * m[0, 2]
            s4 = m[0, 1] * m[1, 3] - m[1, 1] * m[0, 3]; s5 = m[0, 2] * m[1, 3] - m[1, 2] * m[0, 3]
            c5 = m[2, 2] * m[3, 3] - m[3, 2] * m[2, 3]; c4 = m[2, 1] * m[3, 3] - m[3, 1] * m[2, 3]
            c3 = m[2, 1] * m[3, 2] - m[3, 1] * m[2, 2]; c2 = m[2, 0] * m[3, 3] - m[3, 0] * m[2, 3]
            c1 = m[2, 0] * m[3, 2] - m[3, 0] * m[2, 2]; c0 = m[2, 0] * m[3, 1] - m[3, 0] * m[2, 1]
        }

        @inlinable
        var determinant: Scalar { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }

        /// The minor of columns `x` < `y`: of rows 2–3 (`lower`) or of rows 0–1.
        @inlinable
        func minor(_ x: Int, _ y: Int, lower: Bool) -> Scalar {
            switch (x, y) {
            case (0, 1): return lower ? c0 : s0
            case (0, 2): return lower ? c1 : s1
            case (0, 3): return lower ? c2 : s2
            case (1, 2): return lower ? c3 : s3
            case (1, 3): return lower ? c4 : s4
            default: return lower ? c5 : s5
            }
        }
    }

    /// The determinant.
    @inlinable
    public var determinant: Scalar { Minors(self).determinant }

    /// General inverse by cofactors, or nil when the matrix is singular (determinant
    /// 0 or not finite).
    @inlinable
    public var inverse: Self? {
        let m = self
        let n = Minors(m)
        let det = n.determinant
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        // Entry (i, j) is (−1)^(i+j) times row j ^ 1 of m against the 2 × 2 minors of the
        // columns besides i (rows 2–3 for j < 2, rows 0–1 after): the cofactor table
        // written once. The sign goes on m's entries, as the table writes it, so every
        // rounding, signed zeros included, is the table's.
        var r = Self.identity
        for i in 0..<4 {
            let a = i == 0 ? 1 : 0, b = i <= 1 ? 2 : 1, c = i <= 2 ? 3 : 2
            for j in 0..<4 {
                let row = j ^ 1, lower = j < 2, negated = (i + j) & 1 == 1
                let x = negated ? -m[row, a] : m[row, a], y = negated ? -m[row, b] : m[row, b]
                let z = negated ? -m[row, c] : m[row, c]
                r[i, j] = (x * n.minor(b, c, lower: lower) - y * n.minor(a, c, lower: lower) + z * n.minor(a, b, lower: lower)) * k
            }
        }
        return r
    }
}
