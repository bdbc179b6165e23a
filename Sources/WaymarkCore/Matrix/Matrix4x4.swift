/// A 4 × 4 matrix stored as four `SIMD4` columns, column-major.
///
/// The memory layout is exactly that of `simd_float4x4` / `simd_double4x4` and of a
/// column-major `float[16]` / `double[16]` (OpenGL, Metal, ARKit, the C ABI's
/// `wm_mat4f`): element (row r, column c) is at index `4c + r`. `Matrix4x4<Float>` is 64
/// bytes, `Matrix4x4<Double>` 128. Points are column vectors: `M · p`.
@frozen
public struct Matrix4x4<Scalar: SIMDScalar & BinaryFloatingPoint>: Equatable {
    /// The four columns; column 3 holds the translation of an affine transform.
    public var columns: (SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>, SIMD4<Scalar>)

    /// A matrix from four columns.
    @inlinable @inline(__always)
    public init(_ c0: SIMD4<Scalar>, _ c1: SIMD4<Scalar>, _ c2: SIMD4<Scalar>, _ c3: SIMD4<Scalar>) {
        columns = (c0, c1, c2, c3)
    }

    /// The identity.
    @inlinable
    public static var identity: Self {
        Self(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
    }

    /// A translation by `t`.
    @inlinable
    public static func translation(_ t: SIMD3<Scalar>) -> Self {
        Self(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(t.x, t.y, t.z, 1))
    }

    /// A right-handed rotation about +y from its cosine and sine (y-up scenes:
    /// positive angles turn +z towards +x, counter-clockwise seen from above).
    @inlinable
    public static func rotationAboutY(cos c: Scalar, sin s: Scalar) -> Self {
        Self(SIMD4(c, 0, -s, 0), SIMD4(0, 1, 0, 0), SIMD4(s, 0, c, 0), SIMD4(0, 0, 0, 1))
    }

    /// A right-handed rotation about +z from its cosine and sine (z-up scenes:
    /// positive turns +x towards +y, counter-clockwise seen from above).
    @inlinable
    public static func rotationAboutZ(cos c: Scalar, sin s: Scalar) -> Self {
        Self(SIMD4(c, s, 0, 0), SIMD4(-s, c, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
    }

    /// A right-handed rotation about +x from its cosine and sine (positive turns +y
    /// towards +z).
    @inlinable
    public static func rotationAboutX(cos c: Scalar, sin s: Scalar) -> Self {
        Self(SIMD4(1, 0, 0, 0), SIMD4(0, c, s, 0), SIMD4(0, -s, c, 0), SIMD4(0, 0, 0, 1))
    }

    /// A right-handed rotation about coordinate axis `axis` (0 = x, 1 = y, 2 = z; any
    /// other value is taken as z) from its cosine and sine.
    @inlinable
    public static func rotation(aboutAxis axis: Int, cos c: Scalar, sin s: Scalar) -> Self {
        switch axis {
        case 0: return rotationAboutX(cos: c, sin: s)
        case 1: return rotationAboutY(cos: c, sin: s)
        default: return rotationAboutZ(cos: c, sin: s)
        }
    }

    /// Element at `row`, `column` (0-based).
    @inlinable
    public subscript(row: Int, column: Int) -> Scalar {
        get {
            switch column {
            case 0: return columns.0[row]
            case 1: return columns.1[row]
            case 2: return columns.2[row]
            default: return columns.3[row]
            }
        }
        set {
            switch column {
            case 0: columns.0[row] = newValue
            case 1: columns.1[row] = newValue
            case 2: columns.2[row] = newValue
            default: columns.3[row] = newValue
            }
        }
    }

    /// The translation part (column 3, xyz).
    @inlinable
    public var translation: SIMD3<Scalar> {
        SIMD3(columns.3.x, columns.3.y, columns.3.z)
    }

    /// The transpose.
    @inlinable
    public var transposed: Self {
        let (a, b, c, d) = columns
        return Self(SIMD4(a.x, b.x, c.x, d.x), SIMD4(a.y, b.y, c.y, d.y),
                    SIMD4(a.z, b.z, c.z, d.z), SIMD4(a.w, b.w, c.w, d.w))
    }

    /// `self · v`.
    @inlinable @inline(__always)
    public static func * (m: Self, v: SIMD4<Scalar>) -> SIMD4<Scalar> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// `lhs · rhs`: apply `rhs` first, then `lhs`.
    @inlinable @inline(__always)
    public static func * (lhs: Self, rhs: Self) -> Self {
        Self(lhs * rhs.columns.0, lhs * rhs.columns.1, lhs * rhs.columns.2, lhs * rhs.columns.3)
    }

    /// Transforms a point (w = 1): rotation, scale and translation apply. The
    /// projective row is ignored (use `self * SIMD4(p, 1)` for projective matrices).
    @inlinable @inline(__always)
    public func transformPoint(_ p: SIMD3<Scalar>) -> SIMD3<Scalar> {
        let r = columns.0 * p.x + columns.1 * p.y + columns.2 * p.z + columns.3
        return SIMD3(r.x, r.y, r.z)
    }

    /// Transforms a direction (w = 0): translation does not apply.
    @inlinable @inline(__always)
    public func transformDirection(_ d: SIMD3<Scalar>) -> SIMD3<Scalar> {
        let r = columns.0 * d.x + columns.1 * d.y + columns.2 * d.z
        return SIMD3(r.x, r.y, r.z)
    }

    /// Whether every element is finite.
    @inlinable
    public var isFinite: Bool {
        let (a, b, c, d) = columns
        for k in 0..<4 where !(a[k].isFinite && b[k].isFinite && c[k].isFinite && d[k].isFinite) { return false }
        return true
    }

    /// Transforms `count` points in place. Each point is three consecutive `Scalar`s
    /// (x, y, z) starting every `stride` bytes, so packed `float[3]` arrays (stride 12)
    /// and records with extra fields work alike. No allocation.
    /// - Throws: ``WaymarkError/badStride`` when `stride` is smaller than three
    ///   scalars, ``WaymarkError/badCount`` for a negative or impossible count,
    ///   ``WaymarkError/invalidInput(_:)`` for a non-finite matrix and
    ///   ``WaymarkError/invalidElement(index:fault:)`` for a non-finite point; every
    ///   point is checked first, and nothing is written on error.
    @inlinable
    public func transformPoints(_ points: UnsafeMutableRawPointer, stride: Int, count: Int) throws(WaymarkError) {
        let size = MemoryLayout<Scalar>.stride
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: 3 * size)
        guard isFinite else { throw .invalidInput(.nonFinite) }
        for i in 0..<count {
            let o = i * stride
            for k in 0..<3 where !points.loadUnaligned(fromByteOffset: o + k * size, as: Scalar.self).isFinite {
                throw .invalidElement(index: i, fault: .nonFinite)
            }
        }
        for i in 0..<count {
            let o = i * stride
            let p = SIMD3(points.loadUnaligned(fromByteOffset: o, as: Scalar.self),
                          points.loadUnaligned(fromByteOffset: o + size, as: Scalar.self),
                          points.loadUnaligned(fromByteOffset: o + 2 * size, as: Scalar.self))
            let q = transformPoint(p)
            points.storeBytes(of: q.x, toByteOffset: o, as: Scalar.self)
            points.storeBytes(of: q.y, toByteOffset: o + size, as: Scalar.self)
            points.storeBytes(of: q.z, toByteOffset: o + 2 * size, as: Scalar.self)
        }
    }

    /// Transforms every point of a typed buffer in place.
    @inlinable
    public func transformPoints(_ points: UnsafeMutableBufferPointer<SIMD3<Scalar>>) {
        for i in points.indices { points[i] = transformPoint(points[i]) }
    }

    /// Element-wise equality (IEEE: a NaN element makes matrices unequal; 0 == −0).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.columns.0 == rhs.columns.0 && lhs.columns.1 == rhs.columns.1
            && lhs.columns.2 == rhs.columns.2 && lhs.columns.3 == rhs.columns.3
    }
}

extension Matrix4x4 {
    /// The matrix with every element converted to another precision (e.g. the
    /// Double transform computed by the core to the Float one an engine draws with).
    @inlinable
    public init<Other>(_ other: Matrix4x4<Other>) {
        func convert(_ v: SIMD4<Other>) -> SIMD4<Scalar> {
            SIMD4(Scalar(v.x), Scalar(v.y), Scalar(v.z), Scalar(v.w))
        }
        self.init(convert(other.columns.0), convert(other.columns.1), convert(other.columns.2), convert(other.columns.3))
    }
}

/// Single-precision 4 × 4, layout-identical to `simd_float4x4` and `wm_mat4f`.
public typealias Matrix4x4f = Matrix4x4<Float>
/// Double-precision 4 × 4, layout-identical to `simd_double4x4`.
public typealias Matrix4x4d = Matrix4x4<Double>

extension Matrix4x4: Sendable where Scalar: Sendable, Scalar.SIMD4Storage: Sendable {}
