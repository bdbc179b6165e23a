import CWaymarkKernels

/// The frame conversions' calls into C: each batch is one C entry (`wmk_frame_forward`,
/// `wmk_frame_reverse`, `wmk_frame_anchors`) that checks every element and runs the
/// body of the path the frame was prepared for (``LocalTangentFrame/kernelFrame(rows:inverseRows:offset:sceneLimit:path:)``),
/// so a call dispatches once and prepares nothing. The lane maths itself lives only in
/// `CWaymarkKernels/vector_body.inc`; Swift keeps the types, the shape checks and, for
/// a refused batch, the search for its first fault.
@usableFromInline
package enum FrameKernels {
    /// Four points (structure of arrays) through the same body, so a single conversion
    /// has the bits of the same point in any batch.
    @inlinable
    static func geoToFrame4(_ frame: wmk_scene_frame, latitude: SIMD4<Double>,
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
                    switch f.pointee.path {
                    case Int32(WMK_PATH_AVX512): wmk_geo_to_scene4_avx512(f, lat, lat + 4, lat + 8, x, x + 4, x + 8); return
                    case Int32(WMK_PATH_AVX2_FMA): wmk_geo_to_scene4_avx2(f, lat, lat + 4, lat + 8, x, x + 4, x + 8); return
                    default: break
                    }
                    #endif
                    wmk_geo_to_scene4_baseline(f, lat, lat + 4, lat + 8, x, x + 4, x + 8)
                }
            }
        }
        return out
    }

    /// geo → frame with its checks: shape, then (in C) every element, then the body;
    /// nothing is written unless everything is valid.
    @inlinable
    package static func forward(_ frame: UnsafePointer<wmk_scene_frame>, geodetic input: UnsafeRawPointer,
                                stride inputStride: Int, into output: UnsafeMutableRawPointer,
                                stride outputStride: Int, count: Int) throws(WaymarkError) {
        try checked(wmk_frame_forward, frame, input, inputStride, output, outputStride, count) {
            geodeticFault(input, stride: inputStride, count: count, maximumHeight: frame.pointee.max_height)
        }
    }

    /// frame → geo with its checks.
    @inlinable
    package static func reverse(_ frame: UnsafePointer<wmk_scene_frame>, scene input: UnsafeRawPointer,
                                stride inputStride: Int, into output: UnsafeMutableRawPointer,
                                stride outputStride: Int, count: Int) throws(WaymarkError) {
        try checked(wmk_frame_reverse, frame, input, inputStride, output, outputStride, count) {
            sceneFault(input, stride: inputStride, count: count, limit: frame.pointee.scene_limit)
        }
    }

    /// ``forward(_:geodetic:stride:into:stride:count:)``'s checks of its input without
    /// the conversion (the C ABI's `wm_frame_check_geodetic`): the input's shape, then
    /// every element by the same C predicate (`wmk_geodetic_all_valid`, the one
    /// `wmk_frame_forward` applies), then the same search for the first fault. Throws
    /// what the conversion throws for this input with a valid output; writes nothing.
    @inlinable
    package static func checkGeodetic(_ frame: UnsafePointer<wmk_scene_frame>, _ input: UnsafeRawPointer,
                                      stride: Int, count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        guard count > 0 else { return }
        if wmk_geodetic_all_valid(input, stride, count, frame.pointee.max_height) == 0 {
            throw geodeticFault(input, stride: stride, count: count, maximumHeight: frame.pointee.max_height)
        }
    }

    /// ``reverse(_:scene:stride:into:stride:count:)``'s checks of its input without the
    /// conversion (`wm_frame_check_scene`), as ``checkGeodetic(_:_:stride:count:)``.
    @inlinable
    package static func checkScene(_ frame: UnsafePointer<wmk_scene_frame>, _ input: UnsafeRawPointer,
                                   stride: Int, count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        guard count > 0 else { return }
        if wmk_scene_all_valid(input, stride, count, frame.pointee.scene_limit) == 0 {
            throw sceneFault(input, stride: stride, count: count, limit: frame.pointee.scene_limit)
        }
    }

    /// The conversions' shape: the strides and count checked, then the C entry (which
    /// checks every element and writes only when all are valid); `fault` names the
    /// first bad element of a batch it refused.
    @inlinable @inline(__always)
    static func checked(_ entry: (UnsafePointer<wmk_scene_frame>?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int, Int) -> Int32,
                        _ frame: UnsafePointer<wmk_scene_frame>, _ input: UnsafeRawPointer, _ inputStride: Int,
                        _ output: UnsafeMutableRawPointer, _ outputStride: Int, _ count: Int,
                        fault: () -> WaymarkError) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, strides: inputStride, outputStride)
        guard count > 0 else { return }
        if entry(frame, input, inputStride, output, outputStride, count) == 0 { throw fault() }
    }

    /// Anchor transforms with their checks (matrices every `outputStride` ≥ 64 bytes).
    @inlinable
    package static func anchors(_ frame: UnsafePointer<wmk_scene_frame>, axes: SceneAxes,
                                geodetic input: UnsafeRawPointer, stride inputStride: Int,
                                into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: inputStride, elementSize: StridedTriples.size)
        try StridedTriples.checkShape(count: count, stride: outputStride, elementSize: MemoryLayout<Matrix4x4f>.size)
        guard count > 0 else { return }
        let y = axes.yawAxes
        var yaw = wmk_anchor_axes(forward: Int32(y.forward), side: Int32(y.side), up: Int32(y.up),
                                  cos_sign: y.cosSign, sin_sign: y.sinSign)
        if wmk_frame_anchors(frame, input, inputStride, output, outputStride, count, &yaw) == 0 {
            throw geodeticFault(input, stride: inputStride, count: count, maximumHeight: frame.pointee.max_height)
        }
    }

    /// The first bad point of a geodetic batch the C check refused (a batch it refused
    /// has one; the fallback only guards against a frame whose bytes were overwritten).
    @inlinable
    static func geodeticFault(_ input: UnsafeRawPointer, stride: Int, count: Int,
                              maximumHeight: Double) -> WaymarkError {
        let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count, maximumHeight: maximumHeight)
        return .invalidElement(index: bad?.index ?? 0, fault: bad?.fault ?? .outOfRange)
    }

    /// The first bad point of a scene batch the C check refused, as ``geodeticFault(_:stride:count:maximumHeight:)``.
    @inlinable
    static func sceneFault(_ input: UnsafeRawPointer, stride: Int, count: Int, limit: Double) -> WaymarkError {
        let bad = StridedTriples.firstSceneFault(input, stride: stride, count: count, limit: limit)
        return .invalidElement(index: bad?.index ?? 0, fault: bad?.fault ?? .outOfRange)
    }
}
