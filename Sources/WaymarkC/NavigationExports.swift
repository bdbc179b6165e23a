import CWaymark
import WaymarkCore
import WaymarkNavigation

// Handles: retained Swift objects behind opaque pointers.
final class RouteHandle { let path: RoutePath; init(_ p: RoutePath) { path = p } }
final class EstimatesHandle { var buffer: EstimateBuffer; init(_ b: EstimateBuffer) { buffer = b } }
final class CorrectorHandle { var corrector: HeadingCorrector; init(_ c: HeadingCorrector) { corrector = c } }

@inline(__always) func retained<T: AnyObject>(_ object: T) -> OpaquePointer { OpaquePointer(Unmanaged.passRetained(object).toOpaque()) }
@inline(__always) func object<T: AnyObject>(_ p: OpaquePointer, as type: T.Type) -> T {
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}
@inline(__always) func release<T: AnyObject>(_ p: OpaquePointer?, as type: T.Type) {
    guard let p else { return }
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(p)).release()
}
@inline(__always) func vec(_ v: wm_vec3) -> SIMD3<Double> { SIMD3(v.x, v.y, v.z) }
@inline(__always) func cvec(_ v: SIMD3<Double>) -> wm_vec3 { wm_vec3(x: v.x, y: v.y, z: v.z) }
@inline(__always) func finite(_ v: wm_vec3) -> Bool { v.x.isFinite && v.y.isFinite && v.z.isFinite }
/// Finite and within the frames' ±1e12 m, so frame arithmetic on it cannot overflow.
@inline(__always) func withinScene(_ v: wm_vec3) -> Bool {
    let limit = Limits.maximumSceneCoordinate
    return v.x.magnitude <= limit && v.y.magnitude <= limit && v.z.magnitude <= limit
}

// MARK: Route

