import WaymarkCore

/// A geographic fix paired with the scene position taken at the same moment (the Yandex.Maps article's
/// "estimate", the iOS AR navigation paper's `LocationEstimate`).
public struct LocationEstimate: Sendable, Equatable {
    /// The fix (ellipsoidal height).
    public var fix: GeodeticCoordinate
    /// Horizontal and vertical accuracy (1 σ), metres, as CoreLocation reports them.
    public var horizontalAccuracy: Double, verticalAccuracy: Double
    /// When the fix was taken, seconds on the caller's clock.
    public var timestamp: Double
    /// Where the device was in the scene at that moment, metres.
    public var scenePosition: SIMD3<Double>

    /// - Throws: ``WaymarkError/invalidInput(_:)`` for non-finite values or
    ///   accuracies that are not positive.
    public init(fix: GeodeticCoordinate, horizontalAccuracy: Double, verticalAccuracy: Double,
                timestamp: Double, scenePosition: SIMD3<Double>) throws(WaymarkError) {
        guard horizontalAccuracy.isFinite, verticalAccuracy.isFinite, timestamp.isFinite,
              scenePosition.x.isFinite, scenePosition.y.isFinite, scenePosition.z.isFinite
        else { throw .invalidInput(.nonFinite) }
        guard horizontalAccuracy > 0, verticalAccuracy > 0 else { throw .invalidInput(.notPositive) }
        self.fix = fix
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.timestamp = timestamp
        self.scenePosition = scenePosition
    }

    /// The fix carried to `current` scene position: moved by the scene offset since it
    /// was taken, exactly, through `frame` (whose estimate and heading correction turn
    /// scene offsets into geographic ones).
    public func carried(to current: SIMD3<Double>, through frame: SceneFrame) -> GeodeticCoordinate {
        let target = frame.scenePosition(of: fix) + (current - scenePosition)
        return frame.geodeticUnchecked(target)
    }
}
