/// Seed 000's secondary label: when the finish is off screen, a mark on the screen's
/// edge showing where to turn.
public struct HintMark: Sendable, Equatable {
    /// Where to draw it, screen points (y down), on the viewport's edge.
    public var position: SIMD2<Double>
    /// The shortest turn towards the target, degrees: positive right, negative left,
    /// in (-180, 180].
    public var turn: Double
    /// The direction of that turn.
    public var turnsRight: Bool { turn > 0 }

    /// The hint for `target`, or nil when it is visible (no hint needed).
    ///
    /// Position: where the segment from the screen centre to the target's projection
    /// crosses the viewport's edge; for a target behind the camera, on the bottom edge
    /// (the seed's rule), at the side of the shortest turn. Turn: the horizontal angle
    /// from the camera's forward direction to the target, in `axes`' sense of up.
    public static func forTarget(_ target: SIMD3<Double>, projection: ScreenProjection, axes: SceneAxes = .eus) -> HintMark? {
        let p = projection.project(target)
        if p.visible { return nil }
        let cam = projection.cameraToWorld
        let forward = axes.enu(fromScene: -SIMD3(cam.columns.2.x, cam.columns.2.y, cam.columns.2.z))
        let toTarget = axes.enu(fromScene: target - projection.cameraPosition)
        let turn = AngleMath.normalizedAzimuth(AngleMath.atan2d(toTarget.x, toTarget.y) - AngleMath.atan2d(forward.x, forward.y))
        let v = projection.viewport
        let centre = SIMD2(v.x + v.width / 2, v.y + v.height / 2)
        let halfW = v.width / 2, halfH = v.height / 2
        if !p.inFront {
            // Behind: bottom edge, moved sideways by the turn (±180° at the corners).
            let x = centre.x + halfW * max(-1, min(1, turn / 90))
            return HintMark(position: SIMD2(x, v.y + v.height), turn: turn)
        }
        let d = p.screen - centre
        let sx = d.x == 0 ? Double.infinity : halfW / d.x.magnitude
        let sy = d.y == 0 ? Double.infinity : halfH / d.y.magnitude
        let s = min(sx, sy)
        return HintMark(position: centre + (s.isFinite ? s : 0) * d, turn: turn)
    }
}
