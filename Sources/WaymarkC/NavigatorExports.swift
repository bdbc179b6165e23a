import CWaymark
import WaymarkCore
import WaymarkNavigation
#if WAYMARK_PROJ
import WaymarkPROJ
#endif

/// The navigator behind a `wm_navigator *`. Everything it needs is reserved at create;
/// the per-fix and per-frame adapters below read and write the caller's structs and
/// mutate the navigator in place, so they allocate nothing.
final class NavigatorHandle { var navigator: Navigator; init(_ n: Navigator) { navigator = n } }

/// Every setting's default, in this version's layout.
func defaultNavigatorConfig() -> wm_navigator_config {
    let d = Navigator.Configuration()
    return wm_navigator_config(
        size: UInt32(MemoryLayout<wm_navigator_config>.size), alignment: d.alignment.rawValue,
        axes: d.axes.rawValue, estimator: WM_ESTIMATOR_FILTER, anchor: d.anchor.rawValue, heights: WM_HEIGHTS_ELLIPSOIDAL,
        buffer_count: Int32(d.bufferCount), fix_capacity: Int32(d.fixCapacity), buffer_interval_s: d.bufferInterval,
        maximum_accuracy_m: d.maximumAccuracy, minimum_pair_distance_m: d.minimumPairDistance, rejection: d.rejection,
        maximum_uncertainty_deg: d.maximumUncertainty, minimum_span_m: d.minimumSpan, minimum_move_m: d.minimumMove,
        anchor_window_m: d.anchorWindow, anchor_interval_s: d.anchorInterval, progress_behind_m: d.progressBehind,
        progress_ahead_m: d.progressAhead, off_route_m: d.offRouteDistance, reacquire_after_s: d.reacquireAfter,
        arrow_spacing_m: d.arrowSpacing, arrows_ahead_m: d.arrowsAhead, device_height_m: d.deviceHeight,
        finish_max_pt: d.finishSize.maximumDiameter, finish_min_pt: d.finishSize.minimumDiameter,
        finish_near_m: d.finishSize.near, finish_far_m: d.finishSize.far,
        alignment_sigma_deg: d.alignmentSigma, gps_correlation_s: d.gpsCorrelationTime,
        gps_correlated_share: d.gpsCorrelatedShare, accuracy_confidence: d.accuracyConfidence,
        compass_correlation_s: d.compassCorrelationTime, compass_correlated_share: d.compassCorrelatedShare,
        compass_interval_s: d.compassInterval, compass_maximum_pitch_deg: d.compassMaximumPitch,
        yaw_drift_deg: d.yawDrift, position_drift_m: d.positionDrift, outlier_gate: d.outlierGate,
        heading_step_m: d.headingStep, route_evidence: d.routeEvidence ? 1 : 0, reserved_: 0,
        route_offset_sigma_m: d.routeOffsetSigma, route_offset_distance_m: d.routeOffsetDistance,
        velocity_correlated_share: d.velocityCorrelatedShare, velocity_correlation_s: d.velocityCorrelationTime,
        route_side_offset_m: d.routeSideOffset)
}

/// The defaults in the first `size` bytes (a layout this version knows), size set to it.
func fillDefaults(_ config: UnsafeMutablePointer<wm_navigator_config>, size: Int) {
    var c = defaultNavigatorConfig()
    c.size = UInt32(size)
    withUnsafeBytes(of: &c) { UnsafeMutableRawPointer(config).copyMemory(from: $0.baseAddress!, byteCount: size) }
}

@c @implementation
public func wm_navigator_config_init(_ config: UnsafeMutablePointer<wm_navigator_config>?, _ size: Int) -> wm_status {
    guard let config else { return WM_ERROR_NULL_POINTER }
    guard size == MemoryLayout<wm_navigator_config>.size || size == StructVersions.configV1 else { return WM_ERROR_INVALID_VALUE }
    fillDefaults(config, size: size)
    return WM_OK
}

/// Callers built against 0.3 link here with a 0.3-sized struct: writing more would
/// overwrite whatever follows it in their memory.
@c @implementation
public func wm_navigator_config_default(_ config: UnsafeMutablePointer<wm_navigator_config>?) {
    guard let config else { return }
    fillDefaults(config, size: StructVersions.configV1)
}

