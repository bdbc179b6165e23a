import CWaymark
import CWaymarkKernels
import WaymarkCore

/// How a frame lives inside the caller's `wm_frame` (512 bytes, 8-byte aligned, opaque):
///
/// | bytes | what |
/// |---|---|
/// | 0 ..< 8 | the tag that marks it initialised |
/// | 8 ..< 12 | the axes (`wm_axes`), then 4 zero bytes |
/// | 16 ..< 16 + K | the kernels' frame (`wmk_scene_frame`, K bytes), prepared for the process's path |
/// | then 32 bytes | with the kernels' origin (`lat0`, `lon0`, `h0`) and ellipsoid (`ell.a`, `ell.f`), what rebuilds the `SceneFrame`: the scene origin and the heading correction |
///
/// The tag and the kernels' offset are the C kernels' (`WMK_ABI_FRAME_TAG`,
/// `WMK_ABI_FRAME_KERNEL`): their entry for calls of a few points reads a `wm_frame` itself.
/// The conversions read the kernels' frame in place (no copy, no preparation per call);
/// the calls that need the whole `SceneFrame` (the estimate, the navigation helpers)
/// rebuild it from its parameters, which gives the same frame bit for bit.
enum FrameStorage {
    static let tag: UInt64 = WMK_ABI_FRAME_TAG
    static let kernelOffset = Int(WMK_ABI_FRAME_KERNEL)
    static let parametersOffset = kernelOffset + MemoryLayout<wmk_scene_frame>.size
    static let parameterCount = 4

    static func fits() -> Bool {
        parametersOffset + 8 * parameterCount <= MemoryLayout<wm_frame>.size
            && MemoryLayout<wmk_scene_frame>.alignment <= 8
    }

    /// The axes of an initialised frame (a corrupted axes word is no frame).
    static func axes(_ frame: UnsafePointer<wm_frame>) -> SceneAxes? {
        let raw = UnsafeRawPointer(frame)
        guard raw.loadUnaligned(as: UInt64.self) == tag else { return nil }
        return SceneAxes(rawValue: raw.loadUnaligned(fromByteOffset: 8, as: Int32.self))
    }

    /// The kernels' frame inside an initialised frame, in place. Refused when the path
    /// it was prepared for is not one this process runs (bytes from elsewhere).
    static func kernel(_ frame: UnsafePointer<wm_frame>) -> UnsafePointer<wmk_scene_frame>? {
        let raw = UnsafeRawPointer(frame)
        guard raw.loadUnaligned(as: UInt64.self) == tag else { return nil }
        let kernel = (raw + kernelOffset).assumingMemoryBound(to: wmk_scene_frame.self)
        let path = kernel.pointee.path
        guard path >= 0, path <= wmk_cpu_path() else { return nil }
        return kernel
    }

    /// The whole `SceneFrame`, rebuilt from the stored parameters (each checked: bytes
    /// the caller overwrote are no frame).
    static func load(_ frame: UnsafePointer<wm_frame>) -> SceneFrame? {
        guard let axes = axes(frame) else { return nil }
        let raw = UnsafeRawPointer(frame) + parametersOffset
        func value(_ i: Int) -> Double { raw.loadUnaligned(fromByteOffset: 8 * i, as: Double.self) }
        // The kernels' frame holds the origin and the ellipsoid as they were given.
        let kernel = (UnsafeRawPointer(frame) + kernelOffset).assumingMemoryBound(to: wmk_scene_frame.self).pointee
        guard let origin = try? GeodeticCoordinate(latitude: kernel.lat0, longitude: kernel.lon0, height: kernel.h0),
              origin.height.magnitude <= Limits.maximumSceneCoordinate,
              let ellipsoid = try? Ellipsoid(equatorialRadius: kernel.ell.a, flattening: kernel.ell.f)
        else { return nil }
        var scene = SceneFrame(origin: origin, ellipsoid: ellipsoid, axes: axes)
        // The stored heading is already reduced, so setting it again keeps its bits.
        guard (try? scene.setEstimate(sceneOrigin: SIMD3(value(0), value(1), value(2)), headingCorrection: value(3))) != nil
        else { return nil }
        return scene
    }

    static func store(_ scene: SceneFrame, into frame: UnsafeMutablePointer<wm_frame>) {
        let raw = UnsafeMutableRawPointer(frame)
        raw.storeBytes(of: tag, as: UInt64.self)
        raw.storeBytes(of: scene.axes.rawValue, toByteOffset: 8, as: Int32.self)
        raw.storeBytes(of: 0, toByteOffset: 12, as: Int32.self)
        raw.storeBytes(of: scene.kernel, toByteOffset: kernelOffset, as: wmk_scene_frame.self)
        let values = (scene.sceneOrigin.x, scene.sceneOrigin.y, scene.sceneOrigin.z, scene.headingCorrection)
        raw.storeBytes(of: values, toByteOffset: parametersOffset, as: type(of: values))
        let end = parametersOffset + 8 * parameterCount
        (raw + end).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<wm_frame>.size - end)
    }
}