@c @implementation
public func wm_route_create(_ points: UnsafePointer<wm_vec3>?, _ stride: Int, _ count: Int, _ axes: wm_axes,
                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> wm_status {
    guard let points, let out else { return WM_ERROR_NULL_POINTER }
    guard stride >= 24 else { return WM_ERROR_BAD_STRIDE }
    // Checked before the copy is allocated: an impossible count must not trap there.
    guard count >= 1, count <= Limits.maximumRoutePoints, Limits.fits(count: count, stride: stride) else { return WM_ERROR_BAD_COUNT }
    guard let axes = SceneAxes(rawValue: axes) else { return WM_ERROR_INVALID_VALUE }
    let raw = UnsafeRawPointer(points)
    var list: [SIMD3<Double>] = []
    list.reserveCapacity(count)
    for i in 0..<count { list.append(vec(raw.loadUnaligned(fromByteOffset: i * stride, as: wm_vec3.self))) }
    do { out.pointee = retained(RouteHandle(try RoutePath(points: list, axes: axes))) } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_route_destroy(_ route: OpaquePointer?) { release(route, as: RouteHandle.self) }

@c @implementation
public func wm_route_project(_ route: OpaquePointer?, _ user: wm_vec3, _ out: UnsafeMutablePointer<wm_route_position>?) -> wm_status {
    guard let route, let out else { return WM_ERROR_NULL_POINTER }
    guard finite(user) else { return WM_ERROR_INVALID_VALUE }
    let path = object(route, as: RouteHandle.self).path
    let p = path.project(vec(user))
    out.pointee = wm_route_position(segment: Int32(p.segment), reserved_: 0, fraction: p.fraction, point: cvec(p.point),
                                    distance_along_m: p.distanceAlong, offset_m: p.offset, remaining_m: path.remainingDistance(from: p))
    return WM_OK
}

/// The core projection for a C position (validated).
func projection(_ path: RoutePath, _ p: wm_route_position) -> RoutePath.Projection? {
    guard p.fraction.isFinite, p.distance_along_m.isFinite, p.offset_m.isFinite, finite(p.point),
          p.segment >= 0, Int(p.segment) < max(path.points.count - 1, 1) else { return nil }
    return RoutePath.Projection(segment: Int(p.segment), fraction: p.fraction, point: vec(p.point),
                                distanceAlong: p.distance_along_m, offset: p.offset_m)
}

@c @implementation
public func wm_route_arrows(_ route: OpaquePointer?, _ from: UnsafePointer<wm_route_position>?, _ spacing_m: Double, _ ahead_m: Double,
                            _ out: UnsafeMutablePointer<wm_arrow>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let route, let from, let count else { return WM_ERROR_NULL_POINTER }
    let path = object(route, as: RouteHandle.self).path
    guard let start = projection(path, from.pointee) else { return WM_ERROR_INVALID_VALUE }
    // The count first (O(1)), checked against the capacity before any arrow is built.
    let range: ArrowRange
    do { range = try path.arrowRange(from: start.distanceAlong, spacing: spacing_m, ahead: ahead_m) } catch { return status(of: error) }
    let n = range.count
    if let refused = countedOutput(n, capacity: capacity, out: out != nil, count: count) { return refused }
    for j in 0..<n {
        let a = path.arrowPlacement(range.first + j, spacing: range.spacing)
        out![j] = wm_arrow(position: cvec(a.position), yaw_deg: a.yaw, distance_along_m: a.distanceAlong)
    }
    return WM_OK
}

@c @implementation
public func wm_route_legs(_ route: OpaquePointer?, _ from_m: Double, _ to_m: Double, _ out: UnsafeMutablePointer<wm_arrow_leg>?,
                          _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let route, let count else { return WM_ERROR_NULL_POINTER }
    guard from_m.isFinite, to_m.isFinite else { return WM_ERROR_INVALID_VALUE }
    let path = object(route, as: RouteHandle.self).path
    let n = path.legCount(from: from_m, to: to_m)
    if let refused = countedOutput(n, capacity: capacity, out: out != nil, count: count) { return refused }
    var i = 0
    path.forEachLeg(from: from_m, to: to_m) { l in
        out![i] = wm_arrow_leg(start: cvec(l.start), end: cvec(l.end), yaw_deg: l.yaw, turn_deg: l.turn)
        i += 1
    }
    return WM_OK
}

// MARK: Estimates

/// The core estimate for a C one, or nil when invalid.
func estimate(_ e: wm_estimate) -> LocationEstimate? {
    guard let fix = coordinate(e.fix), withinScene(e.scene_position), e.fix.height_m.magnitude <= Limits.maximumSceneCoordinate else { return nil }
    return try? LocationEstimate(fix: fix, horizontalAccuracy: e.horizontal_accuracy_m, verticalAccuracy: e.vertical_accuracy_m,
                                 timestamp: e.timestamp_s, scenePosition: vec(e.scene_position))
}

@c @implementation
public func wm_estimates_create(_ capacity: Int, _ window_m: Double, _ fused: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> wm_status {
    guard let out else { return WM_ERROR_NULL_POINTER }
    guard capacity >= 1, capacity <= 1 << 24 else { return WM_ERROR_BAD_COUNT }
    guard let rule = EstimateBuffer.Rule(rawValue: fused) else { return WM_ERROR_INVALID_VALUE }
    do {
        out.pointee = retained(EstimatesHandle(try EstimateBuffer(capacity: capacity, window: window_m, rule: rule)))
    } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_estimates_destroy(_ estimates: OpaquePointer?) { release(estimates, as: EstimatesHandle.self) }

@c @implementation
public func wm_estimates_add(_ estimates: OpaquePointer?, _ e: UnsafePointer<wm_estimate>?) -> wm_status {
    guard let estimates, let e else { return WM_ERROR_NULL_POINTER }
    guard let value = estimate(e.pointee) else { return WM_ERROR_INVALID_VALUE }
    object(estimates, as: EstimatesHandle.self).buffer.append(value)
    return WM_OK
}

@c @implementation
public func wm_estimates_refined(_ estimates: OpaquePointer?, _ frame: UnsafePointer<wm_frame>?, _ current_scene: wm_vec3,
                                 _ position: UnsafeMutablePointer<wm_geodetic>?, _ uncertainty_m: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let estimates, let frame, let position else { return WM_ERROR_NULL_POINTER }
    guard let scene = FrameStorage.load(frame) else { return WM_ERROR_INVALID_FRAME }
    guard withinScene(current_scene) else { return WM_ERROR_INVALID_VALUE }
    guard let r = object(estimates, as: EstimatesHandle.self).buffer.refined(at: vec(current_scene), frame: scene) else {
        return WM_ERROR_NOT_AVAILABLE
    }
    position.pointee = wm_geodetic(lat_deg: r.position.latitude, lon_deg: r.position.longitude, height_m: r.position.height)
    uncertainty_m?.pointee = r.horizontalUncertainty
    return WM_OK
}

// MARK: Heading corrector

@c @implementation
public func wm_heading_config_default(_ config: UnsafeMutablePointer<wm_heading_config>?) {
    guard let config else { return }
    let d = HeadingCorrector.Configuration()
    config.pointee = wm_heading_config(estimator: d.estimator.rawValue, pair_selection: 0, pair_percent: 100, random_seed: 1,
                                       buffer_count: Int32(d.bufferCount), reserved_: 0, buffer_interval_s: d.bufferInterval,
                                       maximum_accuracy_m: d.maximumAccuracy, minimum_pair_distance_m: d.minimumPairDistance,
                                       rejection: d.rejection, history_s: 0)
}

/// The core configuration for a C one, or nil when a value is out of range.
func correctorConfiguration(_ c: wm_heading_config) -> HeadingCorrector.Configuration? {
    for v in [c.pair_percent, c.buffer_interval_s, c.maximum_accuracy_m, c.minimum_pair_distance_m, c.rejection, c.history_s] where !v.isFinite {
        return nil
    }
    guard c.buffer_count >= 1, let estimator = HeadingCorrector.Estimator(rawValue: c.estimator),
          c.pair_percent > 0, c.pair_percent <= 100, c.rejection > 0, c.history_s >= 0 else { return nil }
    var s = HeadingCorrector.Configuration()
    s.estimator = estimator
    switch c.pair_selection {
    case WM_PAIRS_ALL: s.pairSelection = .all
    case WM_PAIRS_DISJOINT: s.pairSelection = .disjoint
    case WM_PAIRS_RANDOM_PERCENT: s.pairSelection = .randomPercent(c.pair_percent, seed: c.random_seed)
    case WM_PAIRS_TOP_WEIGHT_PERCENT: s.pairSelection = .topWeightPercent(c.pair_percent)
    default: return nil
    }
    s.bufferCount = Int(c.buffer_count)
    s.bufferInterval = c.buffer_interval_s
    s.maximumAccuracy = c.maximum_accuracy_m
    s.minimumPairDistance = c.minimum_pair_distance_m
    s.rejection = c.rejection
    s.history = c.history_s > 0 ? c.history_s : nil
    return s
}

@c @implementation
public func wm_heading_corrector_create(_ config: UnsafePointer<wm_heading_config>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> wm_status {
    guard let config, let out else { return WM_ERROR_NULL_POINTER }
    guard let s = correctorConfiguration(config.pointee) else { return WM_ERROR_INVALID_VALUE }
    guard let corrector = try? HeadingCorrector(configuration: s) else { return WM_ERROR_INVALID_VALUE }
    out.pointee = retained(CorrectorHandle(corrector))
    return WM_OK
}

@c @implementation
public func wm_heading_corrector_destroy(_ corrector: OpaquePointer?) { release(corrector, as: CorrectorHandle.self) }

@c @implementation
public func wm_heading_corrector_add(_ corrector: OpaquePointer?, _ e: UnsafePointer<wm_estimate>?, _ frame: UnsafePointer<wm_frame>?,
                                     _ triggered: UnsafeMutablePointer<Int32>?, _ correction_deg: UnsafeMutablePointer<Double>?,
                                     _ uncertainty_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let corrector, let e, let frame, let triggered, let correction_deg else { return WM_ERROR_NULL_POINTER }
    guard let scene = FrameStorage.load(frame) else { return WM_ERROR_INVALID_FRAME }
    guard let value = estimate(e.pointee) else { return WM_ERROR_INVALID_VALUE }
    let handle = object(corrector, as: CorrectorHandle.self)
    if let c = handle.corrector.add(value, frame: scene) {
        triggered.pointee = 1
        correction_deg.pointee = c.angle
        uncertainty_deg?.pointee = c.uncertainty ?? -1
    } else {
        triggered.pointee = 0
    }
    return WM_OK
}
