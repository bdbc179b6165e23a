extension SceneFrame {
    /// Anchor transforms for a route: for each point, a `Float` 4 × 4 whose
    /// translation is the point's exact scene position and whose rotation, about the
    /// scene's up axis only, turns the model's forward axis towards the next point.
    ///
    /// The forward axis follows each convention: −z in `eus` (ARKit, SceneKit,
    /// RealityKit, ARCore), +z in `eun` (Unity's `Transform.forward`), +y (north) in
    /// `enu`. The last point keeps the previous heading; points whose next point is
    /// at the same horizontal position keep the previous heading too (the first such
    /// points take the first real heading; a route with no horizontal extent gets no
    /// rotation). Positions are computed in `Double` and rounded once to `Float`.
    ///
    /// No allocation; each position is computed once.
    /// - Parameters:
    ///   - input: `count` geodetic triples (latitude°, longitude°, height m) every
    ///     `stride` bytes (≥ 24).
    ///   - output: room for `count` matrices (64 bytes each, `simd_float4x4` layout).
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``; ``WaymarkError/invalidElement(index:fault:)``
    ///   with nothing written.
    @inlinable
    public func anchorTransforms(geodetic input: UnsafeRawPointer, stride: Int,
                                 into output: UnsafeMutablePointer<Matrix4x4f>, count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        guard count > 0 else { return }
        @inline(__always) func position(_ i: Int) -> SIMD3<Double> {
            let (lat, lon, h) = StridedTriples.load(input, i * stride)
            return scenePosition(latitude: lat, longitude: lon, height: h)
        }
        // The heading to carry into leading degenerate legs: the first real one.
        var heading = (cos: 1.0, sin: 0.0)
        var probe = position(0)
        for i in 1..<max(count, 1) {
            let next = position(i)
            if let h = yaw(from: probe, to: next) { heading = h; break }
            probe = next
        }
        var current = position(0)
        for i in 0..<count {
            let next = i + 1 < count ? position(i + 1) : current
            if i + 1 < count, let h = yaw(from: current, to: next) { heading = h }
            output[i] = anchorMatrix(at: current, cos: heading.cos, sin: heading.sin)
            current = next
        }
    }

    /// Anchor transforms for a typed route buffer.
    /// - Throws: ``WaymarkError/badCount`` when `output` is shorter than `route`.
    @inlinable
    public func anchorTransforms(route: UnsafeBufferPointer<GeodeticCoordinate>,
                                 into output: UnsafeMutableBufferPointer<Matrix4x4f>) throws(WaymarkError) {
        guard output.count >= route.count else { throw .badCount }
        guard let base = route.baseAddress, let out = output.baseAddress else { return }
        try anchorTransforms(geodetic: UnsafeRawPointer(base), stride: MemoryLayout<GeodeticCoordinate>.stride,
                             into: out, count: route.count)
    }

    /// The cosine and sine of the yaw that turns the forward axis from `a` towards `b`,
    /// or nil when `b` is (horizontally) on top of `a`.
    @inlinable @inline(__always)
    func yaw(from a: SIMD3<Double>, to b: SIMD3<Double>) -> (cos: Double, sin: Double)? {
        let d = b - a
        switch axes {
        case .eus:
            let h = (d.x * d.x + d.z * d.z).squareRoot()
            return h > 0 ? (-d.z / h, -d.x / h) : nil
        case .eun:
            let h = (d.x * d.x + d.z * d.z).squareRoot()
            return h > 0 ? (d.z / h, d.x / h) : nil
        case .enu:
            let h = (d.x * d.x + d.y * d.y).squareRoot()
            return h > 0 ? (d.y / h, -d.x / h) : nil
        }
    }

    @inlinable @inline(__always)
    func anchorMatrix(at p: SIMD3<Double>, cos c: Double, sin s: Double) -> Matrix4x4f {
        var m = axes == .enu ? Matrix4x4d.rotationAboutZ(cos: c, sin: s) : Matrix4x4d.rotationAboutY(cos: c, sin: s)
        m.columns.3 = SIMD4(p.x, p.y, p.z, 1)
        return Matrix4x4f(m)
    }
}
