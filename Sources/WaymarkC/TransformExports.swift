import CWaymark
import Waymark

// A wm_transform * is a retained CRSTransform.

@inline(__always)
func transformObject(_ p: OpaquePointer) -> CRSTransform {
    Unmanaged<CRSTransform>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

@inline(__always)
func handle(_ t: CRSTransform) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(t).toOpaque())
}

@c @implementation
public func wm_transform_create(_ from: UnsafePointer<CChar>?, _ to: UnsafePointer<CChar>?,
                                _ out: UnsafeMutablePointer<OpaquePointer?>?) -> wm_status {
    wm_transform_create_ex(from, to, 0, out)
}

@c @implementation
public func wm_transform_create_ex(_ from: UnsafePointer<CChar>?, _ to: UnsafePointer<CChar>?, _ flags: UInt32,
                                   _ out: UnsafeMutablePointer<OpaquePointer?>?) -> wm_status {
    guard let from, let to, let out else { return WM_ERROR_NULL_POINTER }
    guard flags & ~UInt32(WM_TRANSFORM_ALLOW_PATHS) == 0 else { return WM_ERROR_INVALID_VALUE }
    let files: PROJFileAccess = flags & UInt32(WM_TRANSFORM_ALLOW_PATHS) != 0 ? .allowPaths : .resourcesOnly
    do {
        out.pointee = handle(try CRSTransform(from: String(cString: from), to: String(cString: to), files: files))
    } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_transform_clone(_ transform: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> wm_status {
    guard let transform, let out else { return WM_ERROR_NULL_POINTER }
    do {
        out.pointee = handle(try transformObject(transform).clone())
    } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_transform_apply(_ transform: OpaquePointer?, _ input: UnsafePointer<wm_vec3>?, _ in_stride: Int,
                               _ output: UnsafeMutablePointer<wm_vec3>?, _ out_stride: Int, _ count: Int,
                               _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let transform, let input, let output else { return WM_ERROR_NULL_POINTER }
    do {
        try transformObject(transform).transform(input, stride: in_stride, into: output, stride: out_stride, count: count)
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}

@c @implementation
public func wm_transform_destroy(_ transform: OpaquePointer?) {
    guard let transform else { return }
    Unmanaged<CRSTransform>.fromOpaque(UnsafeRawPointer(transform)).release()
}
