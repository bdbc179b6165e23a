import WaymarkCore

/// A camera given as position and yaw, pitch, roll — the angles field logs record —
/// and the perspective projection, so tests, the simulator and `waymark replay` build
/// the same matrices an AR engine hands over.
///
/// With ψ = yaw (clockwise seen from above from north, i.e. from the scene's −Z in
/// `eus`), θ = pitch (viewing direction above the horizontal) and φ = roll (positive
/// when the top of the phone tilts right, clockwise as the user sees the screen), in
/// East-North-Up: forward f = (sin ψ cos θ, cos ψ cos θ, sin θ); right₀ = (cos ψ,
/// −sin ψ, 0); up₀ = right₀ × f; up = cos φ·up₀ + sin φ·right₀; right = cos φ·right₀ −
/// sin φ·up₀. The camera looks along its own −Z with +Y up the screen (ARKit); the
/// transform's columns are (right, up, −f, position) in scene axes.
public struct CameraPose: Sendable, Equatable {
    /// The camera's scene position, metres.
    public var position: SIMD3<Double>
    /// Degrees: yaw clockwise from north (the scene's −Z in `eus`), pitch above the
    /// horizontal in [-90, 90], roll clockwise as the user sees the screen.
    public var yaw: Double, pitch: Double, roll: Double

    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite value, or a pitch
    ///   outside [-90, 90].
    public init(position: SIMD3<Double>, yaw: Double, pitch: Double = 0, roll: Double = 0) throws(WaymarkError) {
        guard position.x.isFinite, position.y.isFinite, position.z.isFinite,
              yaw.isFinite, pitch.isFinite, roll.isFinite else { throw .invalidInput(.nonFinite) }
        guard pitch.magnitude <= 90 else { throw .invalidInput(.outOfRange) }
        self.position = position
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
    }

    /// Camera → scene (ARKit's `camera.transform`) in `axes`.
    public func transform(axes: SceneAxes = .eus) -> Matrix4x4d {
        let (sy, cy) = AngleMath.sincosd(yaw), (sp, cp) = AngleMath.sincosd(pitch), (sr, cr) = AngleMath.sincosd(roll)
        let f = SIMD3(sy * cp, cy * cp, sp)
        let right0 = SIMD3(cy, -sy, 0.0)
        let up0 = SIMD3(right0.y * f.z - right0.z * f.y, right0.z * f.x - right0.x * f.z, right0.x * f.y - right0.y * f.x)
        let up = cr * up0 + sr * right0, right = cr * right0 - sr * up0
        let r = axes.scene(fromENU: right), u = axes.scene(fromENU: up), b = axes.scene(fromENU: -f)
        return Matrix4x4d(SIMD4(r, 0), SIMD4(u, 0), SIMD4(b, 0), SIMD4(position, 1))
    }

    /// An OpenGL-style perspective projection (clip z in [-w, w]) with vertical field
    /// of view `fovY` degrees and `aspect` = width / height.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` unless 0 < fovY < 180, aspect > 0 and
    ///   0 < near < far, all finite, and every entry of the projection is finite (a
    ///   subnormal aspect or field of view, or near · far beyond 1e308, overflow) and the
    ///   matrix invertible (near · far below about 1e-308 underflows to a singular one).
    public static func perspective(fovY: Double, aspect: Double, near: Double = 0.05, far: Double = 10_000) throws(WaymarkError) -> Matrix4x4d {
        guard fovY.isFinite, aspect.isFinite, near.isFinite, far.isFinite else { throw .invalidInput(.nonFinite) }
        guard fovY > 0, fovY < 180, aspect > 0, near > 0, far > near else { throw .invalidInput(.outOfRange) }
        let (s, c) = AngleMath.sincosd(fovY / 2)
        let f = c / s
        let m = Matrix4x4d(SIMD4(f / aspect, 0, 0, 0), SIMD4(0, f, 0, 0),
                           SIMD4(0, 0, (far + near) / (near - far), -1), SIMD4(0, 0, 2 * far * near / (near - far), 0))
        // Near · far may also underflow (1e-200 · 1e-150 is 0): a singular projection
        // nothing can unproject through.
        guard m.isFinite, m.inverse != nil else { throw .invalidInput(.outOfRange) }
        return m
    }
}

extension ScreenProjection {
    /// The label roll: the angle, degrees counter-clockwise as the user sees the screen,
    /// by which to turn a screen-space label so it stays parallel to the horizon — a
    /// phone rolled 30° clockwise gives +30. It is the angle, in the camera's image
    /// plane, of the horizontal direction perpendicular to the viewing direction, so it
    /// is right for every heading and for pitches short of ±90° (where the horizon's
    /// direction is undefined and this returns nil). In (-180, 180].
    public func labelRoll(axes: SceneAxes = .eus) -> Double? {
        let c = cameraToWorld.columns
        let right = axes.enu(fromScene: SIMD3(c.0.x, c.0.y, c.0.z))
        let up = axes.enu(fromScene: SIMD3(c.1.x, c.1.y, c.1.z))
        let f = -axes.enu(fromScene: SIMD3(c.2.x, c.2.y, c.2.z))
        // Horizontal right: f × up-of-the-world, in right-handed ENU.
        let h = SIMD3(f.y, -f.x, 0.0)
        guard (h * h).sum() > 1e-12 else { return nil }
        return AngleMath.atan2d((h * up).sum(), (h * right).sum())
    }
}
