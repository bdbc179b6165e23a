import WaymarkCore

/// Engine units and origin shifts: the engine's scene (its unit, its moved origins)
/// against the metres and fixed zero the navigator works in.
extension Navigator {
    /// ``frame`` in the configuration's axes and unit: what to convert the app's own
    /// points with so they sit where the navigator draws (nil until the first fix).
    public var sceneFrame: SceneFrame? {
        guard let frame else { return nil }
        var scaled = SceneFrame(tangentFrame: frame.tangentFrame, axes: configuration.axes)
        try? scaled.setEstimate(sceneOrigin: toEngine(frame.sceneOrigin), headingCorrection: frame.headingCorrection)
        return scaled
    }
    /// Shifts the scene's zero by `shift` (scene units, scene axes): the engine moved its
    /// world origin there (ARKit's `session.setWorldOrigin(relativeTransform:)` with that
    /// translation), so from now on every scene position it hands over and gets back is
    /// the old one minus `shift`; nothing moves in the world. The automatic form is
    /// ``Configuration/originShiftDistance``.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite shift or one that
    ///   takes the total beyond ±``Limits/maximumSceneCoordinate``; nothing changes then.
    public mutating func shiftOrigin(by shift: SIMD3<Double>) throws(WaymarkError) {
        guard shift.x.isFinite, shift.y.isFinite, shift.z.isFinite else { throw .invalidInput(.nonFinite) }
        let total = originOffset + shift / unitScale
        if let fault = Limits.sceneFault(total) { throw .invalidInput(fault) }
        originOffset = total
    }

    /// Changes the origin-shift distance (``Configuration/originShiftDistance``): metres,
    /// 0 never shifts.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a negative or non-finite distance;
    ///   nothing changes then.
    public mutating func setOriginShiftDistance(_ distance: Double) throws(WaymarkError) {
        guard distance.isFinite else { throw .invalidInput(.nonFinite) }
        guard distance >= 0 else { throw .invalidInput(.outOfRange) }
        originShiftDistance = distance
    }
    /// A camera → scene transform in the engine's scene (its unit, after its origin
    /// shifts) as the same transform inside (metres, before any shift).
    func fromEngine(camera: Matrix4x4d) -> Matrix4x4d {
        var m = camera
        let t = fromEngine(SIMD3(camera.columns.3.x, camera.columns.3.y, camera.columns.3.z))
        m.columns.3 = SIMD4(t, camera.columns.3.w)
        return m
    }

    /// A projection of camera-space points in the configuration's unit as the same
    /// projection of points in metres: P · diag(s, s, s, 1).
    func fromEngine(projection: Matrix4x4d) -> Matrix4x4d {
        var m = projection
        m.columns.0 *= unitScale
        m.columns.1 *= unitScale
        m.columns.2 *= unitScale
        return m
    }

    /// An engine scene position inside (exact for metres and no shift: no −0 + 0).
    func fromEngine(_ p: SIMD3<Double>) -> SIMD3<Double> {
        originOffset == .zero ? p / unitScale : p / unitScale + originOffset
    }

    /// An engine scene height (along the vertical axis) inside.
    func fromEngine(height: Double) -> Double {
        let up = sceneAxes.upAxisIndex
        return originOffset[up] == 0 ? height / unitScale : height / unitScale + originOffset[up]
    }

    /// A position inside as the engine's scene position.
    func toEngine(_ p: SIMD3<Double>) -> SIMD3<Double> {
        originOffset == .zero ? p * unitScale : (p - originOffset) * unitScale
    }
}
