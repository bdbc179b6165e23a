import CWaymarkKernels

/// The bridge from ``SceneFrame`` to the C kernels (CWaymarkKernels): the frame
/// flattened into the C struct, and the dispatched four-lane and batch calls.
extension SceneFrame {
    /// The frame as the C kernels read it, for `path`: on the AVX2 + FMA path its ECEF
    /// origin is the one that path computes, so the origin maps to exactly the scene
    /// origin there too.
    ///
    /// The inverse kernels multiply by the transpose of `m`, so for them (`inverse`)
    /// `m` is divided by s² (exact when s = 1): (s·M)ᵀ / s² = (s·M)⁻¹.
    @inlinable
    func kernelFrame(for path: CPUPath, inverse: Bool = false) -> wmk_scene_frame {
        var frame = baseKernelFrame
        if inverse {
            let s2 = axes.unitsPerMetre * axes.unitsPerMetre
            withUnsafeMutableBytes(of: &frame.m) { m in
                for i in 0..<9 { m.storeBytes(of: m.load(fromByteOffset: 8 * i, as: Double.self) / s2, toByteOffset: 8 * i, as: Double.self) }
            }
        }
        #if arch(x86_64)
        if path == .avx2FMA { wmk_prepare_frame_avx2(&frame) }
        #endif
        return frame
    }

    @inlinable
    var baseKernelFrame: wmk_scene_frame {
        let t = tangentFrame, g = t.geocentric, m = ecefToScene
        return wmk_scene_frame(a: g.a, f: g.f, e2: g.e2, e2m: g.e2m, e2a: g.e2a, e4a: g.e4a,
                               lat0: t.origin.latitude, lon0: t.origin.longitude, h0: t.origin.height,
                               slat0: t.sinLat0, clat0: t.cosLat0, slon0: t.sinLon0, clon0: t.cosLon0,
                               x0: t.x0, y0: t.y0, z0: t.z0,
                               m: (m.0.x, m.0.y, m.0.z, m.1.x, m.1.y, m.1.z, m.2.x, m.2.y, m.2.z),
                               o: (sceneOrigin.x, sceneOrigin.y, sceneOrigin.z))
    }

    /// Four points through the AVX2 + FMA kernel (x86-64 only; callers check the path).
    @inlinable
    func scenePositionsAVX2(latitude: SIMD4<Double>, longitude: SIMD4<Double>, height: SIMD4<Double>)
        -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        #if arch(x86_64)
        let frame = kernelFrame(for: .avx2FMA)
        // Packed triples in and out, plain Doubles; the only mutable value is the
        // outermost closure's own argument, so nothing is captured by reference (boxed).
        let input: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
            (latitude[0], longitude[0], height[0], latitude[1], longitude[1], height[1],
             latitude[2], longitude[2], height[2], latitude[3], longitude[3], height[3])
        var out: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &out) { o in
            withUnsafePointer(to: frame) { f in
                withUnsafeBytes(of: input) { i in
                    wmk_geo_to_scene_avx2(f, i.baseAddress!, 24, o.baseAddress!, 24, 4)
                }
            }
        }
        let v = out
        return (SIMD4(v.0, v.3, v.6, v.9), SIMD4(v.1, v.4, v.7, v.10), SIMD4(v.2, v.5, v.8, v.11))
        #else
        return scenePositionsBaseline(latitude: latitude, longitude: longitude, height: height)
        #endif
    }

    /// geo → scene over validated strided triples by `path` (the batch body).
    @inlinable
    func scenePositionsUnchecked(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                                 into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                 count: Int, path: CPUPath) {
        #if arch(x86_64)
        if path == .avx2FMA {
            var frame = kernelFrame(for: .avx2FMA)
            wmk_geo_to_scene_avx2(&frame, input, inputStride, output, outputStride, count)
            return
        }
        #endif
        scenePositionsBaseline(geodetic: input, stride: inputStride, into: output, stride: outputStride, count: count)
    }

    /// scene → geo over validated strided triples by `path` (the C four-lane kernel,
    /// portable or AVX2 + FMA).
    @inlinable
    func geodeticPositionsUnchecked(scene input: UnsafeRawPointer, stride inputStride: Int,
                                    into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                    count: Int, path: CPUPath) {
        var frame = kernelFrame(for: path, inverse: true)
        #if arch(x86_64)
        if path == .avx2FMA {
            wmk_scene_to_geo_avx2(&frame, input, inputStride, output, outputStride, count)
            return
        }
        #endif
        wmk_scene_to_geo_baseline(&frame, input, inputStride, output, outputStride, count)
    }
}
