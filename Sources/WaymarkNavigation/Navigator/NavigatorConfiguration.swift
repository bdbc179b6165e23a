import CWaymarkMath
import WaymarkCore

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

    /// How the navigator estimates where the scene lies in the world. The raw values are
    /// C's `wm_navigator_config.estimator` codes.
    public enum Method: Int32, Sendable, Equatable, BitwiseCopyable {
        /// Default (`WM_ESTIMATOR_FILTER`). The posterior over GPS fixes, compass readings
        /// and the scene track (``Navigator``'s "Estimator"): every fix and reading updates
        /// the heading and the anchor by what it is worth, with calibrated uncertainty.
        case filter = 2
        /// The gated window fits of the Yandex.Maps article's kind, kept as a baseline
        /// (`WM_ESTIMATOR_ROBUST`, their default estimator; C names the pairwise one
        /// `WM_ESTIMATOR_PAIRWISE`): ``Configuration/estimator`` fits the heading every
        /// ``Configuration/bufferCount`` fixes or ``Configuration/bufferInterval`` seconds,
        /// ``Configuration/anchor`` re-anchors the frame on the fixes within
        /// ``Configuration/anchorWindow``. Compass readings are not used.
        case fits = 1
    }

    /// How the AR session's horizontal axes were aligned when it started.
    public enum Alignment: Int32, Sendable, Equatable, BitwiseCopyable {
        /// ARKit's `.gravityAndHeading`: the scene's north (−Z in `eus`) started at compass
        /// north, so the correction starts at 0 ± ``Configuration/alignmentSigma``.
        case gravityAndHeading = 0
        /// ARCore, ARKit's `.gravity`: the scene's yaw is arbitrary; there is no prior, the
        /// first compass reading (or enough walked track) gives the first estimate.
        case gravity = 1
    }

    /// The AR session's tracking, as ARKit's `ARCamera.TrackingState` and ARCore's
    /// `TrackingState` report it.
    public enum TrackingState: Int32, Sendable, Equatable, BitwiseCopyable {
        /// Positions are trustworthy.
        case normal = 0
        /// Positions are less trustworthy (ARKit `.limited`, ARCore `PAUSED` while
        /// relocalising): fixes inform the anchor only, and the session's drift is taken
        /// to be larger.
        case limited = 1
        /// The session restarted (after an interruption, a lost map, a new session): scene
        /// positions before and after are unrelated. What is known of the world stays
        /// (route progress, the GPS and compass errors, the user's position); the scene
        /// side is rebuilt from the next scene position. The state is `normal` after it.
        case reset = 2
    }

    /// Every setting, with defaults. ``validate()`` states the ranges.
    public struct Configuration: Sendable, Equatable {
        /// The scene's axis convention.
        public var axes: SceneAxes = .eus
        /// The estimator (default ``Method/filter``; ``Method/fits`` is the articles' kind).
        public var method: Method = .filter
        /// How the session was aligned (default ``Alignment/gravityAndHeading``).
        public var alignment: Alignment = .gravityAndHeading
        /// Under ``Alignment/gravityAndHeading``: the 1-σ of the session's initial
        /// compass alignment, degrees (20: ARKit's heading is typically 10–30° off in
        /// cities).
        public var alignmentSigma = 20.0

        // The filter's sensor models (``Method/filter``)
        /// GPS error's correlation time, seconds: the slowly varying part of the error
        /// is a first-order Gauss–Markov process with this time constant (60 s: the fit on
        /// three real phone logs, `Tests/Data/gnss`, gives 59 s, 95 % interval 32–629 s;
        /// multipath, the atmosphere and the receiver's own filter hold an error for minutes).
        public var gpsCorrelationTime = 60.0
        /// The slowly varying share of a fix's σ, in [0, 1): σ_correlated = share · σ and
        /// σ_white = √(1 − share²) · σ (0.96: the logs show no white part at all, share
        /// ≥ 0.9999, but they are static and open-sky; 0.96 keeps 28 % of σ white for what a
        /// walking phone adds, and its lag-1 s autocorrelation, 0.91, is the least
        /// correlated log's). The filter also weighs up to two other models against this
        /// one — 0.8 of σ over 30 s, and white noise — and the fixes decide between them
        /// (``filterCells``): a phone whose error is not what this says is found out.
        public var gpsCorrelatedShare = 0.96
        /// The confidence of a fix's horizontal accuracy radius, in (0, 1): Android's
        /// `Location.getAccuracy()` is documented as the radius of 68 % confidence, and
        /// CoreLocation's `horizontalAccuracy` is taken the same way. The per-axis σ is
        /// accuracy / √(−2 ln(1 − confidence)) (accuracy / 1.51 for 0.68).
        public var accuracyConfidence = 0.68
        /// The compass error's correlation time, seconds (60: a magnetic disturbance
        /// lasts while the user walks past its source).
        public var compassCorrelationTime = 60.0
        /// The slowly varying share of a compass reading's σ (0.8).
        public var compassCorrelatedShare = 0.8
        /// Compass readings closer in time than this are skipped, seconds (0.5: a phone
        /// reports up to 60 per second, whose errors are one error).
        public var compassInterval = 0.5
        /// Readings taken with the camera pitched more than this are skipped, degrees
        /// (75: the viewing direction's azimuth is ill-defined looking straight down).
        public var compassMaximumPitch = 75.0
        /// The AR session's yaw drift, degrees per √minute (random walk; 1: visual-inertial
        /// odometry drifts under 1°/min).
        public var yawDrift = 1.0
        /// The AR session's position drift, metres per √metre walked (0.1: about 1 m per
        /// 100 m).
        public var positionDrift = 0.1
        /// Fixes and readings whose Mahalanobis distance from the prediction exceeds this
        /// are outliers (a multipath jump, a magnetic disturbance) and are not used (4).
        public var outlierGate = 4.0
        /// A fix informs the heading only when the device has moved this far in the
        /// scene since the last one that did, m (0.2: a walker at 0.4 m/s informs it with
        /// every 1 Hz fix): standing still never turns the world.
        public var headingStep = 0.2
        /// The GPS velocity error's slowly varying share of its σ, in [0, 1) (0.5), and
        /// its correlation time, seconds (10): Doppler velocity errors decorrelate within
        /// seconds (multipath on the carrier phase rate), far faster than position errors.
        /// A velocity (``Navigator/Fix/course`` and ``Navigator/Fix/speed``) is read as the
        /// mean velocity since the previous fix (a receiver smooths its Doppler over its
        /// output interval) and compared with the scene's over that interval.
        public var velocityCorrelatedShare = 0.5
        /// The GPS velocity error's correlation time, seconds (10; see
        /// ``velocityCorrelatedShare``).
        public var velocityCorrelationTime = 10.0
        /// Whether the route is evidence of where the user is (see
        /// ``Navigator/RouteEvidence``). Off by default: see the README's navigator table
        /// for what it gains and costs on the simulated walks.
        public var routeEvidence = false
        /// The 1-σ of the user's offset from where they walk along a street, m: about the
        /// centre of their side (``routeSideOffset``), or about the route's centre line when
        /// that is 0 — new at each corner (2: with the sides 4 m out, a pavement 2–6 m from a
        /// street's centre line).
        public var routeOffsetSigma = 2.0
        /// The offset's correlation distance, m walked (1000: a pedestrian keeps to one
        /// pavement along a street and crosses at corners, where the offset is new anyway;
        /// on the simulated city walk 1000 m gave a cross-track p95 of 2.3 m where 100 m gave
        /// 3.0 m).
        public var routeOffsetDistance = 1000.0
        /// Where each side of the street lies from the route's centre line, m (4, [0, 1000]).
        /// The offset's prior is two Gaussians, one per side, centred this far either side
        /// of the line, each of σ ``routeOffsetSigma``: the filter's cells split in two at
        /// each new street, and the fixes tell the sides apart as the user walks, where a
        /// single Gaussian about the centre line kept pulling the user towards the middle
        /// of the street. 0: that single Gaussian. Costs: up to twice the cells on each
        /// measurement while the heading is unsure, a few more once it is known (a cell the
        /// fixes have ruled out does not split).
        public var routeSideOffset = 4.0
        /// Whether the filter learns the phone's GPS error model on the way (false): its
        /// bank then weighs a grid of models — the slowly varying share of σ 0.6, 0.8 or
        /// 0.95 over 15, 60 or 240 s, and white noise — beside the configured one (the
        /// prior), and lets them switch (a mean of 600 s between changes), so a phone whose
        /// error is correlated for longer or shorter than ``gpsCorrelationTime`` says, or
        /// is whiter or slower than ``gpsCorrelatedShare`` says, is followed by its own
        /// fixes (``Navigator/gpsModel``). Costs: 720 cells where the default weighs 216,
        /// on the first fixes; once the heading is known most cells drop out (``filterCells``).
        /// Swift only for now: the C configuration has no field for it yet.
        public var gpsModelLearning = false

        // Heading (``Method/fits``, and the filter's gate)
        /// ``Method/fits``: robust least squares (default) or the article's pairs (all
        /// pairs of the fixes since the last trigger whose *scene* distance is at least
        /// ``minimumPairDistance``, averaged on the circle).
        public var estimator: HeadingCorrector.Estimator = .robustLeastSquares
        /// The heading fit runs after this many fixes since the last run…
        public var bufferCount = 10
        /// …or this many seconds of the caller's clock (checked on fixes and frames, so
        /// it fires during a GPS outage).
        public var bufferInterval = 10.0
        /// Fixes with a larger horizontal accuracy value are kept out of the fits, m.
        public var maximumAccuracy = 30.0
        /// Pairwise estimator: pairs closer than this in the scene are skipped, m.
        public var minimumPairDistance = 10.0
        /// Robust fit: residuals above this many robust scales are rejected.
        public var rejection = 3.0
        /// A correction is applied only when its 1-σ uncertainty is below this, degrees
        /// (the pairwise estimator has none, so this gate does not apply to it). The filter
        /// applies its estimate when σ is below this (under ``Alignment/gravity``, whose
        /// scene yaw is arbitrary, with the first estimate), and follows it from then on.
        public var maximumUncertainty = 5.0
        /// …and the fixes it rests on span at least this scene distance, m (for the
        /// pairwise estimator, whose fits rest on the pairs since its last run, the span gate
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

        // Float precision
        /// Origin shifting: when the camera is farther than this (metres, horizontally)
        /// from the scene's zero, an update shifts the scene's zero to the camera
        /// (``NavigatorFrame/originShift``), so positions handed to `Float` stay small.
        /// 0 (the default) never shifts.
        public var originShiftDistance = 0.0

        /// The defaults.
        public init() {}

        /// Most arrows an update can return (reserved at creation).
        public var arrowCapacity: Int { Int((arrowsAhead / arrowSpacing).rounded(.down)) + 2 }

        /// - Throws: ``WaymarkError/invalidInput(_:)``: ``InputFault/nonFinite`` for a
        ///   NaN or infinite value; ``InputFault/outOfRange`` for an alignment σ outside
        ///   (0, 180], a correlation time, gate, route offset σ (at most 1000) or
        ///   distance that is not positive, a route side offset outside [0, 1000], a share outside
        ///   [0, 1), a confidence outside (0, 1), a pitch limit outside [0, 90], a negative
        ///   interval, drift or heading step, a buffer count, fix
        ///   capacity below 1 (or above 2²⁰), non-positive interval, window, spacing,
        ///   look-ahead, rejection or uncertainty, negative distances (the origin shift's
        ///   included), or more than
        ///   2²⁰ arrows in the window.
        public func validate() throws(WaymarkError) {
            for v in [alignmentSigma, gpsCorrelationTime, gpsCorrelatedShare, accuracyConfidence, compassCorrelationTime,
                      compassCorrelatedShare, compassInterval, compassMaximumPitch, yawDrift, positionDrift, outlierGate,
                      headingStep, velocityCorrelatedShare, velocityCorrelationTime, routeOffsetSigma, routeOffsetDistance, routeSideOffset,
                      bufferInterval, maximumAccuracy, minimumPairDistance, rejection, maximumUncertainty, minimumSpan,
                      minimumMove, anchorWindow, anchorInterval, progressBehind, progressAhead, offRouteDistance,
                      reacquireAfter, arrowSpacing, arrowsAhead, deviceHeight, originShiftDistance] where !v.isFinite {
                throw .invalidInput(.nonFinite)
            }
            guard alignmentSigma > 0, alignmentSigma <= 180, gpsCorrelationTime > 0, gpsCorrelatedShare >= 0,
                  gpsCorrelatedShare < 1, accuracyConfidence > 0, accuracyConfidence < 1, compassCorrelationTime > 0,
                  compassCorrelatedShare >= 0, compassCorrelatedShare < 1, compassInterval >= 0, compassMaximumPitch >= 0,
                  compassMaximumPitch <= 90, velocityCorrelatedShare >= 0, velocityCorrelatedShare < 1,
                  velocityCorrelationTime > 0, routeOffsetSigma > 0, routeOffsetSigma <= 1000, routeOffsetDistance > 0,
                  routeSideOffset >= 0, routeSideOffset <= 1000,
                  yawDrift >= 0, positionDrift >= 0, outlierGate > 0, headingStep >= 0,
                  bufferCount >= 1, fixCapacity >= 1, fixCapacity <= 1 << 20, bufferInterval > 0, maximumAccuracy > 0,
                  minimumPairDistance >= 0, rejection > 0, maximumUncertainty > 0, minimumSpan >= 0, minimumMove >= 0,
                  anchorWindow > 0, anchorInterval > 0, progressBehind >= 0, progressAhead > 0, offRouteDistance > 0,
                  reacquireAfter >= 0, arrowSpacing > 0, arrowsAhead > 0, originShiftDistance >= 0,
                  arrowsAhead / arrowSpacing <= Double(1 << 20) else { throw .invalidInput(.outOfRange) }
        }
    }
}

