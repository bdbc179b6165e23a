import CWaymark
import WaymarkCore

/// The core's region for a C `wm_region` (NULL: the China rectangle), or nil when it is
/// not valid. A polygon is copied once per call.
func region(_ r: UnsafePointer<wm_region>?) -> ChinaRegion? {
    guard let r else { return .chinaRectangle }
    switch r.pointee.kind {
    case WM_REGION_CHINA_RECTANGLE: return .chinaRectangle
    case WM_REGION_EVERYWHERE: return .everywhere
    case WM_REGION_POLYGON:
        guard let vertices = r.pointee.polygon, r.pointee.polygon_count >= 3 else { return nil }
        guard r.pointee.polygon_count <= Limits.maximumPolygonVertices else { return nil }
        var ring: [SIMD2<Double>] = []
        ring.reserveCapacity(r.pointee.polygon_count)
        for i in 0..<r.pointee.polygon_count {
            guard let v = coordinate(vertices[i]) else { return nil }
            ring.append(SIMD2(v.latitude, v.longitude))
        }
        return .polygon(ring)
    default: return nil
    }
}

func datumBatch(_ conversion: ChinaDatum.Conversion, _ r: UnsafePointer<wm_region>?,
                _ input: UnsafePointer<wm_geodetic>?, _ inStride: Int,
                _ output: UnsafeMutablePointer<wm_geodetic>?, _ outStride: Int, _ count: Int,
                _ firstBad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let policy = region(r) else { return WM_ERROR_INVALID_VALUE }
    guard let input, let output else { return WM_ERROR_NULL_POINTER }
    do {
        try ChinaDatum.convert(conversion, region: policy, geodetic: input, stride: inStride,
                               into: output, stride: outStride, count: count)
    } catch { return status(of: error, firstBad: firstBad) }
    return WM_OK
}

@c @implementation
public func wm_gcj02_from_wgs84(_ region: UnsafePointer<wm_region>?, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                _ output: UnsafeMutablePointer<wm_geodetic>?, _ out_stride: Int, _ count: Int,
                                _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    datumBatch(.gcj02FromWGS84, region, input, in_stride, output, out_stride, count, first_bad)
}

@c @implementation
public func wm_wgs84_from_gcj02(_ region: UnsafePointer<wm_region>?, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                _ output: UnsafeMutablePointer<wm_geodetic>?, _ out_stride: Int, _ count: Int,
                                _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    datumBatch(.wgs84FromGCJ02, region, input, in_stride, output, out_stride, count, first_bad)
}

@c @implementation
public func wm_bd09_from_gcj02(_ region: UnsafePointer<wm_region>?, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                               _ output: UnsafeMutablePointer<wm_geodetic>?, _ out_stride: Int, _ count: Int,
                               _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    datumBatch(.bd09FromGCJ02, region, input, in_stride, output, out_stride, count, first_bad)
}

@c @implementation
public func wm_gcj02_from_bd09(_ region: UnsafePointer<wm_region>?, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                               _ output: UnsafeMutablePointer<wm_geodetic>?, _ out_stride: Int, _ count: Int,
                               _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    datumBatch(.gcj02FromBD09, region, input, in_stride, output, out_stride, count, first_bad)
}
