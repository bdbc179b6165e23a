import CWaymark
import WaymarkCore
import WaymarkNavigation

/// The core projection for C matrices and viewport (computed in double), or nil when
/// they are invalid.
func screenProjection(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport) -> ScreenProjection? {
    guard let view, let projection else { return nil }
    return try? ScreenProjection(view: Matrix4x4d(matrix(view)), projection: Matrix4x4d(matrix(projection)),
                                 viewport: (viewport.x, viewport.y, viewport.width, viewport.height))
}

/// The one-answer screen calls, checked in the header's order: a NULL camera matrix or
/// output is NULL_POINTER; `valid` false (a non-finite or out-of-range argument) or an
/// invalid camera is INVALID_VALUE; no answer from `answer` is NOT_AVAILABLE; otherwise
/// the answer is written.
func screenAnswer<T>(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                     _ output: UnsafeMutablePointer<T>?, valid: Bool, _ answer: (ScreenProjection) -> T?) -> wm_status {
    guard view != nil, projection != nil, let output else { return WM_ERROR_NULL_POINTER }
    guard valid, let s = screenProjection(view, projection, viewport) else { return WM_ERROR_INVALID_VALUE }
    guard let r = answer(s) else { return WM_ERROR_NOT_AVAILABLE }
    output.pointee = r
    return WM_OK
}

@c @implementation
public func wm_screen_project(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                              _ point: wm_vec3, _ screen_x: UnsafeMutablePointer<Double>?, _ screen_y: UnsafeMutablePointer<Double>?,
                              _ visible: UnsafeMutablePointer<Int32>?) -> wm_status {
    guard view != nil, projection != nil, let screen_x, let screen_y, let visible else { return WM_ERROR_NULL_POINTER }
    guard finite(point), let s = screenProjection(view, projection, viewport) else { return WM_ERROR_INVALID_VALUE }
    let p = s.project(vec(point))
    guard p.screen.x.isFinite, p.screen.y.isFinite else { return WM_ERROR_NOT_AVAILABLE }
    screen_x.pointee = p.screen.x
    screen_y.pointee = p.screen.y
    visible.pointee = p.visible ? 1 : 0
    return WM_OK
}

@c @implementation
public func wm_screen_sphere_radius(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                                    _ center: wm_vec3, _ screen_diameter: Double, _ radius_m: UnsafeMutablePointer<Double>?) -> wm_status {
    screenAnswer(view, projection, viewport, radius_m, valid: finite(center) && screen_diameter.isFinite && screen_diameter >= 0) {
        $0.sphereRadius(center: vec(center), screenDiameter: screen_diameter)
    }
}

@c @implementation
public func wm_screen_billboard_roll(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                                     _ point: wm_vec3, _ roll_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    screenAnswer(view, projection, viewport, roll_deg, valid: finite(point)) { $0.sceneXAxisRoll(at: vec(point)) }
}

@c @implementation
public func wm_screen_label_roll(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                                 _ axes: wm_axes, _ roll_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    let axes = SceneAxes(rawValue: axes)
    return screenAnswer(view, projection, viewport, roll_deg, valid: axes != nil) { s in axes.flatMap { s.labelRoll(axes: $0) } }
}

@c @implementation
public func wm_screen_hint(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                           _ axes: wm_axes, _ target: wm_vec3, _ needed: UnsafeMutablePointer<Int32>?,
                           _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?,
                           _ turn_deg: UnsafeMutablePointer<Double>?) -> wm_status {
    guard view != nil, projection != nil, let needed, let x, let y, let turn_deg else { return WM_ERROR_NULL_POINTER }
    guard finite(target), let axes = SceneAxes(rawValue: axes), let s = screenProjection(view, projection, viewport) else {
        return WM_ERROR_INVALID_VALUE
    }
    if let hint = HintMark.forTarget(vec(target), projection: s, axes: axes) {
        needed.pointee = 1
        x.pointee = hint.position.x
        y.pointee = hint.position.y
        turn_deg.pointee = hint.turn
    } else {
        needed.pointee = 0
    }
    return WM_OK
}

