import CWaymarkKernels

/// The frame as the C kernels read it (CWaymarkKernels' `wmk_scene_frame`): the one
/// place a Swift frame is flattened for them. ``SceneFrame`` passes its folded rows and
/// scene origin; the tangent frame's own batches pass the ENU rows.
extension LocalTangentFrame {
    /// The rows taking an ECEF offset from the origin to ENU: east, north, up.
    @inlinable
    var ecefToENU: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        (SIMD3(-sinLon0, cosLon0, 0),
         SIMD3(-sinLat0 * cosLon0, -sinLat0 * sinLon0, cosLat0),
         SIMD3(cosLat0 * cosLon0, cosLat0 * sinLon0, sinLat0))
    }

    /// The rows taking an ECEF offset to a frame whose rows act on ENU as `rows`
    /// (rows · R(φ₀, λ₀)).
    @inlinable
    func ecefRows(fromENURows rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>))
        -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (east, north, up) = ecefToENU
        func ecefRow(_ r: SIMD3<Double>) -> SIMD3<Double> { r.x * east + r.y * north + r.z * up }
        return (ecefRow(rows.0), ecefRow(rows.1), ecefRow(rows.2))
    }

    /// The kernels' frame: ECEF offsets go through `rows` and land at `offset` + the
    /// result. On the AVX2 + FMA and AVX-512 paths the ECEF origin is the one that path
    /// computes, so the origin maps to exactly `offset` there too.
    @inlinable
    func kernelFrame(rows m: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), offset o: SIMD3<Double>,
                     path: CPUPath) -> wmk_scene_frame {
        var frame = wmk_scene_frame(ell: geocentric.constants,
                                    lat0: origin.latitude, lon0: origin.longitude, h0: origin.height,
                                    slat0: sinLat0, clat0: cosLat0, slon0: sinLon0, clon0: cosLon0,
                                    x0: x0, y0: y0, z0: z0,
                                    m: (m.0.x, m.0.y, m.0.z, m.1.x, m.1.y, m.1.z, m.2.x, m.2.y, m.2.z),
                                    o: (o.x, o.y, o.z))
        #if arch(x86_64)
        switch path {
        case .avx512: wmk_prepare_frame_avx512(&frame)
        case .avx2FMA: wmk_prepare_frame_avx2(&frame)
        case .baseline: break
        }
        #endif
        return frame
    }
}
