import WaymarkCore

/// What the navigator's filter made of one measurement — a fix or a compass reading —
/// the reasoning `waymark replay --explain` logs (the Yandex.Maps article's team logged
/// each run of their correction to tune it; this is the filter's equivalent).
public struct MeasurementNote: Sendable, Equatable {
    /// The kind of measurement.
    public enum Kind: Int32, Sendable, Equatable, BitwiseCopyable {
        /// A location fix (``Navigator/addFix(latitude:longitude:height:horizontalAccuracy:verticalAccuracy:time:scenePosition:)``).
        case fix = 0
        /// A compass reading (``Navigator/addHeading(trueHeading:accuracy:time:camera:)``).
        case compass = 1
        /// A fix's GPS velocity (``Navigator/Fix``): innovation in m/s.
        case velocity = 2
        /// Route evidence (``Navigator/RouteEvidence``): innovation in metres, the offset
        /// from the route the filter predicted against the model's.
        case route = 3
    }

    /// What became of it.
    public enum Outcome: Int32, Sendable, Equatable, BitwiseCopyable {
        /// It informed the heading (and, a fix, the anchor).
        case used = 0
        /// A fix that informed the anchor only: the first one, the device moved less than
        /// ``Navigator/Configuration/headingStep`` since the last that informed the
        /// heading, or tracking was limited.
        case anchorOnly = 1
        /// Beyond the outlier gate (``Navigator/Configuration/outlierGate`` σ): left out.
        case rejected = 2
        /// Taken after the gate had rejected five fixes in a row: the anchor was widened
        /// by what they said (the world moved, not the GPS).
        case forced = 3
        /// A reading not used: within ``Navigator/Configuration/compassInterval`` of the
        /// last one used, pitched beyond ``Navigator/Configuration/compassMaximumPitch``,
        /// or looking straight up or down; a velocity without a previous fix 0.5–2 s
        /// before; route evidence near a corner or off the route (not tested: too close
        /// to the last one).
        case skipped = 4
    }

    /// Fix, compass reading, velocity or route evidence.
    public var kind: Kind
    /// The measurement's time, seconds (the navigator's clock: never earlier than one before).
    public var time: Double
    /// What became of it.
    public var outcome: Outcome
    /// Its innovation — the measurement minus the filter's prediction: metres (a fix's
    /// horizontal distance from where the filter put the device) or degrees (a reading's
    /// heading, signed). Nil for the first fix and the first reading under
    /// ``Navigator/Alignment/gravity``, which set the estimate, and for skipped readings.
    public var innovation: Double?
    /// The innovation in its own σ (the square root of the normalised innovation squared):
    /// above the gate it was rejected. Nil with ``innovation``.
    public var innovationSigmas: Double?
    /// The filter's heading estimate after it, degrees, and its 1-σ; nil before there is one.
    public var heading: Double?, headingSigma: Double?
    /// Whether the frame carries the filter's heading after it. It is applied once its σ
    /// is at most ``Navigator/Configuration/maximumUncertainty`` (at once under
    /// ``Navigator/Alignment/gravity``), and stays applied.
    public var applied: Bool
}
