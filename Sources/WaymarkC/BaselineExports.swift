import CWaymark
import WaymarkCore

@c @implementation
public func wm_haversine_inverse(_ radius_m: Double, _ a: wm_geodetic, _ b: wm_geodetic,
                                 _ distance_m: UnsafeMutablePointer<Double>?, _ bearing_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let distance_m else { return WM_ERROR_NULL_POINTER }
    guard let sphere = try? Haversine(radius: radius_m), let a = coordinate(a), let b = coordinate(b)
    else { return WM_ERROR_INVALID_VALUE }
    // A radius near DBL_MAX times an angle overflows: a status, not +infinity.
    let distance = sphere.distance(a, b), bearing = sphere.initialBearing(a, b)
    guard distance.isFinite, bearing.isFinite else { return WM_ERROR_INVALID_VALUE }
    distance_m.pointee = distance
    bearing_deg?.pointee = bearing
    return WM_OK
}
