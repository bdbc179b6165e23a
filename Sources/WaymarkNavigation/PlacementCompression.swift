import WaymarkCore

/// How far away to draw a distant object and how big, so that far points of interest
/// stay visible inside the AR renderer's depth range.
public enum PlacementCompression: Sendable, Equatable {
    /// Draw at the true distance and scale 1.
    case none
    /// The AR guide to historical places: distance = 10 + d/1000 metres along the
    /// bearing, scale 1 (linear in d).
    case linear
    /// ARKit-CoreLocation: beyond `limit` metres (100), draw at `limit` with scale
    /// limit/d, so the object keeps its angular size.
    case clamp(limit: Double)

    /// Placement distance (metres) and scale for an object `distance` metres away.
    public func placement(forDistance distance: Double) -> (distance: Double, scale: Double) {
        let d = max(distance, 0)
        switch self {
        case .none: return (d, 1)
        case .linear: return (10 + d / 1000, 1)
        case .clamp(let limit): return d > limit && limit > 0 ? (limit, limit / d) : (d, 1)
        }
    }
}
