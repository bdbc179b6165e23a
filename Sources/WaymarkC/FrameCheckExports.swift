import CWaymark
import CWaymarkKernels
import WaymarkCore

// The frame conversions' checks without the conversions, for callers that split a batch
// over their own threads: check everything, then convert every chunk straight into the
// output (all or nothing without scratch memory). Each goes through the conversions'
// own shape (`checkedBatch`: count 0, NULL, an initialised frame, in that order) and
// their own element checks (`FrameKernels.checkGeodetic` / `checkScene`), so it answers
// what the conversion would. A check has no output: its input stands in for one in
// `checkedBatch`'s NULL test (the same test as the input's) and is never written.

@c @implementation
public func wm_frame_check_geodetic(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_geodetic>?,
                                    _ in_stride: Int, _ count: Int,
                                    _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    // The kernels' frame, as wm_frame_forward loads it, and the axes the anchor
    // transforms load too: a frame either refuses is refused here, so WM_OK holds for both.
    checkedBatch(frame, input, UnsafeMutablePointer(mutating: input), count, first_bad, load: { frame in
        FrameStorage.axes(frame) == nil ? nil : FrameStorage.kernel(frame)
    }) { kernel, input, _ throws(WaymarkError) in
        try FrameKernels.checkGeodetic(kernel, input, stride: in_stride, count: count)
    }
}

@c @implementation
public func wm_frame_check_scene(_ frame: UnsafePointer<wm_frame>?, _ input: UnsafePointer<wm_vec3>?,
                                 _ in_stride: Int, _ count: Int,
                                 _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    kernelBatch(frame, input, UnsafeMutablePointer(mutating: input), count, first_bad) { kernel, input, _ throws(WaymarkError) in
        try FrameKernels.checkScene(kernel, input, stride: in_stride, count: count)
    }
}
