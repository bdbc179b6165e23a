import CWaymarkKernels

/// The bridge from ``SceneFrame`` to the C kernels (CWaymarkKernels): the frame
/// flattened into the C struct, and the dispatched four-lane and batch calls.
extension SceneFrame {
    /// The frame as the C kernels read it; on the AVX2 + FMA path its ECEF origin is the
    /// one that path computes, so the origin maps to exactly the scene origin there too.
    @inlinable
    var kernelFrame: wmk_scene_frame {
        var frame = baseKernelFrame
        #if arch(x86_64)
        if CPUPath.current == .avx2FMA { wmk_prepare_frame_avx2(&frame) }
        #endif
        return frame
    }

    /// The frame for an explicitly chosen path.
    @inlinable
    func kernelFrame(for path: CPUPath) -> wmk_scene_frame {
        var frame = baseKernelFrame
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
        var frame = kernelFrame(for: .avx2FMA)
        var lat = latitude, lon = longitude, h = height
        var x = SIMD4<Double>(), y = SIMD4<Double>(), z = SIMD4<Double>()
        withUnsafePointer(to: &frame) { f in
            withUnsafeBytes(of: &lat) { la in
                withUnsafeBytes(of: &lon) { lo in
                    withUnsafeBytes(of: &h) { hh in
                        withUnsafeMutableBytes(of: &x) { xx in
                            withUnsafeMutableBytes(of: &y) { yy in
                                withUnsafeMutableBytes(of: &z) { zz in
                                    wmk_geo_to_scene4_avx2(f, la.baseAddress!.assumingMemoryBound(to: Double.self),
                                                           lo.baseAddress!.assumingMemoryBound(to: Double.self),
                                                           hh.baseAddress!.assumingMemoryBound(to: Double.self),
                                                           xx.baseAddress!.assumingMemoryBound(to: Double.self),
                                                           yy.baseAddress!.assumingMemoryBound(to: Double.self),
                                                           zz.baseAddress!.assumingMemoryBound(to: Double.self))
                                }
                            }
                        }
                    }
                }
            }
        }
        return (x, y, z)
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
        var frame = kernelFrame(for: path)
        #if arch(x86_64)
        if path == .avx2FMA {
            wmk_scene_to_geo_avx2(&frame, input, inputStride, output, outputStride, count)
            return
        }
        #endif
        wmk_scene_to_geo_baseline(&frame, input, inputStride, output, outputStride, count)
    }
}

extension SceneFrame {
    /// Up to four validated strided points (`lanes` of them; the rest repeat the first)
    /// through the AVX2 + FMA batch kernel with a frame flattened once by the caller,
    /// so loops over groups (anchor transforms) pay no per-group set-up. x86-64 only.
    @inlinable @inline(__always)
    func scenePositionsAVX2(frame: UnsafePointer<wmk_scene_frame>, geodetic input: UnsafeRawPointer, stride: Int,
                            lanes: Int) -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        #if arch(x86_64)
        var out = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())   // room for 4 packed triples
        var x = SIMD4<Double>(), y = SIMD4<Double>(), z = SIMD4<Double>()
        withUnsafeMutableBytes(of: &out) { o in
            wmk_geo_to_scene_avx2(frame, input, stride, o.baseAddress!, 24, lanes)
            for k in 0..<4 {
                let at = (k < lanes ? k : 0) * 24
                x[k] = o.load(fromByteOffset: at, as: Double.self)
                y[k] = o.load(fromByteOffset: at + 8, as: Double.self)
                z[k] = o.load(fromByteOffset: at + 16, as: Double.self)
            }
        }
        return (x, y, z)
        #else
        fatalError("the AVX2 + FMA path exists only on x86-64")
        #endif
    }
}
