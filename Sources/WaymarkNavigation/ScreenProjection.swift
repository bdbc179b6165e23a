import WaymarkCore

/// Projecting scene points to the screen and back, for marks drawn in screen space
/// (the Yandex.Maps article, "Finish line", "Secondary label").
///
/// Matrices are column-major and act on column vectors: `view` takes scene (world)
/// coordinates to camera coordinates (the inverse of ARKit's `camera.transform`),
/// `projection` takes camera coordinates to clip space (any depth convention: OpenGL's
/// [-w, w] or Metal's [0, w]). The viewport is in screen points with y down (UIKit).
/// The camera looks along its −z.
public struct ScreenProjection: Sendable {
    /// Scene → camera (the inverse of ARKit's `camera.transform`).
    public let view: Matrix4x4d
    /// Camera → clip space.
    public let projection: Matrix4x4d
    /// Viewport origin and size, screen points.
    public let viewport: (x: Double, y: Double, width: Double, height: Double)
    let viewProjection: Matrix4x4d, inverseViewProjection: Matrix4x4d
    let cameraToWorld: Matrix4x4d

    /// The viewport's bounds, points: its origin within ±``maximumViewport`` and its
    /// width and height from ``minimumViewportSize`` to ``maximumViewport``. Within them
    /// every projection of a point in front of the camera and every unprojection stays
    /// finite (a 1.7e308-point viewport overflowed, a 5e-324-point one divided to
    /// infinity); the largest screens are some 10⁴ points.
    public static let maximumViewport = 1e9, minimumViewportSize = 1e-3

    /// - Throws: ``WaymarkError/invalidInput(_:)`` for non-finite matrices, a
    ///   non-positive viewport or one beyond ``maximumViewport`` /
    ///   ``minimumViewportSize``, or a singular view-projection.
    public init(view: Matrix4x4d, projection: Matrix4x4d, viewport: (x: Double, y: Double, width: Double, height: Double)) throws(WaymarkError) {
        guard view.isFinite, projection.isFinite, viewport.x.isFinite, viewport.y.isFinite,
              viewport.width.isFinite, viewport.height.isFinite else { throw .invalidInput(.nonFinite) }
        guard viewport.width > 0, viewport.height > 0 else { throw .invalidInput(.notPositive) }
        let bound = Self.maximumViewport
        guard viewport.x.magnitude <= bound, viewport.y.magnitude <= bound, viewport.width <= bound, viewport.height <= bound,
              viewport.width >= Self.minimumViewportSize, viewport.height >= Self.minimumViewportSize
        else { throw .invalidInput(.outOfRange) }
        let vp = projection * view
        guard let inverse = vp.inverse, let cameraToWorld = view.inverse else { throw .invalidInput(.outOfRange) }
        self.view = view
        self.projection = projection
        self.viewport = viewport
        viewProjection = vp
        inverseViewProjection = inverse
        self.cameraToWorld = cameraToWorld
    }

    /// Where a scene point lands.
    public struct Projected: Sendable, Equatable {
        /// Screen position, points (y down). Meaningless when `inFront` is false.
        public var screen: SIMD2<Double>
        /// Normalised device depth (the clip z / w).
        public var depth: Double
        /// Whether the point is in front of the camera (clip w > 0) with a finite screen
        /// position (a point in the camera's own plane, to round-off, has none).
        public var inFront: Bool
        /// Whether it is in front and inside the viewport.
        public var visible: Bool
    }

    /// Projects a scene point.
    public func project(_ p: SIMD3<Double>) -> Projected {
        let clip = viewProjection * SIMD4(p.x, p.y, p.z, 1)
        let w = clip.w
        let ndc = SIMD3(clip.x, clip.y, clip.z) / (w == 0 ? .ulpOfOne : w)
        let screen = SIMD2(viewport.x + (ndc.x + 1) / 2 * viewport.width, viewport.y + (1 - ndc.y) / 2 * viewport.height)
        let inFront = w > 0 && screen.x.isFinite && screen.y.isFinite && ndc.z.isFinite
        return Projected(screen: screen, depth: ndc.z, inFront: inFront,
                         visible: inFront && ndc.x.magnitude <= 1 && ndc.y.magnitude <= 1)
    }

    /// The scene point at screen position `screen` and normalised depth `depth`.
    public func unproject(_ screen: SIMD2<Double>, depth: Double) -> SIMD3<Double> {
        let ndc = SIMD4((screen.x - viewport.x) / viewport.width * 2 - 1, 1 - (screen.y - viewport.y) / viewport.height * 2, depth, 1)
        let p = inverseViewProjection * ndc
        return SIMD3(p.x, p.y, p.z) / p.w
    }

    /// The camera's position in the scene.
    public var cameraPosition: SIMD3<Double> { cameraToWorld.translation }

    /// The radius of a sphere centred at `center` whose projection is a circle of
    /// `screenDiameter` points (the finish mark's size rule of the Yandex.Maps article,
    /// "Finish line"): project the centre, take a point on the circle at the same depth,
    /// unproject it, measure. Nil when the centre is behind the camera or in its plane.
    public func sphereRadius(center: SIMD3<Double>, screenDiameter: Double) -> Double? {
        let c = project(center)
        guard c.inFront else { return nil }
        let rim = unproject(c.screen + SIMD2(screenDiameter / 2, 0), depth: c.depth)
        let d = rim - center
        let r = (d * d).sum().squareRoot()
        return r.isFinite ? r : nil
    }

    /// The article's billboard roll: the angle, degrees counter-clockwise on screen, from
    /// the screen's x axis to the projection of the scene's x axis at `point`; nil when
    /// the point is behind the camera. The implementation of the deprecated
    /// ``billboardRoll(at:)`` and `wm_screen_billboard_roll`, which keep it callable
    /// without a warning inside the package.
    package func sceneXAxisRoll(at point: SIMD3<Double>) -> Double? {
        let a = project(point), b = project(point + SIMD3(1, 0, 0))
        guard a.inFront, b.inFront else { return nil }
        let d = b.screen - a.screen
        return AngleMath.atan2d(-d.y, d.x)     // screen y is down
    }
}
