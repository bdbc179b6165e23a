import CWaymark
import WaymarkCore

/// The `wm_status` for a core error, reporting a bad element's index through
/// `first_bad` when the caller asked for it.
@inline(__always)
func status(of error: WaymarkError, firstBad: UnsafeMutablePointer<Int>? = nil) -> wm_status {
    switch error {
    case .invalidInput, .invalidEllipsoid: return WM_ERROR_INVALID_VALUE
    case .invalidElement(let index, _):
        firstBad?.pointee = index
        return WM_ERROR_INVALID_VALUE
    case .badStride: return WM_ERROR_BAD_STRIDE
    case .badCount: return WM_ERROR_BAD_COUNT
    case .projFailure: return WM_ERROR_PROJ
    case .gridMissing: return WM_ERROR_GRID_MISSING
    case .noConvergence(let index):
        if let index { firstBad?.pointee = index }
        return WM_ERROR_NO_CONVERGENCE
    }
}

/// A validated coordinate from the C struct, or nil.
@inline(__always)
func coordinate(_ g: wm_geodetic) -> GeodeticCoordinate? {
    try? GeodeticCoordinate(latitude: g.lat_deg, longitude: g.lon_deg, height: g.height_m)
}

@inline(__always)
func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func wm_status_string(_ status: wm_status) -> UnsafePointer<CChar>! {
    switch status {
    case WM_OK: return cString("ok")
    case WM_ERROR_NULL_POINTER: return cString("null pointer")
    case WM_ERROR_INVALID_VALUE: return cString("invalid value (NaN, infinity, latitude beyond +-90, bad ellipsoid, radius or enum)")
    case WM_ERROR_BAD_STRIDE: return cString("stride smaller than its element")
    case WM_ERROR_BAD_COUNT: return cString("count too large for memory")
    case WM_ERROR_PROJ: return cString("PROJ failed")
    case WM_ERROR_NO_CONVERGENCE: return cString("no convergence")
    case WM_ERROR_GRID_MISSING: return cString("PROJ grid file missing (install proj-data)")
    case WM_ERROR_INVALID_FRAME: return cString("frame not initialised by wm_frame_init")
    case WM_ERROR_SINGULAR: return cString("singular matrix")
    case WM_ERROR_NOT_AVAILABLE: return cString("not available (no estimate in the window, or behind the camera)")
    default: return cString("unknown status")
    }
}

@c @implementation
public func wm_version() -> UInt32 {
    UInt32(WAYMARK_VERSION_MAJOR * 10000 + WAYMARK_VERSION_MINOR * 100 + WAYMARK_VERSION_PATCH)
}

@c @implementation
public func wm_version_string() -> UnsafePointer<CChar>! {
    // The package's own constant, so the Swift API and the C library cannot disagree.
    UnsafeRawPointer(WaymarkVersion.cString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func wm_cpu_path() -> Int32 {
    switch CPUPath.current {
    case .baseline: Int32(WM_CPU_PATH_BASELINE)
    case .avx2FMA: Int32(WM_CPU_PATH_AVX2_FMA)
    case .avx512: Int32(WM_CPU_PATH_AVX512)
    }
}
