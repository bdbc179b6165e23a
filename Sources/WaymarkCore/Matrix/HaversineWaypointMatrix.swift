import CWaymarkMath

/// The per-waypoint matrix of the tutorial "Building Waypoints Using Augmented Reality"
/// (also used by "How we developed the AR application for reviewing historical places"),
/// reproduced so its result can be compared with the
/// exact ``SceneFrame``: `transformMatrix(matrix, origin, waypoint)` =
/// `matrix · rotateAroundY(bearing) · translation(0, 0, −distance)`, with the haversine
/// distance and the atan2 initial bearing on a sphere, in `Float`.
///
/// Its position (column 3) equals the ``SphericalBaseline/haversine`` baseline in ARKit
/// axes, x = d·sin b, z = −d·cos b, up to `Float` rounding. One deliberate change:
/// the tutorial writes the translation column as (0, 0, −d, 0), which makes the matrix
/// singular; here w = 1, which leaves the position identical.
public enum HaversineWaypointMatrix {
    /// The tutorial's `rotateAroundY(matrix, angle)`: writes cos/sin of `radians` into the
    /// x/z block of `matrix` (a right-handed rotation by +angle about y) and returns
    /// its inverse, i.e. a rotation by −angle.
    @inlinable
    public static func rotateAroundY(_ matrix: Matrix4x4f, radians: Float) -> Matrix4x4f {
        var m = matrix
        let c = Float(cos(Double(radians))), s = Float(sin(Double(radians)))
        m[0, 0] = c
        m[2, 0] = -s
        m[0, 2] = s
        m[2, 2] = c
        return m.inverse ?? m
    }

    /// The tutorial's `transformMatrix(matrix, originLocation, waypointLocation)`.
    @inlinable
    public static func transformMatrix(_ matrix: Matrix4x4f, origin: GeodeticCoordinate,
                                       waypoint: GeodeticCoordinate,
                                       sphere: Haversine = .standard) -> Matrix4x4f {
        let bearing = sphere.initialBearing(origin, waypoint) * AngleMath.radiansPerDegree
        let distance = Float(sphere.distance(origin, waypoint))
        let rotation = rotateAroundY(.identity, radians: Float(bearing))
        let translation = Matrix4x4f.translation(SIMD3(0, 0, -distance))
        return matrix * (rotation * translation)
    }
}
