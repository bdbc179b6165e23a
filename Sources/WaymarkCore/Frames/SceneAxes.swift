/// How a scene's x, y and z axes lie in the local East-North-Up frame; lengths are
/// metres. `enu` and `eus` are right-handed; `eun` is left-handed, like Unity.
public enum SceneAxes: Int32, Sendable, CaseIterable, BitwiseCopyable {
    /// x east, y north, z up: the geodetic local frame itself (EPSG 9837 topocentric,
    /// GeographicLib `LocalCartesian`). The up axis is z.
    case enu = 0
    /// x east, y up, z south: ARKit with `ARConfiguration.WorldAlignment.gravityAndHeading`,
    /// ARCore's Earth-anchored frames, SceneKit and RealityKit. The up axis is y; north
    /// is −z, so a point 100 m due north sits at z = −100.
    case eus = 1
    /// x east, y up, z north: Unity's left-handed world convention. The up axis is y;
    /// a point 100 m due north sits at z = +100.
    case eun = 2

    /// Scene vector from a local (east, north, up) vector.
    @inlinable @inline(__always)
    public func scene(fromENU v: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .enu: return v
        case .eus: return SIMD3(v.x, v.z, -v.y)
        case .eun: return SIMD3(v.x, v.z, v.y)
        }
    }

    /// Local (east, north, up) vector from a scene vector.
    @inlinable @inline(__always)
    public func enu(fromScene v: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .enu: return v
        case .eus: return SIMD3(v.x, -v.z, v.y)
        case .eun: return SIMD3(v.x, v.z, v.y)
        }
    }

    /// Index (0 = x, 1 = y, 2 = z) of the scene axis that points up.
    @inlinable
    public var upAxisIndex: Int { self == .enu ? 2 : 1 }
}
