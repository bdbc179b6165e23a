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
    /// compare the paths; a path the CPU lacks runs the best one it has). Same checks
    /// and errors.
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
        try withUnsafePointer(to: kernelFrame(for: path)) { (frame) throws(WaymarkError) in
            try FrameKernels.anchors(frame, axes: axes, geodetic: input, stride: stride, into: output,
                                     stride: outputStride, count: count)
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
}