extension Navigator.Configuration {
    /// GPS error models the filter weighs against the configured one, each with its own
    /// cells: 0.8 of σ over 30 s and white noise (what a simulator draws by default) — so a
    /// phone whose error is not what the defaults assume is found out by its own fixes, not
    /// mistrusted or trusted too much.
    static let alternativeGPS = [NavigationFilter.GPSModel(share: 0.8, time: 30), NavigationFilter.GPSModel(share: 0, time: 60)]

    /// With ``gpsModelLearning``: a grid over the slowly varying share of σ (0.6, 0.8,
    /// 0.95: how much of the fix-to-fix jitter is white) and its correlation time (15, 60,
    /// 240 s: how long an error is held), and white noise; the models switch
    /// (``NavigationFilter/Model/switchingTime``), so the configured model is the prior a
    /// phone's own fixes overrule, and a phone whose error changes on the way is followed.
    static let learnedGPS: [NavigationFilter.GPSModel] = [0.6, 0.8, 0.95].flatMap { share in
        [15.0, 60, 240].map { NavigationFilter.GPSModel(share: share, time: $0) }
    } + [NavigationFilter.GPSModel(share: 0, time: 60)]

    /// The mean time between changes of the phone's GPS error model under
    /// ``gpsModelLearning``, seconds.
    static let gpsModelSwitchingTime = 600.0

