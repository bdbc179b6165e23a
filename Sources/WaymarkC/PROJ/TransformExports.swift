import CWaymark
import WaymarkCore
import WaymarkPROJ

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
    createTransform(from, to, flags, out, message: nil, capacity: 0)
}

/// The one body of the create functions: checks, builds, and on failure writes PROJ's
/// reason to `message` when the caller gave a buffer.
func createTransform(_ from: UnsafePointer<CChar>?, _ to: UnsafePointer<CChar>?, _ flags: UInt32,
                     _ out: UnsafeMutablePointer<OpaquePointer?>?,
                     message: UnsafeMutablePointer<CChar>?, capacity: Int) -> wm_status {
    guard let from, let to, let out else { return WM_ERROR_NULL_POINTER }
    guard flags & ~UInt32(WM_TRANSFORM_ALLOW_PATHS) == 0 else { return WM_ERROR_INVALID_VALUE }
    let files: PROJFileAccess = flags & UInt32(WM_TRANSFORM_ALLOW_PATHS) != 0 ? .allowPaths : .resourcesOnly
    do {
        out.pointee = handle(try CRSTransform(from: String(cString: from), to: String(cString: to), files: files))
    } catch {
        if let message { copyMessage(error.message, into: message, capacity: capacity) }
        return status(of: error)
    }
    return WM_OK
}

@c @implementation
public func wm_transform_create_with_message(_ from: UnsafePointer<CChar>?, _ to: UnsafePointer<CChar>?,
                                             _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                             _ message: UnsafeMutablePointer<CChar>?,
                                             _ message_capacity: Int) -> wm_status {
    createTransform(from, to, 0, out, message: message, capacity: message_capacity)
}

/// Copies `text` as a NUL-terminated C string, cut at a UTF-8 character boundary to fit
/// `capacity` bytes; nothing is written when the capacity is 0.
func copyMessage(_ text: String, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) {
    guard capacity > 0 else { return }
    var length = 0
    for byte in text.utf8 {
        guard length < capacity - 1 else { break }
        buffer[length] = CChar(bitPattern: byte)
        length += 1
    }
    // Never end inside a multi-byte character: drop continuation bytes and their lead.
    if length < text.utf8.count {
        var end = length
        while end > 0, UInt8(bitPattern: buffer[end - 1]) & 0xC0 == 0x80 { end -= 1 }
        if end > 0, UInt8(bitPattern: buffer[end - 1]) >= 0xC0 { length = end - 1 }
    }
    buffer[length] = 0
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
