import WaymarkCore

/// The ``Navigator/Method/filter`` estimator: the filter (``NavigationFilter``), what it
/// made of each measurement, route evidence's own state and the clock. Its steps are in
/// `Navigator+Filter.swift` and `Navigator+Route.swift`, which read the session (route,
/// progress, frame) around it.
struct FilterEstimator: Sendable {
    var filter: NavigationFilter
    /// Whether the heading has passed the gate (``Navigator/Configuration/maximumUncertainty``)
    /// since the last tracking reset.
    var applied = false
    var compassReadingsUsed = 0, fixesRejected = 0, fixesForced = 0, velocitiesUsed = 0, routeMeasurementsUsed = 0
    var lastMeasurement: MeasurementNote? = nil
    var lastVelocityNote: MeasurementNote? = nil
    var lastRouteNote: MeasurementNote? = nil
    var routeEvidence: Navigator.RouteEvidence
    /// The leg route evidence last matched (along-route distance and segment), and its
    /// on/off test's run.
    var routeAlong: Double? = nil, routeSegment: Int? = nil
    var routeRun = 0
    /// What ties the next measurement to the scene's earlier ones: forgotten whole on a
    /// tracking reset, when scene positions before and after are unrelated.
    var links = SceneLinks()
    /// The latest time of any call, seconds (the filter's clock never runs backwards).
    var latestTime: Double? = nil

    /// The scene-side memory of the last measurements.
    struct SceneLinks: Sendable {
        /// The last fix's time and scene position (east/north), for the next fix's velocity.
        var fix: (time: Double, position: SIMD2<Double>)? = nil
        /// The scene position of route evidence's last measurement.
        var routePosition: SIMD2<Double>? = nil
        /// The last compass reading used, and the last ground plane, seconds.
        var compassTime: Double? = nil, groundTime: Double? = nil
    }

    init(filter: NavigationFilter, routeEvidence: Navigator.RouteEvidence) {
        self.filter = filter
        self.routeEvidence = routeEvidence
    }

    /// The filter's clock: the latest time seen (a call earlier than it counts as at it).
    mutating func advancedTime(_ time: Double) -> Double {
        let t = clockTime(time)
        latestTime = t
        return t
    }

    /// `time` on the filter's clock, which never runs back.
    func clockTime(_ time: Double) -> Double { max(time, latestTime ?? time) }

    /// A note of `kind` at `time` from the filter's last innovation and heading.
    func note(_ kind: MeasurementNote.Kind, at time: Double, outcome: MeasurementNote.Outcome, tested: Bool) -> MeasurementNote {
        MeasurementNote(kind: kind, time: time, outcome: outcome,
                        innovation: tested ? filter.lastInnovation : nil,
                        innovationSigmas: tested ? filter.lastInnovationSigmas : nil,
                        heading: filter.heading?.degrees, headingSigma: filter.heading?.sigma, applied: applied)
    }
}

extension Navigator {
    /// Compass readings the filter used (``addHeading(trueHeading:accuracy:time:camera:)``).
    public var compassReadingsUsed: Int { estimator.compassReadingsUsed }
    /// Fixes the filter rejected as outliers.
    public var fixesRejected: Int { estimator.fixesRejected }
    /// Fixes the filter took only after five rejected in a row widened the anchor
    /// (``MeasurementNote/Outcome/forced``): the world moved, or the reported accuracy
    /// understated the error faster than the filter could tell.
    public var fixesForced: Int { estimator.fixesForced }
    /// What the filter made of the last fix or compass reading (``Method/filter`` only;
    /// nil before the first, and under the window fits).
    public var lastMeasurement: MeasurementNote? { estimator.lastMeasurement }
    /// What the filter made of the last fix's velocity (nil when it had none).
    public var lastVelocityNote: MeasurementNote? { estimator.lastVelocityNote }
    /// What the filter made of the last route evidence (nil when none ran on the last fix).
    public var lastRouteNote: MeasurementNote? { estimator.lastRouteNote }
    /// GPS velocities the filter used.
    public var velocitiesUsed: Int { estimator.velocitiesUsed }
    /// Route measurements the filter used.
    public var routeMeasurementsUsed: Int { estimator.routeMeasurementsUsed }
    /// Whether the route is evidence now (``RouteEvidence``).
    public var routeEvidence: RouteEvidence { estimator.routeEvidence }
}

extension Navigator {
    /// What the filter has learnt of the phone's GPS error (``Method/filter``): the
    /// posterior over its bank's GPS models, summarised.
    public struct GPSModelEstimate: Sendable, Equatable {
        /// The slowly varying error's correlation time, seconds: the weights' geometric
        /// mean over the correlated models (white noise has none).
        public var correlationTime: Double
        /// The slowly varying share of a fix's σ, in [0, 1): the weights' mean.
        public var correlatedShare: Double
        /// How much larger the error is than the reported accuracy says (the filter's
        /// inflation of the reported σ, ≥ 1).
        public var accuracyScale: Double
    }

    /// The filter's estimate of the phone's GPS error model (nil before the first fix
    /// and under ``Method/fits``). With ``Configuration/gpsModelLearning`` off it ranges
    /// over the three models the default bank weighs.
    public var gpsModel: GPSModelEstimate? {
        guard configuration.method == .filter, estimator.filter.anchored else { return nil }
        let m = estimator.filter.modelEstimate
        return GPSModelEstimate(correlationTime: m.time, correlatedShare: m.share, accuracyScale: estimator.filter.accuracyInflation)
    }
}
