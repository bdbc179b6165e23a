import CWaymark
import WaymarkCore

/// The geodesic batches' checks before any work, in the header's order: count 0 does
/// nothing, NULL input or distances are NULL_POINTER, an invalid origin is
/// INVALID_VALUE; then `solve` with the origin and the input.
func geodesicBatch(_ origin: wm_geodetic, _ input: UnsafePointer<wm_geodetic>?, _ distances: UnsafeMutablePointer<Double>?,
                   _ count: Int, _ solve: (GeodeticCoordinate, UnsafePointer<wm_geodetic>) -> wm_status) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let input, distances != nil else { return WM_ERROR_NULL_POINTER }
    guard let origin = coordinate(origin) else { return WM_ERROR_INVALID_VALUE }
    return solve(origin, input)
}

@c @implementation
public func wm_geodesic_short_batch(_ origin: wm_geodetic, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                    _ distance_m: UnsafeMutablePointer<Double>?, _ azimuth1_deg: UnsafeMutablePointer<Double>?,
                                    _ azimuth2_deg: UnsafeMutablePointer<Double>?, _ count: Int,
                                    _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    geodesicBatch(origin, input, distance_m, count) { origin, input in
        do throws(WaymarkError) {
            try StridedTriples.checkShape(count: count, stride: in_stride, elementSize: StridedTriples.size)
            if let bad = StridedTriples.firstGeodeticFault(input, stride: in_stride, count: count,
                                                           maximumHeight: .greatestFiniteMagnitude) {
                throw .invalidElement(index: bad.index, fault: bad.fault)
            }
        } catch { return status(of: error, firstBad: first_bad) }
        let geodesic = ShortRangeGeodesic.wgs84, start = geodesic.start(origin)
        // The lines the method refuses are known only once solved: a first pass without
        // outputs finds them, so a refused batch writes nothing.
        var refused = Int.max
        geodesic.inverse(from: start, geodetic: input, stride: in_stride, count: count, distances: nil, azimuths1: nil,
                         azimuths2: nil, path: .current) { index in
            refused = min(refused, index)
            return GeodesicInverse(distance: .nan, azimuth1: .nan, azimuth2: .nan)
        }
        if refused != Int.max {
            first_bad?.pointee = refused
            return WM_ERROR_NOT_AVAILABLE
        }
        geodesic.inverse(from: start, geodetic: input, stride: in_stride, count: count, distances: distance_m,
                         azimuths1: azimuth1_deg, azimuths2: azimuth2_deg, path: .current) { _ in
            // The first pass took every line, and each line's answer is its own.
            GeodesicInverse(distance: .nan, azimuth1: .nan, azimuth2: .nan)
        }
        return WM_OK
    }
}
