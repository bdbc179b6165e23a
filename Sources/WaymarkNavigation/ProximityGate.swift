import WaymarkCore

/// The AR guide to historical places' "AR mode available within 40 m", with hysteresis so GPS noise at the
/// boundary does not toggle the mode: it turns on at `enter` metres and off only beyond
/// `leave` metres (40 and 50 by default).
public struct ProximityGate: Sendable, Equatable {
    /// Distance within which AR mode turns on, metres.
    public let enter: Double
    /// Distance beyond which it turns off again, metres (≥ ``enter``).
    public let leave: Double
    /// Whether AR mode is currently available.
    public private(set) var isInside = false

    /// A gate, inside or not to begin with.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` unless 0 ≤ enter ≤ leave, both finite.
    public init(enter: Double = 40, leave: Double = 50, isInside: Bool = false) throws(WaymarkError) {
        guard enter.isFinite, leave.isFinite else { throw .invalidInput(.nonFinite) }
        guard enter >= 0, leave >= enter else { throw .invalidInput(.outOfRange) }
        self.enter = enter
        self.leave = leave
        self.isInside = isInside
    }

    /// Feeds the current distance (metres) and returns whether AR mode is available.
    /// Non-finite distances leave the state as it was.
    @discardableResult
    public mutating func update(distance: Double) -> Bool {
        guard distance.isFinite else { return isInside }
        if isInside { if distance > leave { isInside = false } } else if distance <= enter { isInside = true }
        return isInside
    }
}
