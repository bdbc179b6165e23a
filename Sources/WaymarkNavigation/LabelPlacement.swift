import WaymarkCore

/// How far above a placed point its label floats: metres along the scene's up axis (the
/// Yandex.Maps article's distance label over the finish mark), or screen points above
/// the point's projection (a label that keeps its gap on screen at any distance).
public enum LabelHeight: Sendable, Equatable {
    /// Metres above the point, along the scene's up axis.
    case metres(Double)
    /// Screen points above the point's projection, at the point's depth.
    case points(Double)

    /// The amount, metres or points, checked: finite and within ±1e6.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` otherwise.
    func checkedAmount() throws(WaymarkError) -> Double {
        let amount: Double
        switch self { case .metres(let h), .points(let h): amount = h }
        guard amount.isFinite else { throw .invalidInput(.nonFinite) }
        guard amount.magnitude <= 1e6 else { throw .invalidInput(.outOfRange) }
        return amount
    }
}

/// Where and how to draw the label of a placed point (the finish mark, a place), for
/// one camera: a 3-D label stands at ``anchor`` and turns about the scene's up axis to
/// face the camera (``transform``; SceneKit's billboard constraint free about Y); a 2-D
/// label goes to ``screen``, turned by ``roll`` to stay level.
public struct LabelPlacement: Sendable, Equatable {
    /// The label's anchor, scene units (the axes' unit).
    public var anchor: SIMD3<Double>
    /// Unit horizontal vector, scene axes, from the anchor towards the camera: the
    /// normal a standing label faces. Nil when the camera is straight above or below.
    public var facing: SIMD3<Double>?
    /// The billboard yaw as an azimuth: degrees clockwise from north, (-180, 180], of
    /// ``facing`` (the same in every axes convention; 180 when the camera is due south
    /// of the label). Nil with ``facing``.
    public var facingAzimuth: Double?
    /// Label → scene for a standing label: columns (right as the camera sees it, the
    /// scene's up, ``facing``, ``anchor``), so a quad in the label's x–y plane with its
    /// front towards +z reads the right way round. Nil with ``facing``.
    public var transform: Matrix4x4d?
    /// Screen position of the anchor, points (y down); nil behind the camera.
    public var screen: SIMD2<Double>?
    /// Degrees counter-clockwise on screen that keep a 2-D label level
    /// (``ScreenProjection/labelRoll(axes:)``); nil at a pitch of ±90°.
    public var roll: Double?
}

extension ScreenProjection {
    /// The label of the point `point` (scene units, within ±1e12), `height` above it
    /// (``LabelHeight/metres(_:)`` are converted to the axes' unit).
    ///
    /// A height in points is measured on screen at the point's depth and unprojected, so
    /// the anchor is a scene point; behind the camera (no screen) the anchor is the point.
    /// - Returns: the placement; nil when the anchor is, to round-off, at the camera's
    ///   own position (no direction to face, no screen position; for a height in points
    ///   no depth to measure them at), or when the anchor that height gives lies beyond
    ///   ±1e12 m.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite point or height, a
    ///   coordinate beyond ±1e12 m, or a height beyond ±1e6 (metres or points).
    public func label(above point: SIMD3<Double>, height: LabelHeight, axes: SceneAxes = .eus) throws(WaymarkError) -> LabelPlacement? {
        if let fault = Limits.sceneFault(point) { throw .invalidInput(fault) }
        _ = try height.checkedAmount()

        var anchor = point
        switch height {
        case .metres(let h):
            // Along up (the vertical axis may point down), in the axes' unit.
            let up = axes.upAxisIndex
            anchor[up] += axes.enuSign(up) * h * axes.unitsPerMetre
        case .points(let p):
            let at = project(point)
            if at.inFront { anchor = unproject(at.screen - SIMD2(0, p), depth: at.depth) }
        }
        guard Limits.sceneFault(anchor) == nil else { return nil }
        var placement = LabelPlacement(anchor: anchor, facing: nil, facingAzimuth: nil, transform: nil, screen: nil,
                                       roll: labelRoll(axes: axes))
        let projected = project(anchor)
        if projected.inFront { placement.screen = projected.screen }
        // The facing direction in East-North-Up, then back to the scene's axes, so every
        // convention (handedness included) gets the same geometry.
        let toCamera = axes.enu(fromScene: cameraPosition - anchor)
        // Straight above or below, to round-off of the camera's position: no direction.
        let largest = max(toCamera.x.magnitude, toCamera.y.magnitude)
        // At the camera itself (to round-off of the larger of the two positions): no
        // direction, no screen position, nothing to draw.
        let scale = max((cameraPosition.x.magnitude + anchor.x.magnitude), (cameraPosition.y.magnitude + anchor.y.magnitude),
                        (cameraPosition.z.magnitude + anchor.z.magnitude))
        guard largest + toCamera.z.magnitude > 1e-12 * scale else { return nil }
        guard largest > 1e-12 * (largest + toCamera.z.magnitude) else { return placement }
        // Scaled first, so metres of 1e-160 (whose squares are subnormal) still give a unit vector.
        let x = toCamera.x / largest, y = toCamera.y / largest
        let length = (x * x + y * y).squareRoot()
        let n = SIMD3(x / length, y / length, 0)
        let right = SIMD3(-n.y, n.x, 0)          // (−n) × up: the camera's right
        let facing = axes.scene(fromENU: n)
        placement.facing = facing
        placement.facingAzimuth = AngleMath.normalizedAzimuth(AngleMath.atan2d(n.x, n.y))
        placement.transform = Matrix4x4d(SIMD4(axes.scene(fromENU: right), 0), SIMD4(axes.scene(fromENU: SIMD3(0, 0, 1)), 0),
                                         SIMD4(facing, 0), SIMD4(anchor, 1))
        return placement
    }
}
