import WaymarkCore

/// Camera → scene transforms from what AR engines hand over, in the form
/// ``Navigator/update(time:camera:projection:viewport:groundHeight:)`` takes: the
/// camera's own space is OpenGL's (x right, y up the screen, looking along −z) and its
/// world is the scene (the navigator's axes and unit). Projections pass through as they
/// are (ARKit, ARCore, Unity and WebXR all give OpenGL-convention ones).
public enum EngineCamera {
    /// The interface orientation an ARKit frame is shown in, with `UIInterfaceOrientation`'s
    /// raw values.
    public enum InterfaceOrientation: Int32, Sendable, CaseIterable {
        /// Home indicator at the bottom (`.portrait`).
        case portrait = 1
        /// `.portraitUpsideDown`.
        case portraitUpsideDown = 2
        /// `.landscapeRight`: the Home button (or indicator) on the right; ARKit's sensor
        /// frame as it is.
        case landscapeRight = 3
        /// `.landscapeLeft`.
        case landscapeLeft = 4

        /// Cosine and sine of the turn about the camera's z axis that takes ARKit's
        /// sensor frame to this orientation's screen frame.
        var turn: (cos: Double, sin: Double) {
            switch self {
            case .landscapeRight: return (1, 0)
            case .portrait: return (0, 1)
            case .landscapeLeft: return (-1, 0)
            case .portraitUpsideDown: return (0, -1)
            }
        }
    }

    /// The camera → scene transform of a view matrix (scene → camera): ARKit's
    /// `camera.viewMatrix(for:)`, ARCore's `ArCamera_getViewMatrix`, WebXR's
    /// `view.transform.inverse.matrix`.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite matrix
    ///   (``InputFault/nonFinite``) or one that cannot be inverted
    ///   (``InputFault/outOfRange``).
    public static func transform(view: Matrix4x4d) throws(WaymarkError) -> Matrix4x4d {
        guard view.isFinite else { throw .invalidInput(.nonFinite) }
        guard let camera = view.inverse, camera.isFinite else { throw .invalidInput(.outOfRange) }
        return camera
    }

    /// The camera → scene transform of ARKit's `ARCamera.transform` shown in
    /// `orientation`. ARKit fixes that transform to the sensor: its x axis runs along the
    /// device's long side towards the Home button (the screen's right in landscape-right),
    /// so for any other orientation it is turned about its own z axis — portrait +90°,
    /// landscape-left 180°, upside-down −90° — as `viewMatrix(for:)` does (the columns
    /// become (y, −x, z) in portrait).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``) for a
    ///   non-finite matrix.
    public static func transform(arkitCamera transform: Matrix4x4d,
                                 orientation: InterfaceOrientation) throws(WaymarkError) -> Matrix4x4d {
        guard transform.isFinite else { throw .invalidInput(.nonFinite) }
        let (c, s) = orientation.turn
        let x = transform.columns.0, y = transform.columns.1
        // T · Rz: column 0 = c·x + s·y, column 1 = −s·x + c·y (c, s ∈ {−1, 0, 1}: exact).
        return Matrix4x4d(c * x + s * y, -s * x + c * y, transform.columns.2, transform.columns.3)
    }

    /// The camera → scene transform of Unity's `Camera.cameraToWorldMatrix`: that matrix
    /// itself, as Unity already takes camera space to be OpenGL's (its determinant is −1
    /// because Unity's world, ``SceneAxes/unity``, is left-handed — the navigator expects
    /// that for `eun`).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``) for a
    ///   non-finite matrix.
    public static func transform(unityCameraToWorld matrix: Matrix4x4d) throws(WaymarkError) -> Matrix4x4d {
        guard matrix.isFinite else { throw .invalidInput(.nonFinite) }
        return matrix
    }
}
