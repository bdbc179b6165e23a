import WaymarkCore

/// The finish mark's on-screen size rule from the Yandex.Maps article's design: a fixed maximum
/// closer than `near` metres, shrinking linearly to `far`, a fixed minimum beyond —
/// deliberately not perspective.
public struct FinishMarkSize: Sendable, Equatable {
    /// Diameter closer than ``near``, screen points.
    public var maximumDiameter: Double
    /// Diameter beyond ``far``, screen points.
    public var minimumDiameter: Double
    /// Distance up to which the mark keeps its maximum size, metres.
    public var near: Double
    /// Distance from which the mark keeps its minimum size, metres.
    public var far: Double

    /// Defaults: 120 → 40 points between 50 m and 2 km.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` unless finite, 0 < near < far and
    ///   0 < minimum ≤ maximum.
    public init(maximumDiameter: Double = 120, minimumDiameter: Double = 40, near: Double = 50, far: Double = 2_000) throws(WaymarkError) {
        for v in [maximumDiameter, minimumDiameter, near, far] where !v.isFinite { throw .invalidInput(.nonFinite) }
        guard near > 0, far > near, minimumDiameter > 0, minimumDiameter <= maximumDiameter else { throw .invalidInput(.outOfRange) }
        self.maximumDiameter = maximumDiameter
        self.minimumDiameter = minimumDiameter
        self.near = near
        self.far = far
    }

    /// Screen diameter (points) for a mark `distance` metres away (a negative distance
    /// counts as near).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``) for NaN or
    ///   infinity.
    public func diameter(atDistance distance: Double) throws(WaymarkError) -> Double {
        guard distance.isFinite else { throw .invalidInput(.nonFinite) }
        if !(distance > near) { return maximumDiameter }
        if distance >= far { return minimumDiameter }
        let t = (distance - near) / (far - near)
        return maximumDiameter + t * (minimumDiameter - maximumDiameter)
    }
}
