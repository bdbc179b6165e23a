import CWaymarkKernels

/// The bridge from ``SceneFrame`` to the C kernels (through ``FrameKernels``): the
/// frame's folded rows and scene origin handed to the tangent frame's flattening.
extension SceneFrame {
    /// The frame as the C kernels read it, for `path`.
    ///
    /// The inverse kernels multiply by the transpose of `m`, so for them (`inverse`)
    /// `m` is divided by s² (exact when s = 1): (s·M)ᵀ / s² = (s·M)⁻¹.
    @inlinable
    func kernelFrame(for path: CPUPath, inverse: Bool = false) -> wmk_scene_frame {
        var rows = ecefToScene
        if inverse {
            let s2 = axes.unitsPerMetre * axes.unitsPerMetre
            rows = (rows.0 / s2, rows.1 / s2, rows.2 / s2)
        }
        return tangentFrame.kernelFrame(rows: rows, offset: sceneOrigin, path: path)
    }

    /// geo → scene over validated strided triples by `path` (the batch body).
    @inlinable
    func scenePositionsUnchecked(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                                 into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                 count: Int, path: CPUPath) {
        FrameKernels.run(FrameKernels.geoToFrameKernels, kernelFrame(for: path), path: path, input, inputStride,
                         output, outputStride, count)
    }

    /// scene → geo over validated strided triples by `path`.
    @inlinable
    func geodeticPositionsUnchecked(scene input: UnsafeRawPointer, stride inputStride: Int,
                                    into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                    count: Int, path: CPUPath) {
        FrameKernels.run(FrameKernels.frameToGeoKernels, kernelFrame(for: path, inverse: true), path: path, input,
                         inputStride, output, outputStride, count)
    }
}
