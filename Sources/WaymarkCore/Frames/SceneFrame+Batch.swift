import CWaymarkKernels

/// Batch conversions over caller-owned buffers.
///
/// Every batch takes raw pointers with byte strides (elements are three `Double`s: a
/// ``GeodeticCoordinate`` / `wm_geodetic`, or a vector / `wm_vec3`), checks every input
/// before writing anything, and on a bad element throws
/// ``WaymarkError/invalidElement(index:fault:)`` with no output written. Strides must be
/// at least 24 bytes; `count == 0` does nothing. Input and output may be the same
/// buffer (each element is read before it is written). No allocation.
extension SceneFrame {
    /// Exact geo → scene for `count` points.
    /// - Throws: ``WaymarkError/badStride`` for a stride below 24, ``WaymarkError/badCount``
    ///   for a negative or impossible count;
    ///   ``WaymarkError/invalidElement(index:fault:)`` for a non-finite value or a
    ///   latitude beyond ±90, ``InputFault/outOfRange`` for a height beyond
    ///   ``Limits/maximumSceneCoordinate``.
    @inlinable
    public func scenePositions(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                               into output: UnsafeMutableRawPointer, stride outputStride: Int,
                               count: Int) throws(WaymarkError) {
        try conversion(input, inputStride, output, outputStride, count, path: .current, reverse: false)
    }

    /// Exact geo → scene by a chosen ``CPUPath`` (SPI `CPUPaths`: the tests and Benchmarks/
    /// compare the paths; a path the machine lacks runs the best one it has, the
    /// baseline off x86-64). Same checks and errors as the dispatched form.
    @inlinable
    @_spi(CPUPaths) public func scenePositions(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                                into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                count: Int, path: CPUPath) throws(WaymarkError) {
        try conversion(input, inputStride, output, outputStride, count, path: path.runnable, reverse: false)
    }

    /// Both directions' batches on `path` (one this machine runs): the kernels' frame
    /// for it, then the checked C entry.
    @inlinable
    func conversion(_ input: UnsafeRawPointer, _ inputStride: Int, _ output: UnsafeMutableRawPointer,
                    _ outputStride: Int, _ count: Int, path: CPUPath, reverse: Bool) throws(WaymarkError) {
        try withUnsafePointer(to: kernelFrame(for: path)) { (frame) throws(WaymarkError) in
            if reverse {
                try FrameKernels.reverse(frame, scene: input, stride: inputStride, into: output, stride: outputStride,
                                         count: count)
            } else {
                try FrameKernels.forward(frame, geodetic: input, stride: inputStride, into: output,
                                         stride: outputStride, count: count)
            }
        }
    }

    /// Baseline geo → scene for `count` points (same buffer rules as the exact form).
    @inlinable
    public func scenePositions(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                               into output: UnsafeMutableRawPointer, stride outputStride: Int,
                               count: Int, baseline: SphericalBaseline) throws(WaymarkError) {
        try StridedTriples.mapGeodetic(input, stride: inputStride, into: output, stride: outputStride, count: count,
                                       maximumHeight: Limits.maximumSceneCoordinate) {
            scenePosition(of: $0, baseline: baseline)
        }
    }

    /// Exact scene → geo for `count` positions; output triples are (latitude°,
    /// longitude° in [-180, 180), height m).
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``; ``WaymarkError/invalidElement(index:fault:)``
    ///   (``InputFault/nonFinite``, or ``InputFault/outOfRange`` beyond ±``sceneLimit``, ±``Limits/maximumSceneResult`` in the axes' unit).
    @inlinable
    public func geodeticPositions(scene input: UnsafeRawPointer, stride inputStride: Int,
                                  into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                  count: Int) throws(WaymarkError) {
        try conversion(input, inputStride, output, outputStride, count, path: .current, reverse: true)
    }

    /// Exact scene → geo by a chosen ``CPUPath`` (as the geo → scene form).
    @inlinable
    @_spi(CPUPaths) public func geodeticPositions(scene input: UnsafeRawPointer, stride inputStride: Int,
                                   into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                   count: Int, path: CPUPath) throws(WaymarkError) {
        try conversion(input, inputStride, output, outputStride, count, path: path.runnable, reverse: true)
    }

    /// Exact geo → scene for a typed buffer (`SIMD3<Double>` has a 32-byte stride).
    /// - Throws: ``WaymarkError/badCount`` when `output` is shorter than `points`.
    @inlinable
    public func scenePositions(of points: UnsafeBufferPointer<GeodeticCoordinate>,
                               into output: UnsafeMutableBufferPointer<SIMD3<Double>>) throws(WaymarkError) {
        guard output.count >= points.count else { throw .badCount }
        guard let input = points.baseAddress, let out = output.baseAddress else { return }
        // The strided batch, four points per step (valid coordinates cannot fail it).
        try scenePositions(geodetic: input, stride: MemoryLayout<GeodeticCoordinate>.stride,
                           into: out, stride: MemoryLayout<SIMD3<Double>>.stride, count: points.count)
    }

    /// Exact geo → scene for an array (allocates the result; use the buffer forms on
    /// hot paths).
    public func scenePositions(of points: [GeodeticCoordinate]) -> [SIMD3<Double>] {
        var result = [SIMD3<Double>](repeating: .zero, count: points.count)
        points.withUnsafeBufferPointer { p in
            result.withUnsafeMutableBufferPointer { try? scenePositions(of: p, into: $0) }
        }
        return result
    }
}

extension LocalTangentFrame {
    /// Geodetic → ENU for `count` points over strided buffers (rules as for
    /// ``SceneFrame/scenePositions(geodetic:stride:into:stride:count:)``).
    @inlinable
    public func forward(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                        into output: UnsafeMutableRawPointer, stride outputStride: Int,
                        count: Int) throws(WaymarkError) {
        try withUnsafePointer(to: enuKernelFrame(path: .current)) { (frame) throws(WaymarkError) in
            try FrameKernels.forward(frame, geodetic: input, stride: inputStride, into: output, stride: outputStride,
                                     count: count)
        }
    }

    /// ENU → geodetic for `count` vectors over strided buffers.
    @inlinable
    public func reverse(enu input: UnsafeRawPointer, stride inputStride: Int,
                        into output: UnsafeMutableRawPointer, stride outputStride: Int,
                        count: Int) throws(WaymarkError) {
        try withUnsafePointer(to: enuKernelFrame(path: .current)) { (frame) throws(WaymarkError) in
            try FrameKernels.reverse(frame, scene: input, stride: inputStride, into: output, stride: outputStride,
                                     count: count)
        }
    }
}
