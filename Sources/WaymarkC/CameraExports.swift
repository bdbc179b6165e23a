import CWaymark
import WaymarkCore
import WaymarkNavigation

/// The shared tail of the camera helpers: checks the projection and viewport, then
/// fills the caller's `wm_camera` (nothing written on error).
func storeCamera(_ transform: Matrix4x4d, _ projection: UnsafePointer<wm_mat4f>, _ viewport: wm_viewport,
                 _ out: UnsafeMutablePointer<wm_camera>) -> wm_status {
    let p = matrix(projection)
    let single = Matrix4x4f(transform)
    guard p.isFinite, single.isFinite, viewport.x.isFinite, viewport.y.isFinite, viewport.width.isFinite,
          viewport.height.isFinite, viewport.width > 0, viewport.height > 0 else { return WM_ERROR_INVALID_VALUE }
    var camera = wm_camera()
    store(single, &camera.transform)
    camera.projection = projection.pointee
    camera.viewport = viewport
    out.pointee = camera
    return WM_OK
}

@c @implementation
public func wm_camera_from_view(_ view: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?,
                                _ viewport: wm_viewport, _ out: UnsafeMutablePointer<wm_camera>?) -> wm_status {
    guard let view, let projection, let out else { return WM_ERROR_NULL_POINTER }
    let v = Matrix4x4d(matrix(view))
    guard v.isFinite else { return WM_ERROR_INVALID_VALUE }
    guard let transform = try? EngineCamera.transform(view: v) else { return WM_ERROR_SINGULAR }
    // A view so close to singular that its inverse overflows Float is singular too.
    guard Matrix4x4f(transform).isFinite else { return WM_ERROR_SINGULAR }
    return storeCamera(transform, projection, viewport, out)
}

@c @implementation
public func wm_camera_from_arkit(_ camera_transform: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?,
                                 _ viewport: wm_viewport, _ orientation: Int32,
                                 _ out: UnsafeMutablePointer<wm_camera>?) -> wm_status {
    guard let camera_transform, let projection, let out else { return WM_ERROR_NULL_POINTER }
    guard let orientation = EngineCamera.InterfaceOrientation(rawValue: orientation),
          let transform = try? EngineCamera.transform(arkitCamera: Matrix4x4d(matrix(camera_transform)),
                                                      orientation: orientation)
    else { return WM_ERROR_INVALID_VALUE }
    return storeCamera(transform, projection, viewport, out)
}

@c @implementation
public func wm_camera_from_unity(_ camera_to_world: UnsafePointer<wm_mat4f>?, _ projection: UnsafePointer<wm_mat4f>?,
                                 _ viewport: wm_viewport, _ out: UnsafeMutablePointer<wm_camera>?) -> wm_status {
    guard let camera_to_world, let projection, let out else { return WM_ERROR_NULL_POINTER }
    guard let transform = try? EngineCamera.transform(unityCameraToWorld: Matrix4x4d(matrix(camera_to_world)))
    else { return WM_ERROR_INVALID_VALUE }
    return storeCamera(transform, projection, viewport, out)
}

/// A double matrix into 16 caller doubles, column-major (no array: nothing allocated).
func storeDoubles(_ m: Matrix4x4d, _ out: UnsafeMutablePointer<Double>) {
    func column(_ k: Int, _ v: SIMD4<Double>) { for r in 0..<4 { out[4 * k + r] = v[r] } }
    column(0, m.columns.0); column(1, m.columns.1); column(2, m.columns.2); column(3, m.columns.3)
}

@c @implementation
public func wm_camera_pose_transform(_ position: wm_vec3, _ yaw_deg: Double, _ pitch_deg: Double, _ roll_deg: Double,
                                     _ axes: wm_axes, _ transform: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let transform else { return WM_ERROR_NULL_POINTER }
    guard let axes = SceneAxes(rawValue: axes),
          let pose = try? CameraPose(position: SIMD3(position.x, position.y, position.z), yaw: yaw_deg,
                                     pitch: pitch_deg, roll: roll_deg) else { return WM_ERROR_INVALID_VALUE }
    storeDoubles(pose.transform(axes: axes), transform)
    return WM_OK
}

@c @implementation
public func wm_perspective(_ fov_y_deg: Double, _ aspect: Double, _ near_m: Double, _ far_m: Double,
                           _ projection: UnsafeMutablePointer<Double>?) -> wm_status {
    guard let projection else { return WM_ERROR_NULL_POINTER }
    guard let p = try? CameraPose.perspective(fovY: fov_y_deg, aspect: aspect, near: near_m, far: far_m) else {
        return WM_ERROR_INVALID_VALUE
    }
    storeDoubles(p, projection)
    return WM_OK
}
