import WaymarkCore

/// The AR guide to historical places' radar, in one formula instead of the guide's four quadrants.
public struct Radar: Sendable, Equatable {
    /// Radius of the radar view, screen points (60 in the AR guide to historical places).
    public var radius: Double
    /// Distance shown at the rim, metres; farther points are clamped to the rim.
    public var range: Double

    /// A radar of `radius` screen points showing `range` metres.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` unless both are finite and positive.
    public init(radius: Double = 60, range: Double = 500) throws(WaymarkError) {
        guard radius.isFinite, range.isFinite else { throw .invalidInput(.nonFinite) }
        guard radius > 0, range > 0 else { throw .invalidInput(.notPositive) }
        self.radius = radius
        self.range = range
    }

    /// Screen position (x right, y down, origin at the view's top-left corner, centre
    /// at (radius, radius)) of a point at `distance` metres and true `bearing` degrees,
    /// for a device facing `heading` degrees (the radar turns so the facing direction
    /// is up): x = R + r·sin(b − h), y = R − r·cos(b − h), r = min(d/range, 1)·R.
    /// The guide's four quadrant branches (bearing measured from north, y down) reduce
    /// to exactly this with h = 0 and range scaling r = d. A negative distance counts
    /// as 0.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``) for NaN or
    ///   infinite arguments.
    public func position(distance: Double, bearing: Double, heading: Double = 0) throws(WaymarkError) -> SIMD2<Double> {
        guard distance.isFinite, bearing.isFinite, heading.isFinite else { throw .invalidInput(.nonFinite) }
        let r = min(max(distance, 0) / range, 1) * radius
        // Two huge finite angles can differ by more than the largest double: fold each first then.
        let turn = bearing - heading
        let (s, c) = AngleMath.sincosd(turn.isFinite ? turn
                                       : AngleMath.normalizedLongitude(bearing) - AngleMath.normalizedLongitude(heading))
        return SIMD2(radius + r * s, radius - r * c)
    }
}
