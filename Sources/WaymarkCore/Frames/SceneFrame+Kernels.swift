import CWaymarkKernels

/// The bridge from ``SceneFrame`` to the C kernels (through ``FrameKernels``): the
/// frame's folded rows and scene origin handed to the tangent frame's flattening.
extension SceneFrame {
    /// The frame as the C kernels read it, prepared for `path`.
    ///
    /// The inverse kernels multiply by the transpose of `mr`, so `mr` is `m` divided by
    /// s² (exact when s = 1): (s·M)ᵀ / s² = (s·M)⁻¹.
    @inlinable
    func preparedKernelFrame(for path: CPUPath) -> wmk_scene_frame {
        let rows = ecefToScene
        let s2 = axes.unitsPerMetre * axes.unitsPerMetre
        return tangentFrame.kernelFrame(rows: rows, inverseRows: (rows.0 / s2, rows.1 / s2, rows.2 / s2),
                                        offset: sceneOrigin, sceneLimit: sceneLimit, path: path)
    }

    /// The frame for `path`: the stored one on the process's path (prepared when the
    /// rows last changed), prepared anew for another (the forced paths of the tests and
    /// Benchmarks/).
    @inlinable
    func kernelFrame(for path: CPUPath) -> wmk_scene_frame {
        kernel.path == path.kernelPath ? kernel : preparedKernelFrame(for: path)
    }

    /// scene → geo over validated strided triples on the process's path.
    @inlinable
    func geodeticPositionsUnchecked(scene input: UnsafeRawPointer, stride inputStride: Int,
                                    into output: UnsafeMutableRawPointer, stride outputStride: Int, count: Int) {
        withUnsafePointer(to: kernel) { _ = wmk_frame_reverse($0, input, inputStride, output, outputStride, count) }
    }
}
