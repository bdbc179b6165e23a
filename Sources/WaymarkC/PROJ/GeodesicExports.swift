import CWaymark
import WaymarkCore
import WaymarkPROJ

@c @implementation
public func wm_geodesic_inverse(_ a: wm_geodetic, _ b: wm_geodetic, _ distance_m: UnsafeMutablePointer<Double>?,
                                _ azimuth1_deg: UnsafeMutablePointer<Double>?, _ azimuth2_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let distance_m else { return WM_ERROR_NULL_POINTER }
    guard let a = coordinate(a), let b = coordinate(b) else { return WM_ERROR_INVALID_VALUE }
    let r = Geodesic.wgs84.inverse(a, b)
    distance_m.pointee = r.distance
    azimuth1_deg?.pointee = r.azimuth1
    azimuth2_deg?.pointee = r.azimuth2
    return WM_OK
}

@c @implementation
public func wm_geodesic_direct(_ start: wm_geodetic, _ azimuth1_deg: Double, _ distance_m: Double,
                               _ end: UnsafeMutablePointer<wm_geodetic>?, _ azimuth2_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let end else { return WM_ERROR_NULL_POINTER }
    guard let start = coordinate(start),
          let r = try? Geodesic.wgs84.direct(from: start, azimuth: azimuth1_deg, distance: distance_m),
          r.destination.latitude.isFinite, r.destination.longitude.isFinite, r.azimuth2.isFinite
    else { return WM_ERROR_INVALID_VALUE }
    end.pointee = wm_geodetic(lat_deg: r.destination.latitude, lon_deg: r.destination.longitude, height_m: r.destination.height)
    azimuth2_deg?.pointee = r.azimuth2
    return WM_OK
}

@c @implementation
public func wm_geodesic_inverse_batch(_ origin: wm_geodetic, _ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int,
                                      _ distance_m: UnsafeMutablePointer<Double>?, _ azimuth1_deg: UnsafeMutablePointer<Double>?,
                                      _ azimuth2_deg: UnsafeMutablePointer<Double>?, _ count: Int,
                                      _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    geodesicBatch(origin, input, distance_m, count) { origin, input in
        do throws(WaymarkError) {
            try Geodesic.wgs84.inverse(from: origin, geodetic: input, stride: in_stride, distances: distance_m,
                                       azimuths1: azimuth1_deg, azimuths2: azimuth2_deg, count: count, shortRange: true)
        } catch { return status(of: error, firstBad: first_bad) }
        return WM_OK
    }
}

@c @implementation
public func wm_polyline_length(_ input: UnsafePointer<wm_geodetic>?, _ in_stride: Int, _ count: Int,
                               _ cumulative_m: UnsafeMutablePointer<Double>?, _ total_m: UnsafeMutablePointer<Double>?,
                               _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let total_m, count == 0 || input != nil else { return WM_ERROR_NULL_POINTER }
    guard count != 0, let input else {
        total_m.pointee = 0
        return WM_OK
    }
    do {
        total_m.pointee = try Geodesic.wgs84.length(geodetic: input, stride: in_stride, count: count, cumulative: cumulative_m,
                                                    shortRange: true)
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}
