import CWaymark
import CWaymarkKernels
import WaymarkCore

@c @implementation
public func wm_frame_init(_ frame: UnsafeMutablePointer<wm_frame>?, _ origin: wm_geodetic, _ axes: wm_axes) -> wm_status {
    wm_frame_init_ellipsoid(frame, Ellipsoid.wgs84.equatorialRadius, Ellipsoid.wgs84.flattening, origin, axes)
}

@c @implementation
public func wm_frame_init_ellipsoid(_ frame: UnsafeMutablePointer<wm_frame>?, _ a_m: Double, _ f: Double,
                                    _ origin: wm_geodetic, _ axes: wm_axes) -> wm_status {
    guard let frame else { return WM_ERROR_NULL_POINTER }
    guard let ellipsoid = try? Ellipsoid(equatorialRadius: a_m, flattening: f),
          let origin = coordinate(origin), origin.height.magnitude <= Limits.maximumSceneCoordinate,
          let axes = SceneAxes(rawValue: axes), FrameStorage.fits()
    else { return WM_ERROR_INVALID_VALUE }
    FrameStorage.store(SceneFrame(origin: origin, ellipsoid: ellipsoid, axes: axes), into: frame)
    return WM_OK
}

@c @implementation
public func wm_frame_set_estimate(_ frame: UnsafeMutablePointer<wm_frame>?, _ scene_origin: wm_vec3,
                                  _ heading_correction_deg: Double) -> wm_status {
    guard let frame else { return WM_ERROR_NULL_POINTER }
    guard var scene = FrameStorage.load(frame) else { return WM_ERROR_INVALID_FRAME }
    do {
        try scene.setEstimate(sceneOrigin: SIMD3(scene_origin.x, scene_origin.y, scene_origin.z),
                              headingCorrection: heading_correction_deg)
    } catch { return status(of: error) }
    FrameStorage.store(scene, into: frame)
    return WM_OK
}

/// The shared shape of every frame batch: `count == 0` succeeding without looking at
/// anything (the header's promise, whatever the other arguments), NULL and
/// initialisation checks (`load` reads what the body needs from an initialised frame),
/// and the core's error turned into a status.
@inline(__always)
func checkedBatch<Frame, Input, Output>(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<Input>?,
                                        _ output: UnsafeMutablePointer<Output>?, _ count: Int,
                                        _ firstBad: UnsafeMutablePointer<Int>?,
                                        load: (UnsafePointer<wm_frame>) -> Frame?,
                                        _ body: (Frame, UnsafePointer<Input>, UnsafeMutablePointer<Output>) throws(WaymarkError) -> Void) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let frame else { return WM_ERROR_NULL_POINTER }
    guard let loaded = load(frame) else { return WM_ERROR_INVALID_FRAME }
    guard let input, let output else { return WM_ERROR_NULL_POINTER }
    do { try body(loaded, input, output) } catch { return status(of: error, firstBad: firstBad) }
    return WM_OK
}

/// Batches over the whole `SceneFrame` (rebuilt from the stored parameters).
@inline(__always)
func frameBatch<Input, Output>(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<Input>?,
                               _ output: UnsafeMutablePointer<Output>?, _ count: Int,
                               _ firstBad: UnsafeMutablePointer<Int>?,
                               _ body: (SceneFrame, UnsafePointer<Input>, UnsafeMutablePointer<Output>) throws(WaymarkError) -> Void) -> wm_status {
    checkedBatch(frame, input, output, count, firstBad, load: FrameStorage.load, body)
}

/// The conversions: `body` over the kernels' frame in place (one C entry that checks
/// every element and dispatches once).
@inline(__always)
func kernelBatch<Input, Output>(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<Input>?,
                                _ output: UnsafeMutablePointer<Output>?, _ count: Int,
                                _ firstBad: UnsafeMutablePointer<Int>?,
                                _ body: (UnsafePointer<wmk_scene_frame>, UnsafePointer<Input>, UnsafeMutablePointer<Output>) throws(WaymarkError) -> Void) -> wm_status {
    checkedBatch(frame, input, output, count, firstBad, load: FrameStorage.kernel, body)
}

@c @implementation
public func wm_frame_forward(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                             _ output: UnsafeMutablePointer<wm_vec3>?, _ out_stride: Int, _ count: Int,
                             _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    // A few points (an engine's anchors, one call each) are checked and converted in the
    // C kernels' entry, which hands every other call to frameForward below by a tail call:
    // a call of one point is then about its conversion's latency, and every instruction
    // in front of it would delay the next call's start.
    wmk_abi_frame_forward(frame, input, in_stride, output, out_stride, count, first_bad, frameForward)
}

/// wm_frame_forward's general path: every check, the status, the conversion.
private func frameForward(_ frame: UnsafeRawPointer?, _ input: UnsafeRawPointer?, _ inStride: Int,
                          _ output: UnsafeMutableRawPointer?, _ outStride: Int, _ count: Int,
                          _ firstBad: UnsafeMutablePointer<Int>?) -> Int32 {
    generalPath(frame, input, output, count, firstBad, wm_geodetic.self, wm_vec3.self) { kernel, input, output throws(WaymarkError) in
        try FrameKernels.forward(kernel, geodetic: input, stride: inStride, into: output, stride: outStride, count: count)
    }
}