    /// The filter's cells (``Method/filter``): the Gaussians its posterior is a sum of —
    /// 72 over the heading (started 5° apart round the circle) for each GPS error model it
    /// weighs (the configured one, 0.8 of σ over 30 s and white noise, a model equal to the
    /// configured one counted once: 216 with the defaults). Every fix and reading updates
    /// each, so they set its cost.
    public var filterCells: Int {
        let m = filterModel
        return m.cells * (1 + m.alternativeGPS.count)
    }

    /// The per-axis σ of a fix per metre of its reported accuracy radius.
    var accuracyScale: Double { 1 / (-2 * log1p(-accuracyConfidence)).squareRoot() }

    /// The filter's sensor model from these settings.
    var filterModel: NavigationFilter.Model {
        var m = NavigationFilter.Model()
        m.gpsCorrelationTime = gpsCorrelationTime
        m.gpsCorrelatedShare = gpsCorrelatedShare
        m.compassCorrelationTime = compassCorrelationTime
        m.compassCorrelatedShare = compassCorrelatedShare
        let yaw = yawDrift * AngleMath.radiansPerDegree
        m.yawRate = yaw * yaw / 60
        m.translationRate = positionDrift * positionDrift
        m.gate = outlierGate
        m.velocityCorrelatedShare = velocityCorrelatedShare
        m.velocityCorrelationTime = velocityCorrelationTime
        m.routeOffsetSigma = routeOffsetSigma
        m.routeOffsetDistance = routeOffsetDistance
        // The sides' storage only for a navigator that takes the route as evidence.
        m.routeSide = routeEvidence ? routeSideOffset : 0
        m.headingPrior = alignment == .gravityAndHeading ? alignmentSigma * AngleMath.radiansPerDegree : nil
        if gpsModelLearning {
            // The grid, less the models the configured one stands for (within 0.05 of its
            // share and 1.5 times of its correlation time; white noise is any white noise).
            m.alternativeGPS = Self.learnedGPS.filter {
                if $0.share == 0 || gpsCorrelatedShare == 0 { return $0.share != gpsCorrelatedShare }
                return abs($0.share - gpsCorrelatedShare) > 0.05 || max($0.time / gpsCorrelationTime, gpsCorrelationTime / $0.time) > 1.5
            }
            m.switchingTime = Self.gpsModelSwitchingTime
        } else {
            // The other GPS models the bank weighs (a duplicate of the configured one left out).
            m.alternativeGPS = Self.alternativeGPS.filter {
                $0.share != gpsCorrelatedShare || ($0.share > 0 && $0.time != gpsCorrelationTime)
            }
        }
        return m
    }
}
