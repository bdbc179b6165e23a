import CWaymarkKernels

extension SceneFrame {
    /// Anchor transforms for a route: for each point, a `Float` 4 × 4 whose
    /// translation is the point's exact scene position and whose rotation, about the
    /// scene's up axis only, turns the model's forward axis towards the next point.
    ///
    /// The forward axis is the convention's ``SceneAxes/forward``: −z in `eus` (ARKit,
    /// SceneKit, RealityKit, ARCore), +z in `eun` (Unity's `Transform.forward`), +y (north)
    /// in `enu`, +x in `unreal`; the rotation is proper (determinant +1) in every
    /// convention, left-handed ones included, and the translation is in the axes' unit. The last point keeps the previous heading; points whose next point is
    /// at the same horizontal position keep the previous heading too (the first such
    /// points take the first real heading; a route with no horizontal extent gets no
    /// rotation). Positions are computed in `Double` and rounded once to `Float`.
    ///
    /// No allocation; each position is computed once.
    /// - Parameters:
    ///   - input: `count` geodetic triples (latitude°, longitude°, height m) every
    ///     `stride` bytes (≥ 24).
    ///   - stride: bytes from one input triple to the next.
    ///   - output: room for `count` matrices (64 bytes each, `simd_float4x4` layout).
    ///   - count: the number of points and matrices.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``; ``WaymarkError/invalidElement(index:fault:)``
    ///   with nothing written.
    @inlinable
    public func anchorTransforms(geodetic input: UnsafeRawPointer, stride: Int,
                                 into output: UnsafeMutablePointer<Matrix4x4f>, count: Int) throws(WaymarkError) {
        try anchorTransforms(geodetic: input, stride: stride, intoUnaligned: UnsafeMutableRawPointer(output), count: count)
    }

    /// ``anchorTransforms(geodetic:stride:into:count:)`` into memory of any alignment:
    /// C gives `wm_mat4f` (16 floats) an alignment of 4, while `Matrix4x4f`'s SIMD
    /// columns want 16, so the matrices are stored byte-wise (unaligned-safe).
    /// - Parameters:
    ///   - input: `count` geodetic triples every `stride` bytes (≥ 24).
    ///   - stride: bytes from one input triple to the next.
    ///   - output: room for `count` matrices, 64 bytes each, contiguous, any alignment.
    ///   - count: the number of points and matrices.
    @inlinable
    public func anchorTransforms(geodetic input: UnsafeRawPointer, stride: Int,
                                 intoUnaligned output: UnsafeMutableRawPointer, count: Int) throws(WaymarkError) {
        try anchorTransformsChecked(geodetic: input, stride: stride, intoUnaligned: output, outputStride: 64,
                                    count: count, path: .current)
    }

    /// ``anchorTransforms(geodetic:stride:intoUnaligned:count:)`` with matrices every
    /// `outputStride` bytes (≥ 64, any alignment): for engines that keep each transform
    /// inside a record of their own.
    /// - Throws: ``WaymarkError/badStride`` for an input stride below 24 or an output
    ///   stride below 64; otherwise as the contiguous form.
    @inlinable
    public func anchorTransforms(geodetic input: UnsafeRawPointer, stride: Int,
                                 intoUnaligned output: UnsafeMutableRawPointer, outputStride: Int,
                                 count: Int) throws(WaymarkError) {
        try anchorTransformsChecked(geodetic: input, stride: stride, intoUnaligned: output, outputStride: outputStride,
                                    count: count, path: .current)
    }

    /// Anchor transforms by a chosen ``CPUPath`` (SPI `CPUPaths`: the tests and Benchmarks/
    /// compare the paths; `.avx2FMA`
    /// where the CPU lacks it runs the baseline). Same checks and errors.
    @inlinable
    @_spi(CPUPaths) public func anchorTransforms(geodetic input: UnsafeRawPointer, stride: Int,
                                  intoUnaligned output: UnsafeMutableRawPointer, count: Int, path: CPUPath) throws(WaymarkError) {
        try anchorTransformsChecked(geodetic: input, stride: stride, intoUnaligned: output, outputStride: 64,
                                    count: count, path: path.runnable)
    }

    /// The strided-output form by a chosen ``CPUPath`` (SPI `CPUPaths`).
    @inlinable
    @_spi(CPUPaths) public func anchorTransforms(geodetic input: UnsafeRawPointer, stride: Int,
                                  intoUnaligned output: UnsafeMutableRawPointer, outputStride: Int, count: Int,
                                  path: CPUPath) throws(WaymarkError) {
        try anchorTransformsChecked(geodetic: input, stride: stride, intoUnaligned: output, outputStride: outputStride,
                                    count: count, path: path.runnable)
    }