@c @implementation
public func wm_finish_mark_diameter(_ maximum: Double, _ minimum: Double, _ near_m: Double, _ far_m: Double,
                                    _ distance_m: Double, _ diameter: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let diameter else { return WM_ERROR_NULL_POINTER }
    guard distance_m.isFinite,
          let rule = try? FinishMarkSize(maximumDiameter: maximum, minimumDiameter: minimum, near: near_m, far: far_m)
    else { return WM_ERROR_INVALID_VALUE }
    guard let d = try? rule.diameter(atDistance: distance_m) else { return WM_ERROR_INVALID_VALUE }
    diameter.pointee = d
    return WM_OK
}

// MARK: Points of interest

@c @implementation
public func wm_poi_clusters(_ user: wm_geodetic, _ points: UnsafePointer<wm_geodetic>?, _ stride: Int, _ count: Int,
                            _ radius_m: Double, _ cluster_of: UnsafeMutablePointer<Int64>?, _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let points, let cluster_of else { return WM_ERROR_NULL_POINTER }
    guard let user = coordinate(user) else { return WM_ERROR_INVALID_VALUE }
    // Checked before anything is read or written; no allocation: the clustering runs
    // in cluster_of itself.
    do {
        try POIClustering.clusterHeads(user: user, points: UnsafeRawPointer(points), stride: stride, count: count,
                                       radius: radius_m, into: cluster_of)
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}

@c @implementation
public func wm_radar_position(_ radius: Double, _ range_m: Double, _ distance_m: Double, _ bearing_deg: Double, _ heading_deg: Double,
                              _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let x, let y else { return WM_ERROR_NULL_POINTER }
    guard distance_m.isFinite, bearing_deg.isFinite, heading_deg.isFinite, let radar = try? Radar(radius: radius, range: range_m) else {
        return WM_ERROR_INVALID_VALUE
    }
    guard let p = try? radar.position(distance: distance_m, bearing: bearing_deg, heading: heading_deg) else { return WM_ERROR_INVALID_VALUE }
    x.pointee = p.x
    y.pointee = p.y
    return WM_OK
}

@c @implementation
public func wm_placement(_ method: Int32, _ limit_m: Double, _ distance_m: Double, _ placement_m: UnsafeMutablePointer<Double>?,
                         _ scale: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let placement_m, let scale else { return WM_ERROR_NULL_POINTER }
    guard distance_m.isFinite, distance_m >= 0 else { return WM_ERROR_INVALID_VALUE }
    let rule: PlacementCompression
    switch method {
    case WM_PLACEMENT_NONE: rule = .none
    case WM_PLACEMENT_LINEAR: rule = .linear
    case WM_PLACEMENT_CLAMP:
        guard limit_m.isFinite, limit_m > 0 else { return WM_ERROR_INVALID_VALUE }
        rule = .clamp(limit: limit_m)
    default: return WM_ERROR_INVALID_VALUE
    }
    let p = rule.placement(forDistance: distance_m)
    placement_m.pointee = p.distance
    scale.pointee = p.scale
    return WM_OK
}

@c @implementation
public func wm_proximity_init(_ gate: UnsafeMutablePointer<wm_proximity>?, _ enter_m: Double, _ leave_m: Double) -> wm_status {
    guard let gate else { return WM_ERROR_NULL_POINTER }
    guard (try? ProximityGate(enter: enter_m, leave: leave_m)) != nil else { return WM_ERROR_INVALID_VALUE }
    gate.pointee = wm_proximity(enter_m: enter_m, leave_m: leave_m, inside: 0, reserved_: 0)
    return WM_OK
}

@c @implementation
public func wm_proximity_update(_ gate: UnsafeMutablePointer<wm_proximity>?, _ distance_m: Double, _ inside: UnsafeMutablePointer<Int32>?) -> wm_status {
    guard let gate, let inside else { return WM_ERROR_NULL_POINTER }
    guard distance_m.isFinite else { return WM_ERROR_INVALID_VALUE }
    guard var core = try? ProximityGate(enter: gate.pointee.enter_m, leave: gate.pointee.leave_m, isInside: gate.pointee.inside != 0) else {
        return WM_ERROR_INVALID_VALUE
    }
    let now = core.update(distance: distance_m)
    gate.pointee.inside = now ? 1 : 0
    inside.pointee = gate.pointee.inside
    return WM_OK
}
