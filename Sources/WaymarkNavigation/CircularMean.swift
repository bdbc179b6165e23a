import WaymarkCore

/// Averaging angles on the circle: the direction of the summed unit vectors, so
/// 179° and −179° average to 180°, not 0° (never an arithmetic mean across ±180°).
public enum CircularMean {
    /// The weighted circular mean of `angles` (degrees), in (-180, 180], or nil when
    /// there are none or they cancel out exactly.
    public static func of(_ angles: [Double], weights: [Double]? = nil) -> Double? {
        var sum = CircularSum()
        for (i, a) in angles.enumerated() { sum.add(a, weight: weights?[i] ?? 1) }
        return sum.mean
    }
}

/// The running sums of a circular mean (``CircularMean``), for callers that add angles
/// one at a time and must not allocate.
struct CircularSum: Sendable {
    private var s = 0.0, c = 0.0

    /// Adds `degrees` with `weight`.
    mutating func add(_ degrees: Double, weight: Double = 1) {
        let (sa, ca) = AngleMath.sincosd(degrees)
        s += weight * sa
        c += weight * ca
    }

    /// The mean so far in (-180, 180], or nil when nothing was added or the angles
    /// cancel out exactly.
    var mean: Double? {
        guard s != 0 || c != 0 else { return nil }
        return AngleMath.normalizedAzimuth(AngleMath.atan2d(s, c))
    }
}
