import CWaymarkMath
import WaymarkCore
import WaymarkNavigation

/// What a ``GPSErrorFit`` tells the navigator's filter: the three settings of
/// `Navigator.Configuration` that make its GPS model the fitted one, each clamped into
/// the range the configuration accepts (and a little inside it, see below).
///
/// - ``correlatedShare`` → `gpsCorrelatedShare`: the fit's σ_c / σ.
/// - ``correlationTime`` → `gpsCorrelationTime`: the fit's τ.
/// - ``accuracyConfidence`` → `accuracyConfidence`: the confidence at which the fits'
///   median reported accuracy radius is the fitted σ, so that the navigator's per-axis
///   σ = accuracy / √(−2 ln(1 − confidence)) equals the fitted σ at that accuracy:
///   confidence = 1 − exp(−k²/2) with k = median accuracy / σ (0.68 when the receiver's
///   radius is right; lower when it understates its error).
public struct GPSModelSettings: Sendable {
    /// The slowly varying share of σ, in [0, ``maximumShare``].
    public var correlatedShare: Double
    /// The correlation time, seconds, in ``GPSErrorFit/correlationTimeRange``.
    public var correlationTime: Double
    /// The confidence of the reported accuracy radius, in ``confidenceRange``.
    public var accuracyConfidence: Double
    /// The fit's share was beyond ``maximumShare`` and was clamped.
    public var shareClamped: Bool
    /// The fit's confidence was outside ``confidenceRange`` (or undefined: σ = 0) and was
    /// clamped.
    public var confidenceClamped: Bool

    /// The largest share written (0.9999; the configuration takes [0, 1)): real static logs
    /// fit ≥ 0.9999, and a share of 1 would leave the filter no white part, so a fix
    /// could never be told from the slow error it is predicted to carry.
    public static let maximumShare = 0.9999
    /// The confidences written ([0.01, 0.9999]; the configuration takes (0, 1)): beyond,
    /// the fitted σ is more than 4.3 times the radius's or under 0.23 of it, which no
    /// receiver's reporting explains; and a fit with no error (σ = 0) has no confidence.
    public static let confidenceRange: ClosedRange<Double> = 0.01...0.9999

    /// Settings given directly (neither flag set).
    public init(correlatedShare: Double, correlationTime: Double, accuracyConfidence: Double) {
        self.correlatedShare = correlatedShare
        self.correlationTime = correlationTime
        self.accuracyConfidence = accuracyConfidence
        shareClamped = false
        confidenceClamped = false
    }

    /// The settings of `fit`, clamped as the type's description says.
    public init(_ fit: GPSErrorFit) {
        let share = fit.sigma > 0 ? fit.correlatedShare : 0
        let k = fit.sigma > 0 ? fit.medianAccuracy / fit.sigma : Double.infinity
        let confidence = k.isFinite ? -expm1(-k * k / 2) : 1
        correlatedShare = min(max(share, 0), Self.maximumShare)
        correlationTime = fit.correlationTime
        accuracyConfidence = min(max(confidence, Self.confidenceRange.lowerBound), Self.confidenceRange.upperBound)
        shareClamped = correlatedShare != share
        confidenceClamped = accuracyConfidence != confidence
    }

    /// `configuration` with these settings.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` as `Navigator.Configuration.validate()`
    ///   for a setting outside the configuration's range.
    public func applied(to configuration: Navigator.Configuration) throws(WaymarkError) -> Navigator.Configuration {
        var c = configuration
        c.gpsCorrelatedShare = correlatedShare
        c.gpsCorrelationTime = correlationTime
        c.accuracyConfidence = accuracyConfidence
        try c.validate()
        return c
    }
}
