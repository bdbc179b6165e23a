import CWaymarkKernels

/// The frame conversions' dispatch: each call runs the C kernel body for a ``CPUPath``
/// (the portable body on `.baseline`, the AVX2 + FMA one on `.avx2FMA`, the eight-lane
/// one on `.avx512`), over a frame
/// flattened by ``LocalTangentFrame/kernelFrame(rows:offset:path:)``. The lane maths
/// itself lives only in `CWaymarkKernels/vector_body.inc`; Swift keeps the types and
/// the checks. Callers validate first (the kernels never fail).
@usableFromInline
enum FrameKernels {
    /// A batch kernel's C signature (frame, input, its stride, output, its stride, count).
    @usableFromInline
    typealias Batch = @convention(c) (UnsafePointer<wmk_scene_frame>?, UnsafeRawPointer?, Int,
                                      UnsafeMutableRawPointer?, Int, Int) -> Void

    /// A batch kernel per path; the x86 ones are nil elsewhere.
    @usableFromInline
    typealias Kernels = (baseline: Batch, avx2: Batch?, avx512: Batch?)

    /// `path`'s kernel (the x86 ones on x86-64 only), else `kernels.baseline`.
    @inlinable
    static func run(_ kernels: Kernels, _ frame: wmk_scene_frame, path: CPUPath,
                    _ input: UnsafeRawPointer, _ inputStride: Int, _ output: UnsafeMutableRawPointer,
                    _ outputStride: Int, _ count: Int) {
        let kernel = switch path {
        case .baseline: kernels.baseline
        case .avx2FMA: kernels.avx2 ?? kernels.baseline
        case .avx512: kernels.avx512 ?? kernels.baseline
        }
        withUnsafePointer(to: frame) { kernel($0, input, inputStride, output, outputStride, count) }
    }

    /// geo → frame's kernels.
    @inlinable
    static var geoToFrameKernels: Kernels {
        #if arch(x86_64)
        (wmk_geo_to_scene_baseline, wmk_geo_to_scene_avx2, wmk_geo_to_scene_avx512)
        #else
        (wmk_geo_to_scene_baseline, nil, nil)
        #endif
    }

    /// frame → geo's kernels (the frame built with the inverse rows: they multiply by
    /// the transpose).
    @inlinable
    static var frameToGeoKernels: Kernels {
        #if arch(x86_64)
        (wmk_scene_to_geo_baseline, wmk_scene_to_geo_avx2, wmk_scene_to_geo_avx512)
        #else
        (wmk_scene_to_geo_baseline, nil, nil)
        #endif
    }

    /// Four points (structure of arrays) through the same body, so a single conversion
    /// has the bits of the same point in any batch.
    @inlinable
    static func geoToFrame4(_ frame: wmk_scene_frame, path: CPUPath, latitude: SIMD4<Double>,
                            longitude: SIMD4<Double>, height: SIMD4<Double>)
        -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        // The mutable outputs outermost: no closure captures a variable by reference.
        let input = (latitude, longitude, height)
        var out = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
        withUnsafeMutableBytes(of: &out) { o in
            withUnsafeBytes(of: input) { i in
                withUnsafePointer(to: frame) { f in
                    let lat = i.baseAddress!.assumingMemoryBound(to: Double.self)
                    let x = o.baseAddress!.assumingMemoryBound(to: Double.self)
                    #if arch(x86_64)
                    switch path {
                    case .avx512: wmk_geo_to_scene4_avx512(f, lat, lat + 4, lat + 8, x, x + 4, x + 8); return
                    case .avx2FMA: wmk_geo_to_scene4_avx2(f, lat, lat + 4, lat + 8, x, x + 4, x + 8); return
                    case .baseline: break
                    }
                    #endif
                    wmk_geo_to_scene4_baseline(f, lat, lat + 4, lat + 8, x, x + 4, x + 8)
                }
            }
        }
        return out
    }

    /// The geo → frame batch with its checks: shape, then every element, then the body
    /// (nothing is written unless everything is valid).
    @inlinable
    static func geoToFrameChecked(_ frame: () -> wmk_scene_frame, path: CPUPath, geodetic input: UnsafeRawPointer,
                                  stride inputStride: Int, into output: UnsafeMutableRawPointer,
                                  stride outputStride: Int, count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, strides: inputStride, outputStride)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: inputStride, count: count,
                                                       maximumHeight: Limits.maximumSceneCoordinate) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        run(geoToFrameKernels, frame(), path: path, input, inputStride, output, outputStride, count)
    }

    /// The frame → geo batch with its checks.
    @inlinable
    static func frameToGeoChecked(_ frame: () -> wmk_scene_frame, path: CPUPath, scene input: UnsafeRawPointer,
                                  stride inputStride: Int, into output: UnsafeMutableRawPointer,
                                  stride outputStride: Int, count: Int,
                                  limit: Double = Limits.maximumSceneCoordinate) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, strides: inputStride, outputStride)
        if let bad = StridedTriples.firstSceneFault(input, stride: inputStride, count: count, limit: limit) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        run(frameToGeoKernels, frame(), path: path, input, inputStride, output, outputStride, count)
    }
}
