// The navigation layer's deprecated names, in one place: each still works, warns where
// it is used, and is removed at the version its comment gives.

import WaymarkCore

extension PlacementCompression {
    /// The earlier name of ``linear`` (it never was logarithmic); removed at 1.0.
    @available(*, deprecated, renamed: "linear")
    public static var seedLogarithmic: PlacementCompression { .linear }
}

extension EstimateBuffer.Rule {
    /// The earlier name of ``mostAccurate``; removed at 1.0.
    @available(*, deprecated, renamed: "mostAccurate")
    public static var seedBest: EstimateBuffer.Rule { .mostAccurate }
}

extension HeadingCorrector.Estimator {
    /// The earlier name of ``pairwise``; removed at 1.0.
    @available(*, deprecated, renamed: "pairwise")
    public static var seedPairs: HeadingCorrector.Estimator { .pairwise }
}

extension ScreenProjection {
    /// The article's billboard roll: the angle, degrees counter-clockwise on screen, from
    /// the screen's x axis to the projection of the scene's x axis at `point`; nil when
    /// the point is behind the camera. Deprecated for keeping labels level: the scene's x
    /// axis is level on screen only when facing north or south (facing south it turns a
    /// label upside down); ``labelRoll(axes:)`` is right at every heading. Removed at 1.0.
    @available(*, deprecated, message: "the scene's x axis is level on screen only facing north or south: use labelRoll(axes:)")
    public func billboardRoll(at point: SIMD3<Double>) -> Double? { sceneXAxisRoll(at: point) }
}
