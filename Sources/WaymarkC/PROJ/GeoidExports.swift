import CWaymark
import WaymarkCore
import WaymarkPROJ

@c @implementation
public func wm_geoid_undulation(_ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                _ undulation_m: UnsafeMutablePointer<Double>?, _ count: Int,
                                _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let input, let undulation_m else { return WM_ERROR_NULL_POINTER }
    do {
        try Geoid.validate(geodetic: input, stride: in_stride, count: count)   // before the grid is opened
        try Geoid().undulations(geodetic: input, stride: in_stride, into: undulation_m, count: count)
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}

@c @implementation
public func wm_geoid_undulation_ex(_ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                   _ undulation_m: UnsafeMutablePointer<Double>?, _ count: Int,
                                   _ interpolation: Int32, _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    let method: GeoidInterpolation
    switch interpolation {
    case WM_GEOID_BILINEAR: method = .bilinear
    case WM_GEOID_CUBIC: method = .cubic
    default: return WM_ERROR_INVALID_VALUE
    }
    guard count != 0 else { return WM_OK }
    guard let input, let undulation_m else { return WM_ERROR_NULL_POINTER }
    do {
        try Geoid(interpolation: method).undulations(geodetic: input, stride: in_stride, into: undulation_m, count: count)
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}