/// A conversion's general path over the C entry's untyped arguments.
@inline(__always)
private func generalPath<Input, Output>(_ frame: UnsafeRawPointer?, _ input: UnsafeRawPointer?,
                                        _ output: UnsafeMutableRawPointer?, _ count: Int,
                                        _ firstBad: UnsafeMutablePointer<Int>?, _: Input.Type, _: Output.Type,
                                        _ body: (UnsafePointer<wmk_scene_frame>, UnsafePointer<Input>, UnsafeMutablePointer<Output>) throws(WaymarkError) -> Void) -> wm_status {
    kernelBatch(frame?.assumingMemoryBound(to: wm_frame.self), input?.assumingMemoryBound(to: Input.self),
                output?.assumingMemoryBound(to: Output.self), count, firstBad, body)
}

@c @implementation
public func wm_frame_reverse(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_vec3>?, _ in_stride: Int,
                             _ output: UnsafeMutablePointer<wm_geodetic>?, _ out_stride: Int, _ count: Int,
                             _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    wmk_abi_frame_reverse(frame, input, in_stride, output, out_stride, count, first_bad, frameReverse)
}

/// wm_frame_reverse's general path.
private func frameReverse(_ frame: UnsafeRawPointer?, _ input: UnsafeRawPointer?, _ inStride: Int,
                          _ output: UnsafeMutableRawPointer?, _ outStride: Int, _ count: Int,
                          _ firstBad: UnsafeMutablePointer<Int>?) -> Int32 {
    generalPath(frame, input, output, count, firstBad, wm_vec3.self, wm_geodetic.self) { kernel, input, output throws(WaymarkError) in
        try FrameKernels.reverse(kernel, scene: input, stride: inStride, into: output, stride: outStride, count: count)
    }
}

/// Anchor transforms with matrices every `outStride` bytes, on the kernels' frame in
/// place. wm_mat4f and Matrix4x4<Float> share one layout (64 bytes, column-major), but
/// C aligns wm_mat4f to 4 bytes only: the kernels store unaligned-safe.
@inline(__always)
func anchorBatch(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_geodetic>?, _ inStride: Int,
                 _ output: UnsafeMutableRawPointer?, _ outStride: Int, _ count: Int,
                 _ firstBad: UnsafeMutablePointer<Int>?) -> wm_status {
    checkedBatch(frame, input, output?.assumingMemoryBound(to: UInt8.self), count, firstBad, load: { (frame) -> (UnsafePointer<wmk_scene_frame>, SceneAxes)? in
        guard let kernel = FrameStorage.kernel(frame), let axes = FrameStorage.axes(frame) else { return nil }
        return (kernel, axes)
    }) { (loaded: (UnsafePointer<wmk_scene_frame>, SceneAxes), input, output) throws(WaymarkError) in
        try FrameKernels.anchors(loaded.0, axes: loaded.1, geodetic: input, stride: inStride,
                                 into: UnsafeMutableRawPointer(output), stride: outStride, count: count)
    }
}

@c @implementation
public func wm_frame_anchor_transforms(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_geodetic>?,
                                       _ in_stride: Int, _ output: UnsafeMutablePointer<wm_mat4f>?, _ count: Int,
                                       _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    anchorBatch(frame, input, in_stride, output.map(UnsafeMutableRawPointer.init), 64, count, first_bad)
}

@c @implementation
public func wm_frame_anchor_transforms_ex(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_geodetic>?,
                                          _ in_stride: Int, _ output: UnsafeMutableRawPointer?, _ out_stride: Int,
                                          _ count: Int, _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    anchorBatch(frame, input, in_stride, output, out_stride, count, first_bad)
}

@c @implementation
public func wm_axes_describe(_ axes: wm_axes, _ right_handed: UnsafeMutablePointer<Int32>?,
                             _ units_per_metre: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let axes = SceneAxes(rawValue: axes) else { return WM_ERROR_INVALID_VALUE }
    right_handed?.pointee = axes.isRightHanded ? 1 : 0
    units_per_metre?.pointee = axes.unitsPerMetre
    return WM_OK
}

@c @implementation
public func wm_baseline_forward(_ method: wm_baseline, _ frame: UnsafePointer<wm_frame>?,
                                _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                _ output: UnsafeMutablePointer<wm_vec3>?, _ out_stride: Int, _ count: Int,
                                _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let kind = SphericalBaseline.Method(rawValue: method) else { return WM_ERROR_INVALID_VALUE }
    let baseline = kind == .haversine ? SphericalBaseline.haversine : SphericalBaseline.metersPerDegree
    return frameBatch(frame, input, output, count, first_bad) { scene, input, output throws(WaymarkError) in
        try scene.scenePositions(geodetic: input, stride: in_stride, into: output, stride: out_stride,
                                 count: count, baseline: baseline)
    }
}