/// The older layouts: each struct up to the fields a later version appended. A caller
/// built against an older header passes its size; only that many bytes are read or written.
enum StructVersions {
    /// The result of 0.2.
    static let resultV1 = MemoryLayout<wm_navigator_result>.offset(of: \wm_navigator_result.origin_shift)!
    /// The result of 0.3.
    static let resultV2 = MemoryLayout<wm_navigator_result>.offset(of: \wm_navigator_result.route_evidence)!
    /// The config of 0.2 and 0.3.
    static let configV1 = MemoryLayout<wm_navigator_config>.offset(of: \wm_navigator_config.route_evidence)!
}

/// The navigator's method and window-fit estimator of `wm_navigator_config.estimator`:
/// WM_ESTIMATOR_FILTER, or a heading corrector's estimator (its raw values are the
/// `WM_ESTIMATOR_*` constants) for the window fits; nil for any other value.
func navigatorMethod(_ code: Int32) -> (Navigator.Method, HeadingCorrector.Estimator)? {
    if code == WM_ESTIMATOR_FILTER { return (.filter, .robustLeastSquares) }
    return HeadingCorrector.Estimator(rawValue: code).map { (.fits, $0) }
}

/// The core configuration and route heights for a C config, or nil when its size is not
/// a layout this version knows, a value is out of range or a selector unknown. An older
/// layout is read only as far as it goes; the fields it lacks keep their defaults.
func navigatorConfiguration(_ config: UnsafePointer<wm_navigator_config>) -> (Navigator.Configuration, Navigator.RouteHeights)? {
    let size = Int(UnsafeRawPointer(config).loadUnaligned(as: UInt32.self))
    guard size == MemoryLayout<wm_navigator_config>.size || size == StructVersions.configV1 else { return nil }
    var c = defaultNavigatorConfig()
    withUnsafeMutableBytes(of: &c) { $0.baseAddress!.copyMemory(from: UnsafeRawPointer(config), byteCount: size) }
    guard c.reserved_ == 0, c.route_evidence == 0 || c.route_evidence == 1,
          let axes = SceneAxes(rawValue: c.axes), let anchor = Navigator.Anchor(rawValue: c.anchor),
          let heights = Navigator.RouteHeights(rawValue: c.heights),
          let alignment = Navigator.Alignment(rawValue: c.alignment),
          let method = navigatorMethod(c.estimator),
          let size = try? FinishMarkSize(maximumDiameter: c.finish_max_pt, minimumDiameter: c.finish_min_pt,
                                         near: c.finish_near_m, far: c.finish_far_m) else { return nil }
    var s = Navigator.Configuration()
    s.axes = axes
    (s.method, s.estimator) = method
    s.alignment = alignment
    s.anchor = anchor
    s.bufferCount = Int(c.buffer_count)
    s.fixCapacity = Int(c.fix_capacity)
    s.bufferInterval = c.buffer_interval_s
    s.maximumAccuracy = c.maximum_accuracy_m
    s.minimumPairDistance = c.minimum_pair_distance_m
    s.rejection = c.rejection
    s.maximumUncertainty = c.maximum_uncertainty_deg
    s.minimumSpan = c.minimum_span_m
    s.minimumMove = c.minimum_move_m
    s.anchorWindow = c.anchor_window_m
    s.anchorInterval = c.anchor_interval_s
    s.progressBehind = c.progress_behind_m
    s.progressAhead = c.progress_ahead_m
    s.offRouteDistance = c.off_route_m
    s.reacquireAfter = c.reacquire_after_s
    s.arrowSpacing = c.arrow_spacing_m
    s.arrowsAhead = c.arrows_ahead_m
    s.deviceHeight = c.device_height_m
    s.finishSize = size
    s.alignmentSigma = c.alignment_sigma_deg
    s.gpsCorrelationTime = c.gps_correlation_s
    s.gpsCorrelatedShare = c.gps_correlated_share
    s.accuracyConfidence = c.accuracy_confidence
    s.compassCorrelationTime = c.compass_correlation_s
    s.compassCorrelatedShare = c.compass_correlated_share
    s.compassInterval = c.compass_interval_s
    s.compassMaximumPitch = c.compass_maximum_pitch_deg
    s.yawDrift = c.yaw_drift_deg
    s.positionDrift = c.position_drift_m
    s.outlierGate = c.outlier_gate
    s.headingStep = c.heading_step_m
    s.routeEvidence = c.route_evidence == 1
    s.routeOffsetSigma = c.route_offset_sigma_m
    s.routeOffsetDistance = c.route_offset_distance_m
    s.velocityCorrelatedShare = c.velocity_correlated_share
    s.velocityCorrelationTime = c.velocity_correlation_s
    s.routeSideOffset = c.route_side_offset_m
    guard (try? s.validate()) != nil else { return nil }
    return (s, heights)
}

