/// Averaging angles on the circle: the direction of the summed unit vectors, so
/// 179° and −179° average to 180°, not 0° (never an arithmetic mean across ±180°).
public enum CircularMean {
    /// The weighted circular mean of `angles` (degrees), in (-180, 180], or nil when
    /// there are none or they cancel out exactly.
    public static func of(_ angles: [Double], weights: [Double]? = nil) -> Double? {
        var s = 0.0, c = 0.0
        for (i, a) in angles.enumerated() {
            let w = weights?[i] ?? 1
            let (sa, ca) = AngleMath.sincosd(a)
            s += w * sa
            c += w * ca
        }
        guard s != 0 || c != 0 else { return nil }
        return AngleMath.normalizedAzimuth(AngleMath.atan2d(s, c))
    }
}
