import WaymarkCore

/// The Yandex.Maps article's secondary label: when the finish is off screen, a mark on the screen's
/// edge showing where to turn.
public struct HintMark: Sendable, Equatable {
    /// Where to draw it, screen points (y down), on the viewport's edge.
    public var position: SIMD2<Double>
    /// The shortest turn towards the target, degrees: positive right, negative left,
    /// in (-180, 180]; 0 when the target is straight above or below the camera.
    public var turn: Double
    /// The direction of that turn.
    public var turnsRight: Bool { turn > 0 }

    /// The hint for `target`, or nil when it is visible (no hint needed).
    ///
    /// Position: for a target in front of the camera, where the segment from the
    /// screen centre to the target's projection crosses the viewport's edge (the article's
    /// rule). Behind the camera the projection is meaningless, so the direction from
    /// the centre is the clip-space direction (x, −y) — which the in-front rule
    /// approaches as the target passes the camera's side — plus a downward pull that
    /// grows with how far behind the target is (|w|): a target directly behind is at
    /// the bottom centre, one behind and to the right at the bottom right, and the mark
    /// moves continuously along the edge as the camera turns (at most 16 points per
    /// degree of turn with a 60° field of view on a 390 × 844 viewport, tested). It is
    /// on the side of the shortest turn. Turn: the horizontal angle from the camera's
    /// forward direction to the target, in `axes`' sense of up.
    public static func forTarget(_ target: SIMD3<Double>, projection: ScreenProjection, axes: SceneAxes = .eus) -> HintMark? {
        let p = projection.project(target)
        if p.visible { return nil }
        let cam = projection.cameraToWorld
        let forward = axes.enu(fromScene: -SIMD3(cam.columns.2.x, cam.columns.2.y, cam.columns.2.z))
        let toTarget = axes.enu(fromScene: target - projection.cameraPosition)
        var turn = 0.0
        if (toTarget.x * toTarget.x + toTarget.y * toTarget.y) > 1e-18 * (toTarget * toTarget).sum()
            && (forward.x != 0 || forward.y != 0) {
            turn = AngleMath.normalizedAzimuth(AngleMath.atan2d(toTarget.x, toTarget.y) - AngleMath.atan2d(forward.x, forward.y))
        }
        let v = projection.viewport
        let centre = SIMD2(v.x + v.width / 2, v.y + v.height / 2)
        let halfW = v.width / 2, halfH = v.height / 2
        let d: SIMD2<Double>
        if p.inFront {
            d = p.screen - centre
        } else {
            let clip = projection.viewProjection * SIMD4(target.x, target.y, target.z, 1)
            // Screen-point scaled clip direction, pulled down by how far behind it is.
            var dir = SIMD2(clip.x * halfW, -clip.y * halfH + (-clip.w) * halfH)
            if dir.x == 0 && dir.y == 0 { dir = SIMD2(0, 1) }
            d = dir
        }
        let sx = d.x == 0 ? Double.infinity : halfW / d.x.magnitude
        let sy = d.y == 0 ? Double.infinity : halfH / d.y.magnitude
        let s = min(sx, sy)
        return HintMark(position: centre + (s.isFinite ? s : 0) * d, turn: turn)
    }
}