    /// Both anchor-transform forms: the checks, then the body on `path` (one this machine runs).
    @inlinable
    func anchorTransformsChecked(geodetic input: UnsafeRawPointer, stride: Int,
                                 intoUnaligned output: UnsafeMutableRawPointer, outputStride: Int, count: Int,
                                 path: CPUPath) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        try StridedTriples.checkShape(count: count, stride: outputStride, elementSize: MemoryLayout<Matrix4x4f>.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count,
                                                       maximumHeight: Limits.maximumSceneCoordinate) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        guard count > 0 else { return }
        anchorTransformsUnchecked(geodetic: input, stride: stride, intoUnaligned: output, outputStride: outputStride,
                                  count: count, path: path)
    }

    /// The body over validated input, `count` > 0: the whole batch in C (positions,
    /// yaws and matrices) on `path`.
    @inlinable
    func anchorTransformsUnchecked(geodetic input: UnsafeRawPointer, stride: Int,
                                   intoUnaligned output: UnsafeMutableRawPointer, outputStride: Int, count: Int,
                                   path: CPUPath) {
        let y = axes.yawAxes
        var yaw = wmk_anchor_axes(forward: Int32(y.forward), side: Int32(y.side), up: Int32(y.up),
                                  cos_sign: y.cosSign, sin_sign: y.sinSign)
        var frame = kernelFrame(for: path)
        #if arch(x86_64)
        if path == .avx2FMA {
            wmk_anchor_transforms_avx2(&frame, input, stride, output, outputStride, count, &yaw)
            return
        }
        #endif
        wmk_anchor_transforms_baseline(&frame, input, stride, output, outputStride, count, &yaw)
    }

    /// TEMPORARY reference.
    @inlinable
    func anchorTransformsSwiftReference(geodetic input: UnsafeRawPointer, stride: Int,
                                   intoUnaligned output: UnsafeMutableRawPointer, outputStride: Int, count: Int,
                                   path: CPUPath) {
        // Positions come four at a time from the same kernel as scenePositions; each
        // group's successor is computed once and carried over.
        let frame = kernelFrame(for: .baseline)
        @inline(__always) func group(_ start: Int) -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
            var lat = SIMD4<Double>(), lon = SIMD4<Double>(), h = SIMD4<Double>()
            let lanes = min(4, count - start)
            for k in 0..<4 {
                let (a, b, c) = StridedTriples.load(input, (start + (k < lanes ? k : 0)) * stride)
                lat[k] = a; lon[k] = b; h[k] = c
            }
            return FrameKernels.geoToFrame4(frame, path: .baseline, latitude: lat, longitude: lon, height: h)
        }
        @inline(__always) func point(_ g: (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>), _ k: Int) -> SIMD3<Double> {
            SIMD3(g.x[k], g.y[k], g.z[k])
        }
        // The heading carried into leading degenerate legs: the first real one.
        var heading = (cos: 1.0, sin: 0.0)
        var start = 0
        var previous: SIMD3<Double>? = nil
        search: while start < count {
            let g = group(start)
            for k in 0..<min(4, count - start) {
                let p = point(g, k)
                if let q = previous, let h = yaw(from: q, to: p) { heading = h; break search }
                previous = p
            }
            start += 4
        }
        // Yaw of each leg, four legs at a time: forward axis components (c, s) come from
        // the horizontal step (a, b) as c = cosSign·b/|·|, s = sinSign·a/|·|.
        let yawAxes = axes.yawAxes
        @inline(__always) func component(_ g: (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>), _ axis: Int) -> SIMD4<Double> {
            axis == 0 ? g.x : axis == 1 ? g.y : g.z
        }
        var current = group(0)
        var i = 0
        while i < count {
            let lanes = min(4, count - i)
            let next = i + 4 < count ? group(i + 4) : current
            let side = component(current, yawAxes.side), ahead = component(current, yawAxes.forward)
            let sideNext = component(next, yawAxes.side), aheadNext = component(next, yawAxes.forward)
            var ax = SIMD4(side[1], side[2], side[3], sideNext[0]) - side
            var bx = SIMD4(ahead[1], ahead[2], ahead[3], aheadNext[0]) - ahead
            // Legs under 2⁻⁴⁰⁰ m would square into subnormals and lose the unit length:
            // scaled up by an exact power of two first (other lanes untouched).
            let tiny = pointwiseMax(ax, -ax) .< 0x1p-400 .& pointwiseMax(bx, -bx) .< 0x1p-400
            if any(tiny) {
                ax.replace(with: ax * 0x1p600, where: tiny)
                bx.replace(with: bx * 0x1p600, where: tiny)
            }
            let h2 = ax * ax + bx * bx
            let moving = h2 .> 0
            let inverse = 1 / h2.replacing(with: 1, where: .!moving).squareRoot()
            let c = yawAxes.cosSign * bx * inverse, s = yawAxes.sinSign * ax * inverse
            for k in 0..<lanes {
                if moving[k] && i + k + 1 < count { heading = (c[k], s[k]) }
                output.storeBytes(of: anchorMatrix(at: point(current, k), cos: heading.cos, sin: heading.sin),
                                  toByteOffset: (i + k) * outputStride, as: Matrix4x4f.self)
            }
            current = next
            i += 4
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
        let d = b - a, y = axes.yawAxes
        var side = d[y.side], ahead = d[y.forward]
        // As in the batch: tiny legs scaled up exactly so their squares stay normal.
        if side.magnitude < 0x1p-400 && ahead.magnitude < 0x1p-400 { side *= 0x1p600; ahead *= 0x1p600 }
        let h = (side * side + ahead * ahead).squareRoot()
        return h > 0 ? (y.cosSign * ahead / h, y.sinSign * side / h) : nil
    }

    @inlinable @inline(__always)
    func anchorMatrix(at p: SIMD3<Double>, cos c: Double, sin s: Double) -> Matrix4x4f {
        let (cf, sf) = (Float(c), Float(s))
        var m = Matrix4x4f.rotation(aboutAxis: axes.upAxisIndex, cos: cf, sin: sf)
        m.columns.3 = SIMD4(Float(p.x), Float(p.y), Float(p.z), 1)
        return m
    }
}