@c @implementation
public func wm_navigator_arrow_capacity(_ config: UnsafePointer<wm_navigator_config>?) -> Int {
    guard let config, let (s, _) = navigatorConfiguration(config) else { return 0 }
    return s.arrowCapacity
}

@c @implementation
public func wm_navigator_create(_ config: UnsafePointer<wm_navigator_config>?, _ route: UnsafePointer<wm_geodetic>?, _ stride: Int,
                                _ count: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let config, let route, let out else { return WM_ERROR_NULL_POINTER }
    guard stride >= 24 else { return WM_ERROR_BAD_STRIDE }
    guard count >= 2, count <= Limits.maximumRoutePoints, Limits.fits(count: count, stride: stride) else { return WM_ERROR_BAD_COUNT }
    guard let (s, heights) = navigatorConfiguration(config) else { return WM_ERROR_INVALID_VALUE }
    let raw = UnsafeRawPointer(route)
    var points: [GeodeticCoordinate] = []
    points.reserveCapacity(count)
    for i in 0..<count {
        let g = raw.loadUnaligned(fromByteOffset: i * stride, as: wm_geodetic.self)
        // Heights are not read for WM_HEIGHTS_NONE, so they may be anything there.
        guard let p = coordinate(wm_geodetic(lat_deg: g.lat_deg, lon_deg: g.lon_deg, height_m: heights == .none ? 0 : g.height_m)) else {
            first_bad?.pointee = i
            return WM_ERROR_INVALID_VALUE
        }
        points.append(p)
    }
    do {
        #if WAYMARK_PROJ
        let navigator = try Navigator(route: points, heights: heights, configuration: s, geoid: nil)
        #else
        // The core flavour has no geoid: orthometric routes get WM_ERROR_GRID_MISSING.
        let navigator = try Navigator(route: points, heights: heights, configuration: s, undulation: nil)
        #endif
        out.pointee = retained(NavigatorHandle(navigator))
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}

@c @implementation
public func wm_navigator_destroy(_ navigator: OpaquePointer?) { release(navigator, as: NavigatorHandle.self) }

@c @implementation
public func wm_navigator_add_fix(_ navigator: OpaquePointer?, _ fix: UnsafePointer<wm_fix>?) -> wm_status {
    wm_navigator_add_fix_velocity(navigator, fix, nil)
}

@c @implementation
public func wm_navigator_add_fix_velocity(_ navigator: OpaquePointer?, _ fix: UnsafePointer<wm_fix>?,
                                          _ velocity: UnsafePointer<wm_gps_velocity>?) -> wm_status {
    guard let navigator, let fix else { return WM_ERROR_NULL_POINTER }
    let f = fix.pointee
    guard f.has_height == 0 || f.has_height == 1 else { return WM_ERROR_INVALID_VALUE }
    var v = wm_gps_velocity(size: 0, reserved_: 0, course_deg: -1, course_accuracy_deg: -1, speed_mps: -1, speed_accuracy_mps: -1)
    if let velocity {
        // The size first: a struct of another size may be shorter than ours.
        guard Int(UnsafeRawPointer(velocity).loadUnaligned(as: UInt32.self)) == MemoryLayout<wm_gps_velocity>.size else {
            return WM_ERROR_INVALID_VALUE
        }
        v = velocity.pointee
        // Phones mark a missing value negative; NaN or Inf is a caller's bug, reported as
        // every other non-finite input is.
        guard v.reserved_ == 0, v.course_deg.isFinite, v.course_accuracy_deg.isFinite, v.speed_mps.isFinite,
              v.speed_accuracy_mps.isFinite else { return WM_ERROR_INVALID_VALUE }
    }
    let record = Navigator.Fix(
        latitude: f.position.lat_deg, longitude: f.position.lon_deg, height: f.has_height == 1 ? f.position.height_m : nil,
        horizontalAccuracy: f.horizontal_accuracy_m, verticalAccuracy: f.vertical_accuracy_m, time: f.time_s,
        scenePosition: vec(f.scene_position), course: v.course_deg, courseAccuracy: v.course_accuracy_deg,
        speed: v.speed_mps, speedAccuracy: v.speed_accuracy_mps)
    do { try object(navigator, as: NavigatorHandle.self).navigator.addFix(record) } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_navigator_add_heading(_ navigator: OpaquePointer?, _ reading: UnsafePointer<wm_compass_reading>?) -> wm_status {
    guard let navigator, let reading else { return WM_ERROR_NULL_POINTER }
    let r = reading.pointee
    guard r.size == UInt32(MemoryLayout<wm_compass_reading>.size), r.reserved_ == 0 else { return WM_ERROR_INVALID_VALUE }
    do {
        try object(navigator, as: NavigatorHandle.self).navigator.addHeading(
            trueHeading: r.true_heading_deg, accuracy: r.accuracy_deg, time: r.time_s, camera: doubleMatrix(r.camera))
    } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_navigator_tracking(_ navigator: OpaquePointer?, _ time_s: Double, _ state: Int32) -> wm_status {
    guard let navigator else { return WM_ERROR_NULL_POINTER }
    guard let s = Navigator.TrackingState(rawValue: state) else { return WM_ERROR_INVALID_VALUE }
    do { try object(navigator, as: NavigatorHandle.self).navigator.tracking(s, time: time_s) } catch { return status(of: error) }
    return WM_OK
}

/// A C matrix (16 floats, column-major) in double.
@inline(__always)
func doubleMatrix(_ m: wm_mat4f) -> Matrix4x4d {
    withUnsafeBytes(of: m) { raw in
        func column(_ c: Int) -> SIMD4<Double> {
            SIMD4(Double(raw.loadUnaligned(fromByteOffset: 16 * c, as: Float.self)),
                  Double(raw.loadUnaligned(fromByteOffset: 16 * c + 4, as: Float.self)),
                  Double(raw.loadUnaligned(fromByteOffset: 16 * c + 8, as: Float.self)),
                  Double(raw.loadUnaligned(fromByteOffset: 16 * c + 12, as: Float.self)))
        }
        return Matrix4x4d(column(0), column(1), column(2), column(3))
    }
}

@c @implementation
public func wm_navigator_update(_ navigator: OpaquePointer?, _ time_s: Double, _ camera: UnsafePointer<wm_camera>?,
                                _ result: UnsafeMutablePointer<wm_navigator_result>?, _ arrows: UnsafeMutablePointer<wm_arrow>?,
                                _ arrow_capacity: Int, _ arrow_count: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let navigator, let camera, let result, let arrow_count else { return WM_ERROR_NULL_POINTER }
    guard arrow_capacity == 0 || arrows != nil else { return WM_ERROR_NULL_POINTER }
    let resultSize = Int(UnsafeRawPointer(result).loadUnaligned(as: UInt32.self))
    guard resultSize == MemoryLayout<wm_navigator_result>.size || resultSize == StructVersions.resultV2
          || resultSize == StructVersions.resultV1 else {
        return WM_ERROR_INVALID_VALUE
    }
    let handle = object(navigator, as: NavigatorHandle.self)
    // The 0.2 layout has no room for an origin shift: a shift its caller never saw would
    // misplace everything after it.
    guard resultSize != StructVersions.resultV1 || handle.navigator.originShiftDistance == 0 else {
        return WM_ERROR_INVALID_VALUE
    }
    let c = camera.pointee
    guard c.has_ground == 0 || c.has_ground == 1 else { return WM_ERROR_INVALID_VALUE }
    let frame: NavigatorFrame
    do {
        frame = try handle.navigator.update(time: time_s, camera: doubleMatrix(c.transform),
                                            projection: doubleMatrix(c.projection),
                                            viewport: (c.viewport.x, c.viewport.y, c.viewport.width, c.viewport.height),
                                            groundHeight: c.has_ground == 1 ? c.ground_height_m : nil)
    } catch { return status(of: error) }
    let nan = Double.nan
    let f = frame.finish
    let user = frame.userPosition
    let shift = frame.originShift
    var r = wm_navigator_result(
        size: UInt32(resultSize), correction_source: frame.correctionSource.rawValue,
        time_s: frame.time, correction_state: frame.correctionState.rawValue, off_route: frame.isOffRoute ? 1 : 0,
        correction_deg: frame.correction ?? nan, correction_sigma_deg: frame.correctionSigma ?? nan,
        progress_m: frame.progress ?? nan, remaining_m: frame.remaining ?? nan, off_route_m: frame.offRouteDistance ?? nan,
        user: wm_geodetic(lat_deg: user?.latitude ?? nan, lon_deg: user?.longitude ?? nan, height_m: user?.height ?? nan),
        finish: f.map { cvec($0.position) } ?? wm_vec3(x: nan, y: nan, z: nan),
        finish_distance_m: f?.distance ?? nan, finish_visible: f?.visible == true ? 1 : 0, hint_needed: frame.hint == nil ? 0 : 1,
        finish_screen_x: f?.screen?.x ?? nan, finish_screen_y: f?.screen?.y ?? nan, finish_diameter_pt: f?.diameter ?? nan,
        finish_sphere_radius_m: f?.sphereRadius ?? nan, hint_x: frame.hint?.position.x ?? nan, hint_y: frame.hint?.position.y ?? nan,
        hint_turn_deg: frame.hint?.turn ?? nan, label_roll_deg: frame.labelRoll ?? nan, arrow_total: frame.arrowCount,
        anchor_sigma_m: frame.anchorSigma ?? nan, tracking_state: frame.trackingState.rawValue, reserved_: 0,
        origin_shift: shift.map(cvec) ?? wm_vec3(x: 0, y: 0, z: 0), origin_shifted: shift == nil ? 0 : 1, reserved2_: 0,
        route_evidence: frame.routeEvidence.rawValue, reserved3_: 0)
    // Only as many bytes as the caller's layout has.
    withUnsafeBytes(of: &r) { UnsafeMutableRawPointer(result).copyMemory(from: $0.baseAddress!, byteCount: resultSize) }
    let n = writable(frame.arrowCount, capacity: arrow_capacity)
    for j in 0..<n {
        let a = handle.navigator.arrow(j)
        arrows![j] = wm_arrow(position: cvec(a.position), yaw_deg: a.yaw, distance_along_m: a.distanceAlong)
    }
    arrow_count.pointee = n
    return WM_OK
}

@c @implementation
public func wm_navigator_shift_origin(_ navigator: OpaquePointer?, _ shift: wm_vec3) -> wm_status {
    guard let navigator else { return WM_ERROR_NULL_POINTER }
    let handle = object(navigator, as: NavigatorHandle.self)
    do { try handle.navigator.shiftOrigin(by: vec(shift)) } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_navigator_set_origin_shift(_ navigator: OpaquePointer?, _ distance_m: Double) -> wm_status {
    guard let navigator else { return WM_ERROR_NULL_POINTER }
    let handle = object(navigator, as: NavigatorHandle.self)
    do { try handle.navigator.setOriginShiftDistance(distance_m) } catch { return status(of: error) }
    return WM_OK
}

@c @implementation
public func wm_navigator_legs(_ navigator: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<wm_arrow_leg>?,
                              _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let navigator, let count else { return WM_ERROR_NULL_POINTER }
    let nav = object(navigator, as: NavigatorHandle.self).navigator
    guard index >= 0, index < nav.arrowCount else { return WM_ERROR_NOT_AVAILABLE }
    var n = 0
    nav.forEachLeg(ofArrow: index) { _ in n += 1 }
    if let refused = countedOutput(n, capacity: capacity, out: out != nil, count: count) { return refused }
    var i = 0
    nav.forEachLeg(ofArrow: index) { l in
        out![i] = wm_arrow_leg(start: cvec(l.start), end: cvec(l.end), yaw_deg: l.yaw, turn_deg: l.turn)
        i += 1
    }
    return WM_OK
}
