import CWaymark
import WaymarkCore

/// How a `SceneFrame` lives inside the caller's `wm_frame`: a tag word that marks it
/// initialised, then the frame's bytes. `wm_frame` is only 8-byte aligned, so the frame
/// is copied in and out unaligned (a few hundred bytes per call, not per point).
enum FrameStorage {
    static let tag: UInt64 = 0x574D_4652_414D_4531   // "WMFRAME1"
    static let offset = 16

    static func fits() -> Bool { offset + MemoryLayout<SceneFrame>.size <= MemoryLayout<wm_frame>.size }

    static func load(_ frame: UnsafePointer<wm_frame>) -> SceneFrame? {
        let raw = UnsafeRawPointer(frame)
        guard raw.loadUnaligned(as: UInt64.self) == tag else { return nil }
        let scene = raw.loadUnaligned(fromByteOffset: offset, as: SceneFrame.self)
        // The axes are decoded field by field on use: bytes the caller overwrote must not
        // reach that decoding (a frame whose axes are no convention is not a frame).
        guard SceneAxes(rawValue: scene.axes.rawValue) != nil else { return nil }
        return scene
    }

    static func store(_ scene: SceneFrame, into frame: UnsafeMutablePointer<wm_frame>) {
        let raw = UnsafeMutableRawPointer(frame)
        raw.storeBytes(of: tag, as: UInt64.self)
        raw.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: scene, toByteOffset: offset, as: SceneFrame.self)
    }
}
