extension Navigator {
    /// How the frame is anchored to the fixes (where the scene's geographic origin is).
    public enum Anchor: Int32, Sendable, Equatable, BitwiseCopyable {
        /// Default. The robust heading fit over the fixes within ``Configuration/anchorWindow``
        /// (GPS track onto scene track: rotation and translation, outliers rejected)
        /// evaluated at the user's scene position: the user's position averages every
        /// fix in the window, carried along the *fitted* heading, so a frame whose
        /// applied heading is still wrong does not drag the anchor sideways. The fitted
        /// heading is combined with the applied one by their 1/σ² (the session's
        /// compass counts as 20°, an applied correction as its own σ), so a weak fit
        /// moves the anchor little.
        case fitted = 0
        /// The Yandex.Maps article's best estimate: the fix with the lowest accuracy value within the
        /// window (the newest among equals), carried to the present by the scene offset.
        case mostAccurate = 1
        /// Every fix within the window carried to the present through the applied
        /// heading, averaged with weights 1/σ².
        case fused = 2
    }

    /// What the route's heights are measured from.
    public enum RouteHeights: Int32, Sendable, Equatable, BitwiseCopyable {
        /// Above the WGS-84 ellipsoid.
        case ellipsoidal = 0
        /// Above mean sea level (EGM96), as GPX and maps give them: converted once at
        /// creation with the EGM96 grid.
        case orthometric = 1
        /// None: the route lies on the ground under the user — the device's scene
        /// height minus ``Configuration/deviceHeight`` (or the ground plane height the
        /// caller passes to ``Navigator/update(time:camera:projection:viewport:groundHeight:)``).
        case none = 2
    }

    /// Every setting, with defaults. ``validate()`` states the ranges.
    public struct Configuration: Sendable, Equatable {
        /// The scene's axis convention.
        public var axes: SceneAxes = .eus

        // Heading
        /// Robust least squares (default) or the article's pairs (all pairs of the fixes
        /// since the last trigger whose *scene* distance is at least
        /// ``minimumPairDistance``, averaged on the circle).
        public var estimator: HeadingCorrector.Estimator = .robustLeastSquares
        /// The heading fit runs after this many fixes since the last run…
        public var bufferCount = 10
        /// …or this many seconds of the caller's clock (checked on fixes and frames, so
        /// it fires during a GPS outage).
        public var bufferInterval = 10.0
        /// Fixes with a larger horizontal accuracy value are kept out of the fits, m.
        public var maximumAccuracy = 30.0
        /// Seed pairs closer than this in the scene are skipped, m.
        public var minimumPairDistance = 10.0
        /// Robust fit: residuals above this many robust scales are rejected.
        public var rejection = 3.0
        /// A correction is applied only when its 1-σ uncertainty is below this, degrees
        /// (the seed estimator has none, so this gate does not apply to it).
        public var maximumUncertainty = 5.0
        /// …and the fixes it rests on span at least this scene distance, m (for the
        /// seed estimator, whose fits rest on the pairs since its last run, the span gate
        /// is ``minimumPairDistance``).
        public var minimumSpan = 15.0
        /// …and the device has moved at least this far in the scene since the fit's
        /// previous run, m: standing still never changes the heading.
        public var minimumMove = 5.0

        // Anchor
        /// How the frame is re-anchored (default ``Anchor/fitted``).
        public var anchor: Anchor = .fitted
        /// Fixes whose scene position is within this distance of the user anchor the
        /// frame (the Yandex.Maps article's 100 m), m.
        public var anchorWindow = 100.0
        /// The frame is re-anchored on every fix and, between fixes, every this many
        /// seconds from ``Navigator/update(time:camera:projection:viewport:groundHeight:)``.
        public var anchorInterval = 1.0
        /// Fixes kept (the oldest go first); memory is reserved at creation.
        public var fixCapacity = 256

        // Route progress
        /// Progress is searched for from this far behind the current progress…, m
        public var progressBehind = 10.0
        /// …to this far ahead, m.
        public var progressAhead = 30.0
        /// Farther than this from the route (horizontally) is off-route, m.
        public var offRouteDistance = 20.0
        /// After this many seconds off-route the whole route is searched again.
        public var reacquireAfter = 10.0

        // Drawing
        /// Arrows at along-route distances k · spacing, m (the Yandex.Maps article: 3).
        public var arrowSpacing = 3.0
        /// Over this far ahead of the progress, m (the Yandex.Maps article: 100).
        public var arrowsAhead = 100.0
        /// The device's height above the ground, m, for routes without heights.
        public var deviceHeight = 1.4
        /// The finish mark's on-screen size rule.
        public var finishSize = try! FinishMarkSize()

        /// The defaults.
        public init() {}

        /// Most arrows an update can return (reserved at creation).
        public var arrowCapacity: Int { Int((arrowsAhead / arrowSpacing).rounded(.down)) + 2 }

        /// - Throws: ``WaymarkError/invalidInput(_:)``: ``InputFault/nonFinite`` for a
        ///   NaN or infinite value; ``InputFault/outOfRange`` for a buffer count, fix
        ///   capacity below 1 (or above 2²⁰), non-positive interval, window, spacing,
        ///   look-ahead, rejection or uncertainty, negative distances, or more than
        ///   2²⁰ arrows in the window.
        public func validate() throws(WaymarkError) {
            for v in [bufferInterval, maximumAccuracy, minimumPairDistance, rejection, maximumUncertainty, minimumSpan,
                      minimumMove, anchorWindow, anchorInterval, progressBehind, progressAhead, offRouteDistance,
                      reacquireAfter, arrowSpacing, arrowsAhead, deviceHeight] where !v.isFinite {
                throw .invalidInput(.nonFinite)
            }
            guard bufferCount >= 1, fixCapacity >= 1, fixCapacity <= 1 << 20, bufferInterval > 0, maximumAccuracy > 0,
                  minimumPairDistance >= 0, rejection > 0, maximumUncertainty > 0, minimumSpan >= 0, minimumMove >= 0,
                  anchorWindow > 0, anchorInterval > 0, progressBehind >= 0, progressAhead > 0, offRouteDistance > 0,
                  reacquireAfter >= 0, arrowSpacing > 0, arrowsAhead > 0,
                  arrowsAhead / arrowSpacing <= Double(1 << 20) else { throw .invalidInput(.outOfRange) }
        }
    }
}
