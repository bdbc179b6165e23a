import WaymarkCore

/// An arrow of the navigator: where it sits, its yaw along the route and its
/// along-route distance (k · spacing).
public struct NavigatorArrow: Sendable, Equatable, BitwiseCopyable {
    /// Scene units (the configuration's axes and unit).
    public var position: SIMD3<Double>
    /// See ``RoutePath/yaw(of:)``, degrees.
    public var yaw: Double
    /// Metres from the route's start.
    public var distanceAlong: Double
}

/// The finish mark of a frame.
public struct FinishMark: Sendable, Equatable {
    /// Scene units (the configuration's axes and unit).
    public var position: SIMD3<Double>
    /// Straight-line scene distance from the camera, m.
    public var distance: Double
    /// In front of the camera and inside the viewport.
    public var visible: Bool
    /// Screen position, points (y down); nil when behind the camera.
    public var screen: SIMD2<Double>?
    /// On-screen diameter by the article's size rule, points.
    public var diameter: Double
    /// Radius of the sphere at the finish that projects to `diameter`
    /// (``ScreenProjection/sphereRadius(center:screenDiameter:)``), scene units; nil when
    /// behind the camera.
    public var sphereRadius: Double?
}

/// Everything to draw for one rendered frame. A value not available yet is nil.
public struct NavigatorFrame: Sendable, Equatable {
    /// Where the heading correction stands (`WM_CORRECTION_*` in C).
    public enum CorrectionState: Int32, Sendable, Equatable, BitwiseCopyable {
        /// No heading estimate yet (too little motion).
        case none = 0
        /// An estimate exists but is not trusted yet (σ too large or too short a span).
        case estimating = 1
        /// A correction has been applied.
        case applied = 2
    }
    /// Where the information behind the applied heading correction comes from
    /// (`WM_SOURCE_*` in C).
    public enum CorrectionSource: Int32, Sendable, Equatable, BitwiseCopyable {
        /// None: the session's own alignment (nothing applied).
        case none = 0
        /// Mostly compass readings.
        case compass = 1
        /// Mostly the GPS track against the scene track.
        case trackFit = 2
    }
    /// The frame's time, seconds on the caller's clock.
    public var time: Double
    /// Whether a heading correction has been estimated or applied.
    public var correctionState: CorrectionState = .none
    /// The frame's heading correction, degrees: true azimuth = scene azimuth + this.
    public var correction: Double? = nil
    /// Its 1-σ (applied), or the latest estimate's (estimating), degrees.
    public var correctionSigma: Double? = nil
    /// Monotonic along-route distance, m.
    public var progress: Double? = nil
    /// Along-route distance to the finish, m.
    public var remaining: Double? = nil
    /// Horizontal distance from the route window, m.
    public var offRouteDistance: Double? = nil
    /// Whether `offRouteDistance` exceeds ``Navigator/Configuration/offRouteDistance``.
    public var isOffRoute = false
    /// The user's refined position (the camera's, through the frame).
    public var userPosition: GeodeticCoordinate? = nil
    /// The finish mark (nil before the first fix).
    public var finish: FinishMark? = nil
    /// Where the applied correction's information comes from (``Navigator/Method/filter``;
    /// ``CorrectionSource/trackFit`` once a fit is applied under ``Navigator/Method/fits``).
    public var correctionSource: CorrectionSource = .none
    /// The horizontal uncertainty of where the frame puts the camera in the world: the
    /// distance root mean square √(σ_east² + σ_north²), metres (≈ 98 % of errors fall
    /// within twice it). Nil before the first fix and under ``Navigator/Method/fits``.
    public var anchorSigma: Double? = nil
    /// The AR session's tracking as last reported.
    public var trackingState: Navigator.TrackingState = .normal
    /// Whether the route is evidence of where the user is (``Navigator/RouteEvidence``).
    public var routeEvidence: Navigator.RouteEvidence = .disabled
    /// The auxiliary mark, when the finish is off screen.
    public var hint: HintMark? = nil
    /// Degrees counter-clockwise on screen to keep a label level (``ScreenProjection/labelRoll(axes:)``).
    public var labelRoll: Double? = nil
    /// The origin shift this update made (scene units, scene axes; horizontal), nil for
    /// none: move the engine's world origin by it before drawing this frame (ARKit:
    /// `session.setWorldOrigin(relativeTransform:)` with this translation). This frame's
    /// positions, and every scene position handed over from now on, are in the shifted
    /// scene (``Navigator/Configuration/originShiftDistance``) — a camera or fix captured
    /// before the engine moved its origin must be shifted too. An engine that cannot move
    /// it at once leaves automatic shifting off and calls ``Navigator/shiftOrigin(by:)``
    /// when it does.
    public var originShift: SIMD3<Double>? = nil
    /// How many arrows this frame has (``Navigator/arrows``).
    public var arrowCount = 0
    /// The nearest arrow ahead.
    public var firstArrow: NavigatorArrow? = nil

    /// A frame at `time` with nothing available yet.
    public init(time: Double) { self.time = time }
}
