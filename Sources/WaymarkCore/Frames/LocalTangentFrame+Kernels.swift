import CWaymarkKernels

/// The frame as the C kernels read it (CWaymarkKernels' `wmk_scene_frame`): the one
/// place a Swift frame is flattened for them. ``SceneFrame`` passes its folded rows and
/// scene origin; the tangent frame's own batches pass the ENU rows.
extension LocalTangentFrame {
    /// The rows taking an ECEF offset to a frame whose rows act on ENU as `rows`
    /// (rows · R(φ₀, λ₀)).
    @inlinable
    func ecefRows(fromENURows rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>))
        -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (east, north, up) = rotation.rows
        func ecefRow(_ r: SIMD3<Double>) -> SIMD3<Double> { r.x * east + r.y * north + r.z * up }
        return (ecefRow(rows.0), ecefRow(rows.1), ecefRow(rows.2))
    }

    /// The kernels' frame, prepared for `path`: ECEF offsets go through `rows` and land
    /// at `offset` + the result; scene → geo reads `inverseRows` transposed (so they are
    /// `rows`' inverse transposed: `rows` / s² for s times a rotation). On the AVX2 + FMA
    /// and AVX-512 paths the ECEF origin is the one that path computes, so the origin
    /// maps to exactly `offset` there too. `sceneLimit` bounds scene → geo's input.
    @inlinable
    func kernelFrame(rows m: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>),
                     inverseRows r: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), offset o: SIMD3<Double>,
                     sceneLimit: Double, path: CPUPath) -> wmk_scene_frame {
        var frame = wmk_scene_frame(ell: geocentric.constants,
                                    lat0: origin.latitude, lon0: origin.longitude, h0: origin.height,
                                    slat0: rotation.sinLat, clat0: rotation.cosLat, slon0: rotation.sinLon, clon0: rotation.cosLon,
                                    x0: x0, y0: y0, z0: z0,
                                    m: (m.0.x, m.0.y, m.0.z, m.1.x, m.1.y, m.1.z, m.2.x, m.2.y, m.2.z),
                                    mr: (r.0.x, r.0.y, r.0.z, r.1.x, r.1.y, r.1.z, r.2.x, r.2.y, r.2.z),
                                    o: (o.x, o.y, o.z), n0: 0, inv_w0: 0, nh0: 0, en0h0: 0, dn: (0, 0, 0, 0, 0, 0, 0), p0: 0, inv_k: 0, r0: (0, 0, 0), rho0: 0,
                                    near_up: -1,
                                    max_height: Limits.maximumSceneCoordinate, scene_limit: sceneLimit,
                                    path: 0, reserved_: 0)
        wmk_frame_prepare(&frame, path.kernelPath)
        return frame
    }

    /// The ENU frame's kernels' frame (the tangent frame's own batches): its rows are
    /// their own inverse's transpose.
    @inlinable
    func enuKernelFrame(path: CPUPath) -> wmk_scene_frame {
        kernelFrame(rows: rotation.rows, inverseRows: rotation.rows, offset: .zero, sceneLimit: Limits.maximumSceneResult,
                    path: path)
    }
}
