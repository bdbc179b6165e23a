import CWaymark
import WaymarkCore
import WaymarkNavigation

@c @implementation
public func wm_screen_label(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                            _ axes: wm_axes, _ point: wm_vec3, _ height_unit: Int32, _ height: Double,
                            _ out: UnsafeMutablePointer<wm_label>?) -> wm_status {
    guard view != nil, projection != nil, let out else { return WM_ERROR_NULL_POINTER }
    guard let axes = SceneAxes(rawValue: axes), let height = labelHeight(height_unit, height),
          let s = screenProjection(view, projection, viewport) else { return WM_ERROR_INVALID_VALUE }
    let placed: LabelPlacement?
    do { placed = try s.label(above: vec(point), height: height, axes: axes) } catch { return status(of: error) }
    guard let label = placed else { return WM_ERROR_NOT_AVAILABLE }
    out.pointee = cLabel(label)
    return WM_OK
}

/// A height in a `WM_LABEL_*` unit; nil for an unknown unit.
func labelHeight(_ unit: Int32, _ height: Double) -> LabelHeight? {
    switch unit {
    case WM_LABEL_METRES: return .metres(height)
    case WM_LABEL_POINTS: return .points(height)
    default: return nil
    }
}

/// The C form of a placement: NaN where the Swift one has nil.
func cLabel(_ label: LabelPlacement) -> wm_label {
    let nan = Double.nan
    let none = wm_vec3(x: nan, y: nan, z: nan)
    var transform = wm_mat4f()
    if let m = label.transform { store(Matrix4x4f(m), &transform) } else {
        withUnsafeMutableBytes(of: &transform.m) { $0.withMemoryRebound(to: Float.self) { for i in $0.indices { $0[i] = .nan } } }
    }
    return wm_label(anchor: cvec(label.anchor), facing: label.facing.map(cvec) ?? none,
                    facing_azimuth_deg: label.facingAzimuth ?? nan, screen_x: label.screen?.x ?? nan,
                    screen_y: label.screen?.y ?? nan, roll_deg: label.roll ?? nan, transform: transform)
}

@c @implementation
public func wm_label_declutter(_ rects: UnsafePointer<wm_rect>?, _ rect_stride: Int, _ distances_m: UnsafePointer<Double>?,
                               _ distance_stride: Int, _ count: Int, _ gap_pt: Double, _ offsets_pt: UnsafeMutablePointer<Double>?,
                               _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard count != 0 else { return WM_OK }
    guard let rects, let distances_m, let offsets_pt else { return WM_ERROR_NULL_POINTER }
    guard rect_stride >= MemoryLayout<wm_rect>.size, distance_stride >= MemoryLayout<Double>.size else { return WM_ERROR_BAD_STRIDE }
    guard Limits.fits(count: count, stride: rect_stride), Limits.fits(count: count, stride: distance_stride) else {
        return WM_ERROR_BAD_COUNT
    }
    let r = UnsafeRawPointer(rects), d = UnsafeRawPointer(distances_m)
    do {
        try LabelDeclutter.offsets(count: count, gap: gap_pt, rectangle: { i in
            let x = r.loadUnaligned(fromByteOffset: i * rect_stride, as: wm_rect.self)
            return LabelDeclutter.Rectangle(x: x.x, y: x.y, width: x.width, height: x.height)
        }, distance: { d.loadUnaligned(fromByteOffset: $0 * distance_stride, as: Double.self) },
           into: UnsafeMutableBufferPointer(start: offsets_pt, count: count))
    } catch { return status(of: error, firstBad: first_bad) }
    return WM_OK
}

@c @implementation
public func wm_screen_pick(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?, _ viewport: wm_viewport,
                           _ x: Double, _ y: Double, _ radius_pt: Double, _ positions: UnsafePointer<wm_vec3>?, _ stride: Int,
                           _ count: Int, _ index: UnsafeMutablePointer<Int>?, _ distance_pt: UnsafeMutablePointer<Double>?,
                           _ first_bad: UnsafeMutablePointer<Int>?) -> wm_status {
    guard view != nil, projection != nil, let index, let distance_pt else { return WM_ERROR_NULL_POINTER }
    guard count == 0 || positions != nil else { return WM_ERROR_NULL_POINTER }
    guard stride >= MemoryLayout<wm_vec3>.size else { return WM_ERROR_BAD_STRIDE }
    guard Limits.fits(count: count, stride: stride) else { return WM_ERROR_BAD_COUNT }
    guard let s = screenProjection(view, projection, viewport) else { return WM_ERROR_INVALID_VALUE }
    let p = UnsafeRawPointer(positions)
    let hit: (index: Int, distance: Double)?
    do {
        hit = try s.pick(at: SIMD2(x, y), radius: radius_pt, count: count) { i in
            vec(p!.loadUnaligned(fromByteOffset: i * stride, as: wm_vec3.self))
        }
    } catch { return status(of: error, firstBad: first_bad) }
    guard let hit else { return WM_ERROR_NOT_AVAILABLE }
    index.pointee = hit.index
    distance_pt.pointee = hit.distance
    return WM_OK
}

@c @implementation
public func wm_navigator_finish_label(_ navigator: OpaquePointer?, _ height_unit: Int32, _ height: Double,
                                      _ out: UnsafeMutablePointer<wm_label>?) -> wm_status {
    guard let navigator, let out else { return WM_ERROR_NULL_POINTER }
    guard let height = labelHeight(height_unit, height) else { return WM_ERROR_INVALID_VALUE }
    let placed: LabelPlacement?
    do { placed = try object(navigator, as: NavigatorHandle.self).navigator.finishLabel(height: height) } catch { return status(of: error) }
    guard let label = placed else { return WM_ERROR_NOT_AVAILABLE }
    out.pointee = cLabel(label)
    return WM_OK
}
