import CWaymark
import WaymarkCore

/// `wm_mat4f` and `Matrix4x4<Float>` share one layout: 16 floats, column-major.
@inline(__always)
func matrix(_ m: UnsafePointer<wm_mat4f>) -> Matrix4x4f {
    UnsafeRawPointer(m).loadUnaligned(as: Matrix4x4f.self)
}

@inline(__always)
func store(_ m: Matrix4x4f, _ out: UnsafeMutablePointer<wm_mat4f>) {
    UnsafeMutableRawPointer(out).storeBytes(of: m, as: Matrix4x4f.self)
}

@c @implementation
public func wm_mat4f_multiply(_ a: UnsafePointer<wm_mat4f>?, _ b: UnsafePointer<wm_mat4f>?, _ out: UnsafeMutablePointer<wm_mat4f>?) -> wm_status {
    guard let a, let b, let out else { return WM_ERROR_NULL_POINTER }
    let (ma, mb) = (matrix(a), matrix(b))
    guard ma.isFinite, mb.isFinite else { return WM_ERROR_INVALID_VALUE }
    store(ma * mb, out)
    return WM_OK
}

/// The one-matrix calls, checked in the header's order: NULL is NULL_POINTER, a
/// non-finite matrix INVALID_VALUE, no answer from `answer` SINGULAR.
func matrixAnswer(_ m: UnsafePointer<wm_mat4f>?, _ out: UnsafeMutablePointer<wm_mat4f>?,
                  _ answer: (Matrix4x4f) -> Matrix4x4f?) -> wm_status {
    guard let m, let out else { return WM_ERROR_NULL_POINTER }
    let mm = matrix(m)
    guard mm.isFinite else { return WM_ERROR_INVALID_VALUE }
    guard let r = answer(mm) else { return WM_ERROR_SINGULAR }
    store(r, out)
    return WM_OK
}

@c @implementation
public func wm_mat4f_inverse_rigid(_ m: UnsafePointer<wm_mat4f>?, _ out: UnsafeMutablePointer<wm_mat4f>?) -> wm_status {
    matrixAnswer(m, out) { $0.rigidInverse }
}

@c @implementation
public func wm_mat4f_inverse(_ m: UnsafePointer<wm_mat4f>?, _ out: UnsafeMutablePointer<wm_mat4f>?) -> wm_status {
    matrixAnswer(m, out) { mm in
        // Inverted in double; an inverse beyond Float's range is as singular as none.
        guard let inverse = Matrix4x4d(mm).inverse else { return nil }
        let single = Matrix4x4f(inverse)
        return single.isFinite ? single : nil
    }
}

@c @implementation
public func wm_mat4f_transform_points(_ m: UnsafePointer<wm_mat4f>?, _ xyz: UnsafeMutablePointer<Float>?, _ stride: Int,
                                      _ count: Int, _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let m, let xyz else { return WM_ERROR_NULL_POINTER }
    let mm = matrix(m)
    guard mm.isFinite else { return WM_ERROR_INVALID_VALUE }
    do {
        try mm.transformPoints(UnsafeMutableRawPointer(xyz), stride: stride, count: count)
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}
